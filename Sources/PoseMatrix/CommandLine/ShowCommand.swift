/// `duo-pose show POSE`: every observable the model reports after the pose's steps, with provenance.
enum ShowCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .show) else { return DuoPose.ExitCode.usage }
        guard parsed.positionals.count == 1, let id = parsed.positionals.first else {
            let message = parsed.positionals.isEmpty ? "name a pose, for example P5" : "name one pose"
            return context.usageError(UsageError(message: message, command: .show))
        }
        guard let pose = Pose.named(id) else {
            return context.usageError(
                UsageError(
                    message: "unknown pose '\(id)'" + didYouMean(Pose.suggestion(for: id)).replacingQuotes()
                        + " (expected P1 to P13)",
                    command: .show))
        }
        var app = App()
        var steps = pose.steps
        if let path = parsed.value("--matrix") {
            switch context.loadMatrices([path]) {
            case .failure(let errors): return context.matrixErrors(errors)
            case .success(let loaded):
                app = loaded[0].matrix.app
                if let entry = loaded[0].matrix.poses.first(where: { $0.pose.id == pose.id }) { steps = entry.effectiveSteps }
            }
        }
        var values: [Axis: AxisValue] = pose.fixed
        for assignment in parsed.values["--axis"] ?? [] {
            do {
                let (axis, value) = try axisAssignment(assignment, option: "--axis", command: .show)
                if let fixed = pose.fixed[axis], fixed != value {
                    return context.usageError(
                        UsageError(
                            message: "--axis: \(pose.id) sets \(axis.rawValue) to \(fixed) itself", command: .show))
                }
                values[axis] = value
            } catch {
                return context.usageError(error)
            }
        }
        let settings = CaseSettings(values: values, app: app)
        var model = SceneModel(settings: settings, app: app)
        for step in steps { model.apply(step) }
        let observations = Observable.allCases.map { observable in (observable, model.observe(observable)) }
        if parsed.flags.contains("--json") {
            context.stdout.write(
                json(pose: pose, settings: settings, steps: steps, observations: observations, events: model.events))
        } else {
            context.stdout.write(
                text(pose: pose, settings: settings, steps: steps, observations: observations, events: model.events))
        }
        return DuoPose.ExitCode.success
    }

    private static func axes(_ settings: CaseSettings) -> [(String, String)] {
        Axis.allCases.compactMap { axis in settings.value(of: axis).map { (axis.rawValue, $0.description) } }
    }

    /// The observable column: the longest name and two spaces.
    static let nameWidth = (Observable.allCases.map(\.rawValue.count).max() ?? 0) + 2

    private static func text(
        pose: Pose, settings: CaseSettings, steps: [Step], observations: [(Observable, Observation)], events: [SceneEvent]
    ) -> String {
        var text = "\(pose.id): \(pose.state)\n"
        text += "Steps: " + (steps.isEmpty ? "(launch state)" : steps.map(\.description).joined(separator: ", ")) + "\n"
        text += "Axes: " + axes(settings).map { "\($0.0)=\($0.1)" }.joined(separator: ", ") + "\n\n"
        for (observable, observation) in observations {
            let value = observation.value?.description ?? "unknown"
            let origin =
                observation.value == nil ? observation.source : "\(observation.provenance.rawValue): \(observation.source)"
            text += observable.rawValue.padding(nameWidth) + value.padding(18) + origin + "\n"
        }
        text += "\nEvents:\n"
        for (index, event) in events.enumerated() { text += "  \(index + 1). \(event.description)\n" }
        return text
    }

    private static func json(
        pose: Pose, settings: CaseSettings, steps: [Step], observations: [(Observable, Observation)], events: [SceneEvent]
    ) -> String {
        var text = "{\n  \"pose\": \"\(pose.id)\",\n  \"state\": " + Escaping.json(pose.state) + ",\n"
        text += "  \"steps\": [" + steps.map { Escaping.json($0.description) }.joined(separator: ", ") + "],\n"
        text +=
            "  \"axes\": {"
            + axes(settings).map { Escaping.json($0.0) + ": " + Escaping.json($0.1) }
            .joined(separator: ", ") + "},\n"
        text += "  \"observables\": {\n"
        text += observations.map { observable, observation in
            var line = "    " + Escaping.json(observable.rawValue) + ": {"
            if let value = observation.value {
                line += "\"value\": " + jsonValue(value) + ", \"provenance\": \"\(observation.provenance.rawValue)\""
                line += ", \"source\": " + Escaping.json(observation.source) + "}"
            } else {
                line += "\"value\": null, \"reason\": " + Escaping.json(observation.source) + "}"
            }
            return line
        }.joined(separator: ",\n")
        text += "\n  },\n  \"events\": [\n"
        text += events.map { event in
            var line = "    {\"event\": \"\(event.kind.rawValue)\""
            if event.session > 0 { line += ", \"session\": \(event.session)" }
            if let from = event.from { line += ", \"from\": " + Escaping.json(from) }
            line += ", \"to\": " + Escaping.json(event.to) + ", \"provenance\": \"\(event.provenance.rawValue)\""
            return line + ", \"source\": " + Escaping.json(event.source) + "}"
        }.joined(separator: ",\n")
        return text + (events.isEmpty ? "" : "\n") + "  ]\n}\n"
    }

    private static func jsonValue(_ value: ObservedValue) -> String {
        switch value {
        case .text(let text): Escaping.json(text)
        case .bool, .number: value.description
        case .list(let items): "[" + items.map(Escaping.json).joined(separator: ", ") + "]"
        }
    }
}

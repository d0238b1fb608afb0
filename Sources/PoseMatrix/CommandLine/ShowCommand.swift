import Foundation

/// `duo-pose show POSE`: every observable the model reports after the pose's steps, with provenance.
enum ShowCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .show) else { return DuoPose.ExitCode.usage }
        guard parsed.positionals.count == 1, let id = parsed.positionals.first else {
            let message = parsed.positionals.isEmpty ? "name a pose, for example P5" : "name one pose"
            return context.usageError(UsageError(message: message, command: .show))
        }
        if parsed.value("--svg") != nil, parsed.flags.contains("--json") {
            return context.usageError(UsageError(message: "--svg and --json: choose one", command: .show))
        }
        let target: Target
        switch resolve(id, matrixPath: parsed.value("--matrix"), context: context) {
        case .failure(let failure): return failure.code
        case .success(let resolved): target = resolved
        }
        let pose = target.pose
        let app = target.app
        let steps = target.steps
        var values: [Axis: AxisValue] = target.values
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
        if let svg = parsed.value("--svg") {
            let title = id == pose.id ? "\(pose.id): \(pose.state)" : "\(id) (\(pose.id): \(pose.state))"
            return writeDrawing(SceneSketch(model: model, title: title), to: svg, context: context)
        }
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

    /// Writes the scene's drawing to a file, or to stdout for `-`, in place of the text.
    private static func writeDrawing(_ sketch: SceneSketch, to path: String, context: Context) -> Int32 {
        let svg = sketch.svg(standalone: true)
        if path == "-" {
            context.stdout.write(svg)
            return DuoPose.ExitCode.success
        }
        do {
            let file = try OutputFile(URL(fileURLWithPath: path), owner: .drawing)
            try file.write(svg)
            try file.commit()
        } catch {
            return context.cannotWrite(error, folder: path)
        }
        context.stdout.write(("Drawing of " + sketch.title + " written to " + path).oneLine + "\n")
        return DuoPose.ExitCode.success
    }

    /// What `show` runs: a pose's steps, or a matrix entry's with a case's axis values.
    struct Target {
        var pose: Pose
        var app = App()
        var steps: [Step]
        var values: [Axis: AxisValue]
    }

    /// A refusal already reported, with its exit code.
    struct Refused: Error {
        var code: Int32
    }

    /// A pose id (`P5`), an entry of the matrix by its label (`P9 outer display`), or a case id as
    /// the reports print it (`P5 near flat [profile=device, hingeAngle=175]`); entries and cases are
    /// looked up in `--matrix`, or in the built-in matrix without it. A matrix with `app.scan` has
    /// its tree scanned as `run` does, so that `show` models the app the run modelled.
    static func resolve(_ id: String, matrixPath: String?, context: Context) -> Result<Target, Refused> {
        var matrix: Matrix?
        if let matrixPath {
            switch context.loadMatrices([matrixPath]) {
            case .failure(let errors): return .failure(Refused(code: context.matrixErrors(errors)))
            case .success(let loaded):
                var code = DuoPose.ExitCode.success
                guard let (scanned, _) = RunCommand.applyScans(loaded, context: context, code: &code) else {
                    return .failure(Refused(code: code))
                }
                matrix = scanned[0].matrix
            }
        }
        if let pose = Pose.named(id) {
            let entry = matrix?.poses.first { $0.pose.id == pose.id }
            return .success(
                Target(pose: pose, app: matrix?.app ?? App(), steps: entry?.effectiveSteps ?? pose.steps, values: pose.fixed))
        }
        let (label, assignments) = splitCaseID(id)
        let source = matrix ?? (try? MatrixLoader.loadBuiltIn().matrix)
        guard let source, let entry = source.poses.first(where: { $0.label == label }) else {
            let labels = (source?.poses.map(\.label) ?? []) + Pose.catalogue.map(\.id)
            let suggestion = Pose.suggestion(for: id) ?? suggest(label, from: labels)
            return .failure(
                Refused(
                    code: context.usageError(
                        UsageError(
                            message: "no pose, entry or case '\(id)'" + didYouMean(suggestion).replacingQuotes()
                                + " (expected P1 to P13, an entry's label or a case id)",
                            command: .show))))
        }
        switch caseValues(entry, in: source, assignments: assignments) {
        case .failure(let error): return .failure(Refused(code: context.usageError(error)))
        case .success(let values):
            return .success(Target(pose: entry.pose, app: source.app, steps: entry.effectiveSteps, values: values))
        }
    }

    /// The axis values of one case of an entry: each axis the entry runs over takes the value given,
    /// which must be one of its values, or its first, so that `show` shows a case the plan has.
    static func caseValues(_ entry: PoseEntry, in matrix: Matrix, assignments: [String]) -> Result<[Axis: AxisValue], UsageError>
    {
        var values = entry.pose.fixed
        var given: [Axis: AxisValue] = [:]
        for assignment in assignments {
            do {
                let (axis, value) = try axisAssignment(assignment, option: "the case id", command: .show)
                guard given.updateValue(value, forKey: axis) == nil else {
                    return .failure(UsageError(message: "the case id gives \(axis.rawValue) twice", command: .show))
                }
            } catch {
                return .failure(error)
            }
        }
        let axes = Plan.mergedAxes(top: matrix.axes, entry: entry)
        for (axis, value) in given where !axes.contains(where: { $0.axis == axis && $0.values.contains(value) }) {
            if entry.pose.fixed[axis] == value { continue }
            let taken = axes.first { $0.axis == axis }?.values.map(\.description).joined(separator: ", ") ?? "none"
            return .failure(
                UsageError(
                    message: "\(entry.label) has no case with \(axis.rawValue)=\(value) (its values: \(taken))", command: .show))
        }
        for spec in axes {
            values[spec.axis] = given[spec.axis] ?? spec.values[0]
        }
        return .success(values)
    }

    /// `P5 near flat [profile=device, hingeAngle=175]` → the label and the axis assignments.
    static func splitCaseID(_ id: String) -> (label: String, assignments: [String]) {
        guard id.hasSuffix("]"), let open = id.range(of: " [", options: .backwards) else { return (id, []) }
        let inside = id[open.upperBound..<id.index(before: id.endIndex)]
        return (String(id[..<open.lowerBound]), inside.split(separator: ", ").map(String.init))
    }

    /// The case's axis values, in the axes' order.
    private static func axes(_ settings: CaseSettings) -> [(Axis, AxisValue)] {
        Axis.allCases.compactMap { axis in settings.value(of: axis).map { (axis, $0) } }
    }

    /// The observable column: the longest name and two spaces.
    static let nameWidth = (Observable.allCases.map(\.rawValue.count).max() ?? 0) + 2

    private static func text(
        pose: Pose, settings: CaseSettings, steps: [Step], observations: [(Observable, Observation)], events: [SceneEvent]
    ) -> String {
        var text = "\(pose.id): \(pose.state)\n"
        text += "Steps: " + (steps.isEmpty ? "(launch state)" : steps.map(\.description).joined(separator: ", ")) + "\n"
        text += "Axes: " + axes(settings).map { "\($0.0.rawValue)=\($0.1)" }.joined(separator: ", ") + "\n\n"
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
        var json = JSONWriter(style: .spaced, capacity: 8192)
        json.beginObject(multiline: true)
        json.member("pose", pose.id)
        json.member("state", pose.state)
        json.key("steps")
        json.strings(steps.map(\.description))
        json.key("axes")
        json.beginObject()
        // Typed as results.jsonl types them: a string, a boolean or a number.
        for (axis, value) in axes(settings) {
            json.key(axis.rawValue)
            json.value(value)
        }
        json.endObject()
        json.key("observables")
        json.beginObject(multiline: true)
        for (observable, observation) in observations {
            json.key(observable.rawValue)
            json.beginObject()
            json.key("value")
            if let value = observation.value {
                json.value(value)
                json.member("provenance", observation.provenance.rawValue)
                json.member("source", observation.source)
            } else {
                json.null()
                json.member("reason", observation.source)
            }
            json.endObject()
        }
        json.endObject()
        json.key("events")
        json.beginArray(multiline: true)
        for event in events { write(event, into: &json) }
        json.endArray()
        json.endObject()
        json.text("\n")
        return String(decoding: json.buffer.bytes, as: UTF8.self)
    }

    private static func write(_ event: SceneEvent, into json: inout JSONWriter) {
        json.beginObject()
        json.member("event", event.kind.rawValue)
        if event.session > 0 {
            json.member("session", event.session)
        }
        if let from = event.from { json.member("from", from) }
        json.member("to", event.to)
        json.member("provenance", event.provenance.rawValue)
        json.member("source", event.source)
        json.endObject()
    }
}

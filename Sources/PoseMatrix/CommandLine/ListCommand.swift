/// `duo-pose list [--json]`: the pose catalogue.
enum ListCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .list) else { return DuoPose.ExitCode.usage }
        if let extra = parsed.positionals.first {
            return context.usageError(UsageError(message: "unexpected argument '\(extra)'", command: .list))
        }
        if parsed.flags.contains("--json") {
            let poses = Pose.catalogue.map { pose in
                var line = "  {\"id\":\"\(pose.id)\",\"state\":" + Escaping.json(pose.state) + ",\"steps\":["
                line += pose.steps.map { Escaping.json($0.description) }.joined(separator: ",") + "]"
                line +=
                    ",\"fixed\":{"
                    + pose.fixed.sorted { $0.key.rawValue < $1.key.rawValue }
                    .map { Escaping.json($0.key.rawValue) + ":" + Escaping.json($0.value.description) }
                    .joined(separator: ",") + "}}"
                return line
            }
            context.stdout.write("[\n" + poses.joined(separator: ",\n") + "\n]\n")
            return DuoPose.ExitCode.success
        }
        var text = ""
        for pose in Pose.catalogue {
            let steps = pose.steps.isEmpty ? "(launch state)" : pose.steps.map(\.description).joined(separator: ", ")
            let note = pose.notRunIn.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                "  [not run in \($0.key.rawValue): \($0.value)]"
            }
            text += pose.id.padding(4) + pose.state.padding(40) + steps + note.joined() + "\n"
        }
        context.stdout.write(text)
        return DuoPose.ExitCode.success
    }
}

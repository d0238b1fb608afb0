/// `duo-pose list [--json]`: the pose catalogue.
enum ListCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .list) else { return DuoPose.ExitCode.usage }
        if let extra = parsed.positionals.first {
            return context.usageError(UsageError(message: "unexpected argument '\(extra)'", command: .list))
        }
        if parsed.flags.contains("--json") {
            var json = JSONWriter(capacity: 4096)
            json.beginArray(multiline: true)
            for pose in Pose.catalogue {
                json.beginObject()
                json.member("id", pose.id)
                json.member("state", pose.state)
                json.key("steps")
                json.strings(pose.steps.map(\.description))
                json.key("fixed")
                json.beginObject()
                for (axis, value) in pose.fixed.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    json.member(axis.rawValue, value.description)
                }
                json.endObject()
                json.endObject()
            }
            json.endArray()
            json.text("\n")
            context.stdout.write(String(decoding: json.buffer.bytes, as: UTF8.self))
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

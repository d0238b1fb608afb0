/// `duo-pose schema`: the matrix JSON Schema, as Matrices/schema.json holds it.
enum SchemaCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .schema) else { return DuoPose.ExitCode.usage }
        if let extra = parsed.positionals.first {
            return context.usageError(UsageError(message: "unexpected argument '\(extra)'", command: .schema))
        }
        context.stdout.write(MatrixSchema.text)
        return DuoPose.ExitCode.success
    }
}

/// `duo-pose validate MATRIX…`: every error of every file, nothing written.
enum ValidateCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .validate) else { return DuoPose.ExitCode.usage }
        guard !parsed.positionals.isEmpty else {
            return context.usageError(UsageError(message: "name at least one matrix file", command: .validate))
        }
        switch context.loadMatrices(parsed.positionals) {
        case .failure(let errors):
            return context.matrixErrors(errors)
        case .success(let matrices):
            for loaded in matrices {
                let plan: Plan
                do {
                    plan = try Plan(matrix: loaded.matrix)
                } catch {
                    context.stderr.write("Error: " + "\(loaded.path): \(error)".oneLine + "\n")
                    return DuoPose.ExitCode.invalidInput
                }
                let invariants = plan.invariantCount > 0 ? ", " + counted(plan.invariantCount, "invariant") : ""
                context.stdout.write(
                    ("\(loaded.path): valid, \(counted(loaded.matrix.poses.count, "pose entry", "pose entries")), \(counted(plan.count, "case"))"
                        + invariants).oneLine + "\n")
            }
            return DuoPose.ExitCode.success
        }
    }
}

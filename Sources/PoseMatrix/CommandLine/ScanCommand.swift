import Foundation

/// `duo-pose scan APP_DIR`: the app block from the code; `--check MATRIX` compares it with a matrix's.
enum ScanCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .scan) else { return DuoPose.ExitCode.usage }
        guard parsed.positionals.count == 1, let root = parsed.positionals.first else {
            return context.usageError(UsageError(message: "name one app folder", command: .scan))
        }
        if let docs = parsed.value("--docs") {
            guard parsed.value("--sarif") != nil else {
                return context.usageError(UsageError(message: "--docs is for --sarif FILE, which is not given", command: .scan))
            }
            guard URL(string: docs)?.scheme != nil else {
                return context.usageError(
                    UsageError(message: "--docs \(docs): not an absolute URL (https://…/README.md)", command: .scan))
            }
        }
        let result: ScanResult
        do {
            result = try Scanner.scan(root)
        } catch {
            context.stderr.write("Error: " + error.description.oneLine + "\n")
            return error.cause == .missing ? DuoPose.ExitCode.cannotRead : DuoPose.ExitCode.invalidInput
        }
        if let sarifPath = parsed.value("--sarif") {
            let rootURI = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL.absoluteString
            do {
                let file = try OutputFile(URL(fileURLWithPath: sarifPath), owner: .sarif)
                try file.write(result.sarif(rootURI: rootURI, toolVersion: DuoPose.version, docs: parsed.value("--docs")))
                try file.commit()
            } catch {
                context.stderr.write("Error: --sarif " + "\(error)".oneLine + "\n")
                return DuoPose.ExitCode.cannotWrite
            }
        }
        if let matrixPath = parsed.value("--check") {
            return check(result, matrixPath: matrixPath, json: parsed.flags.contains("--json"), context: context)
        }
        context.stdout.write(parsed.flags.contains("--json") ? result.json : result.json5)
        return DuoPose.ExitCode.success
    }

    /// Exit 1 when the matrix's app block disagrees with the code: one line per drifted key, or with
    /// `--json` one object; only the keys a matrix with `app.scan` states are compared.
    private static func check(_ result: ScanResult, matrixPath: String, json: Bool, context: Context) -> Int32 {
        let matrix: LoadedMatrix
        switch context.loadMatrices([matrixPath]) {
        case .failure(let errors): return context.matrixErrors(errors)
        case .success(let loaded): matrix = loaded[0]
        }
        let check = ScanCheck(
            result, app: matrix.matrix.app, stated: matrix.matrix.appScan?.statedKeys, matrixPath: matrixPath)
        context.stdout.write(json ? check.json : check.text)
        return check.drift.isEmpty ? DuoPose.ExitCode.success : DuoPose.ExitCode.failure
    }
}

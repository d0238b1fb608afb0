import Foundation

/// `duo-pose scan APP_DIR`: the app block from the code; `--check MATRIX` compares it with a matrix's.
enum ScanCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .scan) else { return DuoPose.ExitCode.usage }
        guard parsed.positionals.count == 1, let root = parsed.positionals.first else {
            return context.usageError(UsageError(message: "name one app folder", command: .scan))
        }
        let sarif: SARIFOutput?
        do {
            sarif = try SARIFOutput(parsed, tree: root)
        } catch {
            return context.usageError(error)
        }
        let result: ScanResult
        do {
            result = try Scanner.scan(root)
        } catch {
            if error.cause == .interrupted {
                context.stderr.write("duo-pose: interrupted; nothing was written\n")
                return DuoPose.ExitCode.interrupted(by: SIGINT)
            }
            context.stderr.write("Error: " + error.description.oneLine + "\n")
            return error.cause == .missing ? DuoPose.ExitCode.cannotRead : DuoPose.ExitCode.invalidInput
        }
        if let sarif {
            do {
                let file = try OutputFile(URL(fileURLWithPath: sarif.path), owner: .sarif)
                try file.write(result.sarif(root: sarif.root, toolVersion: DuoPose.version, docs: sarif.docs))
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

    /// Exit 1 when the matrix's app block disagrees with the code, or when files that could settle
    /// a key were not read: one line per drifted key, or with `--json` one object; only the keys a
    /// matrix with `app.scan` states are compared.
    private static func check(_ result: ScanResult, matrixPath: String, json: Bool, context: Context) -> Int32 {
        let matrix: LoadedMatrix
        switch context.loadMatrices([matrixPath]) {
        case .failure(let errors): return context.matrixErrors(errors)
        case .success(let loaded): matrix = loaded[0]
        }
        let check = ScanCheck(
            result, app: matrix.matrix.app, stated: matrix.matrix.appScan?.statedKeys, matrixPath: matrixPath)
        context.stdout.write(json ? check.json : check.text)
        return check.agrees ? DuoPose.ExitCode.success : DuoPose.ExitCode.failure
    }

    /// `--sarif FILE` with `--docs` and `--sarif-root`, checked before the scan.
    private struct SARIFOutput {
        var path: String
        var docs: String?
        var root: SARIFRoot

        /// Nil without `--sarif`; `--docs` and `--sarif-root` are for it only, and the root must hold the tree.
        init?(_ parsed: ParsedArguments, tree: String) throws(UsageError) {
            guard let path = parsed.value("--sarif") else {
                for option in ["--docs", "--sarif-root"] where parsed.value(option) != nil {
                    throw UsageError(message: "\(option) is for --sarif FILE, which is not given", command: .scan)
                }
                return nil
            }
            self.path = path
            docs = parsed.value("--docs")
            // Only https: a `javascript:` or `file:` address would be written into the SARIF as the
            // rules' help, for a viewer to open.
            if let docs, URL(string: docs).map({ $0.scheme?.lowercased() != "https" || ($0.host ?? "").isEmpty }) ?? true {
                throw UsageError(message: "--docs \(docs.oneLine): not an https: URL (https://…/README.md)", command: .scan)
            }
            guard let folder = parsed.value("--sarif-root") else {
                root = SARIFRoot.repository(of: tree)
                return
            }
            guard let given = SARIFRoot.given(folder, containing: tree) else {
                throw UsageError(
                    message: "--sarif-root \(folder): does not contain the app folder \(tree) (SARIF paths start at or above it)",
                    command: .scan)
            }
            root = given
        }
    }
}

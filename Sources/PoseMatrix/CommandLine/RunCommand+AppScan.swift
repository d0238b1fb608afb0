import Foundation

/// `"app": {"scan": …}`: scan the tree at run time and overlay the keys the matrix does not state.
extension RunCommand {
    /// Each matrix with its scanned app block, and what the header records; nil (after the
    /// error, exit code in `code`) when a tree cannot be scanned.
    static func applyScans(
        _ loaded: [LoadedMatrix], context: Context, code: inout Int32
    ) -> ([LoadedMatrix], [String: AppScanRecord])? {
        var matrices = loaded
        var records: [String: AppScanRecord] = [:]
        for index in matrices.indices {
            guard let request = matrices[index].matrix.appScan else { continue }
            let path = matrices[index].path
            let tree = request.path.hasPrefix("/") ? request.path : matrices[index].folder + "/" + request.path
            do {
                let result = try Scanner.scan(tree)
                matrices[index].matrix.app = result.overlay(on: matrices[index].matrix.app, stated: request.statedKeys)
                records[path] = AppScanRecord(path: request.path, result: result, stated: request.statedKeys)
            } catch  where error.cause == .interrupted {
                context.stderr.write("duo-pose: interrupted; no report was replaced\n")
                code = DuoPose.ExitCode.interrupted(by: SIGINT)
                return nil
            } catch {
                context.stderr.write("Error: " + "\(path): app.scan: \(error)".oneLine + "\n")
                code = error.cause == .missing ? DuoPose.ExitCode.cannotRead : DuoPose.ExitCode.invalidInput
                return nil
            }
        }
        return (matrices, records)
    }
}

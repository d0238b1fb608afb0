import Foundation

/// `duo-pose merge`: the results.jsonl of shards in, the reports of one unsharded run out.
enum MergeCommand {
    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .merge) else { return DuoPose.ExitCode.usage }
        let output: OutputOptions
        let trust: Trust?
        do {
            output = try OutputOptions(parsed, command: .merge, defaultFolder: nil)
            trust = try readTrust(parsed, command: .merge)
        } catch {
            return context.usageError(error)
        }
        guard !parsed.positionals.isEmpty else {
            return context.usageError(UsageError(message: "name the results.jsonl files to merge", command: .merge))
        }
        let header: RunHeader
        let baseline: BaselineComparison?
        do {
            (header, baseline) = try readShards(parsed.positionals, output: output, trust: trust)
        } catch {
            return context.resultsError(error)
        }
        context.warnIfOtherMatrix(baseline, sha256: header.matrixSHA256)
        do {
            let summary = try output.openSummary()
            try FolderLock.createFolder(output.folder)
            let lock = try FolderLock(folder: output.folder, reports: ReportSet.names)
            defer { withExtendedLifetime(lock) {} }
            var reports = try ReportSet(
                header: header, folder: URL(fileURLWithPath: output.folder, isDirectory: true), baseline: baseline)
            let invariants = try ShardSet.merged(parsed.positionals) { try reports.write($0) }
            try reports.write(invariants: invariants)
            let tally = try reports.finish()
            return try output.finish(
                header: header, tally: tally, folder: output.folder, label: "", summary: summary, context: context)
        } catch let error as ResultsError {
            return context.resultsError(error)
        } catch is CancellationError {
            context.stderr.write("duo-pose: interrupted; no report in \(output.folder) was replaced".oneLine + "\n")
            return DuoPose.ExitCode.interrupted(by: SIGINT)
        } catch {
            return context.cannotWrite(error, folder: output.folder)
        }
    }

    /// The merged run's header, after checking every file whole (a shard cut short must not
    /// make a report), and the baseline, if one is given.
    private static func readShards(
        _ paths: [String], output: OutputOptions, trust: Trust?
    ) throws(ResultsError) -> (RunHeader, BaselineComparison?) {
        var header = try ShardSet.check(paths)
        if let trust, trust != header.trust {
            // Merging cannot re-evaluate: the shards must have been run with the levels asked for.
            throw ResultsError(
                file: paths[0], line: 1,
                message: "was run trusting \(header.trust), not \(trust) as --trust asks: run the shards with --trust \(trust)")
        }
        header.strict = output.strict
        header.failOnNew = output.failOn == .new
        var baseline = try output.baselinePath.map { path throws(ResultsError) in try BaselineComparison(path: path) }
        try baseline?.prepare(for: header)
        return (header, baseline)
    }
}

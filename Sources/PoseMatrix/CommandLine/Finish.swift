import Foundation

/// What `run` and `merge` share once the reports are written: the summary line, the job
/// summary, and the exit code.
struct OutputOptions {
    var folder = "Reports"
    var quiet = false
    var strict = false
    var summaryPath: String?
    var baselinePath: String?
    var failOn = FailOn.any

    /// Which failures make the exit code 1.
    enum FailOn: String, CaseIterable {
        /// Any failed or errored case.
        case any
        /// Only cases failing now that did not fail in the baseline; the still failing are reported, not fatal.
        case new
    }

    init() {}

    /// Reads `--out`, `--quiet`, `--strict`, `--summary` and `--baseline`; `--out` is required without a default.
    init(_ parsed: ParsedArguments, command: Command, defaultFolder: String?) throws(UsageError) {
        if let out = parsed.value("--out") {
            guard !out.isEmpty else { throw UsageError(message: "--out needs a folder", command: command) }
            folder = out
        } else if let defaultFolder {
            folder = defaultFolder
        } else {
            throw UsageError(message: "--out DIR is required", command: command)
        }
        quiet = parsed.flags.contains("--quiet")
        strict = parsed.flags.contains("--strict")
        summaryPath = parsed.value("--summary")
        baselinePath = parsed.value("--baseline")
        for (option, value) in [("--summary", summaryPath), ("--baseline", baselinePath)] where value?.isEmpty == true {
            throw UsageError(message: "\(option) needs a file", command: command)
        }
        if let text = parsed.value("--fail-on") {
            guard let value = FailOn(rawValue: text) else {
                let allowed = FailOn.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                throw UsageError(message: "--fail-on takes \(allowed), not '\(text)'", command: command)
            }
            guard value == .any || baselinePath != nil else {
                throw UsageError(
                    message: "--fail-on new needs --baseline RESULTS to tell new failures from old", command: command)
            }
            failOn = value
        }
    }

    /// Opens the `--summary` target before any work, so that one that cannot take the summary
    /// is refused first (exit 74, with the system's reason).
    func openSummary() throws(SummaryError) -> JobSummaryFile? {
        do {
            return try summaryPath.map { path throws(OutputError) in try JobSummaryFile(path: path) }
        } catch {
            throw SummaryError(underlying: error, reportsWritten: nil)
        }
    }

    /// Prints the verdict, appends the job summary and returns the exit code: 1 when a case
    /// failed or errored, or, with --strict, was not run.
    func finish(
        header: RunHeader, tally: Tally, folder: String, label: String, summary: JobSummaryFile?, context: Context
    ) throws -> Int32 {
        let counts = tally.overall
        let verdict = header.verdict(tally)
        let reportPath = folder + "/" + ReportSet.markdownName
        do {
            try summary?.append(header: header, tally: tally, reportPath: reportPath)
        } catch {
            throw SummaryError(underlying: error, reportsWritten: folder)
        }
        let verdictText =
            ("duo-pose: \(header.matrixName)\(label): " + verdict.line(counts, invariants: tally.invariants).removing("**"))
            .oneLine + "\n"
        if quiet {
            if !verdict.isSuccess { context.stderr.write(verdictText) }
        } else {
            var text = verdictText
            if let diff = tally.baseline { text += Self.baselineLines(diff, failOnNew: header.failOnNew) }
            text += tally.digest?.terminalText(reportPath: reportPath) ?? ""
            for invariant in tally.broken { text += ("Invariant broken: \(invariant.name): " + invariant.detail).oneLine + "\n" }
            let files = ReportSet.names.map { folder + "/" + $0 }
            text += ("Reports: " + files.joined(separator: ", ")).oneLine + "\n"
            context.stdout.write(text)
        }
        return Self.exitCode(verdict)
    }

    /// The comparison with the baseline, and with `--fail-on new` how the gate went: regressions,
    /// failing new cases and newly broken invariants fail the run; the still failing do not.
    static func baselineLines(_ diff: BaselineDiff, failOnNew: Bool) -> String {
        var text = "Baseline: " + diff.counts + "\n"
        guard failOnNew else { return text }
        let broken = diff.hasInvariants ? " and \(counted(diff.newlyBroken.count, "newly broken invariant"))" : ""
        let still = diff.hasInvariants ? " and \(diff.stillBroken.count) still broken" : ""
        text +=
            "--fail-on new: \(diff.newFailures.count) new failures, \(counted(diff.newCaseFailures.count, "failing new case"))"
            + "\(broken) fail the run; \(diff.stillFailing.count) still failing\(still) are reported, not fatal.\n"
        return text
    }

    /// 0 for a verdict that succeeds, 1 otherwise.
    static func exitCode(_ verdict: RunVerdict) -> Int32 {
        verdict.isSuccess ? DuoPose.ExitCode.success : DuoPose.ExitCode.failure
    }
}

extension String {
    /// The string without every occurrence of a marker (`**` around a verdict).
    func removing(_ marker: String) -> String {
        split(separator: marker, omittingEmptySubsequences: false).joined()
    }
}

/// A `--summary` target that cannot take the job summary.
struct SummaryError: Error {
    var underlying: OutputError
    /// The folder whose reports were written before the summary failed; nil when checked before the run.
    var reportsWritten: String?
}

extension Context {
    /// Warns, without stopping, when the baseline ran another matrix: cases are then matched by id and across axes.
    func warnIfOtherMatrix(_ baseline: BaselineComparison?, sha256: String) {
        guard let baseline, baseline.header.matrixSHA256 != sha256 else { return }
        stderr.write(
            ("Warning: the baseline \(baseline.diff.path) comes from another matrix (SHA-256 "
                + "\(baseline.header.matrixSHA256.prefix(SHA256.shownDigits)), this one \(sha256.prefix(SHA256.shownDigits))): cases are matched by id, "
                + "and across an axis one has and the other has not at its default")
                .oneLine + "\n")
    }

    /// A report that could not be written: exit 74.
    func cannotWrite(_ error: any Error, folder: String) -> Int32 {
        if let error = error as? SummaryError {
            stderr.write(
                "Error: --summary \(error.underlying)"
                    + (error.reportsWritten.map { " (the reports in \($0) were written)" } ?? "")
                    + "\n")
        } else if let error = error as? OutputError {
            stderr.write("Error: " + "cannot write the reports: \(error)".oneLine + "\n")
        } else {
            stderr.write("Error: " + "cannot write the reports in \(folder): \(error.localizedDescription)".oneLine + "\n")
        }
        return DuoPose.ExitCode.cannotWrite
    }
}

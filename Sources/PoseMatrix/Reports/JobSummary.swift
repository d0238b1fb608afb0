import Foundation

/// A compact Markdown summary appended to a CI job summary (`$GITHUB_STEP_SUMMARY`), kept
/// under GitHub's 1 MiB limit by cutting pose rows and pointing at the full report.
public enum JobSummary {
    /// GitHub's limit for one step's summary.
    public static let byteLimit = 1 << 20

    /// The summary text for a finished run, at most `budget` bytes.
    public static func render(header: RunHeader, tally: Tally, reportPath: String, budget: Int = byteLimit) -> String {
        var head = "### duo-pose: " + Escaping.markdownCell(header.matrixName) + "\n\n"
        head += header.verdict(tally.overall).line(tally.overall) + "\n\n"
        if let diff = tally.baseline {
            head += "Against the baseline: \(diff.newFailures.count) new failures, \(diff.fixed.count) fixed, "
            head += "\(diff.stillFailing.count) still failing, \(diff.newCases.count) new cases, "
            head += "\(diff.removedCases.count) removed cases.\n\n"
        }
        let tail = "\nFull report: `" + Escaping.markdownCell(reportPath) + "`.\n\n"
        let cut = "| … | rows cut to fit the job summary; see the full report | | | | |\n"
        var table = "| Pose | Cases | Passed | Failed | Not run | Verdict |\n|---|---:|---:|---:|---:|---|\n"
        let fixedSize = head.utf8.count + tail.utf8.count + cut.utf8.count + table.utf8.count
        var used = fixedSize
        for (index, pose) in tally.poses.enumerated() {
            let counts = pose.counts
            let row =
                "| \(pose.pose) | \(counts.total) | \(counts.passed) | \(counts.failed + counts.errors) | \(counts.notRun) | "
                + counts.verdict + " |\n"
            guard used + row.utf8.count <= budget else {
                table += index < tally.poses.count ? cut : ""
                break
            }
            used += row.utf8.count
            table += row
        }
        return head + table + tail
    }

    /// Appends the summary to a file, creating it when missing, within what is left of the limit.
    public static func append(header: RunHeader, tally: Tally, reportPath: String, to path: String) throws {
        let existing = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let text = render(header: header, tally: tally, reportPath: reportPath, budget: max(0, byteLimit - existing))
        guard existing + text.utf8.count <= byteLimit else {
            throw OutputError(path: path, message: "the job summary is already \(existing) bytes; GitHub allows \(byteLimit)")
        }
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw OutputError(path: path, message: "cannot create the job summary")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw OutputError(path: path, message: "cannot open the job summary for appending")
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}

import Foundation

/// A compact Markdown summary appended to a CI job summary (`$GITHUB_STEP_SUMMARY`), kept
/// under GitHub's 1 MiB limit by cutting pose rows and pointing at the full report.
enum JobSummary {
    /// GitHub's limit for one step's summary.
    static let byteLimit = 1 << 20

    /// The summary text for a finished run, at most `budget` bytes.
    static func render(header: RunHeader, tally: Tally, reportPath: String, budget: Int = byteLimit) -> String {
        var head = "### duo-pose: " + Escaping.markdownCell(header.matrixName) + "\n\n"
        head += header.verdict(tally).line(tally.overall, invariants: tally.invariants) + "\n\n"
        if let diff = tally.baseline {
            head += "Against the baseline: " + diff.counts + "\n\n"
        }
        let tail = "\nFull report: `" + Escaping.markdownCode(reportPath, inTable: false) + "`.\n\n"
        let cut = "| … | rows cut to fit the job summary; see the full report | | | | | |\n"
        var table = "| Pose | Cases | Passed | Failed | Errors | Not run | Verdict |\n|---|---:|---:|---:|---:|---:|---|\n"
        let fixedSize = head.utf8.count + tail.utf8.count + cut.utf8.count + table.utf8.count
        var used = fixedSize
        for (index, pose) in tally.poses.enumerated() {
            let counts = pose.counts
            let row =
                "| \(pose.pose) | \(counts.total) | \(counts.passed) | \(counts.failed) | \(counts.errors) | \(counts.notRun) | "
                + MarkdownReport.verdict(counts) + " |\n"
            guard used + row.utf8.count <= budget else {
                table += index < tally.poses.count ? cut : ""
                break
            }
            used += row.utf8.count
            table += row
        }
        let digest =
            tally.digest?.markdown(
                heading: "\n#### Largest failure groups", limit: FailureDigest.summaryLimit, rest: "see the full report") ?? ""
        return head + table + (used + digest.utf8.count <= budget ? digest : "") + tail
    }
}

/// The job summary file (`--summary`), opened before the run so that a target that cannot take
/// the summary is refused before any work, with the system's reason, and never blocks.
final class JobSummaryFile {
    let path: String
    private let descriptor: Int32

    /// Opens `path` for appending, creating it when missing. O_NONBLOCK makes a FIFO that no
    /// process reads fail at once instead of waiting forever; a pipe with a reader is fine.
    init(path: String) throws(OutputError) {
        self.path = path
        let opened = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard opened >= 0 else {
            let reason = errno == ENXIO ? "it is a FIFO that no process reads" : systemReason(errno)
            throw OutputError(path: path, message: "cannot be opened for appending: \(reason)")
        }
        descriptor = opened
        _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
        let existing = existingSize
        if existing >= JobSummary.byteLimit {
            throw OutputError(path: path, message: "is already \(existing) bytes; GitHub allows \(JobSummary.byteLimit)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// The bytes already in a regular file; a pipe or device has none that count.
    private var existingSize: Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(info.st_size)
    }

    /// Whether a regular file's last byte is not a line end: what follows would be glued onto its
    /// last line. Read through a descriptor of its own, as the summary's is opened for writing only.
    private var endsWithoutLineEnd: Bool {
        let size = existingSize
        guard size > 0 else { return false }
        let reader = open(path, O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else { return false }
        defer { close(reader) }
        var last: UInt8 = 0
        return pread(reader, &last, 1, off_t(size - 1)) == 1 && last != UInt8(ascii: "\n")
    }

    /// Appends the summary of a finished run within what is left of the limit, on a line of its own.
    func append(header: RunHeader, tally: Tally, reportPath: String) throws(OutputError) {
        let existing = existingSize
        let separator = endsWithoutLineEnd ? "\n\n" : ""
        let text =
            separator
            + JobSummary.render(
                header: header, tally: tally, reportPath: reportPath,
                budget: max(0, JobSummary.byteLimit - existing - separator.utf8.count))
        guard existing + text.utf8.count <= JobSummary.byteLimit else {
            throw OutputError(
                path: path, message: "the job summary is already \(existing) bytes; GitHub allows \(JobSummary.byteLimit)")
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw OutputError(path: path, message: "cannot append: \(systemReason(errno))") }
            bytes = bytes.dropFirst(count)
        }
    }
}

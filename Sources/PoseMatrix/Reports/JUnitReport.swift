import Foundation

/// `junit.xml`, valid against the Jenkins xunit junit-10.xsd: one `<testsuite>` per pose,
/// one `<testcase>` per case, and a suite `exploration` with one per invariant.
///
/// A suite's counts go in its opening tag, before its cases; so cases are spooled to a
/// temporary file as they come and the report is assembled from it at the end, which keeps
/// memory flat for suites of any size.
public struct JUnitReport {
    private struct Suite {
        var pose: String
        var counts = Counts()
        var byteCount = 0
    }

    let header: RunHeader
    /// `<matrix-slug>.`, the start of every class name.
    let classPrefix: String
    private let file: OutputFile
    private let spool: Spool
    private var suites: [Suite] = []
    /// The exploration's invariants, written as the last suite.
    private(set) var invariants: [InvariantResult] = []

    public init(header: RunHeader, file: OutputFile) throws {
        self.header = header
        self.file = file
        classPrefix = header.slug + "."
        spool = try Spool(beside: file.url)
    }

    /// Renders and spools one case.
    public mutating func write(_ result: CaseResult) throws {
        var buffer = ByteBuffer()
        var memo = RenderMemo()
        Self.render(result, classPrefix: classPrefix, file: header.matrixPath, into: &buffer, memo: &memo)
        try write([result], testcases: buffer.bytes, lengths: [buffer.count])
    }

    /// Spools pre-rendered `<testcase>` elements (from ``CaseRenderer``) and counts each in its suite.
    mutating func write(_ results: [CaseResult], testcases bytes: [UInt8], lengths: [Int]) throws {
        // By index: `for result in results` copied each result, retaining and releasing its every field.
        for index in results.indices {
            if suites.last?.pose != results[index].pose { suites.append(Suite(pose: results[index].pose)) }
            suites[suites.count - 1].counts.add(results[index])
            suites[suites.count - 1].byteCount += lengths[index]
        }
        try spool.write(bytes)
    }

    /// Takes the exploration's invariants, for the suite after the poses'.
    mutating func write(invariants: [InvariantResult]) {
        self.invariants += invariants
    }

    /// A case's `<testcase>` element: failures with expected, actual and provenance, the message
    /// starting `FILE:LINE: ` (the pose entry in the matrix) for CI annotations; not run as skipped.
    static func render(
        _ result: CaseResult, classPrefix: String, file: String, into out: inout ByteBuffer, memo: inout RenderMemo
    ) {
        out.append("    <testcase name=\"")
        out.appendXML(result.id)
        out.append("\" classname=\"")
        out.appendXML(classPrefix)
        out.appendXML(result.pose)
        out.append("\" time=\"")
        appendTime(result.duration, to: &out)
        out.append("\"")
        guard result.status != .passed else { return out.append("/>\n") }
        out.append(bytes: memo.testcaseTail(of: result) { tail($0, file: file) })
    }

    /// A failed, not-run or error case's `<testcase>` after its time attribute.
    static func tail(_ result: CaseResult, file: String) -> [UInt8] {
        var out = ByteBuffer()
        switch result.status {
        case .passed:
            out.append("/>\n")
        case .failed:
            let names = result.failures.map(\.observable.rawValue).joined(separator: ", ")
            let noun = result.failures.count == 1 ? "expectation" : "expectations"
            out.append(">\n      <failure type=\"expectation\" message=\"")
            if let line = result.line {
                out.appendXML(file)
                out.append(":")
                out.append(line)
                out.append(": ")
            }
            out.appendXML("\(result.failures.count) \(noun) failed: \(names)")
            out.append("\">")
            out.appendXML((result.failures.map(describe) + (result.reason.map { [$0] } ?? [])).joined(separator: "\n"))
            out.append("</failure>\n    </testcase>\n")
        case .notRun:
            out.append(">\n      <skipped message=\"not run: ")
            out.appendXML(result.reason ?? "")
            out.append("\"/>\n    </testcase>\n")
        case .error:
            out.append(">\n      <error message=\"")
            out.appendXML(result.reason ?? "")
            out.append("\"/>\n    </testcase>\n")
        }
        return out.bytes
    }

    /// "scene.size: expected 466x678, actual 678x466 (inference: I: P1 rotated)".
    static func describe(_ failure: CaseResult.Failure) -> String {
        "\(failure.observable.rawValue): expected \(failure.expected), actual \(failure.actual) "
            + "(\(failure.provenance.rawValue): \(failure.source))"
    }

    /// Assembles junit.xml: totals, then each suite's counts and its spooled testcases.
    public mutating func finish(_ tally: Tally) throws {
        let total = tally.overall
        let invariants = tally.invariants
        try file.write(Self.prolog)
        try file.write(
            "<testsuites name=\"" + Escaping.xml(header.matrixName) + "\" tests=\"\(total.total + invariants.total)\" "
                + "failures=\"\(total.failed + invariants.broken)\" "
                + "errors=\"\(total.errors)\" time=\"" + Self.time(total.duration) + "\">\n")
        try spool.rewind()
        for suite in suites {
            let counts = suite.counts
            // The schema allows `file` on a suite, not on a testcase: the matrix the poses come from.
            let source = " file=\"" + Escaping.xml(header.matrixPath) + "\""
            try file.write(
                "  <testsuite name=\"" + Escaping.xml(suite.pose) + "\" tests=\"\(counts.total)\" failures=\"\(counts.failed)\" "
                    + "errors=\"\(counts.errors)\" skipped=\"\(counts.notRun)\" time=\"" + Self.time(counts.duration) + "\""
                    + source + ">\n")
            let state = Pose.named(suite.pose)?.state ?? ""
            let profiles = tally.poses.first { $0.pose == suite.pose }?.profiles.joined(separator: ",") ?? ""
            try file.write("    <properties>\n")
            try file.write("      <property name=\"state\" value=\"" + Escaping.xml(state) + "\"/>\n")
            if !profiles.isEmpty {  // a matrix without a profile axis gives none
                try file.write("      <property name=\"profiles\" value=\"" + Escaping.xml(profiles) + "\"/>\n")
            }
            try file.write("    </properties>\n")
            try spool.copy(suite.byteCount, to: file)
            try file.write("  </testsuite>\n")
        }
        if !self.invariants.isEmpty { try file.write(explorationSuite(invariants)) }
        try file.write("</testsuites>\n")
        try file.finishWriting()
        spool.remove()
    }

    /// The first lines of every junit.xml duo-pose writes; the comment lets a later run know
    /// the file is its own to replace.
    static let prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Written by duo-pose; every run replaces it. -->\n"

    /// ``time(_:)``'s text, appended without making a String: a case's few microseconds are
    /// `0.000`, written as bytes (a `String` per case took twice as long: 52 ms of a 10^6-case run's CPU).
    static func appendTime(_ seconds: Double, to out: inout ByteBuffer) {
        let millis = Int((seconds * 1000).rounded())
        guard millis >= 0 && millis < 1000 else { return out.append(time(seconds)) }
        out.append("0.")
        out.append(millis / 100)
        out.append(millis / 10 % 10)
        out.append(millis % 10)
    }

    /// Seconds with exactly three decimals, as the schema's SUREFIRE_TIME allows.
    static func time(_ seconds: Double) -> String {
        let millis = Int64((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// A temporary file beside a report, written once and read back once.
final class Spool {
    private let url: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Where the next copy starts.
    private var offset = 0

    init(beside report: URL) throws {
        url = report.deletingLastPathComponent()
            .appendingPathComponent(".\(report.lastPathComponent).spool-\(ProcessInfo.processInfo.processIdentifier)")
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputError(path: url.path, message: "cannot create a temporary file: \(systemReason(errno))")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    }

    deinit {
        close(handle.fileDescriptor)
        try? FileManager.default.removeItem(at: url)
    }

    /// Appends bytes; a chunk's block of testcases (hundreds of KB) is written as it is rather
    /// than copied through the buffer first.
    func write(_ bytes: [UInt8]) throws {
        guard bytes.count < 1 << 16 else {
            try flush()
            return try writeAll(bytes)
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        try writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes every byte, naming the system's reason when it cannot (a full disk, EFBIG).
    private func writeAll(_ bytes: [UInt8]) throws {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(handle.fileDescriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw OutputError(path: url.path, message: "cannot write: \(systemReason(errno))") }
            done += count
        }
    }

    /// Makes everything written readable.
    func rewind() throws {
        try flush()
        offset = 0
    }

    /// Copies the next `count` bytes into a report.
    func copy(_ count: Int, to file: OutputFile) throws {
        try file.append(from: handle, offset: offset, count: count)
        offset += count
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

import Foundation

/// `junit.xml`, valid against the Jenkins xunit junit-10.xsd: one `<testsuite>` per pose,
/// one `<testcase>` per case, and a suite `exploration` with one per invariant.
///
/// A suite's counts go in its opening tag, before its cases, but are known only after them. So
/// each opening tag (and the `<testsuites>` one) is written first as a reservation of spaces as
/// long as the longest it can be, cases go straight to the file, and the tags are filled in at
/// the end, padded with spaces before their newline. Assembling the file from a spool instead
/// copied every case a second time, 0.3 s at the end of a 10^6-case run (Benchmarks/README.md).
struct JUnitReport {
    private struct Suite {
        var pose: String
        var counts = Counts()
        /// Where the suite's opening tag and properties go.
        var head: OutputFile.Reservation
    }

    let header: RunHeader
    /// `<matrix-slug>.`, the start of every class name.
    let classPrefix: String
    private let file: OutputFile
    /// Where the `<testsuites>` tag goes.
    private let opening: OutputFile.Reservation
    private var suites: [Suite] = []
    /// How much of the current chunk's testcases ``add(_:at:of:)`` wrote before a suite it opened.
    private var chunkWritten = 0
    /// Where the next case's `<testcase>` starts in the current chunk's testcases (``RunReport``).
    var chunkStart = 0
    /// The exploration's invariants, written as the last suite.
    private(set) var invariants: [InvariantResult] = []

    init(header: RunHeader, file: OutputFile) throws {
        self.header = header
        self.file = file
        classPrefix = header.slug + "."
        try file.write(Self.prolog)
        let most = Self.widest(header.planCases + header.planInvariants + 1)  // 1: the verdict's testcase
        opening = try file.reserve(
            Self.openingTag(header.matrixName, tests: most, failures: most, errors: most, time: Self.longestTime).utf8.count)
    }

    /// Renders and writes one case.
    mutating func write(_ result: CaseResult) throws {
        var buffer = ByteBuffer()
        var memo = RenderMemo()
        Self.render(result, classPrefix: classPrefix, file: header.matrixPath, strict: header.strict, into: &buffer, memo: &memo)
        try add(result, at: 0, of: buffer.bytes)
        try write(testcases: buffer.bytes)
    }

    /// Counts a case of a chunk whose `<testcase>` starts at `offset` of the chunk's `testcases`,
    /// in its pose's suite: a case of another pose than the last closes the suite, after writing
    /// the chunk's testcases before this one, and opens one.
    mutating func add(_ result: CaseResult, at offset: Int, of testcases: [UInt8]) throws {
        if suites.last?.pose != result.pose {
            try file.write(bytes: testcases[chunkWritten..<offset])
            chunkWritten = offset
            try startSuite(result.pose)
        }
        suites[suites.count - 1].counts.add(result)
    }

    /// Writes a chunk's testcases after its cases were added, those not yet written.
    mutating func write(testcases: [UInt8]) throws {
        if chunkWritten == 0 {
            try file.write(bytes: testcases)  // the usual chunk, of one pose: written without a copy
        } else {
            try file.write(bytes: testcases[chunkWritten...])
        }
        chunkWritten = 0
    }

    /// Closes the open suite, if any, and reserves the next one's opening tag and properties.
    private mutating func startSuite(_ pose: String) throws {
        if !suites.isEmpty { try file.write(Self.suiteEnd) }
        let most = Self.widest(header.planCases)
        let longest = suiteHead(
            pose: pose, counts: [most, most, most, most], time: Self.longestTime,
            profiles: Profile.allCases.map(\.rawValue).joined(separator: ","))
        suites.append(Suite(pose: pose, head: try file.reserve(longest.utf8.count)))
    }

    /// Takes the exploration's invariants, for the suite after the poses'.
    mutating func write(invariants: [InvariantResult]) {
        self.invariants += invariants
    }

    /// A case's `<testcase>` element: failures with expected, actual and provenance, the message
    /// starting `FILE:LINE: ` (the pose entry in the matrix) and the body ending with the location
    /// (``location(file:line:suite:)``) for CI annotations; not run as skipped, or under `--strict` as a failure.
    static func render(
        _ result: CaseResult, classPrefix: String, file: String, strict: Bool, into out: inout ByteBuffer,
        memo: inout RenderMemo
    ) {
        out.append(literal: "    <testcase name=\"")
        out.appendXML(result.id)
        out.append(bytes: memo.classname(pose: result.pose, prefix: classPrefix))
        appendTime(result.duration, to: &out)
        out.append(literal: "\"")
        guard result.status != .passed || result.pinned != nil else { return out.append(literal: "/>\n") }
        out.append(bytes: memo.testcaseTail(of: result) { tail($0, file: file, strict: strict) })
    }

    /// A failed, not-run or error case's `<testcase>` after its time attribute: under `--strict` a case not
    /// run is a failure, as the exit code says, not a skip that a dashboard shows green.
    static func tail(_ result: CaseResult, file: String, strict: Bool) -> [UInt8] {
        var out = ByteBuffer()
        let location = location(file: file, line: result.line, suite: result.pose)
        switch result.status {
        case .passed where result.pinned != nil:
            // A known unknown: it passes, and says it is pinned and why.
            out.append(">\n      <system-out>pinned \(result.pinned?.rawValue ?? ""): ")
            out.appendXML(result.reason ?? "")
            out.append("</system-out>\n    </testcase>\n")
        case .passed:
            out.append("/>\n")
        case .failed where result.failures.isEmpty && result.pinned != nil:
            let message = "pinned \(result.pinned?.rawValue ?? ""): " + (result.reason ?? "")
            appendIssue(
                "failure", type: "pinned status", message: message, body: message, file: file, line: result.line,
                location: location, to: &out)
        case .failed:
            let names = result.failures.map(\.observable.rawValue).joined(separator: ", ")
            let noun = result.failures.count == 1 ? "expectation" : "expectations"
            let body = result.failures.map(describe) + (result.reason.map { [$0] } ?? [])
            appendIssue(
                "failure", type: "expectation", message: "\(result.failures.count) \(noun) failed: \(names)",
                body: body.joined(separator: "\n"), file: file, line: result.line, location: location, to: &out)
        case .notRun where strict:
            let reason = result.reason ?? ""
            appendIssue(
                "failure", type: "not run (--strict)", message: "not run: " + reason, body: reason, file: file,
                line: result.line, location: location, to: &out)
        case .notRun:
            out.append(">\n      <skipped message=\"not run: ")
            out.appendXML(result.reason ?? "")
            out.append("\"/>\n    </testcase>\n")
        case .error:
            let reason = result.reason ?? ""
            appendIssue(
                "error", type: "step", message: reason, body: reason, file: file, line: result.line, location: location,
                to: &out)
        }
        return out.bytes
    }

    /// `>`, a `<failure>` or `<error>` whose message starts `FILE:LINE: ` and whose body ends with the
    /// location, and the testcase's end.
    private static func appendIssue(
        _ element: String, type: String, message: String, body: String, file: String, line: Int?, location: String,
        to out: inout ByteBuffer
    ) {
        out.append(">\n      <\(element) type=\"")
        out.appendXML(type)
        out.append("\" message=\"")
        if let line {
            out.appendXML(file)
            out.append(":")
            out.append(line)
            out.append(": ")
        }
        out.appendXML(message)
        out.append("\">")
        out.appendXML(body + location)
        out.append("</\(element)>\n    </testcase>\n")
    }

    /// The lines a failure's or an error's body ends with, which put a CI annotation on the matrix
    /// line: `at FILE:LINE`, for reporters that search the body for the suite's `file` followed by
    /// `:LINE` after a space (mikepenz/action-junit-report's `resolveFileAndLine`; it reads no line from
    /// the message), and a stack frame `at folder.sub.P5(name.json:LINE)`, for those that read only
    /// stack frames (dorny/test-reporter's `java-junit` parser, which finds the file when the frame's
    /// names before the first capitalised one, the class, are its folders, as Java packages are: so
    /// the suite is capitalised, and a folder whose name starts with a capital is not found). Empty
    /// without a line.
    static func location(file: String, line: Int?, suite: String) -> String {
        guard let line else { return "" }
        let parts = file.split(separator: "/", omittingEmptySubsequences: true)
        let folders = parts.dropLast().filter { $0 != "." }
        let frame = (folders.map(String.init) + [suite.prefix(1).uppercased() + suite.dropFirst()]).joined(separator: ".")
        return "\nat \(file):\(line)\n    at \(frame)(\(parts.last.map(String.init) ?? file):\(line))"
    }

    /// "scene.size: expected 466x678, actual 678x466 (inference: I: P1 rotated)".
    static func describe(_ failure: CaseResult.Failure) -> String {
        "\(failure.observable.rawValue): expected \(failure.expected), actual \(failure.actual) "
            + "(\(failure.provenance.rawValue): \(failure.source))"
    }

    /// Closes the last suite, writes the exploration's and, when nothing ran, the verdict's, and
    /// fills in every opening tag: whenever the run exits 1, a failure or an error says why.
    mutating func finish(_ tally: Tally) throws {
        if !suites.isEmpty { try file.write(Self.suiteEnd) }
        if !self.invariants.isEmpty { try file.write(explorationSuite(tally.invariants)) }
        let verdict = header.verdict(tally)
        if verdict == .nothingRan { try file.write(nothingRanSuite(verdict.line(tally.overall, invariants: tally.invariants))) }
        try file.write("</testsuites>\n")
        let total = tally.overall
        let invariants = tally.invariants
        let extra = verdict == .nothingRan ? 1 : 0
        let notRunFails = header.strict ? total.notRun + invariants.notRun : 0
        var fills = [
            Self.padded(
                Self.openingTag(
                    header.matrixName, tests: "\(total.total + invariants.total + extra)",
                    failures: "\(total.failed + invariants.broken + notRunFails + extra)",
                    errors: "\(total.errors)", time: Self.time(total.duration)),
                in: opening)
        ]
        for suite in suites {
            let counts = suite.counts
            let profiles = tally.poses.first { $0.pose == suite.pose }?.profiles.joined(separator: ",") ?? ""
            let head = suiteHead(
                pose: suite.pose,
                counts: suiteCounts(counts.total, failed: counts.failed, errors: counts.errors, notRun: counts.notRun),
                time: Self.time(counts.duration), profiles: profiles)
            fills.append(Self.padded(head, in: suite.head))
        }
        try file.fill(fills)
        try file.finishWriting()
    }

    /// A suite's tests, failures, errors and skipped: under `--strict` what was not run is failed, not skipped.
    func suiteCounts(_ total: Int, failed: Int, errors: Int, notRun: Int) -> [String] {
        let (failures, skipped) = header.strict ? (failed + notRun, 0) : (failed, notRun)
        return ["\(total)", "\(failures)", "\(errors)", "\(skipped)"]
    }

    /// The suite written when no case or invariant ran (NOT RUN, exit 1): one failing testcase that
    /// says so, as every case of the run is skipped and a dashboard would otherwise show green.
    private func nothingRanSuite(_ verdict: String) -> String {
        let message = verdict.replacingOccurrences(of: "**", with: "")
        var out = suiteHead(name: "verdict", counts: ["1", "1", "0", "0"], time: "0.000", properties: [])
        out += "    <testcase name=\"nothing ran\" classname=\"" + Escaping.xml(classPrefix + "verdict") + "\" time=\"0.000\">\n"
        out += "      <failure type=\"nothing ran\" message=\"" + Escaping.xml(message) + "\">" + Escaping.xml(message)
        return out + "</failure>\n    </testcase>\n  </testsuite>\n"
    }

    /// The `<testsuites>` tag.
    private static func openingTag(_ name: String, tests: String, failures: String, errors: String, time: String) -> String {
        "<testsuites name=\"" + Escaping.xml(name) + "\" tests=\"\(tests)\" failures=\"\(failures)\" "
            + "errors=\"\(errors)\" time=\"\(time)\">\n"
    }

    /// A pose suite's opening tag and properties; `counts` are tests, failures, errors and skipped.
    private func suiteHead(pose: String, counts: [String], time: String, profiles: String) -> String {
        var properties = [("state", Pose.named(pose)?.state ?? "")]
        if !profiles.isEmpty { properties.append(("profiles", profiles)) }  // a matrix without a profile axis gives none
        return suiteHead(name: pose, counts: counts, time: time, properties: properties)
    }

    /// A suite's opening tag and its properties, the pose suites' and the exploration's;
    /// `counts` are tests, failures, errors and skipped.
    func suiteHead(name: String, counts: [String], time: String, properties: [(String, String)]) -> String {
        // The schema allows `file` on a suite, not on a testcase: the matrix the poses come from.
        var head =
            "  <testsuite name=\"" + Escaping.xml(name) + "\" tests=\"\(counts[0])\" failures=\"\(counts[1])\" "
            + "errors=\"\(counts[2])\" skipped=\"\(counts[3])\" time=\"\(time)\" file=\"" + Escaping.xml(header.matrixPath)
            + "\">\n    <properties>\n"
        for (name, value) in properties {
            head += "      <property name=\"\(name)\" value=\"" + Escaping.xml(value) + "\"/>\n"
        }
        return head + "    </properties>\n"
    }

    private static let suiteEnd = "  </testsuite>\n"

    /// The widest a count up to `limit` is written: all nines, as many as `limit` has digits.
    private static func widest(_ limit: Int) -> String {
        String(repeating: "9", count: String(max(limit, 0)).count)
    }

    /// The longest suite time a reservation makes room for, a day and more; a longer time is
    /// still written whole (``OutputFile/fill(_:)`` then copies the file once).
    private static let longestTime = "99999.999"

    /// `text` with spaces before its last newline to fill `reservation`; a longer text as it is.
    static func padded(_ text: String, in reservation: OutputFile.Reservation) -> (OutputFile.Reservation, [UInt8]) {
        var bytes = Array(text.utf8)
        if bytes.count < reservation.length {
            bytes.insert(
                contentsOf: repeatElement(UInt8(ascii: " "), count: reservation.length - bytes.count), at: bytes.count - 1)
        }
        return (reservation, bytes)
    }

    /// The first lines of every junit.xml duo-pose writes; the comment lets a later run know
    /// the file is its own to replace.
    static let prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Written by duo-pose; every run replaces it. -->\n"

    /// ``time(_:)``'s text, appended without making a String: a case's few microseconds are
    /// `0.000`, written as bytes (a `String` per case took twice as long: 52 ms of a 10^6-case run's CPU).
    static func appendTime(_ seconds: Double, to out: inout ByteBuffer) {
        let scaled = (seconds * 1000).rounded()
        guard scaled >= 0 && scaled < 1000 else { return out.append(time(seconds)) }
        let millis = Int(scaled)
        out.append(literal: "0.")
        out.append(millis / 100)
        out.append(millis / 10 % 10)
        out.append(millis % 10)
    }

    /// Seconds with exactly three decimals, as the schema's SUREFIRE_TIME allows. A time no run
    /// takes (only a results file edited by hand says so: the reader takes any finite duration)
    /// is written whole rather than converted to an integer it does not fit.
    static func time(_ seconds: Double) -> String {
        guard seconds >= 0 && seconds < 9e15 else {
            return String(format: "%.3f", seconds.isFinite ? max(0, seconds) : seconds > 0 ? .greatestFiniteMagnitude : 0)
        }
        let millis = Int64((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

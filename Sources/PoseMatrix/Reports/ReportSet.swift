import Foundation

/// The three reports of one run, fed together from the result stream.
public struct ReportSet {
    /// The file names a run writes into its folder.
    public static let resultsName = "results.jsonl"
    public static let junitName = "junit.xml"
    public static let markdownName = "report.md"
    /// All three, for the folder's lock to clean up after.
    public static let names = [resultsName, junitName, markdownName]

    private var results: ResultsJSONL
    private var junit: JUnitReport
    private var markdown: MarkdownReport
    private var comparison: BaselineComparison?
    private var digest = FailureDigest()
    public private(set) var tally = Tally()

    private let files: [OutputFile]
    /// The matrix file as the header records it, which failures point into.
    private let matrixPath: String
    /// Whether a case not run is a failure (`--strict`), which junit.xml says as the exit code does.
    private let strict: Bool
    private let folder: URL

    /// Opens the three reports under temporary names in `folder`, which must exist; with a
    /// baseline, the reports compare this run with it. A file of the same name that duo-pose
    /// did not write is refused, not replaced, and so is a `.duo-pose-reports` that is not a folder.
    public init(header: RunHeader, folder: URL, baseline: BaselineComparison? = nil) throws {
        comparison = baseline
        matrixPath = header.matrixPath
        strict = header.strict
        self.folder = folder
        let resultsFile = try OutputFile(folder.appendingPathComponent(Self.resultsName), owner: .results)
        let junitFile = try OutputFile(folder.appendingPathComponent(Self.junitName), owner: .junit)
        let markdownFile = try OutputFile(folder.appendingPathComponent(Self.markdownName), owner: .markdown)
        try ReportSwitch.checkUsable(folder: folder.path)
        files = [resultsFile, junitFile, markdownFile]
        results = try ResultsJSONL(header: header, file: resultsFile)
        junit = try JUnitReport(header: header, file: junitFile)
        markdown = MarkdownReport(header: header, file: markdownFile)
    }

    /// The renderer that workers use to turn results into report bytes in parallel.
    public var renderer: CaseRenderer { CaseRenderer(classPrefix: junit.classPrefix, file: matrixPath, strict: strict) }

    /// Renders and writes one case (merge and tests; runs render on the workers).
    public mutating func write(_ result: CaseResult) throws {
        try write(renderer.render([result]))
    }

    /// Writes cases rendered on a worker: only appending and counting happen here.
    public mutating func write(_ rendered: consuming RenderedCases) throws {
        // Each result is moved out and used from a local constant, then freed: reading them in
        // the array, even through its buffer, copied each result for every call it was passed to,
        // retaining and releasing its every field (10 % of a 10^6-case run's CPU, with the workers').
        var cases = rendered.takeResults()
        cases.withUnsafeMutableBufferPointer { $0.reverse() }  // swaps by moving; Array's own swaps copy
        let testcases = rendered.testcases
        var start = 0
        for length in rendered.testcaseLengths {
            guard let result = cases.popLast() else { break }
            tally.add(result)
            comparison?.add(result)
            digest.add(result)
            try markdown.write(result)
            try junit.add(result, at: start, of: testcases)
            start += length
        }
        try junit.write(testcases: testcases)
        try results.write(rendered)
    }

    /// Writes the exploration's invariants, after every case: their own lines in results.jsonl,
    /// the `exploration` suite of junit.xml, the Exploration table of report.md.
    public mutating func write(invariants: [InvariantResult]) throws {
        for invariant in invariants {
            tally.add(invariant)
            comparison?.add(invariant)
        }
        try results.write(invariants: invariants)
        junit.write(invariants: invariants)
        markdown.write(invariants: invariants)
    }

    /// Records, for a shard none of whose cases or invariants ran, whether the rest of the plan runs.
    public mutating func noteRanElsewhere(_ ran: Bool) {
        tally.ranElsewhere = ran
    }

    /// Finishes all three, then puts them in place at one instant (``ReportSwitch``), so that a
    /// run stopped at any moment, even by SIGKILL, leaves either all of the previous reports or
    /// all of the new ones; returns the run's totals.
    public mutating func finish() throws -> Tally {
        try finish(checkpoint: { _ in })
    }

    /// ``finish()``, calling `checkpoint` after each report is finished in the new generation and
    /// at each step of the switch: a test stops the run there by throwing.
    mutating func finish(checkpoint: (ReportSwitch.Step) throws -> Void) throws -> Tally {
        tally.baseline = comparison?.finish()
        tally.digest = digest
        try results.finish(tally)
        try junit.finish(tally)
        try markdown.finish(tally)
        let switcher = ReportSwitch(folder: folder.path, names: files.map(\.url.lastPathComponent))
        let staged = try switcher.makeGeneration()
        do {
            for file in files {
                try file.commit(as: URL(fileURLWithPath: staged).appendingPathComponent(file.url.lastPathComponent))
                try checkpoint(.staged(file.url.lastPathComponent))
            }
        } catch {
            try? FileManager.default.removeItem(atPath: staged)
            rmdir((staged as NSString).deletingLastPathComponent)  // unless a kill left more there
            throw error
        }
        try switcher.publish(staged, checkpoint: checkpoint)
        return tally
    }
}

/// Cases with their report bytes, rendered off the writing thread, a chunk at a time. Only
/// ``CaseRenderer`` makes one, so the offsets agree with the bytes (the writer reads the lines
/// through their buffer, unchecked).
public struct RenderedCases: Sendable {
    public private(set) var results: [CaseResult]
    /// Their `results.jsonl` lines, one after the other, without the references to shared records.
    public private(set) var lines: [UInt8]
    /// Per case: where its line ends in `lines`, and where the references go in it.
    var lineEnds: [Int]
    var referencePoints: [Int]
    /// Per case and ``SharedRecordKind``: the chunk-local id of its record, or -1.
    var references: [Int32]
    /// Per ``SharedRecordKind``: the chunk's records.
    var records: [LocalRecords]
    /// Their `<testcase>` elements, one after the other, and the length of each.
    public private(set) var testcases: [UInt8]
    public private(set) var testcaseLengths: [Int]

    /// The results, left empty here: the caller's array is then the only one, so it can move them out.
    mutating func takeResults() -> [CaseResult] {
        var taken: [CaseResult] = []
        swap(&taken, &results)
        return taken
    }
}

/// Renders cases into report bytes; a value, so workers can share it.
public struct CaseRenderer: Sendable {
    let classPrefix: String
    /// The matrix file as the header records it.
    let file: String
    /// Whether a case not run is a JUnit failure (`--strict`).
    let strict: Bool

    /// The report bytes of a chunk of cases, in order.
    public func render(_ chunk: consuming [CaseResult]) -> RenderedCases {
        var lines = ByteBuffer(capacity: chunk.count * 300)
        var testcases = ByteBuffer(capacity: chunk.count * 400)
        var lengths: [Int] = []
        lengths.reserveCapacity(chunk.count)
        var ends: [Int] = []
        var points: [Int] = []
        var references: [Int32] = []
        var records = SharedRecordKind.allCases.map { _ in LocalRecords() }
        var memo = RenderMemo()
        // Moved out and back into a new array, not read in place: see `ReportSet.write(_:)`.
        var pending = consume chunk
        pending.withUnsafeMutableBufferPointer { $0.reverse() }
        var results: [CaseResult] = []
        results.reserveCapacity(pending.count)
        while let result = pending.popLast() {
            points.append(
                ResultsJSONL.render(result, file: file, into: &lines, records: &records, references: &references, memo: &memo))
            ends.append(lines.count)
            let before = testcases.count
            JUnitReport.render(result, classPrefix: classPrefix, file: file, strict: strict, into: &testcases, memo: &memo)
            lengths.append(testcases.count - before)
            results.append(result)
        }
        return RenderedCases(
            results: results, lines: lines.bytes, lineEnds: ends, referencePoints: points, references: references,
            records: records, testcases: testcases.bytes, testcaseLengths: lengths)
    }
}

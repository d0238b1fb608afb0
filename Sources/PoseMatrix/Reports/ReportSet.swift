import Foundation

/// The reports of one run, fed together from the result stream.
struct ReportSet {
    /// The formats a run writes, in the order they are finished and staged: a new format is a type
    /// conforming to ``RunReport``, in its own file, and one entry here.
    static var formats: [any RunReport.Type] { [ResultsJSONL.self, JUnitReport.self, MarkdownReport.self, HTMLReport.self] }
    /// The file names a run writes into its folder.
    static let resultsName = ResultsJSONL.fileName
    static let junitName = JUnitReport.fileName
    static let markdownName = MarkdownReport.fileName
    static let htmlName = HTMLReport.fileName
    /// Every format's, for the folder's lock to clean up after.
    static let names = formats.map { $0.fileName }

    private var reports: [any RunReport]
    private var comparison: BaselineComparison?
    private var digest = FailureDigest()
    private(set) var tally = Tally()

    private let files: [OutputFile]
    /// The matrix file as the header records it, which failures point into.
    private let matrixPath: String
    /// Whether a case not run is a failure (`--strict`), which junit.xml says as the exit code does.
    private let strict: Bool
    /// `<matrix-slug>.`, the start of every JUnit class name.
    private let classPrefix: String
    private let folder: URL

    /// Opens every format's report under a temporary name in `folder`, which must exist; with a
    /// baseline, the reports compare this run with it. A file of the same name that duo-pose
    /// did not write is refused, not replaced, and so is a `.duo-pose-reports` that is not a folder.
    init(header: RunHeader, folder: URL, baseline: BaselineComparison? = nil) throws {
        comparison = baseline
        matrixPath = header.matrixPath
        strict = header.strict
        classPrefix = header.slug + "."
        self.folder = folder
        let files = try Self.formats.map { try OutputFile(folder.appendingPathComponent($0.fileName), owner: $0.owner) }
        try ReportSwitch.checkUsable(folder: folder.path)
        self.files = files
        reports = try zip(Self.formats, files).map { format, file in try format.init(header: header, file: file) }
    }

    /// The renderer that workers use to turn results into report bytes in parallel.
    var renderer: CaseRenderer { CaseRenderer(classPrefix: classPrefix, file: matrixPath, strict: strict) }

    /// Renders and writes one case (merge and tests; runs render on the workers).
    mutating func write(_ result: CaseResult) throws {
        try write(renderer.render([result]))
    }

    /// Writes cases rendered on a worker: only appending and counting happen here.
    mutating func write(_ rendered: consuming RenderedCases) throws {
        // Each result is moved out and used from a local constant, then freed: reading them in
        // the array, even through its buffer, copied each result for every call it was passed to,
        // retaining and releasing its every field (10 % of a 10^6-case run's CPU, with the workers').
        var cases = rendered.takeResults()
        cases.withUnsafeMutableBufferPointer { $0.reverse() }  // swaps by moving; Array's own swaps copy
        for index in rendered.testcaseLengths.indices {
            guard let result = cases.popLast() else { break }
            tally.add(result)
            comparison?.add(result)
            digest.add(result)
            for report in reports.indices { try reports[report].add(result, at: index, of: rendered) }
        }
        for report in reports.indices { try reports[report].finishChunk(rendered) }
    }

    /// Writes the exploration's invariants, after every case: their own lines in results.jsonl,
    /// the `exploration` suite of junit.xml, the Exploration table of report.md.
    mutating func write(invariants: [InvariantResult]) throws {
        for invariant in invariants {
            tally.add(invariant)
            comparison?.add(invariant)
        }
        for report in reports.indices { try reports[report].write(invariants: invariants) }
    }

    /// Records, for a shard none of whose cases or invariants ran, whether the rest of the plan runs.
    mutating func noteRanElsewhere(_ ran: Bool) {
        tally.ranElsewhere = ran
    }

    /// Finishes every report, then puts them in place at one instant (``ReportSwitch``), so that a
    /// run stopped at any moment, even by SIGKILL, leaves either all of the previous reports or
    /// all of the new ones; returns the run's totals.
    mutating func finish() throws -> Tally {
        try finish(checkpoint: { _ in })
    }

    /// ``finish()``, calling `checkpoint` after each report is finished in the new generation and
    /// at each step of the switch: a test stops the run there by throwing.
    mutating func finish(checkpoint: (ReportSwitch.Step) throws -> Void) throws -> Tally {
        tally.baseline = comparison?.finish()
        tally.digest = digest
        for report in reports.indices { try reports[report].finish(tally) }
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
struct RenderedCases: Sendable {
    private(set) var results: [CaseResult]
    /// Their `results.jsonl` lines, one after the other, without the references to shared records.
    private(set) var lines: [UInt8]
    /// Per case: where its line ends in `lines`, and where the references go in it.
    var lineEnds: [Int]
    var referencePoints: [Int]
    /// Per case and ``SharedRecordKind``: the chunk-local id of its record, or -1.
    var references: [Int32]
    /// Per ``SharedRecordKind``: the chunk's records.
    var records: [LocalRecords]
    /// Their `<testcase>` elements, one after the other, and the length of each.
    private(set) var testcases: [UInt8]
    private(set) var testcaseLengths: [Int]

    /// The results, left empty here: the caller's array is then the only one, so it can move them out.
    mutating func takeResults() -> [CaseResult] {
        var taken: [CaseResult] = []
        swap(&taken, &results)
        return taken
    }
}

/// Renders cases into report bytes; a value, so workers can share it.
struct CaseRenderer: Sendable {
    let classPrefix: String
    /// The matrix file as the header records it.
    let file: String
    /// Whether a case not run is a JUnit failure (`--strict`).
    let strict: Bool

    /// The report bytes of a chunk of cases, in order.
    func render(_ chunk: consuming [CaseResult]) -> RenderedCases {
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

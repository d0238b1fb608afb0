/// One report file of a run, fed from the result stream: ``ReportSet`` opens one of each type in
/// ``ReportSet/formats`` and makes the same calls on each, so a new format is a type conforming to
/// this, in its own file, and one entry in that list.
protocol RunReport {
    /// Its name in the report folder.
    static var fileName: String { get }
    /// Which of duo-pose's files it is, so that a file of another kind is never replaced by it.
    static var owner: OutputFile.Owner { get }

    /// Starts the report in `file`, a temporary file that ``ReportSet`` puts in place at the end.
    init(header: RunHeader, file: OutputFile) throws

    /// Takes one case, in plan order: the `index`th of `chunk`, whose bytes workers rendered.
    mutating func add(_ result: CaseResult, at index: Int, of chunk: RenderedCases) throws

    /// Called after every case of `chunk` was added.
    mutating func finishChunk(_ chunk: RenderedCases) throws

    /// Takes the exploration's invariants, after every case.
    mutating func write(invariants: [InvariantResult]) throws

    /// Writes what is left and finishes the file, from the run's totals.
    mutating func finish(_ tally: Tally) throws
}

extension RunReport {
    /// A report that reads nothing per case (results.jsonl takes whole chunks).
    mutating func add(_ result: CaseResult, at index: Int, of chunk: RenderedCases) throws {}

    /// A report with nothing to do at the end of a chunk.
    mutating func finishChunk(_ chunk: RenderedCases) throws {}
}

extension ResultsJSONL: RunReport {
    static let fileName = "results.jsonl"
    static let owner = OutputFile.Owner(kind: fileName, signature: #"{"type":"header","formatVersion":"#)

    mutating func finishChunk(_ chunk: RenderedCases) throws {
        try write(chunk)
    }
}

extension JUnitReport: RunReport {
    static let fileName = "junit.xml"
    static let owner = OutputFile.Owner(kind: "JUnit report", signature: prolog)

    mutating func add(_ result: CaseResult, at index: Int, of chunk: RenderedCases) throws {
        try add(result, at: chunkStart, of: chunk.testcases)
        chunkStart += chunk.testcaseLengths[index]
    }

    mutating func finishChunk(_ chunk: RenderedCases) throws {
        try write(testcases: chunk.testcases)
        chunkStart = 0
    }
}

extension MarkdownReport: RunReport {
    static let fileName = "report.md"
    static let owner = OutputFile.Owner(kind: fileName, signature: "# duo-pose: ")

    mutating func add(_ result: CaseResult, at index: Int, of chunk: RenderedCases) throws {
        try write(result)
    }
}

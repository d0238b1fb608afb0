import Foundation

/// The three reports of one run, fed together from the result stream.
public struct ReportSet {
    /// The file names a run writes into its folder.
    public static let resultsName = "results.jsonl"
    public static let junitName = "junit.xml"
    public static let markdownName = "report.md"

    private var results: ResultsJSONL
    private var junit: JUnitReport
    private var markdown: MarkdownReport
    private var comparison: BaselineComparison?
    public private(set) var tally = Tally()

    /// Opens the three reports under temporary names in `folder`, which must exist; with a
    /// baseline, the reports compare this run with it.
    public init(header: RunHeader, folder: URL, baseline: BaselineComparison? = nil) throws {
        comparison = baseline
        results = try ResultsJSONL(header: header, file: OutputFile(folder.appendingPathComponent(Self.resultsName)))
        junit = try JUnitReport(header: header, file: OutputFile(folder.appendingPathComponent(Self.junitName)))
        markdown = MarkdownReport(header: header, file: try OutputFile(folder.appendingPathComponent(Self.markdownName)))
    }

    /// The renderer that workers use to turn results into report bytes in parallel.
    public var renderer: CaseRenderer { CaseRenderer(classPrefix: junit.classPrefix) }

    public mutating func write(_ result: CaseResult) throws {
        try write(renderer.render(result))
    }

    /// Writes a case rendered on a worker: only appending and counting happen here.
    public mutating func write(_ rendered: RenderedCase) throws {
        let result = rendered.result
        tally.add(result)
        comparison?.add(result)
        try results.write(line: rendered.line)
        try junit.write(result, testcase: rendered.testcase)
        try markdown.write(result)
    }

    /// Finishes all three and moves them into place; returns the run's totals.
    public mutating func finish() throws -> Tally {
        tally.baseline = comparison?.finish()
        try results.finish(tally)
        try junit.finish(tally)
        try markdown.finish(tally)
        return tally
    }
}

/// A case with its report bytes, rendered off the writing thread.
public struct RenderedCase: Sendable {
    public var result: CaseResult
    /// Its `results.jsonl` line.
    public var line: [UInt8]
    /// Its `<testcase>` element.
    public var testcase: [UInt8]
}

/// Renders cases into report bytes; a value, so workers can share it.
public struct CaseRenderer: Sendable {
    let classPrefix: String

    public func render(_ result: CaseResult) -> RenderedCase {
        var line = ByteBuffer(capacity: 512)
        ResultsJSONL.render(result, into: &line)
        var testcase = ByteBuffer(capacity: 256)
        JUnitReport.render(result, classPrefix: classPrefix, into: &testcase)
        return RenderedCase(result: result, line: line.bytes, testcase: testcase.bytes)
    }
}

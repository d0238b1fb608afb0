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

    public mutating func write(_ result: CaseResult) throws {
        tally.add(result)
        comparison?.add(result)
        try results.write(result)
        try junit.write(result)
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

/// A report that takes the run's results one at a time, in plan order, then the totals.
///
/// Reporters are renderers: they hold no more than a bounded summary, so memory stays
/// flat however many cases run.
public protocol ReportWriter {
    mutating func write(_ result: CaseResult) throws
    /// Writes what comes after the cases and closes the temporary file; ``ReportSet`` puts it in place.
    mutating func finish(_ tally: Tally) throws
}

/// What became of one case.
public struct CaseResult: Sendable, Equatable {
    /// How a case ended (README "The reports"); not run is never passed.
    public enum Status: String, Sendable, CaseIterable, Codable {
        case passed
        case failed
        case notRun
        case error

        /// The status's place in ``allCases``, which orders per-status tables.
        var slot: Int {
            switch self {
            case .passed: 0
            case .failed: 1
            case .notRun: 2
            case .error: 3
            }
        }
    }

    /// An expectation that did not hold, with the value observed and where that value comes from;
    /// both typed, so that `results.jsonl` writes them as JSON values and reports as text.
    struct Failure: Sendable, Equatable {
        var observable: Observable
        var expected: Condition
        var actual: ObservedValue
        var provenance: Provenance
        var source: String
    }

    /// A checked value that rests on inference or an unverified claim.
    struct Assumption: Sendable, Hashable {
        var observable: Observable
        var provenance: Provenance
        var source: String
    }

    /// The case's position in the plan.
    var index: Int
    var id: String
    var pose: String
    var title: String?
    /// Axis values in naming order, as written in reports.
    var values: [AxisEntry]
    public var status: Status
    /// Why the case was not run, or what went wrong for an error.
    var reason: String?
    var failures: [Failure]
    var assumptions: [Assumption]
    /// Seconds the case took; 0 in deterministic runs.
    var duration: Double
    /// Whether ``id`` is made from the pose, title and values as every plan case's is, so that
    /// results.jsonl can leave it out and readers rebuild it (false keeps it in the file).
    var idIsDerived = false
    /// For a case that did not pass (or a pass resting on assumptions), the line of its pose entry in the
    /// matrix file, where CI puts the annotation and sign-off points.
    var line: Int? = nil
    /// The status the matrix pinned the case to (`expectStatus`): with ``status`` passed, the case
    /// came back so (a known unknown, counted as passed, not signed off); otherwise it came back
    /// otherwise, and ``reason`` says what is now known.
    var pinned: PinnedStatus? = nil

    /// Whether the case passed by coming back with the status it was pinned to.
    var passedAsPinned: Bool { status == .passed && pinned != nil }
}

/// One axis value of a case, in report form.
struct AxisEntry: Sendable, Equatable {
    var axis: String
    var value: String
}

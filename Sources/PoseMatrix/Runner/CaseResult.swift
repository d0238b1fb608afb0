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
    public struct Failure: Sendable, Equatable {
        public var observable: Observable
        public var expected: Condition
        public var actual: ObservedValue
        public var provenance: Provenance
        public var source: String
    }

    /// A checked value that rests on inference or an unverified claim.
    public struct Assumption: Sendable, Hashable {
        public var observable: Observable
        public var provenance: Provenance
        public var source: String
    }

    /// The case's position in the plan.
    public var index: Int
    public var id: String
    public var pose: String
    public var title: String?
    /// Axis values in naming order, as written in reports.
    public var values: [AxisEntry]
    public var status: Status
    /// Why the case was not run, or what went wrong for an error.
    public var reason: String?
    public var failures: [Failure]
    public var assumptions: [Assumption]
    /// Seconds the case took; 0 in deterministic runs.
    public var duration: Double
    /// Whether ``id`` is made from the pose, title and values as every plan case's is, so that
    /// results.jsonl can leave it out and readers rebuild it (false keeps it in the file).
    public var idIsDerived = false
    /// For a case that did not pass (or a pass resting on assumptions), the line of its pose entry in the
    /// matrix file, where CI puts the annotation and sign-off points.
    public var line: Int? = nil
    /// The status the matrix pinned the case to (`expectStatus`): with ``status`` passed, the case
    /// came back so (a known unknown, counted as passed, not signed off); otherwise it came back
    /// otherwise, and ``reason`` says what is now known.
    public var pinned: PinnedStatus? = nil

    /// Whether the case passed by coming back with the status it was pinned to.
    public var passedAsPinned: Bool { status == .passed && pinned != nil }
}

/// One axis value of a case, in report form.
public struct AxisEntry: Sendable, Equatable {
    public var axis: String
    public var value: String
}

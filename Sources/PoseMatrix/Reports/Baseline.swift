/// This run against an earlier one (last night's), matched by stable case id.
public struct BaselineDiff: Sendable, Equatable {
    /// Ids listed per class; the rest are counted.
    public static let listedLimit = 50

    /// The cases of one class of change: how many, and the first ids.
    public struct Group: Sendable, Equatable {
        public var count = 0
        /// The first ids, in plan order (removed cases: sorted).
        public var ids: [String] = []

        mutating func add(_ id: String) {
            count += 1
            if ids.count < BaselineDiff.listedLimit { ids.append(id) }
        }
    }

    /// The baseline file, as the user named it.
    public var path: String
    /// Failing now, and passing, not run or absent before, or failing before on other expectations.
    public var newFailures = Group()
    /// Passing now, failing before.
    public var fixed = Group()
    public var stillFailing = Group()
    /// In this run, not in the baseline.
    public var newCases = Group()
    /// In the baseline, not in this run.
    public var removedCases = Group()
    /// Invariants broken now that held, were not run or were absent in the baseline (matched by name).
    public var newlyBroken = Group()
    /// Invariants that hold now and were broken in the baseline.
    public var fixedInvariants = Group()
    public var stillBroken = Group()
    /// Invariants the baseline checked (held or broken) that this run did not: not run, or absent.
    public var invariantsNotRun = Group()
    /// Whether either run has invariants: only then do reports show the four groups above.
    public var hasInvariants = false

    /// What `--fail-on new` fails the run for: new failures and newly broken invariants.
    public var gatingFailures: Int { newFailures.count + newlyBroken.count }

    /// The one sentence of counts the terminal and the job summary print: "3 new failures, 1
    /// fixed, 2 still failing, 0 new cases, 0 removed cases."
    public var counts: String {
        "\(newFailures.count) new failures, \(fixed.count) fixed, \(stillFailing.count) still failing, "
            + "\(newCases.count) new cases, \(removedCases.count) removed cases."
            + (hasInvariants
                ? " Invariants: \(newlyBroken.count) newly broken, \(fixedInvariants.count) fixed, "
                    + "\(stillBroken.count) still broken, \(invariantsNotRun.count) not run."
                : "")
    }
}

/// Classifies a run's results against a baseline as they stream past.
public struct BaselineComparison: Sendable {
    /// Each case's status and, for a failing case, what failed: `error` or its failing observables.
    private var before: [String: (status: CaseResult.Status, failing: String)]
    private var seen: Set<String> = []
    /// Each invariant's status in the baseline, by name, and the names this run reported.
    private var invariantsBefore: [String: InvariantResult.Status]
    private var invariantsSeen: Set<String> = []
    public private(set) var diff: BaselineDiff
    /// The baseline's header: which matrix it ran.
    public let header: RunHeader

    /// Reads the baseline's statuses; the file must be a finished results.jsonl of a whole run
    /// (a shard's cases would all look removed or new).
    public init(path: String) throws(ResultsError) {
        let reader = try ResultsReader(path: path)
        if let shard = reader.header.shard, shard.total > 1 {
            throw ResultsError(
                file: path, line: 1, message: "is shard \(shard) of a run; compare with the merged results of the shards")
        }
        header = reader.header
        var statuses: [String: (status: CaseResult.Status, failing: String)] = [:]
        while let result = try reader.next() { statuses[result.id] = (result.status, Self.failing(result)) }
        before = statuses
        invariantsBefore = Dictionary(reader.invariants.map { ($0.name, $0.status) }, uniquingKeysWith: { $1 })
        diff = BaselineDiff(path: path)
        diff.hasInvariants = !invariantsBefore.isEmpty
    }

    static func isFailing(_ status: CaseResult.Status) -> Bool { status == .failed || status == .error }

    /// What a failed case failed on, so that a case failing on an expectation that held before
    /// counts as a new failure: its failing observables, sorted (an error has none to compare).
    static func failing(_ result: CaseResult) -> String {
        guard result.status == .failed else { return "" }
        return Set(result.failures.map(\.observable.rawValue)).sorted().joined(separator: ",")
    }

    /// Classifies one case of this run.
    public mutating func add(_ result: CaseResult) {
        seen.insert(result.id)
        let failing = Self.isFailing(result.status)
        guard let previous = before[result.id] else {
            diff.newCases.add(result.id)
            if failing { diff.newFailures.add(result.id) }
            return
        }
        switch (Self.isFailing(previous.status), failing) {
        case (false, true): diff.newFailures.add(result.id)
        case (true, true)
        where !Self.failing(result).split(separator: ",").allSatisfy(
            previous.failing.split(separator: ",").contains):
            diff.newFailures.add(result.id)  // it fails on an expectation that held before
        case (true, true): diff.stillFailing.add(result.id)
        case (true, false) where result.status == .passed: diff.fixed.add(result.id)
        default: break
        }
    }

    /// Classifies one invariant of this run against the baseline's of the same name.
    public mutating func add(_ invariant: InvariantResult) {
        invariantsSeen.insert(invariant.name)
        diff.hasInvariants = true
        let previous = invariantsBefore[invariant.name]
        switch (previous, invariant.status) {
        case (.broken, .broken): diff.stillBroken.add(invariant.name)
        case (_, .broken): diff.newlyBroken.add(invariant.name)
        case (.broken, .held): diff.fixedInvariants.add(invariant.name)
        case (.held, .notRun), (.broken, .notRun): diff.invariantsNotRun.add(invariant.name)
        default: break
        }
    }

    /// The comparison, with the cases the run no longer has and the invariants it no longer checks.
    public func finish() -> BaselineDiff {
        var diff = diff
        for id in before.keys.filter({ !seen.contains($0) }).sorted() { diff.removedCases.add(id) }
        for name in invariantsBefore.keys.filter({ !invariantsSeen.contains($0) }).sorted()
        where invariantsBefore[name] != .notRun {
            diff.invariantsNotRun.add(name)
        }
        return diff
    }
}

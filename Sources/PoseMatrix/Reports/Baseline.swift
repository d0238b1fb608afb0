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

    /// The one sentence of counts the terminal and the job summary print: "3 new failures, 1
    /// fixed, 2 still failing, 0 new cases, 0 removed cases."
    public var counts: String {
        "\(newFailures.count) new failures, \(fixed.count) fixed, \(stillFailing.count) still failing, "
            + "\(newCases.count) new cases, \(removedCases.count) removed cases."
    }
}

/// Classifies a run's results against a baseline as they stream past.
public struct BaselineComparison: Sendable {
    /// Each case's status and, for a failing case, what failed: `error` or its failing observables.
    private var before: [String: (status: CaseResult.Status, failing: String)]
    private var seen: Set<String> = []
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
        diff = BaselineDiff(path: path)
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

    /// The comparison, with the cases the run no longer has.
    public func finish() -> BaselineDiff {
        var diff = diff
        for id in before.keys.filter({ !seen.contains($0) }).sorted() { diff.removedCases.add(id) }
        return diff
    }
}

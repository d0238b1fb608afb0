/// This run against an earlier one (last night's), matched by stable case id, and across an axis
/// one run has and the other has not by the value the model takes where a matrix does not name it.
struct BaselineDiff: Sendable, Equatable {
    /// Ids listed per class; the rest are counted.
    static let listedLimit = 50

    /// The cases of one class of change: how many, and the first ids.
    struct Group: Sendable, Equatable {
        var count = 0
        /// The first ids, in plan order (removed cases: sorted).
        var ids: [String] = []

        mutating func add(_ id: String) {
            count += 1
            if ids.count < BaselineDiff.listedLimit { ids.append(id) }
        }
    }

    /// The baseline file, as the user named it.
    var path: String
    /// Failing now, and passing or not run before, or failing before on other expectations: regressions.
    var newFailures = Group()
    /// Failing now, and new to the plan (no case of the baseline matches them).
    var newCaseFailures = Group()
    /// Passing now, failing before.
    var fixed = Group()
    var stillFailing = Group()
    /// In this run, not in the baseline.
    var newCases = Group()
    /// In the baseline, not in this run.
    var removedCases = Group()
    /// Invariants broken now that held, were not run or were absent in the baseline (matched by name).
    var newlyBroken = Group()
    /// Invariants that hold now and were broken in the baseline.
    var fixedInvariants = Group()
    var stillBroken = Group()
    /// Invariants the baseline checked (held or broken) that this run did not: not run, or absent.
    var invariantsNotRun = Group()
    /// Whether either run has invariants: only then do reports show the four groups above.
    var hasInvariants = false
    /// Cases matched across axes one run has and the other has not, and those axes.
    var matchedAcrossAxes = 0
    var acrossAxes: [String] = []
    /// Cases of the baseline outside what this run ran (narrowed by `--pose`, `--where` or a test
    /// filter), not compared (not removed), and what narrowed it.
    var notCompared = 0
    var notComparedBecause: [String] = []

    /// What `--fail-on new` fails the run for: regressions, failing new cases and newly broken invariants.
    var gatingFailures: Int { newFailures.count + newCaseFailures.count + newlyBroken.count }

    /// The one sentence of counts the terminal and the job summary print: "3 new failures, 1
    /// fixed, 2 still failing, 4 new cases (2 failing), 0 removed cases.", with what was matched
    /// across axes or not compared when there was any.
    var counts: String {
        "\(newFailures.count) new failures, \(fixed.count) fixed, \(stillFailing.count) still failing, "
            + "\(newCases.count) new cases (\(newCaseFailures.count) failing), \(removedCases.count) removed cases."
            + (matchedAcrossAxes > 0
                ? " Matched across \(acrossAxes.joined(separator: ", ")) at their defaults: \(counted(matchedAcrossAxes, "case"))."
                : "")
            + (notCompared > 0
                ? " Not compared: \(counted(notCompared, "case")) outside \(notComparedBecause.joined(separator: " and "))." : "")
            + (hasInvariants
                ? " Invariants: \(newlyBroken.count) newly broken, \(fixedInvariants.count) fixed, "
                    + "\(stillBroken.count) still broken, \(invariantsNotRun.count) not run."
                : "")
    }
}

/// Classifies a run's results against a baseline as they stream past.
struct BaselineComparison: Sendable {
    /// Each case's status and, for a failing case, what failed: `error` or its failing observables.
    private var before: [String: (status: CaseResult.Status, failing: String)]
    private var seen: Set<String> = []
    /// Matches a case of this run that has no id in the baseline (made on the first such case).
    private var acrossAxes: AcrossAxes?
    /// Each invariant's status in the baseline, by name, and the names this run reported.
    private var invariantsBefore: [String: InvariantResult.Status]
    private var invariantsSeen: Set<String> = []
    private(set) var diff: BaselineDiff
    /// The baseline's header: which matrix it ran.
    let header: RunHeader
    /// This run's header, once ``prepare(for:)`` took it: its axis defaults and what narrowed it.
    private var current: RunHeader?

    /// Reads the baseline's statuses; the file must be a finished results.jsonl of a whole run
    /// (a shard's cases would all look removed or new).
    init(path: String) throws(ResultsError) {
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

    /// Takes this run's header before any case is compared, refusing a baseline whose statuses do
    /// not compare with this run's: one evaluated with other provenance levels, where the same case
    /// is passed in one and not run in the other.
    mutating func prepare(for run: RunHeader) throws(ResultsError) {
        guard run.trust == header.trust else {
            throw ResultsError(
                file: diff.path, line: 1,
                message: "was run trusting \(header.trust), this run trusts \(run.trust): a case passed in one is not run "
                    + "in the other, so their statuses do not compare; compare with results run with --trust \(run.trust)")
        }
        // A narrowed baseline says nothing of the cases it left out: this run's would all look new.
        if header.scope.isFiltered && !header.scope.narrowsAlike(run.scope) {
            throw ResultsError(
                file: diff.path, line: 1,
                message: "was narrowed (\(header.scope.arguments)) and this run "
                    + (run.scope.isFiltered ? "otherwise (\(run.scope.arguments))" : "was not")
                    + ": the cases it left out would count as new; compare with the results of a whole run")
        }
        current = run
        if run.scope.isFiltered { diff.notComparedBecause.append("this run (\(run.scope.arguments))") }
    }

    static func isFailing(_ status: CaseResult.Status) -> Bool { status == .failed || status == .error }

    /// What a failed case failed on, so that a case failing on an expectation that held before
    /// counts as a new failure: its failing observables, sorted (an error has none to compare).
    static func failing(_ result: CaseResult) -> String {
        guard result.status == .failed else { return "" }
        return Set(result.failures.map(\.observable.rawValue)).sorted().joined(separator: ",")
    }

    /// Classifies one case of this run.
    mutating func add(_ result: CaseResult) {
        let values = Dictionary(result.values.map { ($0.axis, $0.value) }, uniquingKeysWith: { $1 })
        let failing = Self.isFailing(result.status)
        guard let id = before[result.id] != nil ? result.id : matchAcrossAxes(result, values: values),
            let previous = before[id]
        else {
            diff.newCases.add(result.id)
            if failing { diff.newCaseFailures.add(result.id) }
            return
        }
        seen.insert(id)
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

    /// The baseline case this case matches across an axis one of them names and the other does
    /// not (``AcrossAxes``), counted in the diff.
    private mutating func matchAcrossAxes(_ result: CaseResult, values: [String: String]) -> String? {
        if acrossAxes == nil { acrossAxes = AcrossAxes(earlier: header, later: current) }
        let before = self.before
        let seen = self.seen
        let id = acrossAxes?.match(result.id, values: values, earlierIDs: { Array(before.keys) }, taken: { seen.contains($0) })
        diff.matchedAcrossAxes = acrossAxes?.matched ?? 0
        diff.acrossAxes = acrossAxes?.axes ?? []
        return id
    }

    /// Classifies one invariant of this run against the baseline's of the same name.
    mutating func add(_ invariant: InvariantResult) {
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

    /// The comparison, with the cases the run no longer has (those it left out, narrowed, not
    /// compared) and the invariants it no longer checks.
    func finish() -> BaselineDiff {
        var diff = diff
        let scope = current?.scope ?? RunScope()
        for id in before.keys.filter({ !seen.contains($0) }).sorted() {
            let parsed = CaseResult.parseID(id)
            if scope.isFiltered,
                !scope.contains(pose: parsed.pose, values: parsed.values, id: id, defaults: header.axisDefault)
            {
                diff.notCompared += 1
            } else {
                diff.removedCases.add(id)
            }
        }
        for name in invariantsBefore.keys.filter({ !invariantsSeen.contains($0) }).sorted()
        where invariantsBefore[name] != .notRun {
            diff.invariantsNotRun.add(name)
        }
        return diff
    }
}

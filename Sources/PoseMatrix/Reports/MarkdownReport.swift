import Foundation

/// `report.md`: the verdict, a per-pose table, failures with expected vs actual, not-run
/// reasons, the facts passes rest on, and the checklist. Detail is capped so the report
/// fits a GitHub job summary (1 MiB) however many cases run.
struct MarkdownReport {
    /// Failed cases listed in full; the rest are counted, with a pointer to the full files.
    static let listedFailureLimit = 100
    /// Distinct not-run reasons and assumptions listed.
    static let listedReasonLimit = 50

    private struct ReasonRow {
        var count = 0
        var poses: [String] = []
    }

    private let header: RunHeader
    private let file: OutputFile
    private var failureLines: [(pose: String, lines: [String])] = []
    private var listedFailures = 0
    private var reasons: [String: ReasonRow] = [:]
    private var reasonOrder: [String] = []
    /// Cases that passed by coming back with their pinned status, by pin and reason.
    private var pinnedReasons: [String: ReasonRow] = [:]
    private var pinnedOrder: [String] = []
    private var assumptions: [CaseResult.Assumption: ReasonRow] = [:]
    private var assumptionOrder: [CaseResult.Assumption] = []
    /// Passed cases' assumptions and not-run cases' reasons, counted a run of equal neighbours at
    /// a time. Neighbouring cases mostly share them, and comparing with the last case's is cheap
    /// (the strings share storage, so `==` compares pointers) where hashing each case's into the
    /// tables was, for each, a tenth of a 10^6-case run's CPU (the sources and reasons contain `°`,
    /// which Swift normalises to hash).
    private var assumptionRun = EqualRun<[CaseResult.Assumption]>()
    private var reasonRun = EqualRun<String> { $0.hasSameBytes(as: $1) }
    /// The exploration's invariants, with how they fared.
    private var invariants: [InvariantResult] = []
    /// Not-run cases whose reason is past the row limit.
    private var unlistedNotRun = 0
    /// Assumption rows past the limit, counted so the table says how many it leaves out.
    private var unlistedAssumptions: Set<CaseResult.Assumption> = []

    init(header: RunHeader, file: OutputFile) {
        self.header = header
        self.file = file
    }

    /// Takes what the report shows of one case: failures, not-run reasons, assumptions.
    mutating func write(_ result: CaseResult) throws {
        switch result.status {
        case .failed, .error:
            guard listedFailures < Self.listedFailureLimit else { return }
            listedFailures += 1
            var lines = ["- `" + Escaping.markdownCode(result.id, inTable: false) + "`"]
            if result.status == .error { lines.append("  - error: " + Escaping.markdownCell(result.reason ?? "")) }
            for failure in result.failures { lines.append("  - " + failure.markdown(inTable: false)) }
            if let pin = result.pinned, result.status == .failed {
                lines.append("  - expectStatus \(pin.rawValue): " + Escaping.markdownCell(result.reason ?? ""))
            }
            if failureLines.last?.pose == result.pose {
                failureLines[failureLines.count - 1].lines += lines
            } else {
                failureLines.append((result.pose, lines))
            }
        case .notRun:
            if let run = reasonRun.add(result.reason ?? "", pose: result.pose) { count(reasons: run) }
        case .passed where result.pinned != nil:
            let reason = (result.pinned?.rawValue ?? "") + ": " + Self.reasonGroup(result.reason ?? "")
            Self.count(reason, pose: result.pose, in: &pinnedReasons, order: &pinnedOrder)
        case .passed:
            if let run = assumptionRun.add(result.assumptions, pose: result.pose) { count(assumptions: run) }
        }
    }

    /// Counts a run of passed cases with the same assumptions.
    private mutating func count(assumptions run: EqualRun<[CaseResult.Assumption]>.Run) {
        for assumption in run.value {
            if !Self.count(assumption, pose: run.pose, cases: run.cases, in: &assumptions, order: &assumptionOrder) {
                unlistedAssumptions.insert(assumption)
            }
        }
    }

    /// Counts a run of not-run cases with the same reason.
    private mutating func count(reasons run: EqualRun<String>.Run) {
        if !Self.count(Self.reasonGroup(run.value), pose: run.pose, cases: run.cases, in: &reasons, order: &reasonOrder) {
            unlistedNotRun += run.cases
        }
    }

    /// Counts a row by key; returns false when the row limit leaves it out.
    @discardableResult
    private static func count<Key: Hashable>(
        _ key: Key, pose: String, cases: Int = 1, in rows: inout [Key: ReasonRow], order: inout [Key]
    ) -> Bool {
        if rows[key] == nil {
            guard order.count < listedReasonLimit else { return false }
            order.append(key)
            rows[key] = ReasonRow()
        }
        rows[key]!.count += cases
        if rows[key]!.poses.last != pose { rows[key]!.poses.append(pose) }
        return true
    }

    /// Takes the exploration's invariants, for the Exploration table.
    mutating func write(invariants: [InvariantResult]) {
        self.invariants += invariants
    }

    /// Writes the whole report from what was gathered.
    mutating func finish(_ tally: Tally) throws {
        if let run = assumptionRun.finish() { count(assumptions: run) }
        if let run = reasonRun.finish() { count(reasons: run) }
        var out = "# duo-pose: " + Escaping.markdownCell(header.matrixName) + "\n\n"
        out += header.verdict(tally).line(tally.overall, invariants: tally.invariants) + "\n\n"
        out += "Matrix `" + Escaping.markdownCode(header.matrixPath, inTable: false) + "` (SHA-256 `"
        out += Escaping.markdownCode(String(header.matrixSHA256.prefix(SHA256.shownDigits)), inTable: false) + "`), "
        out +=
            "duo-pose " + Escaping.markdownCell(header.toolVersion) + ", " + Escaping.markdownCell(header.generatedAt) + ".\n\n"
        out += "Trusted provenance: " + header.trust.description.replacingOccurrences(of: ",", with: ", ") + ".\n\n"
        out += Self.appScanLines(header.appScan)
        if let observations = header.observations {
            out += "Observed values come from `" + Escaping.markdownCode(observations.path, inTable: false) + "` (SHA-256 "
            out +=
                "`\(observations.sha256.prefix(SHA256.shownDigits))`), recorded on a real simulator or device, not from the model.\n\n"
        }
        if let shard = header.shard {
            out += "Shard \(shard) of a plan of \(header.planCases) cases; `duo-pose merge` combines the shards.\n\n"
        }
        out += "## Poses\n\n| Pose | State | Cases | Passed | Failed | Errors | Not run | Verdict |\n"
        out += "|---|---|---:|---:|---:|---:|---:|---|\n"
        for pose in tally.poses {
            let counts = pose.counts
            out += "| \(pose.pose) | " + Escaping.markdownCell(Pose.named(pose.pose)?.state ?? "") + " | \(counts.total) | "
            out += "\(counts.passed) | \(counts.failed) | \(counts.errors) | \(counts.notRun) | \(Self.verdict(counts)) |\n"
        }
        try file.write(out)
        try file.write(
            tally.digest?.markdown(
                heading: "\n## Failure digest", limit: FailureDigest.reportLimit, rest: "see results.jsonl and junit.xml") ?? "")
        try writeBaseline(tally.baseline)
        try writeExploration()
        try writeFailures(tally)
        try writeReasons()
        try writePinned()
        try writeAssumptions()
        try writeChecklist(tally)
        try file.finishWriting()
    }

    /// A pose's verdict: "passed, 6 not run" where some of its cases did not run; the job summary's too.
    static func verdict(_ counts: Counts) -> String {
        let verdict = counts.verdict
        return verdict == .passed && counts.notRun > 0 ? "passed, \(counts.notRun) not run" : verdict.rawValue
    }

    /// New failures, fixed, still failing, new and removed cases, with the first ids of each.
    private func writeBaseline(_ diff: BaselineDiff?) throws {
        guard let diff else { return }
        var out = "\n## Compared with the baseline\n\nBaseline `" + Escaping.markdownCode(diff.path, inTable: false) + "`.\n\n"
        out += "| Change | Cases |\n|---|---:|\n"
        let groups = [
            ("New failures", diff.newFailures), ("Failing new cases", diff.newCaseFailures), ("Fixed", diff.fixed),
            ("Still failing", diff.stillFailing), ("New cases", diff.newCases), ("Removed cases", diff.removedCases),
        ]
        for (name, group) in groups { out += "| \(name) | \(group.count) |\n" }
        if diff.matchedAcrossAxes > 0 {
            out += "| Matched across \(Escaping.markdownCell(diff.acrossAxes.joined(separator: ", "))) at their defaults | "
            out += "\(diff.matchedAcrossAxes) |\n"
        }
        if diff.notCompared > 0 {
            out += "| Not compared: outside \(Escaping.markdownCell(diff.notComparedBecause.joined(separator: " and "))) | "
            out += "\(diff.notCompared) |\n"
        }
        out += Self.listed(groups)
        if diff.hasInvariants {
            let invariantGroups = [
                ("Newly broken", diff.newlyBroken), ("Fixed", diff.fixedInvariants), ("Still broken", diff.stillBroken),
                ("Not run", diff.invariantsNotRun),
            ]
            out += "\n| Invariants | Count |\n|---|---:|\n"
            for (name, group) in invariantGroups { out += "| \(name) | \(group.count) |\n" }
            out += Self.listed(invariantGroups.map { ("\($0.0) invariants", $0.1) })
        }
        try file.write(out)
    }

    /// The first ids (or names) of each group that has any.
    private static func listed(_ groups: [(String, BaselineDiff.Group)]) -> String {
        var out = ""
        for (name, group) in groups where group.count > 0 {
            out +=
                "\n**\(name)**: "
                + group.ids.map { "`" + Escaping.markdownCode($0, inTable: false) + "`" }.joined(separator: ", ")
            out += group.count > group.ids.count ? ", and \(group.count - group.ids.count) more.\n" : ".\n"
        }
        return out
    }

    /// The invariants, each held, broken or not run, with the path that breaks it or why it could not be checked.
    private func writeExploration() throws {
        guard !invariants.isEmpty else { return }
        var out = "\n## Exploration\n\n| Invariant | Status | Detail |\n|---|---|---|\n"
        for invariant in invariants.prefix(Self.listedReasonLimit) {
            let failures = invariant.failures.map { "; " + $0.markdown(inTable: true) }
            out += "| " + Escaping.markdownCell(invariant.name) + " | " + invariant.status.word + " | "
            out += Escaping.markdownCell(invariant.detail) + failures.joined() + " |\n"
        }
        if invariants.count > Self.listedReasonLimit {
            out += "\n… and \(invariants.count - Self.listedReasonLimit) more invariants: see results.jsonl.\n"
        }
        try file.write(out)
    }

    private func writeFailures(_ tally: Tally) throws {
        let failedCount = tally.overall.failed + tally.overall.errors
        guard failedCount > 0 else { return }
        var out = "\n## Failures\n"
        for group in failureLines {
            out += "\n### \(group.pose)\n\n" + group.lines.joined(separator: "\n") + "\n"
        }
        if failedCount > listedFailures {
            out += "\n… and \(failedCount - listedFailures) more failed cases: see results.jsonl and junit.xml.\n"
        }
        try file.write(out)
    }

    private func writeReasons() throws {
        guard !reasonOrder.isEmpty else { return }
        var out = "\n## Not run\n\nBy what is missing; each case's sources and what held are in results.jsonl.\n\n"
        out += "| Reason | Cases | Poses |\n|---|---:|---|\n"
        for reason in reasonOrder {
            let row = reasons[reason]!
            out += "| " + Escaping.markdownCell(reason) + " | \(row.count) | " + row.poses.joined(separator: ", ") + " |\n"
        }
        if unlistedNotRun > 0 {
            out += "\n… and \(unlistedNotRun) more not-run cases with other reasons: see results.jsonl.\n"
        }
        try file.write(out)
    }

    /// Known unknowns: cases pinned with `expectStatus` that came back so. They pass; a sign-off
    /// counts them as not run.
    private func writePinned() throws {
        guard !pinnedOrder.isEmpty else { return }
        var out = "\n## Pinned\n\nCases that came back with the status their entry pins (`expectStatus`): they pass, "
        out += "and fail when the model learns more; a sign-off counts them as not run.\n\n"
        out += "| Pinned status and reason | Cases | Poses |\n|---|---:|---|\n"
        for reason in pinnedOrder {
            let row = pinnedReasons[reason]!
            out += "| " + Escaping.markdownCell(reason) + " | \(row.count) | " + row.poses.joined(separator: ", ") + " |\n"
        }
        try file.write(out)
    }

    private func writeAssumptions() throws {
        guard !assumptionOrder.isEmpty else { return }
        var out = "\n## Passes resting on inference or unverified facts\n\n"
        out += "| Observable | Provenance | Source | Passed cases | Poses |\n|---|---|---|---:|---|\n"
        // Sorted by observable, provenance and source; an observable is named once, on its first row.
        let keys = assumptionOrder.sorted {
            ($0.observable.rawValue, $0.provenance.rawValue, $0.source) < (
                $1.observable.rawValue, $1.provenance.rawValue, $1.source
            )
        }
        for (position, key) in keys.enumerated() {
            let row = assumptions[key]!
            let repeated = position > 0 && keys[position - 1].observable == key.observable
            out += "|" + (repeated ? "" : " `\(key.observable.rawValue)`") + " | \(key.provenance.rawValue) | "
            out += Escaping.markdownCell(key.source)
            out += " | \(row.count) | " + row.poses.joined(separator: ", ") + " |\n"
        }
        if !unlistedAssumptions.isEmpty {
            out += "\n… and \(unlistedAssumptions.count) more rows (observable, provenance and source) left out: "
            out += "see the assumption records of results.jsonl.\n"
        }
        try file.write(out)
    }

    private func writeChecklist(_ tally: Tally) throws {
        guard !header.checklist.isEmpty else { return }
        var out = "\n## Checklist\n\n| Item | Text | Poses | Status |\n|---|---|---|---|\n"
        for item in header.checklist {
            out += "| " + Escaping.markdownCell(item.id) + " | " + Escaping.markdownCell(item.text) + " | "
            out += Escaping.markdownCell(item.poses.joined(separator: ", ")) + " | " + tally.status(of: item).rawValue + " |\n"
        }
        try file.write(out)
    }
}

/// Equal values of neighbouring cases of one pose, gathered into runs that are counted once each.
struct EqualRun<Value> {
    /// A value, the pose of its cases, and how many cases in a row had it.
    struct Run {
        var value: Value
        var pose: String
        var cases: Int
    }

    private var current: Run?
    /// Whether two values are the same: `==`, or for reasons their bytes (``String/hasSameBytes(as:)``).
    private let same: (Value, Value) -> Bool

    init(same: @escaping (Value, Value) -> Bool) {
        self.same = same
    }

    /// Adds a case's value; returns the run it ends, if it starts another.
    mutating func add(_ value: Value, pose: String) -> Run? {
        if let run = current, run.pose == pose, same(run.value, value) {
            current!.cases += 1
            return nil
        }
        defer { current = Run(value: value, pose: pose, cases: 1) }
        return current
    }

    /// The last run, at the end of the cases.
    mutating func finish() -> Run? {
        defer { current = nil }
        return current
    }
}

extension EqualRun where Value: Equatable {
    init() {
        self.init(same: ==)
    }
}

extension CaseResult.Failure {
    /// "`display`: expected `inner`, actual `outer` (inference: I from M AX-PR)", as report.md and
    /// signoff.md list a failed case's or a broken invariant's failures; `inTable` for a table cell.
    func markdown(inTable: Bool) -> String {
        "`\(observable.rawValue)`: expected `" + Escaping.markdownCode(expected.description, inTable: inTable)
            + "`, actual `" + Escaping.markdownCode(actual.description, inTable: inTable) + "` ("
            + provenance.rawValue + ": " + Escaping.markdownCell(source) + ")"
    }
}

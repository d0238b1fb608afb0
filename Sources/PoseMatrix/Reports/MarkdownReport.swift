/// `report.md`: the verdict, a per-pose table, failures with expected vs actual, not-run
/// reasons, the facts passes rest on, and the checklist. Detail is capped so the report
/// fits a GitHub job summary (1 MiB) however many cases run.
public struct MarkdownReport {
    /// Failed cases listed in full; the rest are counted, with a pointer to the full files.
    public static let listedFailureLimit = 100
    /// Distinct not-run reasons and assumptions listed.
    public static let listedReasonLimit = 50

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
    private var assumptions: [CaseResult.Assumption: ReasonRow] = [:]
    private var assumptionOrder: [CaseResult.Assumption] = []
    /// The last passed case's assumptions and pose, and how many passed cases since then
    /// had the same: they are counted together, when another set comes or at the end.
    private var pendingAssumptions: (assumptions: [CaseResult.Assumption], pose: String, cases: Int)?
    /// The exploration's invariants, with how they fared.
    private var invariants: [InvariantResult] = []
    /// The last not-run case's reason and pose, and how many not-run cases since then had the
    /// same: counted together like ``pendingAssumptions``. Hashing every case's reason (text with
    /// `°` in it, which Swift normalises to hash) was a tenth of a 10^6-case run's CPU.
    private var pendingReason: (reason: String, pose: String, cases: Int)?
    /// Not-run cases whose reason is past the row limit.
    private var unlistedNotRun = 0
    /// Assumption rows past the limit, counted so the table says how many it leaves out.
    private var unlistedAssumptions: Set<CaseResult.Assumption> = []

    public init(header: RunHeader, file: OutputFile) {
        self.header = header
        self.file = file
    }

    /// Takes what the report shows of one case: failures, not-run reasons, assumptions.
    public mutating func write(_ result: CaseResult) throws {
        switch result.status {
        case .failed, .error:
            guard listedFailures < Self.listedFailureLimit else { return }
            listedFailures += 1
            var lines = ["- `" + Escaping.markdownCode(result.id, inTable: false) + "`"]
            if result.status == .error { lines.append("  - error: " + Escaping.markdownCell(result.reason ?? "")) }
            for failure in result.failures {
                lines.append(
                    "  - `\(failure.observable.rawValue)`: expected `"
                        + Escaping.markdownCode(failure.expected.description, inTable: false)
                        + "`, actual `" + Escaping.markdownCode(failure.actual.description, inTable: false) + "` ("
                        + failure.provenance.rawValue + ": "
                        + Escaping.markdownCell(failure.source) + ")")
            }
            if failureLines.last?.pose == result.pose {
                failureLines[failureLines.count - 1].lines += lines
            } else {
                failureLines.append((result.pose, lines))
            }
        case .notRun:
            countReason(result.reason ?? "", pose: result.pose)
        case .passed:
            countAssumptions(result.assumptions, pose: result.pose)
        }
    }

    /// Counts a passed case's assumptions. Neighbouring cases mostly rest on the same ones, and
    /// comparing them with the last case's is cheap (the strings share storage, so `==` compares
    /// pointers) where hashing each into the dictionary was a tenth of a 10^6-case run's CPU (450 ms;
    /// now 20 ms): a run of equal sets is counted once, with its length.
    private mutating func countAssumptions(_ list: [CaseResult.Assumption], pose: String) {
        if let pending = pendingAssumptions, pending.pose == pose, pending.assumptions == list {
            pendingAssumptions!.cases += 1
            return
        }
        flushAssumptions()
        pendingAssumptions = list.isEmpty ? nil : (list, pose, 1)
    }

    private mutating func flushAssumptions() {
        guard let pending = pendingAssumptions else { return }
        pendingAssumptions = nil
        for assumption in pending.assumptions {
            if !Self.count(assumption, pose: pending.pose, cases: pending.cases, in: &assumptions, order: &assumptionOrder) {
                unlistedAssumptions.insert(assumption)
            }
        }
    }

    /// Counts a not-run case's reason, a run of equal neighbours at a time.
    private mutating func countReason(_ reason: String, pose: String) {
        if let pending = pendingReason, pending.pose == pose, pending.reason == reason {
            pendingReason!.cases += 1
            return
        }
        flushReason()
        pendingReason = (reason, pose, 1)
    }

    private mutating func flushReason() {
        guard let pending = pendingReason else { return }
        pendingReason = nil
        if !Self.count(pending.reason, pose: pending.pose, cases: pending.cases, in: &reasons, order: &reasonOrder) {
            unlistedNotRun += pending.cases
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
    public mutating func write(invariants: [InvariantResult]) {
        self.invariants += invariants
    }

    /// Writes the whole report from what was gathered.
    public mutating func finish(_ tally: Tally) throws {
        flushAssumptions()
        flushReason()
        var out = "# duo-pose: " + Escaping.markdownCell(header.matrixName) + "\n\n"
        out += header.verdict(tally).line(tally.overall, invariants: tally.invariants) + "\n\n"
        out += "Matrix `" + Escaping.markdownCode(header.matrixPath, inTable: false) + "` (SHA-256 `"
        out += Escaping.markdownCode(String(header.matrixSHA256.prefix(SHA256.shownDigits)), inTable: false) + "`), "
        out +=
            "duo-pose " + Escaping.markdownCell(header.toolVersion) + ", " + Escaping.markdownCell(header.generatedAt) + ".\n\n"
        out += "Trusted provenance: " + header.trust.description.replacingOccurrences(of: ",", with: ", ") + ".\n\n"
        if let observations = header.observations {
            out += "Observed values come from `" + Escaping.markdownCode(observations.path, inTable: false) + "` (SHA-256 "
            out +=
                "`\(observations.sha256.prefix(SHA256.shownDigits))`), recorded on a real simulator or device, not from the model.\n\n"
        }
        if let shard = header.shard {
            out += "Shard \(shard) of a plan of \(header.planCases) cases; `duo-pose merge` combines the shards.\n\n"
        }
        out += "## Poses\n\n| Pose | State | Cases | Passed | Failed | Not run | Verdict |\n"
        out += "|---|---|---:|---:|---:|---:|---|\n"
        for pose in tally.poses {
            let counts = pose.counts
            out += "| \(pose.pose) | " + Escaping.markdownCell(Pose.named(pose.pose)?.state ?? "") + " | \(counts.total) | "
            out += "\(counts.passed) | \(counts.failed + counts.errors) | \(counts.notRun) | \(Self.verdict(counts)) |\n"
        }
        try file.write(out)
        try file.write(
            tally.digest?.markdown(
                heading: "\n## Failure digest", limit: FailureDigest.reportLimit, rest: "see results.jsonl and junit.xml") ?? "")
        try writeBaseline(tally.baseline)
        try writeExploration()
        try writeFailures(tally)
        try writeReasons()
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
            ("New failures", diff.newFailures), ("Fixed", diff.fixed), ("Still failing", diff.stillFailing),
            ("New cases", diff.newCases), ("Removed cases", diff.removedCases),
        ]
        for (name, group) in groups { out += "| \(name) | \(group.count) |\n" }
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
            let failures = invariant.failures.map {
                "; `\($0.observable.rawValue)`: expected `" + Escaping.markdownCode($0.expected.description, inTable: true)
                    + "`, actual `" + Escaping.markdownCode($0.actual.description, inTable: true) + "` ("
                    + $0.provenance.rawValue + ": " + Escaping.markdownCell($0.source) + ")"
            }
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
        var out = "\n## Not run\n\n| Reason | Cases | Poses |\n|---|---:|---|\n"
        for reason in reasonOrder {
            let row = reasons[reason]!
            out += "| " + Escaping.markdownCell(reason) + " | \(row.count) | " + row.poses.joined(separator: ", ") + " |\n"
        }
        if unlistedNotRun > 0 {
            out += "\n… and \(unlistedNotRun) more not-run cases with other reasons: see results.jsonl.\n"
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

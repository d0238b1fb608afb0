/// The exploration's invariants in a sign-off: each a row after the checklist items, with the id
/// `invariant:NAME`, that blocks the release as an item does. Held passes, broken fails, and one not
/// run is not run; any of the last two may be waived with a reason.
extension SignOff {
    /// What an invariant's id starts with, so that `--waive` can name it beside the checklist items.
    static let invariantPrefix = ChecklistItem.reservedPrefix

    /// One invariant with its status and, when waived, the reason.
    struct InvariantRow: Sendable {
        var result: InvariantResult
        var status: Status
        /// What the exploration gave, when the invariant was waived.
        var underlying: String?
        var waiver: String?
        /// Why sign-off cannot take a held invariant as passed: the run trusted levels sign-off does not.
        var untrusted: String?

        /// What the Rests on column says: the levels of a held invariant (`apple, inference`), "not
        /// recorded" for results that do not say, "—" for one broken or not run.
        var restsText: String {
            guard result.status == .held else { return "—" }
            return result.rests.map { $0.levels.map(\.rawValue).joined(separator: ", ") } ?? "not recorded"
        }

        /// `invariant:NAME`, as `--waive` names it.
        var id: String { SignOff.invariantPrefix + result.name }

        /// A held invariant passes unless sign-off distrusts it (``SignoffEvidence/distrust(held:runTrust:)``).
        init(_ result: InvariantResult, waivers: [String: String], runTrust: Trust, evidence: SignoffEvidence) {
            self.result = result
            switch result.status {
            case .held: status = .passed
            case .broken: status = .failed
            case .notRun: status = .notRun
            }
            if let reason = evidence.distrust(held: result, runTrust: runTrust) {
                status = .notRun
                untrusted = reason
            }
            if status != .passed, let reason = waivers[id] {
                (underlying, waiver, status) = (status.rawValue, reason, .waived)
            }
        }
    }

    /// "; 1 passed, 0 waived, 1 failed, 1 not run of 3 invariants" after the items' counts, or nothing without invariants.
    func invariantCounts() -> String {
        guard !invariants.isEmpty else { return "" }
        let counts = Dictionary(grouping: invariants, by: \.status).mapValues(\.count)
        return "; \(counts[.passed] ?? 0) passed, \(counts[.waived] ?? 0) waived, \(counts[.failed] ?? 0) failed, "
            + "\(counts[.notRun] ?? 0) not run of " + counted(invariants.count, "invariant")
    }

    /// The Invariants table after the items' table, or nothing without invariants: what the
    /// exploration found (the shortest breaking path and what failed, or why it was not run).
    func invariantTable() -> String {
        guard !invariants.isEmpty else { return "" }
        var out = "\n| Invariant | Status | Rests on | Detail | Note |\n|---|---|---|---|---|\n"
        for row in invariants {
            let failures = row.result.failures.map { "; " + $0.markdown(inTable: true) }
            let note = row.waiver.map { "waived (\(row.underlying ?? "")): " + Escaping.markdownCell($0) } ?? ""
            out += "| " + Escaping.markdownCell(row.id) + " | " + row.status.rawValue + " | " + row.restsText + " | "
            let detail = row.result.detail + (row.untrusted.map { "; not taken: " + $0 } ?? "")
            out += Escaping.markdownCell(detail) + failures.joined() + " | " + note + " |\n"
        }
        return out
    }
}

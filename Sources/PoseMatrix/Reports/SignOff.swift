import Foundation

/// Checklist sign-off before a release: each item passes only when all its poses ran and
/// passed, or is waived with a reason; "not run" is never "passed". The exploration's invariants
/// follow the items and block as they do.
struct SignOff: Sendable {
    /// How a checklist item stands.
    enum Status: String, Sendable {
        case passed
        case failed
        case notRun = "not run"
        /// Of a partial run (`--allow-partial`): every case of the item in the results passed, but
        /// not every case of the item in the matrix is there. Never passed.
        case partial
        case waived

        init(_ verdict: Verdict) {
            switch verdict {
            case .passed: self = .passed
            case .failed: self = .failed
            case .notRun: self = .notRun
            }
        }
    }

    /// One checklist item with its status and, when waived, the reason.
    struct Item: Sendable {
        var item: ChecklistItem
        var status: Status
        /// What the poses gave, when the item was waived.
        var underlying: String?
        var waiver: String?
        /// For a partial item: how many of its cases ran, of how many the matrix plans.
        var ran: (cases: Int, of: Int)?

        /// `passed`, `not run`, `partial (8 of 24 cases ran)`.
        var statusText: String {
            guard status == .partial, let ran else { return status.rawValue }
            return "partial (\(ran.cases) of \(ran.of) cases ran)"
        }
    }

    var items: [Item]
    /// The exploration's invariants, in the results' order: none when the run explored nothing.
    var invariants: [InvariantRow]
    var signedBy: String
    var signedAt: String
    /// The version of duo-pose signing off.
    var toolVersion: String
    var header: RunHeader
    var resultsPath: String
    var resultsSHA256: String
    /// Cases in the results, for the coverage line.
    var cases: Int
    /// What sign-off trusted and what each item's passes rest on.
    var evidence = SignoffEvidence(trust: .everything)

    /// Why items did not pass, for the section after the tables.
    var blockers = BlockingCases()

    /// Whether the release may go: every item and every invariant passed or waived.
    var isSignedOff: Bool {
        items.allSatisfy { $0.status == .passed || $0.status == .waived }
            && invariants.allSatisfy { $0.status == .passed || $0.status == .waived }
    }

    /// Whether all that keeps it from going is items of a partial run that passed as far as they ran.
    var isPartial: Bool {
        items.contains { $0.status == .partial }
            && items.allSatisfy { [.passed, .waived, .partial].contains($0.status) }
            && invariants.allSatisfy { $0.status == .passed || $0.status == .waived }
    }

    /// The items and invariants that keep the release from going, as the terminal names them.
    var blocking: [String] {
        items.filter { ![.passed, .waived].contains($0.status) }.map { "\($0.item.id) (\($0.statusText))" }
            + invariants.filter { ![.passed, .waived].contains($0.status) }.map { "\($0.id) (\($0.status.rawValue))" }
    }

    init(
        header: RunHeader, tally: Tally, invariants: [InvariantResult] = [], waivers: [String: String], signedBy: String,
        signedAt: String, toolVersion: String, resultsPath: String, resultsSHA256: String,
        evidence: SignoffEvidence = SignoffEvidence(trust: .everything)
    ) {
        items = header.checklist.map { Self.item($0, header: header, tally: tally, waivers: waivers) }
        self.invariants = invariants.map { InvariantRow($0, waivers: waivers, runTrust: header.trust, evidence: evidence) }
        self.evidence = evidence
        self.signedBy = signedBy
        self.signedAt = signedAt
        self.toolVersion = toolVersion
        self.header = header
        self.resultsPath = resultsPath
        self.resultsSHA256 = resultsSHA256
        cases = tally.overall.total
    }

    /// A checklist item's row: its status from the tally; of a partial run, partial when its cases
    /// there all passed but the matrix plans more of them; waived when it did not pass and a waiver names it.
    private static func item(_ item: ChecklistItem, header: RunHeader, tally: Tally, waivers: [String: String]) -> Item {
        var entry = Item(item: item, status: Status(tally.status(of: item)))
        var present = Counts()
        for pose in item.poses { present.add(tally.counts(for: pose) ?? Counts()) }
        if present.failed + present.errors + present.notRun == 0, present.total > 0,
            let planned = header.scope.matrixCases(on: item.poses), present.total < planned
        {
            entry.status = .partial
            entry.ran = (present.total, planned)
        }
        if entry.status != .passed, let reason = waivers[item.id] {
            (entry.underlying, entry.waiver, entry.status) = (entry.statusText, reason, .waived)
        }
        return entry
    }

    /// `signoff.md`.
    func markdown() -> String {
        var out = "# Release sign-off: " + Escaping.markdownCell(header.matrixName) + "\n\n"
        out += isSignedOff ? "**SIGNED OFF**: " : isPartial ? "**PARTIAL** (not signed off): " : "**NOT SIGNED OFF**: "
        out += itemCounts() + invariantCounts() + ".\n\n"
        out += "Coverage: " + header.coverage(cases: cases)
        if header.scope.isFiltered {
            out +=
                " (`" + Escaping.markdownCell(header.scope.arguments) + "`); partial results, signed off with `--allow-partial`"
        }
        out += ".\n\n"
        out += "Trusted for sign-off: " + evidence.trust.description.replacingOccurrences(of: ",", with: ", ")
        out += "; the run evaluated " + header.trust.description.replacingOccurrences(of: ",", with: ", ") + ".\n\n"
        out += "| Item | Text | Poses | Status | Weakest provenance of its passes | Note |\n|---|---|---|---|---|---|\n"
        for entry in items {
            let note = entry.waiver.map { "waived (\(entry.underlying ?? "")): " + Escaping.markdownCell($0) } ?? ""
            out += "| " + Escaping.markdownCell(entry.item.id) + " | " + Escaping.markdownCell(entry.item.text) + " | "
            out += Escaping.markdownCell(entry.item.poses.joined(separator: ", ")) + " | " + entry.statusText + " | "
            out += evidence.weakest(of: entry.item) + " | " + note
            out += " |\n"
        }
        out += invariantTable()
        out += blockedSection()
        // Only a document that signs off is signed; one that does not was reviewed.
        out += "\n" + (isSignedOff ? "Signed by " : "Reviewed by ") + Escaping.markdownCell(signedBy) + " at \(signedAt).\n\n"
        out +=
            "- duo-pose " + Escaping.markdownCell(toolVersion) + "; results written by duo-pose "
            + Escaping.markdownCell(header.toolVersion) + "\n"
        out += "- Matrix `" + Escaping.markdownCode(header.matrixPath, inTable: false) + "`, SHA-256 `"
        out += Escaping.markdownCode(header.matrixSHA256, inTable: false) + "`\n"
        out += "- Results `" + Escaping.markdownCode(resultsPath, inTable: false) + "`, SHA-256 `\(resultsSHA256)`\n"
        return out
    }

    /// "1 passed, 0 waived, 0 failed, 2 not run of 3 checklist items", with the partial ones when there are any.
    func itemCounts() -> String {
        let counts = Dictionary(grouping: items, by: \.status).mapValues(\.count)
        let partial = counts[.partial].map { ", \($0) partial" } ?? ""
        return "\(counts[.passed] ?? 0) passed, \(counts[.waived] ?? 0) waived, \(counts[.failed] ?? 0) failed, "
            + "\(counts[.notRun] ?? 0) not run\(partial) of " + counted(items.count, "checklist item")
    }

    /// For each item that blocks the release, why: its cases that failed, erred or were not run
    /// (``BlockingCases``), or, for a partial one, how many of its cases ran.
    private func blockedSection() -> String {
        let blocked = items.filter { ![.passed, .waived].contains($0.status) }
        guard !blocked.isEmpty else { return "" }
        var out = "\n## Why items are blocked\n"
        for entry in blocked {
            out += "\n### " + Escaping.markdownCell(entry.item.id) + " (" + entry.statusText + ")\n\n"
            if let ran = entry.ran {
                out += "\(ran.cases) of its \(ran.of) cases in the matrix ran (`"
                out += Escaping.markdownCode(header.scope.arguments, inTable: false) + "`), and all of them passed.\n"
            } else {
                out += blockers.markdown(for: entry.item, file: header.matrixPath)
            }
        }
        return out
    }
}

/// Checklist sign-off before a release: each item passes only when all its poses ran and
/// passed, or is waived with a reason; "not run" is never "passed". The exploration's invariants
/// follow the items and block as they do.
public struct SignOff: Sendable {
    /// How a checklist item stands.
    public enum Status: String, Sendable {
        case passed
        case failed
        case notRun = "not run"
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
    public struct Item: Sendable {
        public var item: ChecklistItem
        public var status: Status
        /// What the poses gave, when the item was waived.
        public var underlying: String?
        public var waiver: String?
    }

    public var items: [Item]
    /// The exploration's invariants, in the results' order: none when the run explored nothing.
    public var invariants: [InvariantRow]
    public var signedBy: String
    public var signedAt: String
    /// The version of duo-pose signing off.
    public var toolVersion: String
    public var header: RunHeader
    public var resultsPath: String
    public var resultsSHA256: String
    /// Cases in the results, for the coverage line.
    public var cases: Int
    /// What sign-off trusted and what each item's passes rest on.
    public var evidence = SignoffEvidence(trust: .everything)

    /// Whether the release may go: every item and every invariant passed or waived.
    public var isSignedOff: Bool {
        items.allSatisfy { $0.status == .passed || $0.status == .waived }
            && invariants.allSatisfy { $0.status == .passed || $0.status == .waived }
    }

    public init(
        header: RunHeader, tally: Tally, invariants: [InvariantResult] = [], waivers: [String: String], signedBy: String,
        signedAt: String, toolVersion: String, resultsPath: String, resultsSHA256: String,
        evidence: SignoffEvidence = SignoffEvidence(trust: .everything)
    ) {
        items = header.checklist.map { item in
            let status = Status(tally.status(of: item))
            if status != .passed, let reason = waivers[item.id] {
                return Item(item: item, status: .waived, underlying: status.rawValue, waiver: reason)
            }
            return Item(item: item, status: status)
        }
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

    /// `signoff.md`.
    public func markdown() -> String {
        let counts = Dictionary(grouping: items, by: \.status).mapValues(\.count)
        var out = "# Release sign-off: " + Escaping.markdownCell(header.matrixName) + "\n\n"
        out += isSignedOff ? "**SIGNED OFF**: " : "**NOT SIGNED OFF**: "
        out += "\(counts[.passed] ?? 0) passed, \(counts[.waived] ?? 0) waived, \(counts[.failed] ?? 0) failed, "
        out += "\(counts[.notRun] ?? 0) not run of \(items.count) checklist items" + invariantCounts() + ".\n\n"
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
            out += Escaping.markdownCell(entry.item.poses.joined(separator: ", ")) + " | " + entry.status.rawValue + " | "
            out += evidence.weakest(of: entry.item) + " | " + note
            out += " |\n"
        }
        out += invariantTable()
        out += "\nSigned by " + Escaping.markdownCell(signedBy) + " at \(signedAt).\n\n"
        out +=
            "- duo-pose " + Escaping.markdownCell(toolVersion) + "; results written by duo-pose "
            + Escaping.markdownCell(header.toolVersion) + "\n"
        out += "- Matrix `" + Escaping.markdownCode(header.matrixPath, inTable: false) + "`, SHA-256 `"
        out += Escaping.markdownCode(header.matrixSHA256, inTable: false) + "`\n"
        out += "- Results `" + Escaping.markdownCode(resultsPath, inTable: false) + "`, SHA-256 `\(resultsSHA256)`\n"
        return out
    }
}

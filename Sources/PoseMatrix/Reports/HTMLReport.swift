import Foundation

/// `report.html`: report.md's verdict and content for a browser, with a picture of each pose (its
/// first case in the plan) and expected-against-actual drawings for the digest's geometric groups.
/// One self-contained file, bounded as report.md is (the digest and capped lists), and made only
/// from what results.jsonl records, so that `merge` writes the same bytes as an unsharded run.
struct HTMLReport {
    /// Failed cases listed in full, as report.md lists them.
    static let listedFailureLimit = MarkdownReport.listedFailureLimit
    /// Distinct not-run reasons listed.
    static let listedReasonLimit = MarkdownReport.listedReasonLimit

    /// A not-run reason's row: cases and poses.
    struct ReasonRow {
        var reason: String
        var count = 0
        var poses: [String] = []
    }

    let header: RunHeader
    private let file: OutputFile
    /// Each pose's picture, in the order the poses first appear, and the poses drawn.
    private(set) var pictures: [String] = []
    private var pictured: Set<String> = []
    private var lastPose = ""
    /// The first failed or errored cases, as report.md lists them.
    private(set) var failures: [CaseResult] = []
    private(set) var reasons: [ReasonRow] = []
    private var reasonIndex: [String: Int] = [:]
    private var reasonRun = EqualRun<String> { $0.hasSameBytes(as: $1) }
    private(set) var unlistedNotRun = 0
    /// Cases that passed by coming back with their pinned status (`expectStatus`), by pin and reason.
    private(set) var pinned: [ReasonRow] = []
    private(set) var invariants: [InvariantResult] = []

    init(header: RunHeader, file: OutputFile) {
        self.header = header
        self.file = file
    }

    /// Takes what the page shows of one case: the first of its pose is drawn.
    mutating func write(_ result: CaseResult) {
        if result.pose != lastPose {
            lastPose = result.pose
            if pictured.insert(result.pose).inserted { pictures.append(picture(of: result)) }
        }
        switch result.status {
        case .failed, .error:
            if failures.count < Self.listedFailureLimit { failures.append(result) }
        case .notRun:
            if let run = reasonRun.add(result.reason ?? "", pose: result.pose) { count(run) }
        case .passed where result.pinned != nil:
            let key = (result.pinned?.rawValue ?? "") + ": " + MarkdownReport.reasonGroup(result.reason ?? "")
            if let index = pinned.firstIndex(where: { $0.reason == key }) {
                pinned[index].count += 1
                if pinned[index].poses.last != result.pose { pinned[index].poses.append(result.pose) }
            } else if pinned.count < Self.listedReasonLimit {
                pinned.append(ReasonRow(reason: key, count: 1, poses: [result.pose]))
            }
        case .passed:
            break
        }
    }

    /// Counts a run of not-run cases with the same reason, grouped as report.md groups them.
    private mutating func count(_ run: EqualRun<String>.Run) {
        let key = MarkdownReport.reasonGroup(run.value)
        guard let index = reasonIndex[key] ?? newReason(key) else {
            unlistedNotRun += run.cases
            return
        }
        reasons[index].count += run.cases
        if reasons[index].poses.last != run.pose { reasons[index].poses.append(run.pose) }
    }

    private mutating func newReason(_ key: String) -> Int? {
        guard reasons.count < Self.listedReasonLimit else { return nil }
        reasons.append(ReasonRow(reason: key))
        reasonIndex[key] = reasons.count - 1
        return reasons.count - 1
    }

    /// A case's scene after its pose's steps with its axis values, for the app the header records,
    /// as a figure: the pose's own steps from the catalogue (results.jsonl does not record a
    /// matrix entry's own steps; `show --matrix FILE --svg` draws any case with them).
    func picture(of result: CaseResult) -> String {
        HTMLPage.poseFigure(
            result.pose, values: result.values, app: header.app,
            caption: HTMLPage.text(result.pose) + ", its first case in the plan: " + HTMLPage.code(result.id)
                + " (the pose's steps with the case's axis values, for the app the run evaluated).")
    }

    /// Takes the exploration's invariants, for the Exploration table.
    mutating func write(invariants: [InvariantResult]) {
        self.invariants += invariants
    }

    /// Writes the whole page from what was gathered.
    mutating func finish(_ tally: Tally) throws {
        if let run = reasonRun.finish() { count(run) }
        var body = "<h1>duo-pose: " + HTMLPage.text(header.matrixName) + "</h1>\n"
        let verdict = header.verdict(tally)
        let line = verdict.line(tally.overall, invariants: tally.invariants).replacingOccurrences(of: "**", with: "")
        body += "<p class=\"verdict \(verdict.isSuccess ? "passed" : "failed")\" id=\"verdict\">" + HTMLPage.text(line) + "</p>\n"
        body += headerParagraphs()
        body += posesSection(tally)
        body += digestSection(tally.digest)
        body += baselineSection(tally.baseline)
        body += explorationSection()
        body += failuresSection(tally)
        body += reasonsSection()
        body += pinnedSection()
        body += checklistSection(tally)
        body += "<p class=\"muted\">Passes resting on inference or unverified facts are listed in report.md; "
        body += "every case's record is in results.jsonl.</p>\n"
        try file.write(HTMLPage.document(signature: Self.signature, title: "duo-pose: " + header.matrixName, body: body))
        try file.finishWriting()
    }

    /// The start of every report.html, by which duo-pose knows one it may replace.
    static let signature = "<!DOCTYPE html>\n<!-- duo-pose report -->"
}

extension HTMLReport: RunReport {
    static let fileName = "report.html"
    static let owner = OutputFile.Owner(kind: fileName, signature: signature)

    mutating func add(_ result: CaseResult, at index: Int, of chunk: RenderedCases) throws {
        write(result)
    }
}

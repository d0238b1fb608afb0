/// Why a checklist item is blocked: the cases of its poses that failed, erred or were not run,
/// the first few with their reasons and matrix lines, and how many there are, gathered as the
/// results stream past (a few cases a pose, whatever the run's size).
struct BlockingCases: Sendable {
    /// How many cases an item lists before it counts the rest.
    static let shown = 3

    /// A case that did not pass, as signoff.md lists it.
    struct Example: Sendable {
        var index: Int
        var id: String
        var status: CaseResult.Status
        /// The reason, or the failures, as Markdown.
        var why: String
        var line: Int?
    }

    /// Per pose: its first cases that did not pass, and how many failed, erred and were not run.
    private var examples: [String: [Example]] = [:]
    private var counts: [String: Counts] = [:]

    init() {}

    /// Takes a case as sign-off counts it (``SignoffEvidence/admit(_:)``).
    mutating func add(_ result: CaseResult) {
        guard result.status != .passed else { return }
        counts[result.pose, default: Counts()].add(result)
        guard examples[result.pose, default: []].count < Self.shown else { return }
        // A failed case names its failures; a pinned one that came back otherwise, what changed.
        let why =
            result.status == .failed && !result.failures.isEmpty
            ? result.failures.map { $0.markdown(inTable: false) }.joined(separator: "; ")
            : (result.status == .failed ? result.pinned.map { "expectStatus \($0.rawValue): " } ?? "" : "")
                + Escaping.markdownCell(result.reason ?? "")
        examples[result.pose, default: []].append(
            Example(index: result.index, id: result.id, status: result.status, why: why, line: result.line))
    }

    /// The lines signoff.md writes under an item that did not pass: its counts, then its first cases
    /// (by plan index, over its poses) with why and `FILE:LINE`, then how many more.
    func markdown(for item: ChecklistItem, file: String) -> String {
        var total = Counts()
        for pose in item.poses { total.add(counts[pose] ?? Counts()) }
        let blocking = total.failed + total.errors + total.notRun
        guard blocking > 0 else { return "" }
        var out =
            "\(total.failed) failed, \(counted(total.errors, "error")), \(total.notRun) not run on "
            + item.poses.joined(separator: ", ") + ":\n\n"
        let listed = item.poses.flatMap { examples[$0] ?? [] }.sorted { $0.index < $1.index }.prefix(Self.shown)
        for example in listed {
            let word = example.status == .notRun ? Verdict.notRun.rawValue : example.status.rawValue
            out += "- `" + Escaping.markdownCode(example.id, inTable: false) + "` " + word + ": " + example.why
            if let line = example.line { out += " (`" + Escaping.markdownCode("\(file):\(line)", inTable: false) + "`)" }
            out += "\n"
        }
        if blocking > listed.count { out += "- … and \(blocking - listed.count) more\n" }
        return out
    }
}

extension Counts {
    /// Adds another's counts to these.
    mutating func add(_ other: Counts) {
        total += other.total
        passed += other.passed
        failed += other.failed
        notRun += other.notRun
        errors += other.errors
        duration += other.duration
    }
}

/// The checks that make a results file trustworthy to merge, compare and sign off: its header's
/// scope, and case lines that are exactly the plan's (or the shard's) in order, with a summary
/// line that agrees with them.
extension ResultsReader {
    /// Checks the header's fields that reports re-emit, so that a forged header cannot put
    /// Markdown into `signoff.md` or `report.md`: SHA-256s, the tool version, the time, the poses.
    static func validate(_ header: RunHeader, error fail: (String) -> ResultsError) throws(ResultsError) {
        guard isSHA256(header.matrixSHA256) else { throw fail("the header's matrix.sha256 is not 64 hexadecimal digits") }
        if let observations = header.observations, !isSHA256(observations.sha256) {
            throw fail("the header's observations.sha256 is not 64 hexadecimal digits")
        }
        guard (try? /[0-9]{1,9}\.[0-9]{1,9}\.[0-9]{1,9}([-+][0-9A-Za-z.-]{1,40})?/.wholeMatch(in: header.toolVersion)) != nil
        else { throw fail("the header's toolVersion \(quoted(header.toolVersion)) is not a version such as 1.2.3") }
        guard (try? /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z/.wholeMatch(in: header.generatedAt)) != nil else {
            throw fail("the header's generatedAt \(quoted(header.generatedAt)) is not a UTC time such as 2026-01-31T03:00:00Z")
        }
        try validate(header.checklist, error: fail)
    }

    /// The checklist as a matrix may state it (``ChecklistItem/problems(after:)``, the rules the
    /// matrix decoder applies): an item on no pose has no case that could fail it, so sign-off
    /// counted it as passed. The first problem is the error.
    private static func validate(_ checklist: [ChecklistItem], error fail: (String) -> ResultsError) throws(ResultsError) {
        var ids: Set<String> = []
        for item in checklist {
            if let problem = item.problems(after: ids).first { throw fail(message(problem, item)) }
            ids.insert(item.id)
        }
    }

    /// A problem of a checklist item, as the header's error says it.
    private static func message(_ problem: ChecklistItem.Problem, _ item: ChecklistItem) -> String {
        let named = "checklist item \(quoted(item.id))"
        switch problem {
        case .emptyID, .emptyText: return "a checklist item in the header has an empty id or text"
        case .repeatedID: return named + " is in the header twice"
        case .reservedID:
            return named + " in the header starts with \(quoted(ChecklistItem.reservedPrefix)), "
                + "which names the exploration's invariants in sign-off"
        case .noPose: return named + " in the header names no pose"
        case .unknownPose(let index): return named + " in the header names \(quoted(item.poses[index])), not a pose P1–P13"
        }
    }

    private static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Reads the header's `filter` and `plan.matrixCases`.
    static func scope(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> RunScope {
        var scope = RunScope()
        if let cases = node["plan"]?["matrixCases"] {
            guard let count = Self.count(cases) else { throw fail("the header's plan.matrixCases is not a count") }
            if let planned = Self.count(node["plan"]?["cases"]), count < planned {
                throw fail("the header's plan.matrixCases (\(count)) is less than its plan.cases (\(planned))")
            }
            scope.matrixCases = count
        }
        for member in node["plan"]?["matrixCasesByPose"]?.members ?? [] {
            guard Pose.named(member.key) != nil, let count = Self.count(member.value) else {
                throw fail("the header's plan.matrixCasesByPose gives \(member.value.shortText) for \(quoted(member.key))")
            }
            scope.matrixCasesByPose.append((member.key, count))
        }
        guard let filter = node["filter"] else { return scope }
        for item in filter["poses"]?.items ?? [] {
            guard let id = item.string, Pose.named(id) != nil else {
                throw fail("the header's filter names a pose not in P1–P13")
            }
            scope.poses.append(id)
        }
        for member in filter["where"]?.members ?? [] {
            guard let axis = Axis(rawValue: member.key), let items = member.value.items else {
                throw fail("unknown axis \(quoted(member.key)) in the header's filter")
            }
            scope.values.append((axis, items.compactMap(\.axisValue)))
        }
        if let maximum = filter["maxCases"] {
            guard let count = Self.count(maximum), count >= 1 else { throw fail("the header's filter.maxCases is not a count") }
            scope.maxCases = count
        }
        if let text = filter["idContains"] {
            guard let string = text.string, !string.isEmpty else { throw fail("the header's filter.idContains is not a text") }
            scope.idContains = string
        }
        return scope
    }
}

/// The case lines of a results file, checked as they are read: each index is the one the plan
/// (or the shard) puts there, so a line deleted, repeated or moved is found at its line; the
/// summary line must agree with the recount, and the recount with the header's plan.
struct CaseSequence {
    let header: RunHeader
    private(set) var counts = Counts()
    private(set) var invariants = InvariantCounts()

    /// The cases a whole file holds: the plan's, or the shard's part of it.
    var expectedCount: Int { header.shard?.caseCount(of: header.planCases) ?? header.planCases }

    /// Checks the next case line's index and counts it.
    mutating func check(_ result: CaseResult, error fail: (String) -> ResultsError) throws(ResultsError) {
        let position = counts.total
        guard position < expectedCount else {
            throw fail("more case lines than the header's plan gives this file (\(expectedCount))")
        }
        let expected = header.shard?.planIndex(position) ?? position
        if result.index < expected {
            throw fail("case index \(result.index) is given twice or out of order: index \(expected) belongs here")
        }
        if result.index > expected {
            throw fail("case index \(result.index) where index \(expected) belongs: a case line is missing")
        }
        counts.add(result)
    }

    /// Checks the next invariant line: the file must carry the plan's invariants (the whole run
    /// and its first shard do, no other shard), each name once.
    mutating func check(
        _ invariant: InvariantResult, after earlier: [InvariantResult], error fail: (String) -> ResultsError
    ) throws(ResultsError) {
        guard header.invariantsInFile > 0 else {
            if let shard = header.shard, header.planInvariants > 0 {
                throw fail("an invariant line in shard \(shard): the exploration's invariants belong to shard 1/\(shard.total)")
            }
            throw fail("an invariant line, but the header's plan has no invariants")
        }
        guard invariants.total < header.invariantsInFile else {
            throw fail("more invariant lines than the header's plan gives this file (\(header.invariantsInFile))")
        }
        if earlier.contains(where: { $0.name == invariant.name }) {
            throw fail("invariant \(quoted(invariant.name)) is given twice")
        }
        invariants.add(invariant)
    }

    /// Checks the summary line against the recount, and the recount against the plan.
    func checkSummary(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) {
        let fields = ["total", "passed", "failed", "notRun", "error"]
        let recount = [counts.total, counts.passed, counts.failed, counts.notRun, counts.errors]
        let stated = fields.map { node[$0]?.number.map { Int(exactly: $0) } ?? nil }
        if stated != recount.map(Optional.some) {
            let said = zip(fields, stated).map { "\($0) \($1.map(String.init) ?? "missing")" }.joined(separator: ", ")
            let found = zip(fields, recount).map { "\($0) \($1)" }.joined(separator: ", ")
            throw fail("the summary line says \(said), but the case lines give \(found)")
        }
        if invariants.total != header.invariantsInFile {
            throw fail(
                "the file holds \(invariants.total) invariants but its header's plan gives it \(header.invariantsInFile)"
                    + (header.shard.map { ": the exploration's invariants belong to shard 1/\($0.total)" } ?? ""))
        }
        try checkInvariantSummary(node, error: fail)
        // What --fail-on new counts: new failures and newly broken invariants, each a count whose sum
        // fits (two counts of 9e18 each stopped the program when added).
        let newFailures = try node["baseline"].map { baseline throws(ResultsError) in
            var sum = 0
            for given in [baseline["newFailures"], baseline["newCaseFailures"], baseline["invariants"]?["newlyBroken"]]
                .compactMap({ $0 })
            {
                guard let count = ResultsReader.count(given), count < 1 << 53 else {
                    throw fail("the summary's baseline newFailures, newCaseFailures and newlyBroken are not counts")
                }
                sum += count
            }
            return sum
        }
        let ranElsewhere = node["ranElsewhere"]?.bool ?? false
        if let given = node["ranElsewhere"], given.bool == nil || (given.bool == true && header.shard == nil) {
            throw fail("the summary line's ranElsewhere belongs to a shard, as true or false")
        }
        let verdict = header.verdict(counts, invariants: invariants, newFailures: newFailures, ranElsewhere: ranElsewhere).word
        if let word = node["verdict"]?.string, word != verdict {
            throw fail("the summary line's verdict \(quoted(word)) disagrees with its cases, which give \(quoted(verdict))")
        }
        if counts.total != expectedCount {
            throw fail("the file holds \(counts.total) cases but its header's plan gives it \(expectedCount)")
        }
    }

    /// Checks the summary line's invariant counts, which a file that carries invariants has, against the recount.
    private func checkInvariantSummary(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) {
        let fields = ["total", "held", "broken", "notRun"]
        let recount = [invariants.total, invariants.held, invariants.broken, invariants.notRun]
        let given = node["invariants"]
        guard header.invariantsInFile > 0 || given != nil else { return }
        let stated = fields.map { given?[$0]?.number.map { Int(exactly: $0) } ?? nil }
        if stated != recount.map(Optional.some) {
            let said = zip(fields, stated).map { "\($0) \($1.map(String.init) ?? "missing")" }.joined(separator: ", ")
            let found = zip(fields, recount).map { "\($0) \($1)" }.joined(separator: ", ")
            throw fail("the summary line's invariants say \(said), but the invariant lines give \(found)")
        }
    }
}

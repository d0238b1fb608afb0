/// The shared records of a results file as it is read (``SharedRecordKind``): a record line
/// defines an id, or replaces it once the writer's table started again; a case names ids
/// defined on earlier lines.
struct SharedRecords {
    /// A failures record: the pose entry's line, and the failures.
    typealias Failures = (line: Int?, failures: [CaseResult.Failure])
    /// An assumptions record: the pose entry's line (when the file records it), and the assumptions.
    typealias Assumptions = (line: Int?, assumptions: [CaseResult.Assumption])

    private var reasons: [Int: String] = [:]
    private var failures: [Int: Failures] = [:]
    private var assumptions: [Int: Assumptions] = [:]

    /// Reads a record line into the table of its kind.
    mutating func read(_ node: JSONNode, kind: SharedRecordKind, error fail: (String) -> ResultsError) throws(ResultsError) {
        guard let number = node["id"]?.number, let id = Int(exactly: number), (0..<SharedRecordKind.limit).contains(id)
        else { throw fail("a \(kind.rawValue) record's id is not a whole number from 0 to \(SharedRecordKind.limit - 1)") }
        if kind == .reason {
            guard let text = node["text"]?.string else { throw fail("reason record \(id) lacks its text") }
            reasons[id] = text
            return
        }
        guard let items = node["items"]?.items, !items.isEmpty else {
            throw fail("\(kind.rawValue) record \(id) lacks its items")
        }
        switch kind {
        case .reason: break
        case .failures:
            var line: Int?
            if let given = node["line"] {
                guard node["file"]?.string != nil, let number = given.number, let whole = Int(exactly: number), whole > 0
                else { throw fail("failures record \(id) has no file, or a line that is not a line number") }
                line = whole
            }
            failures[id] = (
                line,
                try items.map { item throws(ResultsError) in try Self.failure(item, in: "failures record \(id)", error: fail) }
            )
        case .assumptions:
            var line: Int?
            if let given = node["line"] {
                guard let number = given.number, let whole = Int(exactly: number), whole > 0 else {
                    throw fail("assumptions record \(id) has a line that is not a line number")
                }
                line = whole
            }
            assumptions[id] = (
                line, try items.map { item throws(ResultsError) in try Self.assumption(item, id: id, error: fail) }
            )
        }
    }

    /// The reason record a case line names.
    func reason(_ reference: JSONNode, of id: String, error fail: (String) -> ResultsError) throws(ResultsError) -> String {
        guard let number = reference.number, let key = Int(exactly: number), let text = reasons[key] else {
            throw fail("case \(quoted(id)) names reason record \(reference.shortText), which no earlier line defines")
        }
        return text
    }

    /// The failures record a case line names.
    func failures(_ reference: JSONNode, of id: String, error fail: (String) -> ResultsError) throws(ResultsError) -> Failures {
        guard let number = reference.number, let key = Int(exactly: number), let record = failures[key] else {
            throw fail("case \(quoted(id)) names failures record \(reference.shortText), which no earlier line defines")
        }
        return record
    }

    /// The assumptions record a case line names.
    func assumptions(
        _ reference: JSONNode, of id: String, error fail: (String) -> ResultsError
    ) throws(ResultsError) -> Assumptions {
        guard let number = reference.number, let key = Int(exactly: number), let record = assumptions[key] else {
            throw fail("case \(quoted(id)) names assumptions record \(reference.shortText), which no earlier line defines")
        }
        return record
    }

    /// A failure of a failures record or an invariant line; `place` names which, for the message.
    static func failure(
        _ item: JSONNode, in place: String, error fail: (String) -> ResultsError
    ) throws(ResultsError) -> CaseResult.Failure {
        guard let observable = item["observable"]?.string.flatMap(Observable.init(rawValue:)),
            let expected = item["expected"]?.condition, let actual = item["actual"]?.observedValue,
            let provenance = item["provenance"]?.string.flatMap(Provenance.init(rawValue:)),
            let source = item["source"]?.string
        else { throw fail("a failure in \(place) is incomplete, or holds a number that is not finite") }
        return CaseResult.Failure(
            observable: observable, expected: expected, actual: actual, provenance: provenance, source: source)
    }

    private static func assumption(
        _ item: JSONNode, id: Int, error fail: (String) -> ResultsError
    ) throws(ResultsError) -> CaseResult.Assumption {
        guard let observable = item["observable"]?.string.flatMap(Observable.init(rawValue:)),
            let provenance = item["provenance"]?.string.flatMap(Provenance.init(rawValue:)),
            let source = item["source"]?.string
        else { throw fail("an assumption in assumptions record \(id) is incomplete") }
        return CaseResult.Assumption(observable: observable, provenance: provenance, source: source)
    }
}

/// The invariant lines of a results file (``ResultsJSONL/render(_:into:)``), read back.
extension ResultsReader {
    /// The header's `plan.invariants`: 0 when absent.
    static func invariantCount(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> Int {
        guard let given = node["plan"]?["invariants"] else { return 0 }
        guard let count = count(given) else { throw fail("the header's plan.invariants is not a count") }
        return count
    }

    /// An invariant line's matrix line and `when`, where given.
    private static func readLineAndWhen(
        _ node: JSONNode, into result: inout InvariantResult, error fail: (String) -> ResultsError
    ) throws(ResultsError) {
        if let line = node["line"] {
            guard let number = count(line), number >= 1 else {
                throw fail("invariant \(quoted(result.name))'s line \(line.shortText) is not a number of 1 or more")
            }
            result.line = number
        }
        if let when = node["when"] { result.when = try Self.when(when, of: result.name, error: fail) }
    }

    /// An invariant line's `when`: axes, each with a value it takes.
    private static func when(_ node: JSONNode, of name: String, error fail: (String) -> ResultsError) throws(ResultsError)
        -> [Axis: AxisValue]
    {
        guard let members = node.members else { throw fail("invariant \(quoted(name))'s when is not an object") }
        var values: [Axis: AxisValue] = [:]
        for member in members {
            guard let axis = Axis(rawValue: member.key) else {
                throw fail("invariant \(quoted(name))'s when names \(quoted(member.key)), not an axis")
            }
            guard let value = member.value.axisValue, axis.parse(value.description) == value else {
                throw fail(
                    "invariant \(quoted(name))'s when gives \(member.key) \(member.value.shortText), not \(axis.expectation)")
            }
            values[axis] = value
        }
        return values
    }

    /// One invariant line: its name, status, start, the exploration's states and depth, and what
    /// its status needs (what one held rests on, if recorded; the reason for one not run; the path
    /// and failures for one broken).
    static func invariant(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> InvariantResult {
        guard let name = node["name"]?.string, let status = node["status"]?.string.flatMap(InvariantResult.Status.init),
            let states = count(node["states"]), let depth = count(node["depth"]), let applies = count(node["applies"])
        else { throw fail("an invariant line lacks its name, status, states, depth or applies") }
        guard !name.isEmpty else { throw fail("an invariant line's name is empty") }
        guard applies <= states else {
            throw fail("invariant \(quoted(name)) applies in \(applies) states, more than the \(states) explored")
        }
        let start = node["start"]?.string
        if let start, Pose.named(start) == nil {
            throw fail("invariant \(quoted(name)) starts at \(quoted(start)), not a pose P1–P13")
        }
        var result = InvariantResult(name: name, status: status, start: start, states: states, depth: depth, applies: applies)
        try Self.readLineAndWhen(node, into: &result, error: fail)
        if let rests = node["rests"] {
            guard status == .held else { throw fail("invariant \(quoted(name)) is \(status.word) but states what it rests on") }
            result.rests = try levels(rests, of: "invariant \(quoted(name))'s rests", error: fail)
        }
        switch status {
        case .held: break
        case .notRun:
            guard let unchecked = count(node["unchecked"]), let reason = node["reason"]?.string else {
                throw fail("invariant \(quoted(name)) is not run but lacks its unchecked count or reason")
            }
            guard unchecked <= applies else {
                throw fail(
                    "invariant \(quoted(name)) leaves \(unchecked) states unchecked, more than the \(applies) it applies in")
            }
            (result.unchecked, result.reason) = (unchecked, reason)
        case .broken:
            guard let steps = node["path"]?.items, let failures = node["failures"]?.items, !failures.isEmpty else {
                throw fail("invariant \(quoted(name)) is broken but lacks its path or failures")
            }
            for step in steps {
                guard let text = step.string, case .success(let parsed) = Step.parse(text) else {
                    throw fail("invariant \(quoted(name))'s path has \(step.shortText), not a step")
                }
                result.path.append(parsed)
            }
            result.failures = try failures.map { item throws(ResultsError) in
                try SharedRecords.failure(item, in: "invariant \(quoted(name))", error: fail)
            }
        }
        return result
    }
}

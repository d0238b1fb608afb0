/// The geometry operators: `{"≈": value, "tolerance": n}` for numbers, sizes, insets and frames,
/// and `{"contains": name}` for lists and sets of region names.
extension MatrixDecoder {
    /// Whether an operator object is an approximate comparison (it names `≈` or `tolerance`).
    static func isApproximate(_ members: [JSONNode.Member]) -> Bool {
        members.contains { $0.key == "≈" || $0.key == "tolerance" }
    }

    mutating func decodeApproximate(
        _ node: JSONNode, _ members: [JSONNode.Member], _ observable: Observable, _ path: KeyPath
    ) -> Condition? {
        for member in members where member.key != "≈" && member.key != "tolerance" {
            fail(at: member.keyPosition, path, "unknown key \(quoted(member.key)) beside \"≈\" (expected \"≈\", \"tolerance\")")
            return nil
        }
        guard let approximate = members.first(where: { $0.key == "≈" }) else {
            fail(node, path, "\"tolerance\" goes with \"≈\"")
            return nil
        }
        guard observable.kind.isApproximable else {
            fail(
                at: approximate.keyPosition, path,
                "≈ applies to numbers, sizes, insets and frames; \(observable.rawValue) takes \(observable.kind.expectation)")
            return nil
        }
        guard let tolerance = members.first(where: { $0.key == "tolerance" }) else {
            fail(node, path, "\"≈\" needs a \"tolerance\" (a number of 0 or more)")
            return nil
        }
        let value = expectedValue(approximate.value, observable, path.appending("≈"))
        guard case .number(let bound, _) = tolerance.value.value, bound >= 0, bound.isFinite else {
            fail(
                tolerance.value, path.appending("tolerance"),
                "invalid tolerance \(tolerance.value.shortText) (expected a number of 0 or more)")
            return nil
        }
        return value.map { .approximately($0, tolerance: bound) }
    }

    mutating func decodeContains(_ member: JSONNode.Member, _ observable: Observable, _ path: KeyPath) -> Condition? {
        let names: [String]?
        switch observable.kind {
        case .names(let list): names = list
        case .list: names = nil
        default:
            fail(
                at: member.keyPosition, path,
                "contains applies to lists; \(observable.rawValue) takes \(observable.kind.expectation)")
            return nil
        }
        let here = path.appending(member.key)
        guard let name = string(member.value, here) else { return nil }
        if let names, !names.contains(name) {
            fail(
                member.value, here,
                "unknown value \(quoted(name)) for \(observable.rawValue)" + didYouMean(suggest(name, from: names))
                    + " (expected one of " + names.map { quoted($0) }.joined(separator: ", ") + ")")
            return nil
        }
        return .contains(name)
    }
}

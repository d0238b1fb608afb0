/// `expect` objects: observable → value, or → an operator object (`!=`, `in`, `>=`, `<=`, `≈`, `contains`).
extension MatrixDecoder {
    static let operators = ["==", "!=", "in", ">=", "<=", "≈", "contains"]

    mutating func decodeExpectations(_ node: JSONNode, _ path: KeyPath) -> [Expectation] {
        guard case .object(let members) = node.value else {
            fail(node, path, "expected an object of observable → value, found \(node.typeDescription)")
            return []
        }
        var expectations: [Expectation] = []
        var seen: [String: SourcePosition] = [:]
        for member in members {
            if let first = seen[member.key] {
                fail(
                    at: member.keyPosition, path.appending(member.key),
                    "duplicate key \(quoted(member.key)); first given at line \(first.line)")
                continue
            }
            seen[member.key] = member.keyPosition
            guard let observable = Observable(rawValue: member.key) else {
                fail(
                    at: member.keyPosition, path,
                    "unknown observable \(quoted(member.key))"
                        + didYouMean(suggest(member.key, from: Observable.allCases.map(\.rawValue)))
                        + " (see 'duo-pose show' for the list)")
                continue
            }
            let here = path.appending(member.key)
            var node = member.value
            let rests = decodeRests(&node, here)
            if let condition = decodeCondition(node, observable, here) {
                expectations.append(Expectation(observable: observable, condition: condition, rests: rests))
            }
        }
        return expectations.sorted { $0.observable < $1.observable }
    }

    private mutating func decodeCondition(_ node: JSONNode, _ observable: Observable, _ path: KeyPath) -> Condition? {
        guard case .object(let members) = node.value else {
            return expectedValue(node, observable, path).map(Condition.equals)
        }
        if Self.isApproximate(members) { return decodeApproximate(node, members, observable, path) }
        guard members.count == 1, let member = members.first else {
            fail(
                node, path, "an operator object takes exactly one of " + Self.operators.map { quoted($0) }.joined(separator: ", ")
            )
            return nil
        }
        let here = path.appending(member.key)
        switch member.key {
        case "==":
            return expectedValue(member.value, observable, here).map(Condition.equals)
        case "!=":
            return expectedValue(member.value, observable, here).map(Condition.notEquals)
        case "in":
            guard let items = array(member.value, here, nonEmpty: true) else { return nil }
            let values = items.enumerated().compactMap { expectedValue($1, observable, here.appending(index: $0)) }
            return values.count == items.count ? .oneOf(values) : nil
        case ">=", "<=":
            guard observable.kind.isNumeric else {
                fail(
                    at: member.keyPosition, path,
                    "\(member.key) applies to numbers; \(observable.rawValue) takes \(observable.kind.expectation)")
                return nil
            }
            guard case .number(let bound)? = expectedValue(member.value, observable, here) else { return nil }
            return member.key == ">=" ? .atLeast(bound) : .atMost(bound)
        case "contains": return decodeContains(member, observable, path)
        default:
            fail(
                at: member.keyPosition, path,
                "unknown operator \(quoted(member.key))" + didYouMean(suggest(member.key, from: Self.operators))
                    + " (expected " + Self.operators.map { quoted($0) }.joined(separator: ", ") + ")")
            return nil
        }
    }

    /// Takes `rests` out of an operator object: the levels the value must rest on, read as `--trust`
    /// reads them, as an array. A lone `rests` is an error: it goes with an operator.
    mutating func decodeRests(_ node: inout JSONNode, _ path: KeyPath) -> Trust? {
        guard case .object(var members) = node.value, let index = members.firstIndex(where: { $0.key == "rests" }) else {
            return nil
        }
        let member = members.remove(at: index)
        node.value = .object(members)
        let here = path.appending("rests")
        guard let items = array(member.value, here, nonEmpty: true) else { return nil }
        var levels: Set<Provenance> = []
        for (position, item) in items.enumerated() {
            guard let name = string(item, here.appending(index: position)) else { return nil }
            guard case .success(let trust) = Trust.parse(name), !name.contains(",") else {
                fail(
                    item, here.appending(index: position),
                    "unknown provenance level \(quoted(name)) (expected "
                        + Provenance.allCases.map { quoted($0.rawValue) }.joined(separator: ", ") + ")")
                return nil
            }
            levels.formUnion(trust.levels)
        }
        if members.isEmpty {
            fail(node, path, "\"rests\" goes with an operator, as in {\"==\": VALUE, \"rests\": [\"apple\", \"measured\"]}")
        }
        return Trust(levels)
    }

    /// A value of the observable's kind, or an error that says what the kind looks like.
    mutating func expectedValue(_ node: JSONNode, _ observable: Observable, _ path: KeyPath) -> ObservedValue? {
        if let value = ObservedValue.parse(node, as: observable.kind) { return value }
        var message = "invalid value \(node.shortText) for \(observable.rawValue) (expected \(observable.kind.expectation))"
        if case .choice(let names) = observable.kind, case .string(let text) = node.value {
            message =
                "unknown value \(quoted(text)) for \(observable.rawValue)" + didYouMean(suggest(text, from: names))
                + " (expected \(observable.kind.expectation))"
        }
        fail(node, path, message)
        return nil
    }
}

extension ObservedValue {
    /// Reads a JSON value as a value of the given kind, or nil when it is not one.
    static func parse(_ node: JSONNode, as kind: ValueKind) -> ObservedValue? {
        switch (kind, node.value) {
        case (.choice(let names), .string(let text)): return names.contains(text) ? .text(text) : nil
        case (.size, .string(let text)): return isNumbers(text, count: 2, separator: "x", decimals: true) ? .text(text) : nil
        case (.insets, .string(let text)): return isNumbers(text, count: 4, separator: ",") ? .text(text) : nil
        case (.sizeClass, .string(let text)):
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { $0 == "compact" || $0 == "regular" } ? .text(text) : nil
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.number, .number(let number, _)) where number.isFinite: return .number(number)
        case (.count, .number(let number, _)) where number >= 0 && number == number.rounded() && number < 1e9:
            return .number(number)
        case (.list, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item.value else { return nil }
                texts.append(text)
            }
            return .list(texts.sorted())
        case (.names(let names), .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item.value, names.contains(text) else { return nil }
                texts.append(text)
            }
            return .list(texts.sorted())
        case (.span, .string(let text)):
            return isNumbers(text, count: 2, separator: "-", decimals: true) ? .text(text) : nil
        case (.frame, .string(let text)):
            return text == "none" || numbers(in: text)?.count == 4 && !text.contains("x") ? .text(text) : nil
        default: return nil
        }
    }

    /// Whether the text is `count` whole numbers (or, with `decimals`, numbers like `475.5`) joined by the separator.
    private static func isNumbers(_ text: String, count: Int, separator: Character, decimals: Bool = false) -> Bool {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        return parts.count == count
            && parts.allSatisfy { part in
                let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
                guard pieces.count == 1 || (decimals && pieces.count == 2) else { return false }
                return pieces.allSatisfy { !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCIIDigit) }
            }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

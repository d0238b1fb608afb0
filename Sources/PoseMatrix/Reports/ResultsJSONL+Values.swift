import Foundation

/// Typed values in `results.jsonl` (format 2) and `show --json`: observed values as JSON strings, booleans, numbers
/// and arrays; expectations as `{"op": ">=", "value": 100}`; axis values typed by their axis.
extension JSONWriter {
    /// An axis value: a string, a boolean or a number.
    mutating func value(_ value: AxisValue) {
        switch value {
        case .text(let text): string(text)
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        }
    }

    /// An observed value: text as a string, a list as an array of strings.
    mutating func value(_ value: ObservedValue) {
        switch value {
        case .text(let text): string(text)
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .list(let items):
            beginArray()
            for item in items { string(item) }
            endArray()
        }
    }

    /// An expectation as `{"op":OP,"value":V}`, with `"tolerance"` for `≈`.
    mutating func value(_ condition: Condition) {
        beginObject()
        member("op", condition.operatorName)
        key("value")
        switch condition {
        case .equals(let expected), .notEquals(let expected): value(expected)
        case .oneOf(let values):
            beginArray()
            for expected in values { value(expected) }
            endArray()
        case .atLeast(let bound), .atMost(let bound): number(bound)
        case .approximately(let expected, let tolerance):
            value(expected)
            key("tolerance")
            number(tolerance)
        case .contains(let name): string(name)
        }
        endObject()
    }

    /// An axis value as reports write it, as JSON of its axis's type: `false`, `90`, `"device"`.
    mutating func value(axisValue entry: AxisEntry) {
        if AxisEntry.isLiteral(axis: entry.axis) { raw(entry.value) } else { string(entry.value) }
    }
}

extension AxisEntry {
    /// Whether reports write the axis's values as they are, JSON booleans and numbers, not strings.
    static func isLiteral(axis: String) -> Bool {
        switch Axis(rawValue: axis)?.domain {
        case .bool, .degrees, .whole: true
        case .choice, nil: false
        }
    }
}

extension Condition {
    /// The operator a results file names: the matrix's own, and `==` for a plain value.
    var operatorName: String {
        switch self {
        case .equals: "=="
        case .notEquals: "!="
        case .oneOf: "in"
        case .atLeast: ">="
        case .atMost: "<="
        case .approximately: "≈"
        case .contains: "contains"
        }
    }
}

extension JSONNode {
    /// The node as an observed value, as ``JSONWriter/value(_:)-(ObservedValue)`` writes one.
    var observedValue: ObservedValue? {
        switch value {
        case .string(let text): .text(text)
        case .bool(let flag): .bool(flag)
        case .number(let number, _): number.isFinite ? .number(number) : nil  // NaN and Infinity are no value a run observes
        case .array(let items):
            items.allSatisfy { $0.string != nil } ? .list(items.compactMap(\.string)) : nil
        default: nil
        }
    }

    /// The node as an expectation, as ``JSONWriter/value(_:)-(Condition)`` writes one.
    var condition: Condition? {
        guard let name = self["op"]?.string, let operand = self["value"] else { return nil }
        switch name {
        case "==": return operand.observedValue.map(Condition.equals)
        case "!=": return operand.observedValue.map(Condition.notEquals)
        case "in":
            guard let items = operand.items else { return nil }
            let values = items.compactMap(\.observedValue)
            return values.count == items.count ? .oneOf(values) : nil
        case ">=": return operand.number.flatMap { $0.isFinite ? Condition.atLeast($0) : nil }
        case "<=": return operand.number.flatMap { $0.isFinite ? Condition.atMost($0) : nil }
        case "≈":
            guard let value = operand.observedValue, let tolerance = self["tolerance"]?.number, tolerance.isFinite,
                tolerance >= 0
            else { return nil }
            return .approximately(value, tolerance: tolerance)
        case "contains": return operand.string.map(Condition.contains)
        default: return nil
        }
    }

    /// Whether the node is an axis value as ``axisText`` reads one: a string, true or false, or a finite number.
    var isAxisValue: Bool {
        switch value {
        case .string, .bool: true
        case .number(let number, _): number.isFinite
        default: false
        }
    }

    /// An axis value written typed, back in report form: `false`, `90`, `device`.
    var axisText: String {
        switch value {
        case .bool(let flag): String(flag)
        case .number(let number, _): formatNumber(number)
        case .string(let text): text
        default: shortText
        }
    }
}

extension CaseResult {
    /// The id readers derive from the pose, title and values when a line leaves it out:
    /// `P5 [profile=device, hingeAngle=90]`, `P9 outer display`.
    static func derivedID(pose: String, title: String?, values: [AxisEntry]) -> String {
        // One string grown in place: a reader makes one per case line, millions for a trend.
        var id = pose
        if let title {
            id += " "
            id += title
        }
        guard !values.isEmpty else { return id }
        id.reserveCapacity(id.utf8.count + 3 + values.reduce(0) { $0 + $1.axis.utf8.count + $1.value.utf8.count + 3 })
        id += " ["
        for (position, entry) in values.enumerated() {
            if position > 0 { id += ", " }
            id += entry.axis
            id += "="
            id += entry.value
        }
        id += "]"
        return id
    }

    /// A derived id read back: its label (pose and title), its pose, and its values by axis. A
    /// title holds no `[` or `]` (the matrix refuses them), so the values start at the first ` [`.
    static func parseID(_ id: String) -> (label: String, pose: String, values: [String: String]) {
        guard let open = id.range(of: " ["), id.hasSuffix("]") else {
            return (id, String(id.prefix { $0 != " " }), [:])
        }
        let label = String(id[..<open.lowerBound])
        var values: [String: String] = [:]
        for pair in id[open.upperBound..<id.index(before: id.endIndex)].components(separatedBy: ", ") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return (label, String(label.prefix { $0 != " " }), values)
    }
}

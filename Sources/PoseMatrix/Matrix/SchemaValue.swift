/// A JSON value with its members in order, printed as Matrices/schema.json is: two spaces of
/// indent, one member or item per line.
indirect enum SchemaValue: Sendable {
    case object([(key: String, value: SchemaValue)])
    case array([SchemaValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The value a JSON or JSON5 node holds.
    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(_, let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(SchemaValue.init))
        case .object(let members): self = .object(members.map { ($0.key, SchemaValue($0.value)) })
        }
    }

    /// `{"key": value}` in one call.
    static func object(_ key: String, _ value: SchemaValue) -> SchemaValue { .object([(key, value)]) }

    /// A `$ref` to a definition.
    static func reference(_ definition: String) -> SchemaValue { .object("$ref", .string("#/$defs/" + definition)) }

    /// The text, ending in a line end.
    var printed: String {
        var text = ""
        print(into: &text, indent: "")
        return text + "\n"
    }

    private func print(into text: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .object(let members) where !members.isEmpty:
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += inner + Self.quotedJSON(member.key) + ": "
                member.value.print(into: &text, indent: inner)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        case .array(let items) where !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += inner
                item.print(into: &text, indent: inner)
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object: text += "{}"
        case .array: text += "[]"
        case .string(let string): text += Self.quotedJSON(string)
        case .number(let number): text += number
        case .bool(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        }
    }

    private static func quotedJSON(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.buffer.bytes, as: UTF8.self)
    }
}

/// A line and column in a source file, both counted from 1; columns count characters.
struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    var line: Int
    var column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    var description: String { "\(line):\(column)" }

    static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A parsed JSON5 value that remembers where it stood, so that validation errors can name a line.
struct JSONNode: Sendable {
    /// A member of an object, in source order, with the position of its key.
    struct Member: Sendable {
        var key: String
        var keyPosition: SourcePosition
        var value: JSONNode
    }

    /// The value itself.
    indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number with the text it was written as (for messages that quote it).
        case number(Double, text: String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    var value: Value
    var position: SourcePosition

    /// The JSON type name used in messages: "a string", "an object", …
    var typeDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as it would be written in a message, shortened when long.
    var shortText: String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .number(_, let text): excerpt(text)
        case .string(let text): quoted(excerpt(text))
        case .array(let items): "an array of \(items.count)"
        case .object: "an object"
        }
    }
}

/// Reading a node of a known shape: nil when it is of another kind.
extension JSONNode {
    /// The value of an object's member.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    var string: String? { if case .string(let text) = value { text } else { nil } }
    var number: Double? { if case .number(let number, _) = value { number } else { nil } }
    var bool: Bool? { if case .bool(let flag) = value { flag } else { nil } }
    var items: [JSONNode]? { if case .array(let items) = value { items } else { nil } }
    var members: [Member]? { if case .object(let members) = value { members } else { nil } }

    /// A member, anywhere in the node, whose key an earlier member of its object already has, and
    /// that earlier member: readers differ on which of the two counts (duo-pose took the first,
    /// `jq` and Python the last), so a file that has one means two things. Keys compare as the
    /// subscript looks them up, with `==`: two spellings of one text would both answer it.
    var firstDuplicateKey: (first: Member, again: Member)? {
        switch value {
        case .object(let members):
            for (index, member) in members.enumerated() {
                if let first = members[..<index].first(where: { $0.key == member.key }) { return (first, member) }
                if let found = member.value.firstDuplicateKey { return found }
            }
            return nil
        case .array(let items):
            for item in items {
                if let found = item.firstDuplicateKey { return found }
            }
            return nil
        default: return nil
        }
    }

    /// The node as an axis value in a header.
    var axisValue: AxisValue? {
        switch value {
        case .string(let text): .text(text)
        case .bool(let flag): .bool(flag)
        case .number(let number, _): .number(number)
        default: nil
        }
    }
}

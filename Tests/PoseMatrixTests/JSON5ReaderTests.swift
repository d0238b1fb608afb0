import Testing

@testable import PoseMatrix

@Suite("JSON5 reader")
struct JSON5ReaderTests {
    @Test("reads the JSON5 extensions: comments, trailing commas, unquoted keys, single quotes, hex")
    func extensions() throws {
        let node = try JSON5Reader.parse(
            """
            // a comment
            { unquoted: 'single', /* block */ "hex": 0x1F, lead: .5, trail: 2., list: [1, 2,], plus: +3, }
            """)
        let members = try #require(node.objectMembers)
        #expect(members.map(\.key) == ["unquoted", "hex", "lead", "trail", "list", "plus"])
        let values = members.map(\.value.shortText)
        #expect(values == ["\"single\"", "0x1F", ".5", "2.", "an array of 2", "+3"])
        #expect(members.map(\.value.numberValue) == [nil, 31, 0.5, 2, nil, 3])
    }

    @Test("keeps the line and column of every key and value")
    func positions() throws {
        let node = try JSON5Reader.parse("{\n  \"a\": [\n    true,\n    \"é\", 7\n  ]\n}")
        let members = try #require(node.objectMembers)
        let items = try #require(members.first?.value.arrayItems)
        #expect(node.position == SourcePosition(line: 1, column: 1))
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(
            items.map(\.position) == [
                SourcePosition(line: 3, column: 5), SourcePosition(line: 4, column: 5), SourcePosition(line: 4, column: 10),
            ])
    }

    @Test("decodes escapes, including surrogate pairs and line continuations")
    func escapes() throws {
        let node = try JSON5Reader.parse(#"["a\tb", "\u00e9\ud83d\ude00", 'it\'s', "x\"# + "\n" + #"    y", "\x41"]"#)
        let items = try #require(node.arrayItems)
        #expect(items.map(\.stringValue) == ["a\tb", "é😀", "it's", "x    y", "A"])
    }

    @Test("reads a string's run of plain characters and the escapes after it alike, counting columns in characters")
    func plainRunsThenEscapes() throws {
        let node = try JSON5Reader.parse(#"["ééé", "é\u00e9x", "a\"b", 1E5, -0.5e+3]"#, strict: true)
        let items = try #require(node.arrayItems)
        #expect(items.map(\.stringValue) == ["ééé", "ééx", #"a"b"#, nil, nil])
        #expect(items.map(\.numberValue) == [nil, nil, nil, 100_000, -500])
        #expect(items.map(\.position.column) == [2, 9, 21, 29, 34])
    }

    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
    }

    @Test(
        "names the line and column of a syntax error",
        arguments: [
            SyntaxCase(text: "", line: 1, column: 1, message: "the file is empty; expected a JSON object"),
            SyntaxCase(
                text: "{\n  \"a\": 1\n  \"b\": 2\n}", line: 3, column: 3,
                message: "unexpected character '\"' in an object; expected ',' or '}'"),
            SyntaxCase(
                text: "{\"a\": tru}", line: 1, column: 7,
                message: "unexpected word 'tru'; expected a value (strings need quotes)"),
            SyntaxCase(text: "[1, 2", line: 1, column: 6, message: "unterminated array (opened at 1:1)"),
            SyntaxCase(
                text: "{\"a\": \"b\n\"}", line: 1, column: 9,
                message: "unterminated string (opened at 1:7); a line break inside a string must be escaped"),
            SyntaxCase(text: "{} {}", line: 1, column: 4, message: "unexpected character '{' after the end of the document"),
            SyntaxCase(text: "/* open", line: 1, column: 1, message: "unterminated /* comment"),
            SyntaxCase(text: "{\"a\" 1}", line: 1, column: 6, message: "unexpected character '1' after key \"a\"; expected ':'"),
            SyntaxCase(text: "[12px]", line: 1, column: 2, message: "invalid number '12px'"),
            SyntaxCase(
                text: "[\"\\u12\"]", line: 1, column: 3, message: "invalid escape in a string: expected 4 hexadecimal digits"),
        ])
    func syntaxErrors(_ example: SyntaxCase) {
        #expect(
            throws: JSON5SyntaxError(
                position: SourcePosition(line: example.line, column: example.column), message: example.message)
        ) {
            try JSON5Reader.parse(example.text)
        }
    }

    @Test("refuses nesting deeper than its limit instead of overflowing the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(
            throws: JSON5SyntaxError(
                position: SourcePosition(line: 1, column: JSON5Reader.maximumDepth + 1),
                message: "arrays and objects nest more than \(JSON5Reader.maximumDepth) deep")
        ) {
            try JSON5Reader.parse(text)
        }
    }

    @Test("skips a byte-order mark at the start without counting it as a column")
    func byteOrderMark() throws {
        let node = try JSON5Reader.parse("\u{FEFF}{\"a\": 1}")
        #expect(node.position == SourcePosition(line: 1, column: 1))  // editors do not count the mark
    }
}

/// The node's contents when it is of the kind asked, for assertions that fail on any other kind.
extension JSONNode {
    fileprivate var objectMembers: [Member]? {
        if case .object(let members) = value { members } else { nil }
    }
    fileprivate var arrayItems: [JSONNode]? {
        if case .array(let items) = value { items } else { nil }
    }
    fileprivate var numberValue: Double? {
        if case .number(let number, _) = value { number } else { nil }
    }
    fileprivate var stringValue: String? {
        if case .string(let text) = value { text } else { nil }
    }
}

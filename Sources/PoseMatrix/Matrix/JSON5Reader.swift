/// A syntax error in a JSON5 text, with the line and column where reading stopped.
struct JSON5SyntaxError: Error, Equatable, Sendable {
    var position: SourcePosition
    var message: String
}

/// Reads JSON and its JSON5 extensions into ``JSONNode`` values that keep their positions.
///
/// Foundation's readers give no line for a syntax error on Linux, and none at all for a
/// value that parses but fails validation; this one does both. It accepts comments,
/// trailing commas, unquoted keys, single-quoted strings, hexadecimal numbers, leading
/// or trailing decimal points, `Infinity` and `NaN`. Nesting is capped so that hostile
/// input cannot exhaust the stack.
struct JSON5Reader {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    /// Plain JSON (RFC 8259) only, as JSON Lines files are: each JSON5 extension is an error.
    private let strict: Bool
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    /// Parses a whole document: one value, then only white space and comments. With `strict`,
    /// plain JSON only: what `jq` and Python's `json` read, no comment, BOM or other JSON5 form.
    static func parse(_ text: String, strict: Bool = false) throws(JSON5SyntaxError) -> JSONNode {
        var reader = JSON5Reader(bytes: Array(text.utf8), strict: strict)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            if strict { throw reader.notJSON("a byte-order mark") }
            reader.index = 3
        }
        try reader.skipSpace()
        guard reader.index < reader.bytes.count else {
            throw reader.error("the file is empty; expected a JSON object")
        }
        let node = try reader.readValue()
        try reader.skipSpace()
        if reader.index < reader.bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the document")
        }
        return node
    }

    /// Whether the text holds anything but white space and comments: a recording's line of
    /// comments only is a blank line, not an empty file. An unclosed comment holds something,
    /// which ``parse(_:)`` then reports.
    static func holdsValue(_ text: String) -> Bool {
        var reader = JSON5Reader(bytes: Array(text.utf8), strict: false)
        guard (try? reader.skipSpace()) != nil else { return true }
        return reader.index < reader.bytes.count
    }

    private init(bytes: [UInt8], strict: Bool) {
        self.bytes = bytes
        self.strict = strict
    }

    /// A JSON5 form met in strict mode, at the current position.
    private func notJSON(_ form: String, at position: SourcePosition? = nil) -> JSON5SyntaxError {
        error("\(form)" + Self.notJSONSuffix, at: position)
    }

    /// How every strict-mode refusal ends.
    static let notJSONSuffix = " is JSON5, not JSON: each line of a JSON Lines file is plain JSON"

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func error(_ message: String, at position: SourcePosition? = nil) -> JSON5SyntaxError {
        JSON5SyntaxError(position: position ?? self.position, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Moves past one byte, keeping line and column (columns count characters, not bytes).
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(UnicodeScalar(byte)))'" }
        let scalar = String(decoding: bytes[index...].prefix(4), as: UTF8.self).unicodeScalars.first
        return "character U+\(String(format4(scalar?.value ?? UInt32(byte))))"
    }

    private func format4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private mutating func skipSpace() throws(JSON5SyntaxError) {
        while let byte = current {
            if strict {
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                    if byte == UInt8(ascii: "/") { throw notJSON("a comment") }
                    if byte == 0x0B || byte == 0x0C || byte == 0xC2 || byte == 0xEF { throw notJSON("this white space") }
                    return
                }
                advance()
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                advance()
            case 0xC2 where peek(1) == 0xA0:  // no-break space
                advance()
                advance()
            case 0xEF where peek(1) == 0xBB && peek(2) == 0xBF:  // a byte-order mark mid-file
                advance()
                advance()
                advance()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while let next = current, next != 0x0A { advance() }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let start = position
                advance()
                advance()
                while true {
                    guard let next = current else { throw error("unterminated /* comment", at: start) }
                    if next == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            default:
                return
            }
        }
    }

    private mutating func readValue() throws(JSON5SyntaxError) -> JSONNode {
        let start = position
        guard let byte = current else { throw error("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(value: try readObject(), position: start)
        case UInt8(ascii: "["): return JSONNode(value: try readArray(), position: start)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return JSONNode(value: .string(try readString()), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: try readNumber(), position: start)
        default:
            let word = readIdentifier()
            switch word {
            case "true": return JSONNode(value: .bool(true), position: start)
            case "false": return JSONNode(value: .bool(false), position: start)
            case "null": return JSONNode(value: .null, position: start)
            case "Infinity" where strict, "NaN" where strict: throw notJSON("'\(word)'", at: start)
            case "Infinity": return JSONNode(value: .number(.infinity, text: word), position: start)
            case "NaN": return JSONNode(value: .number(.nan, text: word), position: start)
            case "": throw error("unexpected \(describeCurrent()); expected a value")
            default: throw error("unexpected word '\(word)'; expected a value (strings need quotes)", at: start)
            }
        }
    }

    private mutating func enter() throws(JSON5SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("arrays and objects nest more than \(Self.maximumDepth) deep")
        }
    }

    private mutating func readArray() throws(JSON5SyntaxError) -> JSONNode.Value {
        try enter()
        let start = position
        advance()
        var items: [JSONNode] = []
        var afterComma = false
        while true {
            try skipSpace()
            guard let byte = current else { throw error("unterminated array (opened at \(start))") }
            if byte == UInt8(ascii: "]") {
                if strict && afterComma { throw notJSON("a trailing comma") }
                advance()
                depth -= 1
                return .array(items)
            }
            items.append(try readValue())
            try skipSpace()
            afterComma = current == UInt8(ascii: ",")
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): continue
            case nil: throw error("unterminated array (opened at \(start))")
            default: throw error("unexpected \(describeCurrent()) in an array; expected ',' or ']'")
            }
        }
    }

    private mutating func readObject() throws(JSON5SyntaxError) -> JSONNode.Value {
        try enter()
        let start = position
        advance()
        var members: [JSONNode.Member] = []
        var afterComma = false
        while true {
            try skipSpace()
            guard let byte = current else { throw error("unterminated object (opened at \(start))") }
            if byte == UInt8(ascii: "}") {
                if strict && afterComma { throw notJSON("a trailing comma") }
                advance()
                depth -= 1
                return .object(members)
            }
            let keyPosition = position
            let key: String
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                key = try readString()
            } else {
                if strict { throw notJSON("an unquoted key") }
                key = readIdentifier()
                if key.isEmpty { throw error("unexpected \(describeCurrent()) in an object; expected a key") }
            }
            try skipSpace()
            guard current == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()) after key \(quoted(key)); expected ':'")
            }
            advance()
            try skipSpace()
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: try readValue()))
            try skipSpace()
            afterComma = current == UInt8(ascii: ",")
            switch current {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): continue
            case nil: throw error("unterminated object (opened at \(start))")
            default: throw error("unexpected \(describeCurrent()) in an object; expected ',' or '}'")
            }
        }
    }

    /// Reads an unquoted key or keyword: letters, digits, `_` and `$`, or any non-ASCII character.
    private mutating func readIdentifier() -> String {
        let start = index
        while let byte = current {
            let isWord =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
            guard isWord, !(byte == 0xC2 && peek(1) == 0xA0), !(byte == 0xEF && peek(1) == 0xBB) else { break }
            if index == start && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { break }
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readString() throws(JSON5SyntaxError) -> String {
        let start = position
        let quote = bytes[index]
        if strict && quote != UInt8(ascii: "\"") { throw notJSON("a single-quoted string") }
        advance()
        // Most strings hold no escape: their bytes up to the closing quote are the string.
        let plain = readPlainRun(quote: quote)
        if current == quote {
            defer { advance() }
            return String(decoding: bytes[plain], as: UTF8.self)
        }
        var scalars = Array(bytes[plain])
        while true {
            guard let byte = current else { throw error("unterminated string (opened at \(start))") }
            if byte == quote {
                advance()
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte == 0x0A || byte == 0x0D {
                throw error("unterminated string (opened at \(start)); a line break inside a string must be escaped")
            }
            if strict && byte < 0x20 { throw notJSON("a control character not escaped in a string") }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                advance()
                continue
            }
            let escapePosition = position
            advance()
            guard let escaped = current else { throw error("unterminated string (opened at \(start))") }
            advance()
            if strict && !"\"\\/bfnrtu".utf8.contains(escaped) { throw notJSON("this escape", at: escapePosition) }
            try appendEscaped(escaped, at: escapePosition, to: &scalars)
        }
    }

    /// Appends what the escape `\` + `escaped` stands for, read from the byte after it on.
    private mutating func appendEscaped(_ escaped: UInt8, at escapePosition: SourcePosition, to scalars: inout [UInt8])
        throws(JSON5SyntaxError)
    {
        switch escaped {
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "v"): scalars.append(0x0B)
        case UInt8(ascii: "0") where !(current.map { $0 >= 0x30 && $0 <= 0x39 } ?? false):
            scalars.append(0x00)
        case 0x0A: break  // line continuation
        case 0x0D: if current == 0x0A { advance() }
        case UInt8(ascii: "x"):
            let value = try readHex(digits: 2, escapeAt: escapePosition)
            scalars.append(contentsOf: Array(String(UnicodeScalar(UInt8(value))).utf8))
        case UInt8(ascii: "u"): scalars.append(contentsOf: try readUnicodeEscape(at: escapePosition))
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw error("invalid escape in a string: digits cannot be escaped", at: escapePosition)
        default:
            // JSON5: any other escaped character stands for itself.
            scalars.append(escaped)
        }
    }

    /// Moves past a string's bytes up to its closing quote, a backslash or a control character.
    private mutating func readPlainRun(quote: UInt8) -> Range<Int> {
        let start = index
        while let byte = current, byte != quote, byte != UInt8(ascii: "\\"), byte >= 0x20 {
            index += 1
            if byte & 0xC0 != 0x80 { column += 1 }  // as advance() counts: no line break here
        }
        return start..<index
    }

    /// The character of a `\uXXXX` escape, or of a surrogate pair of two, as UTF-8.
    private mutating func readUnicodeEscape(at escapePosition: SourcePosition) throws(JSON5SyntaxError) -> [UInt8] {
        var value = try readHex(digits: 4, escapeAt: escapePosition)
        if (0xD800..<0xDC00).contains(value), current == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") {
            advance()
            advance()
            let low = try readHex(digits: 4, escapeAt: escapePosition)
            if (0xDC00..<0xE000).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
        }
        guard let scalar = UnicodeScalar(value) else {
            throw error("escape \\u\(format4(value)) is not a Unicode character", at: escapePosition)
        }
        return Array(String(scalar).utf8)
    }

    private mutating func readHex(digits: Int, escapeAt: SourcePosition) throws(JSON5SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = current, let digit = hexValue(byte) else {
                throw error("invalid escape in a string: expected \(digits) hexadecimal digits", at: escapeAt)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func readNumber() throws(JSON5SyntaxError) -> JSONNode.Value {
        let start = position
        let startIndex = index
        var sign = 1.0
        if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") {
            if current == UInt8(ascii: "-") { sign = -1 }
            advance()
        }
        let word = readIdentifierLikeNumber()
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        if strict && !Self.isJSONNumber(text) { throw notJSON("the number '\(excerpt(text))'", at: start) }
        if word == "Infinity" { return .number(sign * .infinity, text: text) }
        if word == "NaN" { return .number(.nan, text: text) }
        if word.hasPrefix("0x") || word.hasPrefix("0X"), let value = UInt64(word.dropFirst(2), radix: 16) {
            return .number(sign * Double(value), text: text)
        }
        let isDecimal = !word.isEmpty && word.utf8.allSatisfy(Self.isDecimalByte)
        guard isDecimal, let value = Double(word), word.first != "e", word.first != "E" else {
            throw error("invalid number '\(excerpt(text))'", at: start)
        }
        return .number(sign * value, text: text)
    }

    /// Whether a byte is one a decimal number is written with: `0123456789.eE+-`.
    private static func isDecimalByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// Whether the text is a number as JSON writes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }

    /// Reads the characters a number can contain (and letters, so that `12px` is one bad token).
    private mutating func readIdentifierLikeNumber() -> String {
        let start = index
        var previous: UInt8 = 0
        while let byte = current {
            let isPart =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: ".")
                || ((byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"))
                    && (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")))
            guard isPart else { break }
            previous = byte
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}

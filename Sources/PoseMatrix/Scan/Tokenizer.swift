/// One word or punctuation mark of a Swift or Objective-C file, with its line.
struct Token: Sendable, Hashable {
    /// `string` tokens (a literal's text between its quotes, escapes as written) come only from
    /// ``Tokenizer/tokens(of:keepingStrings:)`` with `keepingStrings`, for manifests read as data.
    enum Kind: Sendable { case word, punctuation, directive, string }
    var text: String
    /// Four bytes, not eight: a file of a few megabytes holds millions of tokens.
    private var storedLine: Int32
    var kind: Kind

    /// The line the token starts on, from 1.
    var line: Int { Int(storedLine) }

    init(text: String, line: Int, kind: Kind) {
        self.text = text
        self.storedLine = Int32(line)
        self.kind = kind
    }
}

/// Splits Swift and Objective-C source into tokens, dropping comments and string and character
/// literals, so that a name inside either never counts as code. `#if` lines become one
/// `directive` token each, the condition in its text.
struct Tokenizer {
    private let bytes: [UInt8]
    private let keepsStrings: Bool
    /// Swift's block comments nest; C's and Objective-C's end at the first `*/`.
    private let nestsComments: Bool
    private var index = 0
    private var line = 1
    private var tokens: [Token] = []

    static func tokens(of text: String, keepingStrings: Bool = false, nestingComments: Bool = true) -> [Token] {
        var tokenizer = Tokenizer(bytes: Array(text.utf8), keepsStrings: keepingStrings, nestsComments: nestingComments)
        tokenizer.run()
        return tokenizer.tokens
    }

    private init(bytes: [UInt8], keepsStrings: Bool, nestsComments: Bool) {
        self.bytes = bytes
        self.keepsStrings = keepsStrings
        self.nestsComments = nestsComments
    }

    private func peek(_ offset: Int = 0) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
    }

    private mutating func advance() {
        if peek() == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private mutating func run() {
        var lineStart = true
        while index < bytes.count {
            let byte = peek()
            if byte == UInt8(ascii: "\n") {
                lineStart = true
                advance()
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                advance()
            } else if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") {
                skipLine()
            } else if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                skipBlockComment()
            } else if byte == UInt8(ascii: "#") && lineStart {
                // A `#` that starts code is read again as code, no longer at the line's start: read
                // as a line start each time, a line of 200,000 `#` took 17 s.
                if readDirective() { lineStart = false }
            } else {
                lineStart = false
                readToken(byte)
            }
        }
    }

    private mutating func readToken(_ byte: UInt8) {
        if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "@") && peek(1) == UInt8(ascii: "\"")) {
            if byte == UInt8(ascii: "@") { advance() }
            skipString(hashes: 0)
        } else if byte == UInt8(ascii: "#") {
            readHashes()
        } else if byte == UInt8(ascii: "'") {
            skipCharacter()
        } else if Self.isWord(byte) {
            let start = index
            while index < bytes.count && Self.isWord(peek()) { advance() }
            tokens.append(Token(text: String(decoding: bytes[start..<index], as: UTF8.self), line: line, kind: .word))
        } else {
            tokens.append(Token(text: String(UnicodeScalar(byte)), line: line, kind: .punctuation))
            advance()
        }
    }

    /// A run of `#`: a raw string's opening when a `"` follows it, punctuation otherwise, each
    /// `#` a token and the run read once (read as a string, a run ending the file stepped past
    /// the last byte).
    private mutating func readHashes() {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        let isRawString = peek(hashes) == UInt8(ascii: "\"")
        for _ in 0..<hashes {
            if !isRawString { tokens.append(Token(text: "#", line: line, kind: .punctuation)) }
            advance()
        }
        if isRawString { skipString(hashes: hashes) }
    }

    private static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private mutating func skipLine() {
        while index < bytes.count && peek() != UInt8(ascii: "\n") { advance() }
    }

    /// A block comment: in Swift `/*` inside it opens a nested one; in Objective-C it is text, so
    /// `/* Resources/*.plist */` ends at its `*/`.
    private mutating func skipBlockComment() {
        var depth = 0
        repeat {
            if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") && (nestsComments || depth == 0) {
                depth += 1
                advance()
            } else if peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                advance()
            }
            advance()
        } while depth > 0 && index < bytes.count
    }

    /// A string literal, single-line or `"""` multi-line, raw with `hashes` `#` around it.
    /// Interpolations are skipped with the string: names in them are rarely what a rule looks for.
    private mutating func skipString(hashes: Int) {
        let multiLine = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        let quotes = multiLine ? 3 : 1
        for _ in 0..<quotes { advance() }
        let (start, startLine) = (index, line)
        var closed = false
        defer {
            if keepsStrings {
                let end = min(max(start, index - (closed ? quotes + hashes : 0)), bytes.count)
                let text = String(decoding: bytes[start..<end], as: UTF8.self)
                tokens.append(Token(text: text, line: startLine, kind: .string))
            }
        }
        while index < bytes.count {
            if peek() == UInt8(ascii: "\\") && hashes == 0 {
                advance()
                advance()
                continue
            }
            if peek() == UInt8(ascii: "\n") && !multiLine { return }
            if closes(quotes: quotes, hashes: hashes) {
                for _ in 0..<(quotes + hashes) { advance() }
                closed = true
                return
            }
            advance()
        }
    }

    private func closes(quotes: Int, hashes: Int) -> Bool {
        for offset in 0..<quotes where peek(offset) != UInt8(ascii: "\"") { return false }
        for offset in quotes..<(quotes + hashes) where peek(offset) != UInt8(ascii: "#") { return false }
        return true
    }

    private mutating func skipCharacter() {
        advance()
        while index < bytes.count && peek() != UInt8(ascii: "'") && peek() != UInt8(ascii: "\n") {
            if peek() == UInt8(ascii: "\\") { advance() }
            advance()
        }
        advance()
    }

    /// `#if`, `#elseif`/`#elif`, `#else`, `#endif`, `#ifdef`, `#ifndef` become directives (with the
    /// rest of the line, comments dropped); other lines starting with `#` (`#import`, `#define`) are skipped.
    /// A Swift `#available` or `#selector` inside code is not at a line start and stays a word.
    /// True when the line is code after all, to be tokenized from the `#` on.
    private mutating func readDirective() -> Bool {
        let start = index
        let startLine = line
        var text = ""
        while index < bytes.count && peek() != UInt8(ascii: "\n") {
            if peek() == UInt8(ascii: "/") && (peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")) { break }
            advance()
        }
        text = String(decoding: bytes[start..<index], as: UTF8.self)
        if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") { skipBlockComment() }
        skipLine()
        let name = text.dropFirst().prefix { $0.isLetter }
        if ["if", "elseif", "elif", "else", "endif", "ifdef", "ifndef"].contains(String(name)) {
            tokens.append(Token(text: text, line: startLine, kind: .directive))
        } else if !["import", "include", "define", "undef", "pragma", "warning", "error", "sourceLocation"].contains(
            String(name))
        {
            // `#Preview`, `#available` or a macro at a line start: code, so tokenize it after the `#`.
            index = start + 1
            line = startLine
            tokens.append(Token(text: "#", line: startLine, kind: .punctuation))
            return true
        }
        return false
    }
}

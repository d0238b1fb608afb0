import Foundation

/// Just enough of Swift's lexical structure to check the sources' shape: comments and string
/// literals blanked out (newlines kept, interpolated code kept), declared type names, type
/// references and function lengths.
struct SwiftSourceScan {
    /// The source with comments and string literal text replaced by spaces.
    let code: [UInt8]

    init(_ text: String) { code = Self.blank(Array(text.utf8)) }

    /// A string literal being read: its delimiter, and whether an interpolation is open.
    private struct Literal {
        var multiline: Bool
        var hashes: Int
        /// Open parentheses of the interpolation being read, nil while in the literal's text.
        var interpolation: Int?
    }

    private static func blank(_ source: [UInt8]) -> [UInt8] {
        var out = source
        var literals: [Literal] = []
        var index = 0
        func at(_ offset: Int, _ character: Character) -> Bool {
            index + offset < source.count && source[index + offset] == character.asciiValue!
        }
        func clear(_ range: Range<Int>) {
            for position in range.clamped(to: 0..<source.count) where source[position] != 10 { out[position] = 32 }
        }
        func hashes(from start: Int) -> Int {
            var count = 0
            while start + count < source.count && source[start + count] == Character("#").asciiValue! { count += 1 }
            return count
        }
        while index < source.count {
            if var literal = literals.last, literal.interpolation == nil {
                // Inside a literal's text: an escape, an interpolation, the closing delimiter or text.
                let quotes = literal.multiline ? 3 : 1
                if at(0, "\\") && hashes(from: index + 1) == literal.hashes {
                    let after = index + 1 + literal.hashes
                    if after < source.count && source[after] == Character("(").asciiValue! {
                        clear(index..<after + 1)
                        literal.interpolation = 0
                        literals[literals.count - 1] = literal
                        index = after + 1
                    } else {
                        clear(index..<after + 1)
                        index = after + 1
                    }
                } else if (0..<quotes).allSatisfy({ at($0, "\"") }) && hashes(from: index + quotes) >= literal.hashes {
                    clear(index..<index + quotes + literal.hashes)
                    index += quotes + literal.hashes
                    literals.removeLast()
                } else {
                    clear(index..<index + 1)
                    index += 1
                }
                continue
            }
            if at(0, "/") && at(1, "/") {
                let end = source[index...].firstIndex(of: 10) ?? source.count
                clear(index..<end)
                index = end
            } else if at(0, "/") && at(1, "*") {
                var depth = 0
                let start = index
                repeat {
                    if at(0, "/") && at(1, "*") {
                        depth += 1
                        index += 2
                    } else if at(0, "*") && at(1, "/") {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                } while depth > 0 && index < source.count
                clear(start..<index)
            } else if at(0, "\"") || (at(0, "#") && at(hashes(from: index), "\"")) {
                let count = hashes(from: index)
                let multiline = at(count, "\"") && at(count + 1, "\"") && at(count + 2, "\"")
                let length = count + (multiline ? 3 : 1)
                clear(index..<index + length)
                index += length
                literals.append(Literal(multiline: multiline, hashes: count))
            } else if !literals.isEmpty, let depth = literals[literals.count - 1].interpolation {
                // Code inside an interpolation: its closing parenthesis returns to the literal.
                if at(0, "(") {
                    literals[literals.count - 1].interpolation = depth + 1
                } else if at(0, ")") {
                    literals[literals.count - 1].interpolation = depth == 0 ? nil : depth - 1
                    if depth == 0 { clear(index..<index + 1) }
                }
                index += 1
            } else {
                index += 1
            }
        }
        return out
    }

    /// An identifier in the code, with its line and whether a `.` stands right before it.
    struct Word {
        var text: String
        var line: Int
        var offset: Int
        var afterDot: Bool
        /// Braces open around it.
        var depth: Int
    }

    /// Every identifier and keyword, in order.
    var words: [Word] {
        var words: [Word] = []
        var line = 1
        var depth = 0
        var index = 0
        var previous: UInt8 = 32
        func isStart(_ byte: UInt8) -> Bool { byte == 95 || (65...90).contains(byte) || (97...122).contains(byte) }
        func isPart(_ byte: UInt8) -> Bool { isStart(byte) || (48...57).contains(byte) }
        while index < code.count {
            let byte = code[index]
            if isStart(byte) {
                let start = index
                while index < code.count && isPart(code[index]) { index += 1 }
                let text = String(decoding: code[start..<index], as: UTF8.self)
                words.append(Word(text: text, line: line, offset: start, afterDot: previous == 46, depth: depth))
                previous = 65
                continue
            }
            if byte == 10 { line += 1 }
            if byte == 123 { depth += 1 }
            if byte == 125 { depth -= 1 }
            if byte != 32 && byte != 10 { previous = byte }
            index += 1
        }
        return words
    }

    static let declarationKeywords: Set<String> = ["struct", "enum", "class", "protocol", "actor", "typealias"]

    /// Types declared in the file: at the top level only, or nested ones too.
    func declaredTypes(nested: Bool) -> Set<String> {
        let words = words
        var names: Set<String> = []
        for (index, word) in words.enumerated().dropLast()
        where (nested || word.depth == 0) && Self.declarationKeywords.contains(word.text) {
            let name = words[index + 1].text
            if name.first?.isUppercase == true { names.insert(name) }
        }
        return names
    }

    /// Functions declared in the file: at the top level only (free functions), or methods too.
    func declaredFunctions(topLevel: Bool) -> Set<String> {
        let words = words
        var names: Set<String> = []
        for (index, word) in words.enumerated().dropLast() where word.text == "func" && (!topLevel || word.depth == 0) {
            names.insert(words[index + 1].text)
        }
        return names
    }

    /// Names the code calls as `name(`, not after a `.` and not where it declares them.
    var calls: Set<String> {
        let words = words
        var names: Set<String> = []
        for (index, word) in words.enumerated() where !word.afterDot {
            let end = word.offset + word.text.utf8.count
            guard end < code.count, code[end] == 40, index == 0 || words[index - 1].text != "func" else { continue }
            names.insert(word.text)
        }
        return names
    }

    /// Capitalised names the code refers to, not counting members after a `.`.
    var typeReferences: Set<String> {
        Set(words.filter { !$0.afterDot && $0.text.first?.isUppercase == true }.map(\.text))
    }

    /// A function and the lines from its `func` to its closing brace, both included.
    struct Function: Equatable, CustomStringConvertible {
        var name: String
        var line: Int
        var lines: Int
        var description: String { "\(name) (line \(line)): \(lines) lines" }
    }

    /// Keywords that end a bodiless declaration (a protocol requirement) before any `{`.
    private static let declarationStarts: Set<String> = [
        "func", "var", "let", "init", "subscript", "case", "static", "mutating", "associatedtype", "typealias",
    ]

    /// Every function with a body, and its length in lines.
    var functions: [Function] {
        let words = words
        var functions: [Function] = []
        for (index, word) in words.enumerated() where word.text == "func" && index + 1 < words.count {
            let bodyEnd = words.dropFirst(index + 2).first { Self.declarationStarts.contains($0.text) }?.offset ?? code.count
            guard let open = openingBrace(after: words[index + 1].offset, before: bodyEnd) else { continue }
            let close = matchingBrace(open)
            let lines = code[word.offset..<close].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            functions.append(Function(name: words[index + 1].text, line: word.line, lines: lines))
        }
        return functions
    }

    /// The first `{` outside parentheses and brackets, unless a `}` comes first.
    private func openingBrace(after start: Int, before end: Int) -> Int? {
        var nesting = 0
        for index in start..<min(end, code.count) {
            switch code[index] {
            case 40, 91: nesting += 1
            case 41, 93: nesting -= 1
            case 123 where nesting == 0: return index
            case 125 where nesting == 0: return nil
            default: break
            }
        }
        return nil
    }

    private func matchingBrace(_ open: Int) -> Int {
        var depth = 0
        for index in open..<code.count {
            if code[index] == 123 { depth += 1 }
            if code[index] == 125 {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return code.count - 1
    }
}

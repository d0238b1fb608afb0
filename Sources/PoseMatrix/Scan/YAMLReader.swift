import Foundation

/// A node of the YAML subset XcodeGen's `project.yml` uses: a scalar, a list or a mapping, with its line.
struct YAMLNode: Sendable {
    indirect enum Value: Sendable {
        case scalar(String)
        case list([YAMLNode])
        case map([(key: String, node: YAMLNode)])
    }

    var value: Value
    var line: Int
    var text: String
    /// The spec file the node was read from, when not the one being read (an `include:`d one).
    var file = ""

    /// The node and everything under it marked as read from `file`.
    func marked(_ file: String) -> YAMLNode {
        var node = self
        node.file = file
        switch value {
        case .scalar: break
        case .list(let items): node.value = .list(items.map { $0.marked(file) })
        case .map(let entries): node.value = .map(entries.map { (key: $0.key, node: $0.node.marked(file)) })
        }
        return node
    }

    subscript(_ key: String) -> YAMLNode? {
        guard case .map(let entries) = value else { return nil }
        return entries.first { $0.key == key }?.node
    }

    var scalar: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }

    var entries: [(key: String, node: YAMLNode)] {
        if case .map(let entries) = value { return entries }
        return []
    }
}

/// Reads block mappings and lists by indentation, `[a, b]` and `{a: b}` flow collections, quoted
/// scalars and `#` comments: enough for `project.yml`, not all of YAML (anchors and multi-line
/// scalars are read as plain text).
struct YAMLReader {
    private struct Line {
        var number: Int
        var indent: Int
        var content: String
        var text: String
    }

    /// Collections nested deeper than this are not read: no `project.yml` comes near it, and each
    /// level is a frame of the stack (100,000 nested flow mappings took over 11 minutes).
    static let deepest = 64

    private var lines: [Line] = []
    private var index = 0
    /// Where a collection nested deeper than ``deepest`` starts: the first line, when there is one.
    private(set) var tooDeepAt: Int?

    /// The document, and the line of the first collection nested too deep to read (read as empty).
    static func parse(_ text: String) -> (root: YAMLNode, tooDeepAt: Int?) {
        var reader = YAMLReader()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = Self.uncommented(String(raw)).trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty, content != "---" else { continue }
            let indent = raw.prefix { $0 == " " }.count
            reader.lines.append(
                Line(number: offset + 1, indent: indent, content: content, text: ScanLocation.evidence(raw)))
        }
        guard let first = reader.lines.first else { return (YAMLNode(value: .map([]), line: 1, text: ""), nil) }
        let root = reader.block(indent: first.indent, level: 0)
        return (root, reader.tooDeepAt)
    }

    private static func uncommented(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" && (previous == " " || offset == 0) {
                return String(line.prefix(offset))
            }
            previous = character
        }
        return line
    }

    private mutating func block(indent: Int, level: Int) -> YAMLNode {
        let start = lines[index]
        guard level < Self.deepest else {
            tooDeepAt = tooDeepAt ?? start.number
            while index < lines.count && lines[index].indent >= indent { index += 1 }
            return YAMLNode(value: .map([]), line: start.number, text: start.text)
        }
        if start.content.hasPrefix("- ") || start.content == "-" {
            var items: [YAMLNode] = []
            while index < lines.count, lines[index].indent == indent, lines[index].content.hasPrefix("-") {
                let line = lines[index]
                // The content is trimmed already: only the spaces after the `-` go (Foundation's
                // trimming copied the line through UTF-16 at each of 64 levels).
                let rest = String(line.content.dropFirst().drop { $0 == " " || $0 == "\t" })
                if rest.hasPrefix("- ") || rest == "-" {
                    // `- - a`: a list in the list, two columns in.
                    lines[index].indent = indent + 2
                    lines[index].content = rest
                    items.append(block(indent: indent + 2, level: level + 1))
                } else if Self.splitKey(rest) != nil {
                    // `- key: value` starts a mapping whose keys sit two columns in.
                    lines[index].indent = indent + 2
                    lines[index].content = rest
                    items.append(block(indent: indent + 2, level: level + 1))
                } else {
                    index += 1
                    items.append(flow(rest, line: line.number, text: line.text))
                }
            }
            return YAMLNode(value: .list(items), line: start.number, text: start.text)
        }
        var entries: [(key: String, node: YAMLNode)] = []
        while index < lines.count, lines[index].indent == indent, let (key, rest) = Self.splitKey(lines[index].content) {
            let line = lines[index]
            index += 1
            if rest.isEmpty, index < lines.count,
                lines[index].indent > indent
                    || (lines[index].indent == indent && lines[index].content.hasPrefix("-"))
            {
                var child = block(indent: lines[index].indent, level: level + 1)
                child.line = line.number
                child.text = line.text
                entries.append((key, child))
            } else {
                entries.append((key, flow(rest, line: line.number, text: line.text)))
            }
        }
        if index < lines.count, lines[index].indent >= indent, entries.isEmpty { index += 1 }
        return YAMLNode(value: .map(entries), line: start.number, text: start.text)
    }

    /// `key: value` or `key:`; the key unquoted. Nil for a line that is not a mapping entry: one
    /// that opens a flow collection. A key may hold brackets (`OTHER_LDFLAGS[sdk=macosx*]:`, an
    /// XcodeGen setting with a condition; read as a flow it made the whole project unreadable).
    private static func splitKey(_ content: String) -> (String, String)? {
        guard content.first != "[" && content.first != "{" else { return nil }
        var quote: Character?
        var index = content.startIndex
        while index < content.endIndex {
            let character = content[index]
            let next = content.index(after: index)
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ":" && (next == content.endIndex || content[next] == " ") {
                return (unquoted(String(content[..<index])), content[next...].trimmingCharacters(in: .whitespaces))
            }
            index = next
        }
        return nil
    }

    static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first else {
            return trimmed
        }
        return String(trimmed.dropFirst().dropLast())
    }

    /// A scalar, or a one-line `[a, b]` list or `{a: b}` mapping, read by ``FlowReader``.
    private mutating func flow(_ text: String, line: Int, text lineText: String) -> YAMLNode {
        guard (text.hasPrefix("[") && text.hasSuffix("]")) || (text.hasPrefix("{") && text.hasSuffix("}")) else {
            return YAMLNode(value: .scalar(Self.unquoted(text)), line: line, text: lineText)
        }
        var reader = FlowReader(bytes: Array(text.utf8), line: line, text: lineText)
        let node = reader.value(level: 0)
        if reader.tooDeep { tooDeepAt = tooDeepAt ?? line }
        return node
    }
}

/// One line's flow collection, `[a, {b: c}]`, read in one pass over its bytes: a `,` inside a
/// nested collection or a quoted scalar does not split the outer one.
private struct FlowReader {
    let bytes: [UInt8]
    let line: Int
    let text: String
    var position = 0
    private(set) var tooDeep = false

    init(bytes: [UInt8], line: Int, text: String) {
        (self.bytes, self.line, self.text) = (bytes, line, text)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpaces() {
        while current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { position += 1 }
    }

    mutating func value(level: Int) -> YAMLNode {
        skipSpaces()
        let open = current
        guard open == UInt8(ascii: "[") || open == UInt8(ascii: "{") else { return node(.scalar(scalar())) }
        guard level < YAMLReader.deepest else {
            tooDeep = true
            position = bytes.count
            return node(open == UInt8(ascii: "[") ? .list([]) : .map([]))
        }
        position += 1
        let isList = open == UInt8(ascii: "[")
        let close = isList ? UInt8(ascii: "]") : UInt8(ascii: "}")
        var items: [YAMLNode] = []
        var entries: [(key: String, node: YAMLNode)] = []
        while true {
            skipSpaces()
            guard let byte = current, byte != close else { break }
            let before = position
            defer { if position == before { position += 1 } }  // a stray bracket: step over it
            if byte == UInt8(ascii: ",") { continue }
            if isList {
                items.append(value(level: level + 1))
            } else {
                let key = scalar(endingAtColon: true)
                if current == UInt8(ascii: ":") { position += 1 }
                entries.append((key, value(level: level + 1)))
            }
        }
        if current == close { position += 1 }
        return node(isList ? .list(items) : .map(entries))
    }

    private func node(_ value: YAMLNode.Value) -> YAMLNode { YAMLNode(value: value, line: line, text: text) }

    /// A plain or quoted scalar, ending at `,`, `]`, `}` (or a key's `:` followed by a space or the end).
    private mutating func scalar(endingAtColon: Bool = false) -> String {
        skipSpaces()
        let start = position
        var quote: UInt8?
        while let byte = current {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                break
            } else if endingAtColon && byte == UInt8(ascii: ":")
                && (position + 1 == bytes.count
                    || [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "}")].contains(bytes[position + 1]))
            {
                break
            }
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return YAMLReader.unquoted(text)
    }
}

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

    private var lines: [Line] = []
    private var index = 0

    static func parse(_ text: String) -> YAMLNode {
        var reader = YAMLReader()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = Self.uncommented(String(raw)).trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty, content != "---" else { continue }
            let indent = raw.prefix { $0 == " " }.count
            reader.lines.append(
                Line(number: offset + 1, indent: indent, content: content, text: raw.trimmingCharacters(in: .whitespaces)))
        }
        guard let first = reader.lines.first else { return YAMLNode(value: .map([]), line: 1, text: "") }
        return reader.block(indent: first.indent)
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

    private mutating func block(indent: Int) -> YAMLNode {
        let start = lines[index]
        if start.content.hasPrefix("- ") || start.content == "-" {
            var items: [YAMLNode] = []
            while index < lines.count, lines[index].indent == indent, lines[index].content.hasPrefix("-") {
                let line = lines[index]
                let rest = String(line.content.dropFirst()).trimmingCharacters(in: .whitespaces)
                if Self.splitKey(rest) != nil {
                    // `- key: value` starts a mapping whose keys sit two columns in.
                    lines[index].indent = indent + 2
                    lines[index].content = rest
                    items.append(block(indent: indent + 2))
                } else {
                    index += 1
                    items.append(Self.flow(rest, line: line.number, text: line.text))
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
                var child = block(indent: lines[index].indent)
                child.line = line.number
                child.text = line.text
                entries.append((key, child))
            } else {
                entries.append((key, Self.flow(rest, line: line.number, text: line.text)))
            }
        }
        if index < lines.count, lines[index].indent >= indent, entries.isEmpty { index += 1 }
        return YAMLNode(value: .map(entries), line: start.number, text: start.text)
    }

    /// `key: value` or `key:`; the key unquoted. Nil for a line that is not a mapping entry.
    private static func splitKey(_ content: String) -> (String, String)? {
        var quote: Character?
        for (offset, character) in content.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            if character == "\"" || character == "'" { quote = character }
            if character == "[" || character == "{" { return nil }
            if character == ":" {
                let after = content.dropFirst(offset + 1)
                guard after.isEmpty || after.first == " " else { continue }
                return (unquoted(String(content.prefix(offset))), after.trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    private static func unquoted(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first else {
            return trimmed
        }
        return String(trimmed.dropFirst().dropLast())
    }

    /// A scalar, or a one-line `[a, b]` list or `{a: b}` mapping.
    private static func flow(_ text: String, line: Int, text lineText: String) -> YAMLNode {
        let inner = { (body: String) in
            body.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        if text.hasPrefix("[") && text.hasSuffix("]") {
            let items = inner(text).map { YAMLNode(value: .scalar(unquoted($0)), line: line, text: lineText) }
            return YAMLNode(value: .list(items), line: line, text: lineText)
        }
        if text.hasPrefix("{") && text.hasSuffix("}") {
            let entries = inner(text).compactMap(splitKey).map {
                (key: $0.0, node: flow($0.1, line: line, text: lineText))
            }
            return YAMLNode(value: .map(entries), line: line, text: lineText)
        }
        return YAMLNode(value: .scalar(unquoted(text)), line: line, text: lineText)
    }
}

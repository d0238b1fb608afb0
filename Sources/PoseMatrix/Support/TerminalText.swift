/// Text made safe for a terminal or a CI log: control characters (C0 but tab, DEL, C1), the
/// line and paragraph separators and the bidirectional controls are written as `\u{…}`, so a
/// matrix name or a path cannot move the cursor, clear the screen, reorder what a person reads,
/// or start a line that a CI runner takes as a command (`::error …`, `::add-mask::`).
enum TerminalText {
    /// The text with every such character escaped; line feeds too unless `keepingLineBreaks`.
    static func escaped(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingLineBreaks
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension String {
    /// The text as one line of a terminal or log: line feeds and every other control escaped.
    var oneLine: String { TerminalText.escaped(self, keepingLineBreaks: false) }
}

extension String {
    /// The string followed by spaces up to a width, and at least one space.
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}

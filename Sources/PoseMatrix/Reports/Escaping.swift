/// Escaping for each output format, each in one place.
enum Escaping {
    /// Text for an XML 1.0 attribute or element: markup characters escaped, characters XML 1.0
    /// forbids (most C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD, never written.
    static func xml(_ text: String) -> String {
        var buffer = ByteBuffer(capacity: text.utf8.count)
        buffer.appendXML(text)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Text for a Markdown table cell or inline text: `|` escaped, `[` and `]` escaped so that no
    /// link (`[x](javascript:…)`) forms, `*`, `_` and `~` escaped so that no emphasis or strike
    /// (`**SIGNED OFF**`) forms, the `:` of `://` and the `.` of `www.` escaped so that GitHub's
    /// autolinks do not make a bare address a link (an e-mail address still is, whatever is
    /// escaped, and shows its own text), line breaks and C0 and C1 controls as spaces, and
    /// bidirectional formatting characters replaced by U+FFFD so that nothing reads reversed;
    /// `&` as `&amp;`, so that no entity (`&#x202E;`) brings one back when the Markdown is shown.
    static func markdownCell(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "[": out += "\\["
            case "]": out += "\\]"
            case "*": out += "\\*"
            case "_": out += "\\_"
            case "~": out += "\\~"
            case "`": out += "'"
            case "<": out += "&lt;"
            case "&": out += "&amp;"
            case ":" where scalars[(index + 1)...].starts(with: ["/", "/"]): out += "\\:"
            case "." where startsAutolink(scalars[..<index]): out += "\\."
            default: appendPlain(scalar, to: &out)
            }
        }
        return out
    }

    /// Whether the text before a `.` ends in `www` at the start of a word, which GitHub links with it.
    private static func startsAutolink(_ before: ArraySlice<Unicode.Scalar>) -> Bool {
        guard before.count >= 3, String(String.UnicodeScalarView(before.suffix(3))).lowercased() == "www" else { return false }
        guard let previous = before.dropLast(3).last else { return true }
        return !(previous.properties.isAlphabetic || ("0"..."9").contains(previous))
    }

    /// Text inside a Markdown code span, where entities and backslash escapes are not read: only
    /// backticks (as `'`), controls and bidirectional formatting change, and, in a table, `|`
    /// (which GitHub's tables read before the span).
    static func markdownCode(_ text: String, inTable: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|" where inTable: out += "\\|"
            case "`": out += "'"
            default: appendPlain(scalar, to: &out)
            }
        }
        return out
    }

    /// C0 and C1 controls and DEL as a space, bidirectional formatting as U+FFFD, the rest as it is.
    private static func appendPlain(_ scalar: Unicode.Scalar, to out: inout String) {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            out += " "
        } else if isBidirectionalFormatting(scalar) {
            out += "\u{FFFD}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }

    /// The marks, embeddings, overrides and isolates that reorder text as it is shown.
    static func isBidirectionalFormatting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Text for a terminal or CI log line: C0 and C1 controls, DEL and bidirectional formatting as
    /// `\u{…}`, so that a value cannot move the cursor, clear the screen or start a workflow command line.
    static func terminal(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidirectionalFormatting(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text for an HTML (or SVG) element or quoted attribute: as ``xml(_:)``, and bidirectional
    /// formatting replaced by U+FFFD and C1 controls by a space, as in Markdown, so that a hostile
    /// name can neither open markup nor read reversed.
    static func html(_ text: String) -> String {
        var plain = ""
        plain.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                plain += " "
            } else if isBidirectionalFormatting(scalar) {
                plain += "\u{FFFD}"
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        return xml(plain)
    }

}

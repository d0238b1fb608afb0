/// Escaping for each output format, each in one place.
enum Escaping {
    /// Text for an XML 1.0 attribute or element: markup characters escaped, characters XML 1.0
    /// forbids (most C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD, never written.
    static func xml(_ text: String) -> String {
        var buffer = ByteBuffer(capacity: text.utf8.count)
        buffer.appendXML(text)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Text for a Markdown table cell or inline span: `|` escaped, line breaks and control characters as spaces.
    static func markdownCell(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": out += "\\|"
            case "\\": out += "\\\\"
            case "`": out += "'"
            case "<": out += "&lt;"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A JSON string literal, quotes included.
    static func json(_ text: String) -> String { quoted(text) }
}

/// Bytes of report text, appended in place: the per-case hot path of every writer.
///
/// Escaping for JSON and XML happens here, each with a fast path that copies text with
/// nothing to escape in one go; `Escaping` holds the same rules for whole strings.
public struct ByteBuffer: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Text as it is.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A whole number in decimal.
    public mutating func append(_ number: Int) {
        if number >= 0 && number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        append(String(number))
    }

    /// A JSON string literal, quotes included: quotes and backslashes escaped, control
    /// characters, DEL, U+2028 and U+2029 as `\\uXXXX`. `quoted` uses these rules too.
    public mutating func appendJSONString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var escape: StaticString?
                var length = 1
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0xE2
                where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                case _ where byte < 0x20 || byte == 0x7F: break
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                if let escape {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
                } else {
                    let hex = Array(String(byte, radix: 16).utf8)
                    bytes.append(contentsOf: Array("\\u00".utf8) + (hex.count == 1 ? [UInt8(ascii: "0")] : []) + hex)
                }
                index += length
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Text for an XML 1.0 attribute or element: markup characters escaped, line breaks and tabs
    /// as character references, and the characters XML 1.0 forbids (the other C0 controls,
    /// U+FFFE, U+FFFF) replaced by U+FFFD, never written. `Escaping.xml` uses these rules too.
    public mutating func appendXML(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                var replacement: StaticString
                var length = 1
                switch byte {
                case 0x26: replacement = "&amp;"
                case 0x3C: replacement = "&lt;"
                case 0x3E: replacement = "&gt;"
                case 0x22: replacement = "&quot;"
                case 0x27: replacement = "&apos;"
                case 0x0A: replacement = "&#10;"
                case 0x0D: replacement = "&#13;"
                case 0x09: replacement = "&#9;"
                case 0xEF
                where index + 2 < utf8.count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                    replacement = "\u{FFFD}"
                    length = 3
                case _ where byte < 0x20: replacement = "\u{FFFD}"
                default:
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                index += length
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
    }
}

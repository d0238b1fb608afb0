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
        appendEscaping(text) { utf8, index in
            let byte = utf8[index]
            switch byte {
            case 0x22: return (.text("\\\""), 1)
            case 0x5C: return (.text("\\\\"), 1)
            case 0x0A: return (.text("\\n"), 1)
            case 0x0D: return (.text("\\r"), 1)
            case 0x09: return (.text("\\t"), 1)
            case 0xE2
            where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                return (.text(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"), 3)
            case _ where byte < 0x20 || byte == 0x7F: return (.unicodeEscape(byte), 1)
            default: return nil
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Text for an XML 1.0 attribute or element: markup characters escaped, line breaks and tabs
    /// as character references, and the characters XML 1.0 forbids (the other C0 controls,
    /// U+FFFE, U+FFFF) replaced by U+FFFD, never written. `Escaping.xml` uses these rules too.
    public mutating func appendXML(_ text: String) {
        appendEscaping(text) { utf8, index in
            let byte = utf8[index]
            switch byte {
            case 0x26: return (.text("&amp;"), 1)
            case 0x3C: return (.text("&lt;"), 1)
            case 0x3E: return (.text("&gt;"), 1)
            case 0x22: return (.text("&quot;"), 1)
            case 0x27: return (.text("&apos;"), 1)
            case 0x0A: return (.text("&#10;"), 1)
            case 0x0D: return (.text("&#13;"), 1)
            case 0x09: return (.text("&#9;"), 1)
            case 0xEF
            where index + 2 < utf8.count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                return (.text("\u{FFFD}"), 3)
            case _ where byte < 0x20: return (.text("\u{FFFD}"), 1)
            default: return nil
            }
        }
    }

    /// What stands for an escaped sequence.
    private enum Replacement {
        case text(StaticString)
        /// `\\u00XX`.
        case unicodeEscape(UInt8)
    }

    /// Appends text, copying the runs that need no escaping whole and replacing what `rule`
    /// picks: given the bytes and an index, the replacement and how many bytes it stands for.
    @inline(__always)
    private mutating func appendEscaping(
        _ text: String, _ rule: (UnsafeBufferPointer<UInt8>, Int) -> (Replacement, Int)?
    ) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                guard let (replacement, length) = rule(utf8, index) else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch replacement {
                case .text(let literal):
                    bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
                case .unicodeEscape(let byte):
                    let digits = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
                }
                index += length
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
    }
}

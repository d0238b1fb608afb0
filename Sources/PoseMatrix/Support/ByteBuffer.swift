/// Bytes of report text, appended in place: the per-case hot path of every writer.
///
/// Escaping for JSON and XML happens here, each with a fast path that copies text with
/// nothing to escape in one go; `Escaping` holds the same rules for whole strings.
struct ByteBuffer: Sendable {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    /// Text as it is.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// One byte: punctuation, without going through a string.
    @inline(__always)
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Drops the bytes from `count` on, keeping the storage.
    mutating func truncate(to count: Int) {
        bytes.removeLast(bytes.count - count)
    }

    /// Bytes rendered before, as they are.
    mutating func append(bytes more: some Collection<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// A whole number in decimal, its digits made from the right in a 20-byte scratch and
    /// appended at once: making a `String` of every case index, line number and record id and
    /// copying it out cost more than the digits, and appending them one by one half as much again.
    mutating func append(_ number: Int) {
        if number >= 0 && number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int.min has 19 digits and a sign
        withUnsafeMutableBytes(of: &digits) { scratch in
            var start = scratch.count
            var rest = number.magnitude
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 {
                start -= 1
                scratch[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[start...]))
        }
    }

    /// Text known when the program was built, without the reference counting of a `String` or
    /// an array: the fixed parts of every case's line and element.
    @inline(__always)
    mutating func append(literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A JSON string literal, quotes included: quotes and backslashes escaped, control
    /// characters, DEL, U+2028 and U+2029 as `\\uXXXX`. `quoted` uses these rules too.
    mutating func appendJSONString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaping(text, wordMayEscape: Self.jsonWordMayEscape, mayEscape: Self.jsonByteMayEscape) { utf8, index in
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
    mutating func appendXML(_ text: String) {
        appendEscaping(text, wordMayEscape: Self.xmlWordMayEscape, mayEscape: Self.xmlByteMayEscape) { utf8, index in
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

    /// Whether a byte may start what JSON escapes: a control, `"`, `\\`, DEL, or the lead byte of U+2028 and U+2029.
    @inline(__always)
    private static func jsonByteMayEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
    }

    /// Whether any of eight bytes may: ``jsonByteMayEscape(_:)``, with every non-ASCII byte a maybe.
    @inline(__always)
    private static func jsonWordMayEscape(_ word: UInt64) -> Bool {
        hasNonASCII(word) || hasByte(below: 0x20, word) || has(0x22, word) || has(0x5C, word) || has(0x7F, word)
    }

    /// Whether a byte may start what XML escapes or replaces: below 0x40, the controls and
    /// `" & ' < >` (bits 0x00-0x1F, 0x22, 0x26, 0x27, 0x3C and 0x3E of the mask); the lead byte of U+FFFE and U+FFFF.
    @inline(__always)
    private static func xmlByteMayEscape(_ byte: UInt8) -> Bool {
        byte < 0x40 ? (0x5000_00C4_FFFF_FFFF as UInt64) >> byte & 1 != 0 : byte == 0xEF
    }

    /// Whether any of eight bytes may: ``xmlByteMayEscape(_:)``, with every non-ASCII byte a maybe.
    @inline(__always)
    private static func xmlWordMayEscape(_ word: UInt64) -> Bool {
        hasNonASCII(word) || hasByte(below: 0x20, word) || has(0x22, word) || has(0x26, word) || has(0x27, word)
            || has(0x3C, word) || has(0x3E, word)
    }

    /// Eight bytes, each 0x01.
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether any of eight bytes has its top bit set (is part of a UTF-8 sequence).
    @inline(__always)
    private static func hasNonASCII(_ word: UInt64) -> Bool { word & (ones << 7) != 0 }

    /// Whether any of eight ASCII bytes is below `limit` (at most 0x80): the borrow of a byte
    /// below it sets the top bit, which an ASCII byte does not have.
    @inline(__always)
    private static func hasByte(below limit: UInt8, _ word: UInt64) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & (ones << 7) != 0
    }

    /// Whether any of eight ASCII bytes is `byte`: it is zero after the exclusive or.
    @inline(__always)
    private static func has(_ byte: UInt8, _ word: UInt64) -> Bool { hasByte(below: 1, word ^ (ones &* UInt64(byte))) }

    /// What stands for an escaped sequence.
    private enum Replacement {
        case text(StaticString)
        /// `\\u00XX`.
        case unicodeEscape(UInt8)
    }

    /// Appends text, copying the runs that need no escaping whole and replacing what `rule`
    /// picks: given the bytes and an index, the replacement and how many bytes it stands for.
    ///
    /// Scanning a byte and the rule's whole switch at a time was a sixth of a 10^6-case run's
    /// CPU (770 ms; now 430 ms). Now eight bytes at a time skip when `wordMayEscape` finds none that could need
    /// escaping (it may say yes wrongly, never no wrongly), and `rule` is asked only about the
    /// bytes `mayEscape` lets through.
    @inline(__always)
    private mutating func appendEscaping(
        _ text: String, wordMayEscape: (UInt64) -> Bool, mayEscape: (UInt8) -> Bool,
        _ rule: (UnsafeBufferPointer<UInt8>, Int) -> (Replacement, Int)?
    ) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var index = 0
            while index < utf8.count {
                if index + 8 <= utf8.count,
                    !wordMayEscape(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
                {
                    index += 8
                    continue
                }
                guard mayEscape(utf8[index]), let (replacement, length) = rule(utf8, index) else {
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

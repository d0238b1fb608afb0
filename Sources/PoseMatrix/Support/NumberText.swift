/// Writes a number the way people write it: `90`, `174.1`, never `90.0`. The model's descriptions,
/// messages and ``JSONWriter`` all write numbers this way.
func formatNumber(_ number: Double) -> String {
    if number.isNaN { return "NaN" }
    if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
}

extension Double {
    /// The number `text` stands for, exactly as `Double(text)` reads it, without the C library's
    /// general parser for a plain decimal (`90`, `-0.0086`) of at most 15 digits: such a text is
    /// a whole number below 2^53 divided by a power of ten below 10^23, both exact as doubles, and
    /// one division rounds as the parser does. The failure digest reads every case's changed
    /// axis value as a number, and `Double(text)` was 2.5 % of a 10^6-case run's CPU.
    init?(numberText text: String) {
        let plain = text.utf8.withContiguousStorageIfAvailable(Self.plainDecimal) ?? nil
        guard let value = plain ?? Double(text) else { return nil }
        self = value
    }

    /// 10^0 to 10^22, each exact: every one is a product of exact values that a double holds.
    private static let powersOfTen: [Double] = {
        var powers: [Double] = [1]
        while powers.count <= 22 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// `-?[0-9]+(\.[0-9]+)?` with at most 15 digits in all, as a double; nil for any other text.
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var position = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { position = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ".") && !inFraction && digits > 0 && position < bytes.count {
                inFraction = true
                continue
            }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 15 else { return nil }
            mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            if inFraction { fractionDigits += 1 }
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }
}

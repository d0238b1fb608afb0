/// Writes a number the way people write it: `90`, `174.1`, never `90.0`. The model's descriptions,
/// messages and ``JSONWriter`` all write numbers this way.
func formatNumber(_ number: Double) -> String {
    if number.isNaN { return "NaN" }
    if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return String(number)
}

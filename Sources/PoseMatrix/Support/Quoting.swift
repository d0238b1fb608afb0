/// Text as a JSON string literal, quotes included: how messages quote a value and how
/// JSON reports write one. The rules live in `ByteBuffer.appendJSONString`.
func quoted(_ text: String) -> String {
    var buffer = ByteBuffer(capacity: text.utf8.count + 2)
    buffer.appendJSONString(text)
    return String(decoding: buffer.bytes, as: UTF8.self)
}

/// "1 error", "2 errors": a count with its noun in the right number.
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}

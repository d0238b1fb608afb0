/// Text as a JSON string literal, quotes included: how messages quote a value and how
/// JSON reports write one. The rules live in `ByteBuffer.appendJSONString`.
func quoted(_ text: String) -> String {
    var buffer = ByteBuffer(capacity: text.utf8.count + 2)
    buffer.appendJSONString(text)
    return String(decoding: buffer.bytes, as: UTF8.self)
}

/// Text as a JSON string literal, quotes included: how messages quote a value and how
/// JSON reports write one. The rules live in `ByteBuffer.appendJSONString`.
func quoted(_ text: String) -> String {
    var buffer = ByteBuffer(capacity: text.utf8.count + 2)
    buffer.appendJSONString(text)
    return String(decoding: buffer.bytes, as: UTF8.self)
}

/// At most `limit` characters of a text a message shows, cut with "...": a value from a file
/// (an 8 MB number, a long string) would otherwise fill the terminal or the CI log.
func excerpt(_ text: String, limit: Int = 60) -> String {
    text.utf8.count <= limit || text.count <= limit ? text : String(text.prefix(limit - 3)) + "..."  // count walks it all
}

/// "1 error", "2 errors": a count with its noun in the right number.
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}

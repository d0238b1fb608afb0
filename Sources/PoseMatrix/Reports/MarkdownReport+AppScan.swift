/// report.md's lines on `app.scan`, near the top: which app keys the run took from the code, and where.
extension MarkdownReport {
    /// The keys taken from the code, each with its value and `file:line` (or, for a key settled by
    /// an absence, the sentence saying what was not found), then the keys the matrix stated and
    /// those the code left unknown; nothing without `app.scan`. Made from the header's record
    /// alone, which results.jsonl keeps, so that `merge` writes the bytes the run wrote.
    static func appScanLines(_ record: AppScanRecord?) -> String {
        guard let record else { return "" }
        func code(_ text: String) -> String { "`" + Escaping.markdownCode(text, inTable: false) + "`" }
        let scanned = record.result.evidence.filter { !record.stated.contains($0.key.rawValue) }
        var out = "App keys from the code of " + code(record.path) + " (`app.scan`)"
        out += scanned.isEmpty ? ": none.\n\n" : ":\n\n"
        for item in scanned {
            let location = item.location
            let place =
                location.file.isEmpty ? Escaping.markdownCell(location.text) : code("\(location.file):\(location.line)")
            out += "- " + code(item.key.rawValue) + " " + code(item.value.description) + ": " + place + "\n"
        }
        if !scanned.isEmpty { out += "\n" }
        var notes: [String] = []
        if !record.stated.isEmpty {
            notes.append("From the matrix: " + record.stated.sorted().map(code).joined(separator: ", ") + ".")
        }
        let unknown = record.result.unknown.filter { !record.stated.contains($0.rawValue) }
        if !unknown.isEmpty {
            let named = unknown.map { key in
                code(key.rawValue) + (record.reasons[key].map { " (" + Escaping.markdownCell($0) + ")" } ?? "")
            }
            notes.append("Unknown in the code, so the matrix's default: " + named.joined(separator: ", ") + ".")
        }
        return out + (notes.isEmpty ? "" : notes.joined(separator: " ") + "\n\n")
    }
}

/// What a run took from `app.scan`: the tree, the scan, and the keys the matrix stated itself.
struct AppScanRecord: Sendable {
    /// The tree as the matrix names it.
    var path: String
    var result: ScanResult
    var stated: Set<String>

    init(path: String, result: ScanResult, stated: Set<String>) {
        self.path = path
        self.result = result
        self.stated = stated
    }

    /// The header's `appScan` object, on one line, its keys in alphabetical order: which keys came
    /// from the code (with their evidence), which from the matrix, and which the code left unknown.
    var headerJSON: String {
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        json.key("fromMatrix")
        json.strings(stated.sorted())
        json.member("path", path)
        json.key("scanned")
        json.beginArray()
        for item in result.evidence where !stated.contains(item.key.rawValue) { item.write(into: &json) }
        json.endArray()
        json.key("unknown")
        json.strings(result.unknown.map(\.rawValue))
        json.endObject()
        return String(decoding: json.buffer.bytes, as: UTF8.self)
    }
}

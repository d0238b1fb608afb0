/// What a run took from `app.scan`: the tree, the scan, and the keys the matrix stated itself.
struct AppScanRecord: Sendable {
    /// The tree as the matrix names it.
    var path: String
    var result: ScanResult
    var stated: Set<String>
    /// Why the code left keys unknown, for those it says why (``ScanResult/unknownReasons``).
    var reasons: [ScanKey: String]

    init(path: String, result: ScanResult, stated: Set<String>, reasons: [ScanKey: String]? = nil) {
        self.path = path
        self.result = result
        self.stated = stated
        self.reasons = reasons ?? result.unknownReasons
    }

    /// The header's `appScan` object, on one line, its keys in alphabetical order: which keys came
    /// from the code (with their evidence), which from the matrix, which the code left unknown,
    /// and why (`why`, by key, for the unknown keys the scan says why of).
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
        json.key("why")
        json.beginObject()
        for key in result.unknown {
            guard let reason = reasons[key] else { continue }
            json.member(key.rawValue, reason)
        }
        json.endObject()
        json.endObject()
        return String(decoding: json.buffer.bytes, as: UTF8.self)
    }
}

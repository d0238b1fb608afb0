import Foundation

/// What a run took from `app.scan`: the tree, the scan, and the keys the matrix stated itself.
public struct AppScanRecord: Sendable {
    /// The tree as the matrix names it.
    public var path: String
    public var result: ScanResult
    public var stated: Set<String>

    public init(path: String, result: ScanResult, stated: Set<String>) {
        self.path = path
        self.result = result
        self.stated = stated
    }

    /// The header's `appScan` object, on one line: which keys came from the code (with their
    /// evidence), which from the matrix, and which the code left unknown.
    public var headerJSON: String {
        let scanned = result.evidence.filter { !stated.contains($0.key.rawValue) }.map {
            [
                "key": $0.key.rawValue, "value": $0.value.jsonValue, "file": $0.location.file, "line": $0.location.line,
                "text": $0.location.text,
            ] as [String: Any]
        }
        let object: [String: Any] = [
            "path": path, "fromMatrix": stated.sorted(), "scanned": scanned, "unknown": result.unknown.map(\.rawValue),
        ]
        return ScanResult.serialized(object).trimmingCharacters(in: .newlines)
    }
}

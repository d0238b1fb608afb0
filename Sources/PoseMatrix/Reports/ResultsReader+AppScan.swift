/// The header's `appScan` object read back, so that `merge` can check shards scanned the same
/// code and write the record an unsharded run writes.
extension AppScanRecord {
    /// The record whose ``headerJSON`` is the object read; nil when the header has none.
    static func read(_ node: JSONNode?, error fail: (String) -> ResultsError) throws(ResultsError) -> AppScanRecord? {
        guard let node else { return nil }
        guard let path = node["path"]?.string, let stated = node["fromMatrix"]?.items,
            let scanned = node["scanned"]?.items, let unknown = node["unknown"]?.items
        else { throw fail("the header's appScan lacks its path, fromMatrix, scanned or unknown") }
        var result = ScanResult(root: path, project: "")
        for item in scanned {
            guard let key = item["key"]?.string.flatMap(ScanKey.init(rawValue:)),
                let value = item["value"].flatMap(ScanValue.init(header:)), let file = item["file"]?.string,
                let line = ResultsReader.count(item["line"]), let text = item["text"]?.string
            else { throw fail("an appScan.scanned entry in the header lacks its key, value, file, line or text") }
            result.evidence.append(
                ScanEvidence(key: key, value: value, location: ScanLocation(file: file, line: line, text: text)))
        }
        result.unknown = try unknown.map { item throws(ResultsError) in
            guard let key = item.string.flatMap(ScanKey.init(rawValue:)) else {
                throw fail("appScan.unknown names \(item.shortText), not an app key the scanner reads")
            }
            return key
        }
        return AppScanRecord(
            path: path, result: result, stated: Set(stated.compactMap(\.string)),
            reasons: try reasons(node["why"], unknown: result.unknown, error: fail))
    }

    /// The header's `appScan.why`: a reason, as text, for keys among the unknown ones (absent from
    /// results written by 0.2.0 and earlier).
    private static func reasons(_ node: JSONNode?, unknown: [ScanKey], error fail: (String) -> ResultsError)
        throws(ResultsError) -> [ScanKey: String]
    {
        guard let node else { return [:] }
        guard let members = node.members else { throw fail("the header's appScan.why is not an object") }
        var reasons: [ScanKey: String] = [:]
        for member in members {
            guard let key = ScanKey(rawValue: member.key), unknown.contains(key) else {
                throw fail("appScan.why names \(quoted(member.key)), not a key appScan.unknown lists")
            }
            guard let reason = member.value.string, !reason.isEmpty else {
                throw fail("appScan.why gives \(member.key) \(member.value.shortText), not a reason")
            }
            reasons[key] = reason
        }
        return reasons
    }

    /// The first field (`appScan.path`, `appScan.scanned.KEY`, …) in which two runs' records differ, with
    /// both values, or nil when they agree: shards of one run must have scanned the same code.
    static func difference(_ other: AppScanRecord?, _ first: AppScanRecord?) -> (field: String, other: String, first: String)? {
        guard let other, let first else {
            return other == nil && first == nil
                ? nil : ("appScan", other == nil ? "absent" : "present", first == nil ? "absent" : "present")
        }
        if other.path != first.path { return ("appScan.path", quoted(other.path), quoted(first.path)) }
        if other.stated != first.stated {
            return ("appScan.fromMatrix", other.stated.sorted().description, first.stated.sorted().description)
        }
        // A changed value is what matters; a value found on another line or in other text comes second.
        for valuesOnly in [true, false] {
            for key in ScanKey.allCases {
                let mine = other.result.evidence.first { $0.key == key }
                let theirs = first.result.evidence.first { $0.key == key }
                if valuesOnly ? mine?.value != theirs?.value : mine != theirs {
                    return ("appScan.scanned." + key.rawValue, describe(mine), describe(theirs))
                }
            }
        }
        if other.result.unknown != first.result.unknown {
            return ("appScan.unknown", "\(other.result.unknown.map(\.rawValue))", "\(first.result.unknown.map(\.rawValue))")
        }
        return nil
    }

    private static func describe(_ evidence: ScanEvidence?) -> String {
        guard let evidence else { return "unknown" }
        return "\(evidence.value) (\(evidence.location.file):\(evidence.location.line): \(evidence.location.text))"
    }
}

extension ScanValue {
    /// A value as the header writes it: a boolean, a string or a list of strings.
    init?(header node: JSONNode) {
        switch node.value {
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .choice(text)
        case .array(let items):
            let strings = items.compactMap(\.string)
            guard strings.count == items.count else { return nil }
            self = .list(strings)
        default: return nil
        }
    }
}

/// `scan --check MATRIX`: a matrix's app block against the code, key by key. A matrix with
/// `app.scan` takes every key it does not state from the code, so only its stated keys can drift;
/// a matrix without it runs with what it states or the defaults, so every settled key is compared.
struct ScanCheck: Sendable {
    var matrixPath: String
    var result: ScanResult
    /// The settled keys compared with the matrix, in key order.
    var checked: [ScanKey]
    /// The settled keys the matrix's `app.scan` takes from the code: not compared. Nil without `app.scan`.
    var fromCode: [ScanKey]?
    /// The compared keys whose values differ, in key order.
    var drift: [ScanDrift]

    /// Compares `app` with the code; `stated` is the key paths the matrix states beside `app.scan`,
    /// nil when the matrix has no `app.scan`.
    init(_ result: ScanResult, app: App, stated: Set<String>?, matrixPath: String) {
        self.matrixPath = matrixPath
        self.result = result
        let settled = result.evidence.map(\.key)
        let checked = settled.filter { stated?.contains($0.rawValue) ?? true }
        self.checked = checked
        fromCode = stated.map { stated in settled.filter { !stated.contains($0.rawValue) } }
        drift = result.drift(from: app).filter { checked.contains($0.key) }
    }

    /// Whether the matrix agrees with the code: no key drifts, and none is unknown because a file
    /// that could settle it was not read (a key the check cannot see is not agreement).
    var agrees: Bool { drift.isEmpty && result.unread.allSatisfy(\.keys.isEmpty) }

    /// One line per drifted key, one per group of keys left unknown by files not read, then the
    /// verdict line naming the matrix and the tree.
    var text: String {
        var text = ""
        for item in drift { text += ("drift: " + item.description).oneLine + "\n" }
        var notRead = 0
        for (keys, files) in result.unreadGroups {
            notRead += keys.count
            let line = "not read: " + keys.map(\.rawValue).joined(separator: ", ") + ": unknown, as "
            text += (line + ScanResult.named(files.map(\.description)) + " could settle them").oneLine + "\n"
        }
        let checkedCount = counted(checked.count, "key")
        let taken = fromCode.map { ", \($0.count) from the code" } ?? ""
        if !drift.isEmpty {
            text +=
                "\(matrixPath): the app block disagrees with \(result.root) on \(drift.count) of \(checkedCount)\(taken)".oneLine
        } else if notRead > 0 {
            text +=
                "\(matrixPath): cannot tell whether the app block agrees with \(result.root): "
                + "\(counted(notRead, "key")) rest on files not read (\(checkedCount) checked\(taken))".oneLine
        } else {
            text +=
                ("\(matrixPath): the app block agrees with \(result.root) "
                + "(\(checkedCount) checked\(taken), \(result.unknown.count) unknown)").oneLine
        }
        return text + "\n"
    }

    /// One object on one line, keys in alphabetical order: `agrees`, `app` (the tree), `checked`,
    /// `drift` (`[{code, file, key, line, matrix, text}]`), `fromCode` (empty without `app.scan`),
    /// `matrix` (the file), `unknown`, `unread` (`[{file, keys, line, reason}]`, the files not
    /// read that leave keys unknown; `agrees` is false when there is one) and `unsettled`
    /// (`[{key, places, reason}]`, the unknown keys whose evidence does not settle them).
    var json: String {
        var json = JSONWriter(capacity: 1024)
        json.beginObject()
        json.key("agrees")
        json.bool(agrees)
        json.member("app", result.root)
        json.key("checked")
        json.strings(checked.map(\.rawValue))
        json.key("drift")
        json.beginArray()
        for item in drift {
            json.beginObject()
            json.key("code")
            json.value(item.evidence.value)
            json.member("file", item.evidence.location.file)
            json.member("key", item.key.rawValue)
            json.member("line", item.evidence.location.line)
            json.key("matrix")
            json.value(item.matrixValue)
            json.member("text", item.evidence.location.text)
            json.endObject()
        }
        json.endArray()
        json.key("fromCode")
        json.strings((fromCode ?? []).map(\.rawValue))
        json.member("matrix", matrixPath)
        json.key("unknown")
        json.strings(result.unknown.map(\.rawValue))
        json.key("unread")
        json.beginArray()
        for file in result.unread where !file.keys.isEmpty { file.write(into: &json) }
        json.endArray()
        json.key("unsettled")
        json.beginArray()
        for item in result.unsettled { item.write(into: &json) }
        json.endArray()
        json.endObject()
        json.text("\n")
        return String(decoding: json.buffer.bytes, as: UTF8.self)
    }
}

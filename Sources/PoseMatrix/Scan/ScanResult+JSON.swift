/// `--json`: the scan for machines, written by ``JSONWriter``. Every object's keys are in
/// alphabetical order, the order the output has always had.
extension ScanResult {
    /// One object: `app`, `evidence`, `filesRead`, `findings`, `inventory`, `project`, `rules`
    /// (the spec of each rule the findings break), `skipped`, `unknown`, `unread`, `unsettled`.
    var json: String {
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("app")
        writeApp(into: &json)
        json.key("evidence")
        json.beginArray()
        for item in evidence { item.write(into: &json) }
        json.endArray()
        json.member("filesRead", filesRead)
        json.key("findings")
        json.beginArray()
        for finding in findings { finding.write(into: &json) }
        json.endArray()
        json.key("inventory")
        json.beginArray()
        for item in inventory { item.write(into: &json) }
        json.endArray()
        json.member("project", project)
        json.key("rules")
        json.beginArray()
        for rule in rulesFound { rule.write(into: &json) }
        json.endArray()
        json.key("skipped")
        skipped.write(into: &json)
        json.key("unknown")
        json.strings(unknown.map(\.rawValue))
        json.key("unread")
        json.beginArray()
        for file in unread { file.write(into: &json) }
        json.endArray()
        json.key("unsettled")
        json.beginArray()
        for item in unsettled { item.write(into: &json) }
        json.endArray()
        json.endObject()
        json.text("\n")
        return String(decoding: json.buffer.bytes, as: UTF8.self)
    }

    /// The `app` block in the matrix's shape: the same keys and values a matrix takes, a key
    /// such as `newWindow.via` as `via` inside `newWindow`.
    private func writeApp(into json: inout JSONWriter) {
        let sorted = evidence.sorted {
            ($0.key.group ?? $0.key.field, $0.key.field) < ($1.key.group ?? $1.key.field, $1.key.field)
        }
        var group: String?
        json.beginObject()
        for item in sorted {
            if item.key.group != group {
                if group != nil { json.endObject() }
                group = item.key.group
                if let group {
                    json.key(group)
                    json.beginObject()
                }
            }
            json.key(item.key.field)
            json.value(item.value)
        }
        if group != nil { json.endObject() }
        json.endObject()
    }
}

extension ScanEvidence {
    /// `{file, key, line, text, value}`, as `scan --json` and the results header's `appScan` write it.
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.member("file", location.file)
        json.member("key", key.rawValue)
        json.member("line", location.line)
        json.member("text", location.text)
        json.key("value")
        json.value(value)
        json.endObject()
    }
}

extension ScanFinding {
    /// `{file, line, message, rule}`.
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.member("file", location.file)
        json.member("line", location.line)
        json.member("message", message)
        json.member("rule", rule.rawValue)
        json.endObject()
    }
}

extension ScanRule {
    /// `{fact, finding, help, id, name, source}`: the rule's spec, as plain text.
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.member("fact", Spec.plain(spec.fact))
        json.member("finding", Spec.plain(spec.finding))
        json.member("help", Spec.plain(spec.help))
        json.member("id", rawValue)
        json.member("name", spec.name)
        json.member("source", spec.source)
        json.endObject()
    }
}

extension InventoryItem {
    /// `{count, file, line, name}`.
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.member("count", count)
        json.member("file", location.file)
        json.member("line", location.line)
        json.member("name", name)
        json.endObject()
    }
}

extension UnreadFile {
    /// `{file, keys, line, reason}`.
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.member("file", file)
        json.key("keys")
        json.strings(keys.map(\.rawValue))
        json.member("line", line)
        json.member("reason", reason)
        json.endObject()
    }
}

extension UnsettledKey {
    /// `{key, places, reason}`, `places` as `[{file, line}]`.
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.member("key", key.rawValue)
        json.key("places")
        json.beginArray()
        for place in places {
            json.beginObject()
            json.member("file", place.file)
            json.member("line", place.line)
            json.endObject()
        }
        json.endArray()
        json.member("reason", reason)
        json.endObject()
    }
}

extension SourceTree.Skipped {
    /// How many files the walk left out, by reason.
    func write(into json: inout JSONWriter) {
        json.beginObject()
        json.member("binary", binary)
        json.member("duplicates", duplicates)
        json.member("linkLoops", linkLoops)
        json.member("malformed", malformed)
        json.member("otherProjects", vendored)
        json.member("otherTargets", otherTargets)
        json.member("outsideTree", outside)
        json.member("tooLarge", huge)
        json.member("unreadable", unreadable)
        json.endObject()
    }
}

extension JSONWriter {
    /// A scanned value: a boolean, a string, or an array of strings.
    mutating func value(_ value: ScanValue) {
        switch value {
        case .bool(let flag): bool(flag)
        case .choice(let text): string(text)
        case .list(let items): strings(items)
        }
    }
}

/// The default output: a JSON5 `app` block with `// file:line` evidence, ready to paste into a matrix.
extension ScanResult {
    /// How many unread files a line of the block names; `--json` names them all.
    static let namedUnread = 10

    /// Every line is escaped as one line (``TerminalText``): a path or a target name holding a line
    /// feed would otherwise end a `//` comment and write keys into the block, or a line a CI runner
    /// takes as a command (`::error`, `::add-mask::`).
    var json5: String {
        var lines = ["// duo-pose scan \(root): \(project), \(counted(filesRead, "file")) read\(skippedNote)", "\"app\": {"]
        var group: String?
        for item in evidence {
            if item.key.group != group {
                if group != nil { lines.append("  },") }
                group = item.key.group
                if let group { lines.append("  \"\(group)\": {") }
            }
            let indent = group == nil ? "  " : "    "
            lines.append(indent + "\"\(item.key.field)\": \(item.value), // \(item.location.shortEvidence)")
        }
        if group != nil { lines.append("  },") }
        lines.append("},")
        let explained = Set(unread.flatMap(\.keys) + unsettled.map(\.key))
        let plain = unknown.filter { !explained.contains($0) }
        if !plain.isEmpty { lines.append("// unknown: " + plain.map(\.rawValue).joined(separator: ", ")) }
        for item in unsettled { lines.append("// unknown: \(item.key.rawValue) (\(item.reason))") }
        for (keys, files) in unreadGroups {
            lines.append(
                "// unknown, as files that could settle them were not read: "
                    + keys.map(\.rawValue).joined(separator: ", ") + ": " + Self.named(files.map(\.place)))
        }
        for finding in findings {
            lines.append("// \(finding.rule.rawValue) \(finding.location.file):\(finding.location.line): \(finding.message)")
        }
        for rule in rulesFound {
            lines.append("// what to do about \(rule.rawValue) (\(rule.spec.name)): " + ScanRule.Spec.plain(rule.spec.help))
        }
        return lines.map { $0.oneLine + "\n" }.joined()
    }

    /// Why each unknown key that has a reason is unknown, in key order: what its evidence holds
    /// (``unsettled``), or the files that could settle it and were not read (``unread``).
    var unknownReasons: [ScanKey: String] {
        var reasons: [ScanKey: String] = [:]
        for item in unsettled { reasons[item.key] = item.reason }
        for (keys, files) in unreadGroups {
            for key in keys where reasons[key] == nil {
                reasons[key] = "files that could settle it were not read: " + Self.named(files.map(\.place))
            }
        }
        return reasons
    }

    /// The rules the findings break, each once, in rule order.
    var rulesFound: [ScanRule] { Set(findings.map(\.rule)).sorted() }

    /// The unread files that leave keys unknown, grouped by the keys, in key order.
    var unreadGroups: [(keys: [ScanKey], files: [UnreadFile])] {
        var groups: [[ScanKey]: [UnreadFile]] = [:]
        for file in unread where !file.keys.isEmpty { groups[file.keys, default: []].append(file) }
        return groups.map { (keys: $0.key, files: $0.value) }.sorted { $0.keys.first! < $1.keys.first! }
    }

    /// `a, b, c` or `a, b, … and 3 more`.
    static func named(_ items: [String]) -> String {
        let shown = items.prefix(namedUnread).joined(separator: ", ")
        return items.count > namedUnread ? shown + " and \(items.count - namedUnread) more" : shown
    }

    /// `, 3 skipped (2 binary, 1 folder entered before): App/Blob.swift (binary), …` or nothing: the counts, then
    /// each file not read, with why.
    var skippedNote: String {
        guard skipped.total > 0 else { return "" }
        let parts = [
            (skipped.binary, "binary"), (skipped.huge, "too large"), (skipped.linkLoops, "folder entered before"),
            (skipped.outside, "outside the tree"), (skipped.unreadable, "unreadable"), (skipped.malformed, "malformed"),
            (skipped.vendored, "in another project"), (skipped.otherTargets, "in another target"),
            (skipped.duplicates, "another name of a file read"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let files = unread.isEmpty ? "" : ": " + Self.named(unread.map(\.description))
        return ", \(skipped.total) skipped (" + parts.joined(separator: ", ") + ")" + files
    }
}

extension ScanLocation {
    /// `file:line: text`, or the sentence saying what was not found.
    var shortEvidence: String {
        file.isEmpty ? text : "\(file):\(line): \(text)"
    }
}

/// The default output: a JSON5 `app` block with `// file:line` evidence, ready to paste into a matrix.
extension ScanResult {
    public var json5: String {
        var text = "// duo-pose scan \(root): \(project), \(counted(filesRead, "file")) read\(skippedNote)\n\"app\": {\n"
        var group: String?
        for item in evidence {
            if item.key.group != group {
                if group != nil { text += "  },\n" }
                group = item.key.group
                if let group { text += "  \"\(group)\": {\n" }
            }
            let indent = group == nil ? "  " : "    "
            text += indent + "\"\(item.key.field)\": \(item.value), // \(item.location.shortEvidence)\n"
        }
        if group != nil { text += "  },\n" }
        text += "},\n"
        if !unknown.isEmpty { text += "// unknown: " + unknown.map(\.rawValue).joined(separator: ", ") + "\n" }
        for finding in findings {
            text += "// \(finding.rule.rawValue) \(finding.location.file):\(finding.location.line): \(finding.message)\n"
        }
        return text
    }

    /// `, 3 skipped (2 binary, 1 link loop)` or nothing.
    var skippedNote: String {
        guard skipped.total > 0 else { return "" }
        let parts = [
            (skipped.binary, "binary"), (skipped.huge, "too large"), (skipped.linkLoops, "link loop"),
            (skipped.outside, "outside the tree"),
            (skipped.unreadable, "unreadable"), (skipped.vendored, "in another project"),
            (skipped.otherTargets, "in another target"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return ", \(skipped.total) skipped (" + parts.joined(separator: ", ") + ")"
    }
}

extension ScanLocation {
    /// `file:line: text`, or the sentence saying what was not found.
    var shortEvidence: String {
        file.isEmpty ? text : "\(file):\(line): \(text)"
    }
}

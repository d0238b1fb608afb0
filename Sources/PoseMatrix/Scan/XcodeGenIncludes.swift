/// XcodeGen's `include:`: the spec files a `project.yml` names (`include: [base.yml]` or
/// `- path: base.yml`), each merged under the spec that includes it, as XcodeGen merges them
/// (dictionaries key by key, the including spec's keys over the included ones'). Each file is
/// read once, relative to the file naming it, only inside the tree; includes stop 8 files deep.
enum XcodeGenIncludes {
    static let deepest = 8

    /// The spec at `path` with its includes merged under it; `tooDeepAt` is the line of the first
    /// collection nested too deep in it (in the spec itself).
    static func merged(path: String, text: String, reading: (String) -> String?, tooDeepAt: inout Int?) -> YAMLNode {
        var seen: Set<String> = [path]
        let (root, deep) = YAMLReader.parse(text)
        tooDeepAt = deep
        return including(root, from: path, reading: reading, seen: &seen, level: 0)
    }

    private static func including(
        _ spec: YAMLNode, from path: String, reading: (String) -> String?, seen: inout Set<String>, level: Int
    ) -> YAMLNode {
        guard let include = spec["include"], level < deepest else { return spec }
        let items: [YAMLNode]
        if case .list(let list) = include.value { items = list } else { items = [include] }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        var base = YAMLNode(value: .map([]), line: spec.line, text: spec.text)
        for item in items {
            guard let name = item.scalar ?? item["path"]?.scalar else { continue }
            let included = AppTarget.normalized(folder.isEmpty ? name : folder + "/" + name)
            guard !included.hasPrefix("../"), !name.hasPrefix("/"), seen.insert(included).inserted,
                let text = reading(included)
            else { continue }
            let parsed = YAMLReader.parse(text).root.marked(included)
            base = XcodeGenTemplates.merged(
                base, including(parsed, from: included, reading: reading, seen: &seen, level: level + 1))
        }
        return XcodeGenTemplates.merged(base, spec)
    }
}

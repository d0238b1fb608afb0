import Foundation

/// XcodeGen's `targetTemplates`: a target whose `templates:` lists some has each merged in
/// order, then the target's own keys over them, as XcodeGen merges them (dictionaries key by key,
/// anything else replaced), with `${target_name}` and `$target_name` in a template's text
/// replaced by the target's name. A template may name templates of its own.
enum XcodeGenTemplates {
    /// Templates naming templates deeper than this are not followed (a circle would never end).
    static let deepest = 8

    /// The target with its templates applied.
    static func applied(to target: YAMLNode, named name: String, templates: YAMLNode?, level: Int = 0) -> YAMLNode {
        guard let names = target["templates"], level < deepest else { return target }
        let listed: [String]
        if case .list(let items) = names.value {
            listed = items.compactMap(\.scalar)
        } else {
            listed = names.scalar.map { [$0] } ?? []
        }
        var result = YAMLNode(value: .map([]), line: target.line, text: target.text)
        for templateName in listed {
            guard let template = templates?[templateName] else { continue }
            let expanded = applied(to: template, named: name, templates: templates, level: level + 1)
            result = merged(result, substituted(expanded, name: name))
        }
        return merged(result, target)
    }

    /// `over`'s keys over `base`'s: mappings merged key by key, anything else replaced.
    static func merged(_ base: YAMLNode, _ over: YAMLNode) -> YAMLNode {
        guard case .map(var entries) = base.value, case .map(let new) = over.value else { return over }
        var position: [String: Int] = [:]
        for (offset, entry) in entries.enumerated() { position[entry.key] = offset }
        for (key, node) in new {
            if let offset = position[key] {
                entries[offset].node = merged(entries[offset].node, node)
            } else {
                position[key] = entries.count
                entries.append((key, node))
            }
        }
        return YAMLNode(value: .map(entries), line: over.line, text: over.text)
    }

    /// The node with the target's name in place of `${target_name}` and `$target_name`.
    private static func substituted(_ node: YAMLNode, name: String) -> YAMLNode {
        var node = node
        switch node.value {
        case .scalar(let text):
            node.value = .scalar(
                text.replacingOccurrences(of: "${target_name}", with: name).replacingOccurrences(of: "$target_name", with: name))
        case .list(let items): node.value = .list(items.map { substituted($0, name: name) })
        case .map(let entries): node.value = .map(entries.map { (key: $0.key, node: substituted($0.node, name: name)) })
        }
        return node
    }
}

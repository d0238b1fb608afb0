import Foundation

/// Findings as SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
extension ScanResult {
    static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The README section that documents the rules, as GitHub names its anchor.
    static let rulesSection = (title: "Scanning an app", anchor: "scanning-an-app")

    /// One run; each result's location is relative to `%SRCROOT%`, the `root` folder (the
    /// repository's, for code scanning), which holds the scanned tree. With `docs` (the address of
    /// duo-pose's README.md), each rule's `helpUri` points at its rule table. Every object's keys
    /// are in alphabetical order, so `$schema` comes first.
    func sarif(root: SARIFRoot, toolVersion: String, docs: String? = nil) -> String {
        var json = JSONWriter(capacity: 8192)
        json.beginObject()
        json.member("$schema", Self.sarifSchema)
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("originalUriBaseIds")
        json.beginObject()
        json.key("%SRCROOT%")
        json.beginObject()
        json.member("uri", root.uri)
        json.endObject()
        json.endObject()
        json.key("results")
        json.beginArray()
        let fingerprints = Self.fingerprints(findings, prefix: root.prefix)
        for (finding, fingerprint) in zip(findings, fingerprints) {
            finding.writeSARIF(into: &json, path: root.prefix + finding.location.file, fingerprint: fingerprint)
        }
        json.endArray()
        json.key("tool")
        json.beginObject()
        json.key("driver")
        Self.writeDriver(into: &json, toolVersion: toolVersion, docs: docs)
        json.endObject()
        json.endObject()
        json.endArray()
        json.member("version", "2.1.0")
        json.endObject()
        json.text("\n")
        return String(decoding: json.buffer.bytes, as: UTF8.self)
    }

    /// The tool: its name, version and every rule, each rule at the index its results name.
    private static func writeDriver(into json: inout JSONWriter, toolVersion: String, docs: String?) {
        let helpURI = docs.map { String($0.prefix { $0 != "#" }) + "#" + Self.rulesSection.anchor }
        json.beginObject()
        json.member("name", "duo-pose")
        json.key("rules")
        json.beginArray()
        for rule in ScanRule.allCases { writeRule(rule, into: &json, helpURI: helpURI) }
        json.endArray()
        json.member("version", toolVersion)
        json.endObject()
    }

    /// A rule from its spec: `shortDescription` the finding, `fullDescription` the fact with its
    /// source, `help` both and what to do, as text and as Markdown (which code scanning shows).
    private static func writeRule(_ rule: ScanRule, into json: inout JSONWriter, helpURI: String?) {
        let spec = rule.spec
        let pointer = "duo-pose's README.md, section \"\(Self.rulesSection.title)\", lists the rules and the facts they rest on."
        let help = [spec.finding + ".", spec.citedFact + ".", spec.help + "."].map(ScanRule.Spec.sentence)
        json.beginObject()
        json.key("defaultConfiguration")
        json.object("level", "warning")
        json.key("fullDescription")
        json.object("text", ScanRule.Spec.sentence(ScanRule.Spec.plain(spec.citedFact)) + ".")
        json.key("help")
        json.beginObject()
        json.member("markdown", (help + [pointer]).joined(separator: "\n\n"))
        json.member("text", ScanRule.Spec.plain((help + [pointer]).joined(separator: " ")))
        json.endObject()
        if let helpURI { json.member("helpUri", helpURI) }
        json.member("id", rule.rawValue)
        json.member("name", spec.name)
        json.key("shortDescription")
        json.object("text", ScanRule.Spec.sentence(ScanRule.Spec.plain(spec.finding)))
        json.endObject()
    }

    /// The name of each result's `partialFingerprints` entry, versioned as SARIF asks of one.
    static let fingerprintName = "duoPoseFinding/v1"

    /// Each finding's fingerprint, for code scanning to follow an alert from run to run: the SHA-256
    /// of its rule id, its path from the SARIF root and its line's text without the white space
    /// around it, NUL between them, but not its line number, so that the alert survives lines
    /// added or removed above it; then `:N`, N counting the findings with the same three in file
    /// order from 1, so that two equal lines in one file keep two alerts.
    static func fingerprints(_ findings: [ScanFinding], prefix: String) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let text = finding.location.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let digest = SHA256.hex(
                of: Array([finding.rule.rawValue, prefix + finding.location.file, text].joined(separator: "\u{0}").utf8))
            seen[digest, default: 0] += 1
            return digest + ":\(seen[digest]!)"
        }
    }

    /// A path relative to the root as a URI reference: spaces, `#`, `%` and other characters a URI
    /// path cannot hold are percent-encoded, so viewers resolve `Open Window.swift` to the file.
    static func uriReference(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";:")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

extension ScanFinding {
    /// A SARIF result: the rule, its level, the message, the file (`path`, relative to `%SRCROOT%`)
    /// and line, and the fingerprint.
    func writeSARIF(into json: inout JSONWriter, path: String, fingerprint: String) {
        json.beginObject()
        json.member("level", "warning")
        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        json.beginObject()
        json.member("uri", ScanResult.uriReference(path))
        json.member("uriBaseId", "%SRCROOT%")
        json.endObject()
        json.key("region")
        json.beginObject()
        json.member("startLine", max(location.line, 1))
        json.endObject()
        json.endObject()
        json.endObject()
        json.endArray()
        json.key("message")
        json.object("text", message)
        json.key("partialFingerprints")
        json.object(ScanResult.fingerprintName, fingerprint)
        json.member("ruleId", rule.rawValue)
        json.member("ruleIndex", ScanRule.allCases.firstIndex(of: rule)!)
        json.endObject()
    }
}

extension JSONWriter {
    /// An object with one string member, such as SARIF's `{"text": …}` messages.
    fileprivate mutating func object(_ name: String, _ text: String) {
        beginObject()
        member(name, text)
        endObject()
    }
}

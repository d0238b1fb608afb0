import Foundation

/// Findings as SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
extension ScanResult {
    static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The README section that documents the rules, as GitHub names its anchor.
    static let rulesSection = (title: "Scanning an app", anchor: "scanning-an-app")

    /// One run; each result's location is relative to `%SRCROOT%`, the scanned tree's root. With
    /// `docs` (the address of duo-pose's README.md), each rule's `helpUri` points at its rule table.
    public func sarif(rootURI: String, toolVersion: String, docs: String? = nil) -> String {
        let rules = ScanRule.allCases
        let helpURI = docs.map { String($0.prefix { $0 != "#" }) + "#" + Self.rulesSection.anchor }
        let driver: [String: Any] = [
            "name": "duo-pose", "version": toolVersion,
            "rules": rules.map { rule in
                var descriptor: [String: Any] = [
                    "id": rule.rawValue, "name": rule.name,
                    "shortDescription": ["text": rule.title], "fullDescription": ["text": rule.fact],
                    "help": [
                        "text": "\(rule.title). \(rule.fact) duo-pose's README.md, section \"\(Self.rulesSection.title)\", "
                            + "lists the rules and the facts they rest on."
                    ],
                    "defaultConfiguration": ["level": "warning"],
                ]
                descriptor["helpUri"] = helpURI
                return descriptor
            },
        ]
        let results: [[String: Any]] = findings.map { finding in
            [
                "ruleId": finding.rule.rawValue, "ruleIndex": rules.firstIndex(of: finding.rule)!, "level": "warning",
                "message": ["text": finding.message],
                "locations": [
                    [
                        "physicalLocation": [
                            "artifactLocation": ["uri": Self.uriReference(finding.location.file), "uriBaseId": "%SRCROOT%"],
                            "region": ["startLine": max(finding.location.line, 1)],
                        ]
                    ]
                ],
            ]
        }
        let run: [String: Any] = [
            "tool": ["driver": driver], "results": results,
            "originalUriBaseIds": ["%SRCROOT%": ["uri": rootURI]],
        ]
        return Self.serialized(["$schema": Self.sarifSchema, "version": "2.1.0", "runs": [run]] as [String: Any])
    }

    /// A path relative to the root as a URI reference: spaces, `#`, `%` and other characters a URI
    /// path cannot hold are percent-encoded, so viewers resolve `Open Window.swift` to the file.
    static func uriReference(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";:")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

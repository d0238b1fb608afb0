import Foundation

/// Findings as SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
extension ScanResult {
    static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// One run; each result's location is relative to `%SRCROOT%`, the scanned tree's root.
    public func sarif(rootURI: String, toolVersion: String) -> String {
        let rules = ScanRule.allCases
        let driver: [String: Any] = [
            "name": "duo-pose", "version": toolVersion,
            "rules": rules.map {
                [
                    "id": $0.rawValue, "name": $0.name,
                    "shortDescription": ["text": $0.title], "fullDescription": ["text": $0.fact],
                    "defaultConfiguration": ["level": "warning"],
                ] as [String: Any]
            },
        ]
        let results: [[String: Any]] = findings.map { finding in
            [
                "ruleId": finding.rule.rawValue, "ruleIndex": rules.firstIndex(of: finding.rule)!, "level": "warning",
                "message": ["text": finding.message],
                "locations": [
                    [
                        "physicalLocation": [
                            "artifactLocation": ["uri": finding.location.file, "uriBaseId": "%SRCROOT%"],
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
}

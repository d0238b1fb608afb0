import Foundation

/// `--json` and `--sarif`: the scan for machines.
extension ScanResult {
    /// The `app` block in the matrix's shape: the same keys and values a matrix takes.
    var appObject: [String: Any] {
        var app: [String: Any] = [:]
        for item in evidence {
            if let group = item.key.group {
                var object = app[group] as? [String: Any] ?? [:]
                object[item.key.field] = item.value.jsonValue
                app[group] = object
            } else {
                app[item.key.field] = item.value.jsonValue
            }
        }
        return app
    }

    /// One object: `app`, `unknown`, `evidence`, `inventory`, `findings` (and what was read and skipped).
    public var json: String {
        let object: [String: Any] = [
            "app": appObject,
            "unknown": unknown.map(\.rawValue),
            "evidence": evidence.map {
                [
                    "key": $0.key.rawValue, "value": $0.value.jsonValue, "file": $0.location.file, "line": $0.location.line,
                    "text": $0.location.text,
                ] as [String: Any]
            },
            "inventory": inventory.map {
                ["name": $0.name, "file": $0.location.file, "line": $0.location.line, "count": $0.count] as [String: Any]
            },
            "findings": findings.map {
                ["rule": $0.rule.rawValue, "file": $0.location.file, "line": $0.location.line, "message": $0.message]
                    as [String: Any]
            },
            "project": project,
            "filesRead": filesRead,
            "skipped": [
                "binary": skipped.binary, "tooLarge": skipped.huge, "linkLoops": skipped.linkLoops,
                "unreadable": skipped.unreadable, "otherProjects": skipped.vendored, "otherTargets": skipped.otherTargets,
            ],
        ]
        return Self.serialized(object)
    }

    static func serialized(_ object: Any) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension ScanValue {
    var jsonValue: Any {
        switch self {
        case .bool(let value): value
        case .choice(let value): value
        case .list(let values): values
        }
    }
}

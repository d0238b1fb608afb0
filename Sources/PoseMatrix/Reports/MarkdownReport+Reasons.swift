/// How report.md's "Not run" table groups reasons: by what is missing, not by every source cited.
extension MarkdownReport {
    /// A not-run reason as the table groups it: the parts that say which values rest on an
    /// untrusted level keep the level and the observables and drop each value's source, and the
    /// list of expectations that held is dropped, so that cases not run for the same values make one
    /// row (under `--trust` one reason read as ten rows that differed only in a source's
    /// "(simulator, measured closed only)" or in what held). Results keep every reason whole.
    static func reasonGroup(_ reason: String) -> String {
        let parts = topLevelParts(of: reason).filter { !$0.hasPrefix("held: ") }
        return parts.map { $0.hasPrefix("rests on ") ? withoutParentheses($0) : $0 }.joined(separator: "; ")
    }

    /// The reason split at each `; ` outside parentheses (a source may hold `;`).
    private static func topLevelParts(of reason: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var scalars = reason.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "(" { depth += 1 }
            if scalar == ")" { depth = max(0, depth - 1) }
            if scalar == ";" && depth == 0 {
                parts.append(current)
                current = ""
                _ = scalars.next()  // the space after it
                continue
            }
            current.unicodeScalars.append(scalar)
        }
        parts.append(current)
        return parts
    }

    /// The text without its parenthesized groups and the space before each.
    private static func withoutParentheses(_ text: String) -> String {
        var out = ""
        var depth = 0
        for scalar in text.unicodeScalars {
            if scalar == "(" {
                if depth == 0 && out.hasSuffix(" ") { out.removeLast() }
                depth += 1
            } else if scalar == ")" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

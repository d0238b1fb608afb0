/// The digest as the terminal, the job summary and report.md show it.
extension FailureDigest {
    /// Groups listed after a run on the terminal (beside the largest group of every other failing pose).
    static let terminalLimit = 5
    /// Groups listed in a job summary.
    static let summaryLimit = 10
    /// Groups listed in report.md.
    static let reportLimit = 50
    /// Characters of an expected or actual value shown; a longer one is cut with "…".
    static let valueLimit = 120

    /// "P5 fold.region: expected active, actual inactive — 1,204 cases, all with hingeAngle ≥ 175" ("1 case, with …").
    static func line(_ group: Group) -> String {
        var text = group.key.pose + " "
        if let observable = group.key.observable {
            text += observable + ": expected " + Self.cut(group.key.expected) + ", actual " + Self.cut(group.key.actual)
        } else {
            text += "error: " + Self.cut(group.key.actual)
        }
        text += " — " + Self.cases(group.count)
        if !group.shared.isEmpty {
            text += (group.count == 1 ? ", with " : ", all with ") + group.shared.joined(separator: ", ")
        }
        return Escaping.terminal(text)
    }

    /// The lines printed after a run: a heading, the largest groups, what was left out; empty without failures.
    func terminalText(reportPath: String) -> String {
        guard !isEmpty else { return "" }
        let selection = largest(Self.terminalLimit)
        var text = "Failures by pose and observable, largest first:\n"
        for group in selection.groups { text += "  " + Self.line(group) + "\n" }
        if selection.hiddenFailures > 0 {
            text += "  … and \(Self.grouped(selection.hiddenFailures)) more failures in other groups: see "
            text += Escaping.terminal(reportPath) + "\n"
        }
        return text
    }

    /// A Markdown table of the largest groups under `heading`, then what was left out; empty without failures.
    func markdown(heading: String, limit: Int, rest: String) -> String {
        guard !isEmpty else { return "" }
        let selection = largest(limit)
        var out = heading + "\n\n| Pose | Observable | Expected | Actual | Cases | Every case has |\n"
        out += "|---|---|---|---|---:|---|\n"
        for group in selection.groups {
            out += "| " + Escaping.markdownCell(group.key.pose) + " | "
            if let observable = group.key.observable {
                out += Self.code(observable) + " | " + Self.code(Self.cut(group.key.expected)) + " | "
                out += Self.code(Self.cut(group.key.actual))
            } else {
                out += "error | | " + Escaping.markdownCell(Self.cut(group.key.actual))
            }
            out += " | " + Self.grouped(group.count) + " |"
            out += group.shared.isEmpty ? "" : " " + group.shared.map(Escaping.markdownCell).joined(separator: ", ")
            out += " |\n"
        }
        if selection.hiddenFailures > 0 {
            out += "\n… and \(Self.grouped(selection.hiddenFailures)) more failures in other groups: \(rest).\n"
        }
        return out
    }

    private static func code(_ text: String) -> String {
        text.isEmpty ? "" : "`" + Escaping.markdownCode(text, inTable: true) + "`"
    }

    private static func cut(_ text: String) -> String {
        text.count > valueLimit ? text.prefix(valueLimit - 1) + "…" : text
    }

    /// "1 case", "1,204 cases".
    static func cases(_ count: Int) -> String {
        grouped(count) + (count == 1 ? " case" : " cases")
    }

    /// A whole number with commas between thousands, whatever the locale: 1204 → "1,204".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = number < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}

/// trend.md: the nights, each pose's failures as a small chart, and the cases that changed.
extension Trend {
    static let markdownSignature = "# duo-pose trend: "

    /// The bars of a chart, lowest first: a night without failures is the lowest.
    static let bars = Array("▁▂▃▄▅▆▇█")

    /// The page.
    func markdown() -> String {
        let changes = changes
        var out = Self.markdownSignature + Escaping.markdownCell(matrixName) + "\n\n" + summary(changes) + "\n\n"
        out += "## Poses\n\nFailed cases per night, oldest first (▁ none, █ the most that pose had on any night).\n\n"
        out += "| Pose | Failed per night | Last night |\n|---|---|---|\n"
        for pose in poseNames {
            let last = nights.last?.poses[pose] ?? Counts()
            out += "| \(pose) | \(chart(pose)) | \(last.passed) passed, \(last.failed) failed, \(last.notRun) not run |\n"
        }
        for (title, group) in Self.titled(changes) {
            out += "\n## \(title) (\(group.count))\n\n"
            guard !group.listed.isEmpty else {
                out += "None.\n"
                continue
            }
            out += "| Case | First changed | Last changed | Changes |\n|---|---:|---:|---:|\n"
            for change in group.listed {
                out += "| \(Self.code(change.id)) | night \(change.firstNight) "
                out += "| night \(change.lastNight) | \(change.changes) |\n"
            }
            if group.count > group.listed.count { out += "\n\(group.count - group.listed.count) more not listed.\n" }
        }
        out += "\n## Nights\n\n| Night | File | Generated | Tool | Matrix | Cases | Passed | Failed | Not run | Plan |\n"
        out += "|---:|---|---|---|---|---:|---:|---:|---:|---|\n"
        for (index, night) in nights.enumerated() {
            let plan = night.planChanged ? "changed: \(night.added) added, \(night.removed) removed" : ""
            out += "| \(index + 1) | \(Self.code(night.path)) | \(Escaping.markdownCell(night.generatedAt)) "
            out += "| \(Escaping.markdownCell(night.toolVersion)) | `\(night.matrixSHA256.prefix(12))` | \(night.cases) "
            out += "| \(night.passed) | \(night.failed) | \(night.notRun) | \(plan) |\n"
        }
        return out
    }

    /// Text as code in a table cell.
    static func code(_ text: String) -> String { "`" + Escaping.markdownCode(text, inTable: true) + "`" }

    /// "30 nights: on the last, 6 passed, 2 failed, 0 not run of 8 cases; 1 newly failing, 1 fixed, 1 flaky."
    var summary: String { summary(changes) }

    /// The summary, of `changes` made once for a page.
    func summary(_ changes: Changes) -> String {
        guard let last = nights.last else { return "No nights." }
        return "\(counted(nights.count, "night")): on the last, \(last.passed) passed, \(last.failed) failed, "
            + "\(last.notRun) not run of \(counted(last.cases, "case")); \(changes.newlyFailing.count) newly failing, "
            + "\(changes.fixed.count) fixed, \(changes.flaky.count) flaky."
    }

    /// The classes of change, titled, in the order the pages show them.
    static func titled(_ changes: Changes) -> [(title: String, group: Group)] {
        [
            ("Newly failing", changes.newlyFailing), ("Fixed", changes.fixed),
            ("Flaky: changed three times or more", changes.flaky),
        ]
    }

    /// Every pose any night ran, in pose order (P2 before P10).
    var poseNames: [String] {
        Set(nights.flatMap(\.poses.keys)).sorted { ($0.count, $0) < ($1.count, $1) }
    }

    /// One bar per night for a pose's failed cases, scaled to the most it had.
    func chart(_ pose: String) -> String {
        let failed = nights.map { $0.poses[pose]?.failed ?? 0 }
        let most = max(1, failed.max() ?? 0)
        return String(failed.map { $0 == 0 ? Self.bars[0] : Self.bars[1 + ($0 * (Self.bars.count - 2) + most - 1) / most] })
    }
}

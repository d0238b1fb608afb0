/// trend.html: trend.md's content as one self-contained page, each pose's nights drawn as a
/// small stacked bar chart (passed, failed, not run) with its text alternative.
extension Trend {
    static let htmlSignature = "<!DOCTYPE html>\n<!-- duo-pose trend -->"

    /// The page.
    func html() -> String {
        let changes = changes
        var body = "<h1>duo-pose trend: " + HTMLPage.text(matrixName) + "</h1>\n"
        let failing = (nights.last?.failed ?? 0) > 0
        body += "<p class=\"verdict \(failing ? "failed" : "passed")\">" + HTMLPage.text(summary(changes)) + "</p>\n"
        body += "<h2>Poses</h2>\n<p>Each bar is a night, oldest first: passed at the bottom (green), then failed "
        body += "(orange), then not run (grey).</p>\n<div class=\"figures\">\n"
        for pose in poseNames { body += "<figure>" + poseChart(pose) + "<figcaption>" + pose + "</figcaption></figure>\n" }
        body += "</div>\n"
        for (title, group) in Self.titled(changes) {
            body += "<h2>" + HTMLPage.text(title) + " (\(group.count))</h2>\n"
            guard !group.listed.isEmpty else {
                body += "<p>None.</p>\n"
                continue
            }
            let rows = group.listed.map {
                [HTMLPage.code($0.id), "night \($0.firstNight)", "night \($0.lastNight)", "\($0.changes)"]
            }
            body += HTMLPage.table(
                "Each case with the nights its verdict first and last changed",
                headers: ["Case", "First changed", "Last changed", "Changes"],
                numeric: [3], rows: rows)
            if group.count > group.listed.count { body += "<p>\(group.count - group.listed.count) more not listed.</p>\n" }
        }
        body += "<h2>Nights</h2>\n" + nightsTable
        return HTMLPage.document(signature: Self.htmlSignature, title: "duo-pose trend: " + matrixName, body: body)
    }

    private var nightsTable: String {
        let rows = nights.enumerated().map { index, night in
            [
                "\(index + 1)", HTMLPage.code(night.path), HTMLPage.text(night.generatedAt), HTMLPage.text(night.toolVersion),
                HTMLPage.code(String(night.matrixSHA256.prefix(12))), "\(night.cases)", "\(night.passed)", "\(night.failed)",
                "\(night.notRun)", night.planChanged ? "changed: \(night.added) added, \(night.removed) removed" : "",
            ]
        }
        return HTMLPage.table(
            "One row per night, in the order read",
            headers: [
                "Night", "File", "Generated", "Tool", "Matrix", "Cases", "Passed",
                "Failed", "Not run", "Plan",
            ], numeric: [0, 5, 6, 7, 8], rows: rows)
    }

    /// A pose's nights as stacked bars, 8 points wide each, 60 high at the most cases a night had.
    func poseChart(_ pose: String) -> String {
        let counts = nights.map { $0.poses[pose] ?? Counts() }
        let most = max(1, counts.map { $0.passed + $0.failed + $0.notRun }.max() ?? 0)
        let width = max(1, counts.count) * 8
        let failures = counts.map { String($0.failed) }.joined(separator: ", ")
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) 64\" role=\"img\" "
        svg += "aria-label=\"" + HTMLPage.text("\(pose): failed cases per night, oldest first: \(failures)") + "\">"
        svg += "<rect class=\"dp-bg\" width=\"\(width)\" height=\"64\"/>"
        for (index, night) in counts.enumerated() {
            var top = 62.0
            for (count, colour) in [(night.passed, "#009e73"), (night.failed, "#d55e00"), (night.notRun, "#999999")]
            where count > 0 {
                let height = Double(count) * 60 / Double(most)
                top -= height
                svg += "<rect fill=\"\(colour)\" x=\"\(index * 8 + 1)\" y=\"\(formatNumber((top * 10).rounded() / 10))\" "
                svg += "width=\"6\" height=\"\(formatNumber((height * 10).rounded() / 10))\"/>"
            }
        }
        return svg + "</svg>"
    }
}

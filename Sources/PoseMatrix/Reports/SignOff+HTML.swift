import Foundation

/// signoff.html: signoff.md's decision for a browser, beside it, with a picture of each pose the
/// checklist names (drawn from the pose's steps in the device profile).
extension SignOff {
    /// The start of every signoff.html, by which duo-pose knows one it may replace.
    static let htmlSignature = "<!DOCTYPE html>\n<!-- duo-pose sign-off -->"

    /// The whole page.
    func html() -> String {
        var body = "<h1>Release sign-off: " + HTMLPage.text(header.matrixName) + "</h1>\n"
        let word = isSignedOff ? "SIGNED OFF" : isPartial ? "PARTIAL (not signed off)" : "NOT SIGNED OFF"
        body += "<p class=\"verdict \(isSignedOff ? "passed" : "failed")\" id=\"verdict\">" + word + ": "
        body += HTMLPage.text(itemCounts() + invariantCounts()) + ".</p>\n"
        body += "<p>Coverage: " + HTMLPage.text(header.coverage(cases: cases)) + ".</p>\n"
        body += "<p>Trusted for sign-off: " + evidence.trust.description.replacingOccurrences(of: ",", with: ", ")
        body += "; the run evaluated " + header.trust.description.replacingOccurrences(of: ",", with: ", ") + ".</p>\n"
        body += "<h2>Checklist</h2>\n" + itemTable() + invariantHTMLTable()
        if !blocking.isEmpty {
            body += "<p>Blocking: " + HTMLPage.text(blocking.joined(separator: ", ")) + " (signoff.md lists their cases).</p>\n"
        }
        body += posePictures()
        body += "<h2>Signature</h2>\n<p>" + (isSignedOff ? "Signed by " : "Reviewed by ") + HTMLPage.text(signedBy)
        body += " at " + HTMLPage.text(signedAt) + ".</p>\n<ul>\n<li>duo-pose " + HTMLPage.text(toolVersion)
        body += "; results written by duo-pose " + HTMLPage.text(header.toolVersion) + "</li>\n"
        body += "<li>Matrix " + HTMLPage.code(header.matrixPath) + ", SHA-256 " + HTMLPage.code(header.matrixSHA256) + "</li>\n"
        body += "<li>Results " + HTMLPage.code(resultsPath) + ", SHA-256 " + HTMLPage.code(resultsSHA256) + "</li>\n</ul>\n"
        return HTMLPage.document(
            signature: Self.htmlSignature, title: "Release sign-off: " + header.matrixName, body: body)
    }

    private func itemTable() -> String {
        let rows = items.map { entry in
            [
                HTMLPage.text(entry.item.id), HTMLPage.text(entry.item.text),
                HTMLPage.text(entry.item.poses.joined(separator: ", ")), HTMLPage.text(entry.statusText),
                HTMLPage.text(evidence.weakest(of: entry.item)),
                entry.waiver.map { "waived (" + HTMLPage.text(entry.underlying ?? "") + "): " + HTMLPage.text($0) } ?? "",
            ]
        }
        return HTMLPage.table(
            "Checklist items", headers: ["Item", "Text", "Poses", "Status", "Weakest provenance of its passes", "Note"],
            rows: rows)
    }

    private func invariantHTMLTable() -> String {
        guard !invariants.isEmpty else { return "" }
        let rows = invariants.map { row in
            let detail = row.result.detail + (row.untrusted.map { "; not taken: " + $0 } ?? "")
            return [
                HTMLPage.text(row.id), row.status.rawValue, HTMLPage.text(row.restsText),
                HTMLPage.text(detail) + row.result.failures.map { "; " + HTMLReport.failureText($0) }.joined(),
                row.waiver.map { "waived (" + HTMLPage.text(row.underlying ?? "") + "): " + HTMLPage.text($0) } ?? "",
            ]
        }
        return HTMLPage.table("Invariants", headers: ["Invariant", "Status", "Rests on", "Detail", "Note"], rows: rows)
    }

    /// One picture per pose the checklist names, in the catalogue's order.
    private func posePictures() -> String {
        let named = Set(items.flatMap(\.item.poses))
        let poses = Pose.catalogue.filter { named.contains($0.id) }
        guard !poses.isEmpty else { return "" }
        var out = "<h2>The poses, drawn</h2>\n<div class=\"figures\">\n"
        for pose in poses {
            out += HTMLPage.poseFigure(
                pose.id, values: [], app: header.app,
                caption: HTMLPage.text(pose.id) + ": the pose's steps in the device profile, for the app the run evaluated.")
        }
        return out + "</div>\n"
    }
}

import Foundation

/// The sections of report.html, each what report.md's section of the same name says.
extension HTMLReport {
    /// The matrix, the tool, the time, the trusted levels and what the run covered.
    func headerParagraphs() -> String {
        var out = "<p>Matrix " + HTMLPage.code(header.matrixPath) + " (SHA-256 "
        out += HTMLPage.code(String(header.matrixSHA256.prefix(SHA256.shownDigits))) + "), duo-pose "
        out += HTMLPage.text(header.toolVersion) + ", " + HTMLPage.text(header.generatedAt) + ".</p>\n"
        out += "<p>Trusted provenance: " + header.trust.description.replacingOccurrences(of: ",", with: ", ") + ".</p>\n"
        if let observations = header.observations {
            out += "<p>Observed values come from " + HTMLPage.code(observations.path) + ", recorded on a real simulator or "
            out += "device, not from the model.</p>\n"
        }
        if let shard = header.shard {
            out +=
                "<p>Shard \(shard) of a plan of \(header.planCases) cases; <code>duo-pose merge</code> combines the shards.</p>\n"
        }
        return out
    }

    /// The per-pose table, then each pose's picture.
    func posesSection(_ tally: Tally) -> String {
        var rows: [[String]] = []
        for pose in tally.poses {
            let counts = pose.counts
            let link =
                pictures.isEmpty
                ? HTMLPage.text(pose.pose) : "<a href=\"#pose-\(HTMLPage.text(pose.pose))\">\(HTMLPage.text(pose.pose))</a>"
            rows.append([
                link, HTMLPage.text(Pose.named(pose.pose)?.state ?? ""), "\(counts.total)", "\(counts.passed)",
                "\(counts.failed)", "\(counts.errors)", "\(counts.notRun)", MarkdownReport.verdict(counts),
            ])
        }
        var out = "<h2>Poses</h2>\n"
        out += HTMLPage.table(
            "Cases by pose", headers: ["Pose", "State", "Cases", "Passed", "Failed", "Errors", "Not run", "Verdict"],
            numeric: [2, 3, 4, 5, 6], rows: rows)
        guard !pictures.isEmpty else { return out }
        out += "<h3>Each pose's first case, drawn</h3>\n<p class=\"muted\">Drawn from the model at scale in the scene's points. "
        out += "What no source gives is listed in a dashed box, never drawn. "
        out +=
            header.appRecorded
            ? "Each is drawn for the app the run evaluated, as the results header records it, after the pose's own steps; "
                + "<code>duo-pose show CASE --matrix FILE --svg OUT</code> draws any case with its matrix entry's steps.</p>\n"
            : "These results do not record the app the run evaluated (written by 0.2.0 or earlier), so each is drawn for "
                + "an app with duo-pose's default choices; <code>duo-pose show CASE --matrix FILE --svg OUT</code> draws "
                + "any case with the matrix's app.</p>\n"
        return out + "<div class=\"figures\">\n" + pictures.joined() + "</div>\n"
    }

    /// The largest failure groups, with expected against actual drawn where they are geometric.
    func digestSection(_ digest: FailureDigest?) -> String {
        guard let digest, !digest.isEmpty else { return "" }
        let selection = digest.largest(FailureDigest.reportLimit)
        var rows: [[String]] = []
        var drawings: [String] = []
        for group in selection.groups {
            let observable = group.key.observable
            rows.append([
                HTMLPage.text(group.key.pose), observable.map(HTMLPage.code) ?? "error",
                observable == nil ? "" : HTMLPage.code(group.key.expected), HTMLPage.code(group.key.actual),
                FailureDigest.grouped(group.count), HTMLPage.text(group.shared.joined(separator: ", ")),
            ])
            if let drawing = GeometryComparison(group.key) {
                drawings.append(drawing.figure(id: "digest-\(drawings.count + 1)"))
            }
        }
        var out = "<h2>Failure digest</h2>\n"
        out += HTMLPage.table(
            "Failures by pose and observable, largest first",
            headers: ["Pose", "Observable", "Expected", "Actual", "Cases", "Every case has"], numeric: [4], rows: rows)
        if selection.hiddenFailures > 0 {
            out += "<p>… and \(FailureDigest.grouped(selection.hiddenFailures)) more failures in other groups: "
            out += "see results.jsonl and junit.xml.</p>\n"
        }
        guard !drawings.isEmpty else { return out }
        return out + "<h3>Expected against actual</h3>\n<div class=\"figures\">\n" + drawings.joined() + "</div>\n"
    }

    /// The comparison with the baseline, counted.
    func baselineSection(_ diff: BaselineDiff?) -> String {
        guard let diff else { return "" }
        let groups = [
            ("New failures", diff.newFailures), ("Failing new cases", diff.newCaseFailures), ("Fixed", diff.fixed),
            ("Still failing", diff.stillFailing), ("New cases", diff.newCases), ("Removed cases", diff.removedCases),
        ]
        var out = "<h2>Compared with the baseline</h2>\n<p>Baseline " + HTMLPage.code(diff.path) + ".</p>\n"
        out += HTMLPage.table(
            "Changes since the baseline", headers: ["Change", "Cases", "First cases"], numeric: [1],
            rows: groups.map { name, group in
                [HTMLPage.text(name), "\(group.count)", group.ids.map(HTMLPage.code).joined(separator: ", ")]
            })
        return out
    }

    /// The invariants, each held, broken or not run, with why.
    func explorationSection() -> String {
        guard !invariants.isEmpty else { return "" }
        let rows = invariants.prefix(Self.listedReasonLimit).map { invariant in
            [
                HTMLPage.text(invariant.name), invariant.status.word,
                HTMLPage.text(invariant.detail)
                    + invariant.failures.map { "; " + Self.failureText($0) }.joined(),
            ]
        }
        var out = "<h2>Exploration</h2>\n"
        out += HTMLPage.table("Invariants", headers: ["Invariant", "Status", "Detail"], rows: Array(rows))
        if invariants.count > Self.listedReasonLimit {
            out += "<p>… and \(invariants.count - Self.listedReasonLimit) more invariants: see results.jsonl.</p>\n"
        }
        let broken = invariants.filter { $0.status == .broken }
        for (number, invariant) in broken.prefix(Self.drawnCounterexampleLimit).enumerated() {
            out += counterexample(invariant, number: number + 1)
        }
        if broken.count > Self.drawnCounterexampleLimit {
            out += "<p>… and \(broken.count - Self.drawnCounterexampleLimit) more broken invariants, not drawn.</p>\n"
        }
        return out
    }

    /// Broken invariants whose counterexample is drawn; the table lists the rest.
    static let drawnCounterexampleLimit = 10

    /// A broken invariant's shortest counterexample as a strip of the states it passes through:
    /// the exploration's start, then the state after each step, the last one breaking it.
    func counterexample(_ invariant: InvariantResult, number: Int) -> String {
        var out = "<h3>Shortest counterexample: " + HTMLPage.text(invariant.name) + "</h3>\n"
        guard let when = invariant.when else {
            return out + "<p>Not drawn: these results do not record the axis values the exploration ran with "
                + "(results.jsonl written before 0.3.0).</p>\n"
        }
        let start = invariant.start.flatMap(Pose.named)
        var model = Explorer.startState(start, when: when, app: header.app)
        let pairs = Axis.allCases.compactMap { axis in when[axis].map { "\(axis)=\($0)" } }
        let values = pairs.isEmpty ? "" : " with " + pairs.joined(separator: ", ")
        let startName = start.map { "\($0.id): \($0.state)" } ?? "launch"
        var figures = [
            HTMLPage.figure(
                "invariant-\(number)-state-0", picture: "invariant-\(number)-picture-0", model: model, title: startName,
                caption: "Start: " + HTMLPage.text(startName + values) + ".")
        ]
        for (index, step) in invariant.path.enumerated() {
            model.apply(step)
            let last = index == invariant.path.count - 1
            figures.append(
                HTMLPage.figure(
                    "invariant-\(number)-state-\(index + 1)", picture: "invariant-\(number)-picture-\(index + 1)", model: model,
                    title: "after \(step)",
                    caption: "Step \(index + 1): " + HTMLPage.code(step.description) + (last ? ", which breaks it." : ".")))
        }
        out += "<div class=\"figures strip\">\n" + figures.joined() + "</div>\n"
        return out
    }

    /// "`display`: expected `inner`, actual `outer` (inference: source)", escaped.
    static func failureText(_ failure: CaseResult.Failure) -> String {
        HTMLPage.code(failure.observable.rawValue) + ": expected " + HTMLPage.code(failure.expected.description)
            + ", actual " + HTMLPage.code(failure.actual.description) + " (" + failure.provenance.rawValue + ": "
            + HTMLPage.text(failure.source) + ")"
    }

    /// The first failed cases by pose, each with its failures.
    func failuresSection(_ tally: Tally) -> String {
        let failedCount = tally.overall.failed + tally.overall.errors
        guard failedCount > 0 else { return "" }
        var out = "<h2>Failures</h2>\n"
        var pose = ""
        for result in failures {
            if result.pose != pose {
                out += (pose.isEmpty ? "" : "</ul>\n") + "<h3>" + HTMLPage.text(result.pose) + "</h3>\n<ul>\n"
                pose = result.pose
            }
            out += "<li>" + HTMLPage.code(result.id) + "<ul>"
            if result.status == .error { out += "<li>error: " + HTMLPage.text(result.reason ?? "") + "</li>" }
            if let pin = result.pinned, result.status == .failed {
                out += "<li>expectStatus \(pin.rawValue): " + HTMLPage.text(result.reason ?? "") + "</li>"
            }
            for failure in result.failures { out += "<li>" + Self.failureText(failure) + "</li>" }
            out += "</ul></li>\n"
        }
        if !pose.isEmpty { out += "</ul>\n" }
        if failedCount > failures.count {
            out += "<p>… and \(failedCount - failures.count) more failed cases: see results.jsonl and junit.xml.</p>\n"
        }
        return out
    }

    /// Not-run cases by what is missing.
    func reasonsSection() -> String {
        guard !reasons.isEmpty else { return "" }
        var out = "<h2>Not run</h2>\n<p>By what is missing; each case's sources and what held are in results.jsonl.</p>\n"
        out += HTMLPage.table(
            "Cases not run, by reason", headers: ["Reason", "Cases", "Poses"], numeric: [1],
            rows: reasons.map { [HTMLPage.text($0.reason), "\($0.count)", HTMLPage.text($0.poses.joined(separator: ", "))] })
        if unlistedNotRun > 0 {
            out += "<p>… and \(unlistedNotRun) more not-run cases with other reasons: see results.jsonl.</p>\n"
        }
        return out
    }

    /// Known unknowns: cases that came back with the status their entry pins, as report.md lists them.
    func pinnedSection() -> String {
        guard !pinned.isEmpty else { return "" }
        var out = "<h2>Pinned</h2>\n<p>Cases that came back with the status their entry pins (expectStatus): they pass, "
        out += "and fail when the model learns more; a sign-off counts them as not run.</p>\n"
        out += HTMLPage.table(
            "Pinned cases, by status and reason", headers: ["Pinned status and reason", "Cases", "Poses"], numeric: [1],
            rows: pinned.map { [HTMLPage.text($0.reason), "\($0.count)", HTMLPage.text($0.poses.joined(separator: ", "))] })
        return out
    }

    /// The matrix's checklist with each item's status.
    func checklistSection(_ tally: Tally) -> String {
        guard !header.checklist.isEmpty else { return "" }
        let rows = header.checklist.map { item in
            [
                HTMLPage.text(item.id), HTMLPage.text(item.text), HTMLPage.text(item.poses.joined(separator: ", ")),
                tally.status(of: item).rawValue,
            ]
        }
        return "<h2>Checklist</h2>\n"
            + HTMLPage.table("Checklist items", headers: ["Item", "Text", "Poses", "Status"], rows: rows)
    }
}

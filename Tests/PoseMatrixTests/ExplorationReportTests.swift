import Foundation
import Testing

@testable import PoseMatrix

/// Invariants as a result stream of their own: Fixtures/explore.json has two cases a profile and
/// three invariants, one broken, one held, one not run.
@Suite("Exploration in the reports")
struct ExplorationReportTests {
    static let fixture = TestFiles.fixture("explore.json")

    @Test("junit.xml, report.md and results.jsonl of an exploring matrix match their golden files")
    func goldenFiles() async throws {
        try await expectReportsMatchSnapshots(fixture: "explore.json", prefix: "explore")
    }

    @Test("the terminal and the job summary count cases and invariants apart; the terminal names the broken one; exit 1")
    func terminal() async throws {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("out")
        let summary = out.deletingLastPathComponent().appendingPathComponent("summary.md")
        let result = await duoPose(["run", Self.fixture, "--out", out.path, "--deterministic", "--summary", summary.path])
        #expect(result.code == 1)
        #expect(
            try TestFiles.read(summary).hasPrefix(
                "### duo-pose: Explore \\| test\n\n**FAILED**: 4 passed, 0 failed, 0 errors, 0 not run of 4 cases; "
                    + "1 held, 1 broken, 1 not run of 3 invariants.\n\n| Pose | Cases |"))
        #expect(
            result.stdout.hasPrefix(
                "duo-pose: Explore | test: FAILED: 4 passed, 0 failed, 0 errors, 0 not run of 4 cases; "
                    + "1 held, 1 broken, 1 not run of 3 invariants.\n"
                    + "Invariant broken: content is reachable: broken by P3 → close → newWindow (shortest; 381 states to depth 3)\n"
            ))
        let dry = await duoPose(["run", Self.fixture, "--dry-run"])
        #expect(dry.code == 1)
        #expect(
            dry.stdout
                == "duo-pose: Explore | test (dry run, no reports): FAILED: 4 passed, 0 failed, 0 errors, 0 not run of 4 cases; "
                + "1 held, 1 broken, 1 not run of 3 invariants.\n")
    }

    @Test("validate counts the cases and the invariants apart")
    func validate() async {
        let result = await duoPose(["validate", Self.fixture])
        #expect(result.code == 0)
        #expect(result.stdout == "\(Self.fixture): valid, 2 pose entries, 4 cases, 3 invariants\n")
    }

    @Test("a run narrowed by --pose has no exploration: no invariant line, none in the header's plan")
    func filteredRun() async throws {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("out")
        #expect(await duoPose(["run", Self.fixture, "--out", out.path, "--pose", "P1", "--quiet"]).code == 0)
        let lines = try TestFiles.read(out.appendingPathComponent(ReportSet.resultsName)).split(separator: "\n")
        #expect(lines[0].contains(#""plan":{"cases":2,"matrixCases":4,"matrixCasesByPose":{"P1":2,"P3":2}},"filter""#))
        #expect(!lines.contains { $0.contains(#""type":"invariant""#) })
        #expect(lines.last!.hasPrefix(#"{"type":"summary","total":2,"passed":2,"failed":0,"notRun":0,"error":0,"verdict""#))
    }

    /// The fixture run whole and in three shards, with the shards' results files.
    static func shards(in folder: URL) async throws -> (whole: URL, files: [String]) {
        let whole = folder.appendingPathComponent("whole")
        #expect(await duoPose(["run", fixture, "--out", whole.path, "--deterministic", "--quiet"]).code == 1)
        var files: [String] = []
        for index in 1...3 {
            let out = folder.appendingPathComponent("shard\(index)")
            let code = await duoPose(["run", fixture, "--out", out.path, "--deterministic", "--quiet", "--shard", "\(index)/3"])
                .code
            #expect(code == (index == 1 ? 1 : 0), "the broken invariant belongs to shard 1 alone")
            files.append(out.appendingPathComponent(ReportSet.resultsName).path)
        }
        return (whole, files)
    }

    @Test("three shards merge into the bytes of the whole run, the invariants taken from the first")
    func mergeEqualsWhole() async throws {
        let folder = try TestFiles.temporaryFolder()
        let (whole, files) = try await Self.shards(in: folder)
        let counts = try files.map { path in
            try TestFiles.read(URL(fileURLWithPath: path)).components(separatedBy: #"{"type":"invariant""#).count - 1
        }
        #expect(counts == [3, 0, 0])
        let merged = folder.appendingPathComponent("merged")
        let result = await duoPose(["merge"] + files.reversed() + ["--out", merged.path, "--quiet"])
        #expect(result.code == 1, "\(result.stderr)")
        for name in ReportSet.names {
            let one = try Data(contentsOf: whole.appendingPathComponent(name))
            let other = try Data(contentsOf: merged.appendingPathComponent(name))
            #expect(one == other, "\(name) differs")
        }
    }

    /// A results file with its lines changed by `edit`, written beside the original as `name`.
    static func edited(_ path: String, as name: String, _ edit: ([String]) -> [String]) throws -> String {
        let lines = try TestFiles.read(URL(fileURLWithPath: path)).split(separator: "\n").map(String.init)
        let copy = path.replacingOccurrences(of: "results.jsonl", with: name)
        try Data((edit(lines).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: copy))
        return copy
    }

    static func isInvariant(_ line: String) -> Bool { line.hasPrefix(#"{"type":"invariant""#) }

    @Test("merge refuses invariants in two shards or in none, naming the shard file; misplaced, miscounted or repeated ones")
    func mergeRefusals() async throws {
        let folder = try TestFiles.temporaryFolder()
        let (_, files) = try await Self.shards(in: folder)
        let first = try TestFiles.read(URL(fileURLWithPath: files[0])).split(separator: "\n").map(String.init)
        let invariants = first.filter(Self.isInvariant)
        // Shard 2 given shard 1's invariant lines, before its summary line (line 3 of 4).
        let twice = try Self.edited(files[1], as: "twice.jsonl") { $0.dropLast() + invariants + [$0.last!] }
        // Shard 1 without them, and without the summary's count of them.
        let none = try Self.edited(files[0], as: "none.jsonl") { lines in
            lines.filter { !Self.isInvariant($0) }.map {
                $0.replacingOccurrences(of: #","invariants":{"total":3,"held":1,"broken":1,"notRun":1}"#, with: "")
            }
        }
        // Shard 1 without them, its header's plan and summary edited to agree: only shard 2's header tells.
        let unplanned = try Self.edited(files[0], as: "unplanned.jsonl") { lines in
            lines.filter { !Self.isInvariant($0) }.map {
                $0.replacingOccurrences(of: #","invariants":{"total":3,"held":1,"broken":1,"notRun":1}"#, with: "")
                    .replacingOccurrences(of: #","invariants":3}"#, with: "}")
                    .replacingOccurrences(of: #""verdict":"failed""#, with: #""verdict":"passed""#)
            }
        }
        let summaryLine = first.count - invariants.count
        let firstInvariant = first.firstIndex(where: Self.isInvariant)! + 1
        let duplicate = try Self.edited(files[0], as: "duplicate.jsonl") { lines in
            lines.map { $0.replacingOccurrences(of: "one new window a step at most", with: "content is reachable") }
        }
        // The invariant lines before shard 1's last case line; and its summary miscounting them.
        let others = first.filter { !Self.isInvariant($0) }
        let early = try Self.edited(files[0], as: "early.jsonl") { _ in
            others.dropLast(2) + invariants + others.suffix(2)
        }
        let miscounted = try Self.edited(files[0], as: "miscounted.jsonl") { lines in
            lines.map { $0.replacingOccurrences(of: #""held":1,"#, with: #""held":2,"#) }
        }
        let cases: [([String], String)] = [
            (
                [early, files[1], files[2]],
                "Error: \(early):\(others.count - 2 + invariants.count + 1): a case line follows the invariant lines: "
                    + "cases come first\n"
            ),
            (
                [miscounted, files[1], files[2]],
                "Error: \(miscounted):\(first.count): the summary line's invariants say total 3, held 2, broken 1, notRun 1, "
                    + "but the invariant lines give total 3, held 1, broken 1, notRun 1\n"
            ),
            (
                [files[0], twice, files[2]],
                "Error: \(twice):3: an invariant line in shard 2/3: the exploration's invariants belong to shard 1/3\n"
            ),
            (
                [none, files[1], files[2]],
                "Error: \(none):\(summaryLine): the file holds 0 invariants but its header's plan gives it 3: "
                    + "the exploration's invariants belong to shard 1/3\n"
            ),
            (
                [unplanned, files[1], files[2]],
                "Error: \(files[1]):1: comes from a plan of 3 invariants, \(unplanned) from one of 0: "
                    + "were they run with different --pose or --where?\n"
            ),
            (
                [duplicate, files[1], files[2]],
                "Error: \(duplicate):\(firstInvariant + 1): "
                    + "invariant \"content is reachable\" is given twice\n"
            ),
        ]
        await expectMergeRefusals(cases, in: folder)
    }

    @Test("an invariant line or a plan count that cannot be read back is refused at its line")
    func badInvariantLines() async throws {
        let folder = try TestFiles.temporaryFolder()
        let whole = folder.appendingPathComponent("whole")
        _ = await duoPose(["run", Self.fixture, "--out", whole.path, "--deterministic", "--quiet"])
        let path = whole.appendingPathComponent(ReportSet.resultsName).path
        let lines = try TestFiles.read(URL(fileURLWithPath: path)).split(separator: "\n").map(String.init)
        let first = lines.firstIndex(where: Self.isInvariant)! + 1
        let edits: [(from: String, to: String, line: Int, message: String)] = [
            (#""invariants":3}"#, #""invariants":"3"}"#, 1, "the header's plan.invariants is not a count"),
            (#","invariants":3}"#, "}", first, "an invariant line, but the header's plan has no invariants"),
            (
                #""depth":3,"applies":18"#, #""applies":18"#, first,
                "an invariant line lacks its name, status, states, depth or applies"
            ),
            (
                #""start":"P3","states":381,"depth":3,"applies":18"#, #""start":"P33","states":381,"depth":3,"applies":18"#,
                first, "invariant \"content is reachable\" starts at \"P33\", not a pose P1–P13"
            ),
            (
                #"["close","newWindow"]"#, #"["close","opne"]"#, first,
                "invariant \"content is reachable\"'s path has \"opne\", not a step"
            ),
            (
                #""unchecked":16,"#, "", first + 2,
                "invariant \"the accessory only while fully open\" is not run but lacks its unchecked count or reason"
            ),
            // Counts that cannot be: signoff.md printed "checked in -99935865 of the 64134 states".
            (
                #""depth":3,"applies":18"#, #""depth":3,"applies":382"#, first,
                "invariant \"content is reachable\" applies in 382 states, more than the 381 explored"
            ),
            (
                #""unchecked":16,"#, #""unchecked":100000000,"#, first + 2,
                "invariant \"the accessory only while fully open\" leaves 100000000 states unchecked, "
                    + "more than the 205 it applies in"
            ),
            (#""name":"content is reachable""#, #""name":"""#, first, "an invariant line's name is empty"),
        ]
        for (index, edit) in edits.enumerated() {
            let bad = try Self.edited(path, as: "bad\(index).jsonl") { lines in
                lines.map { $0.replacingOccurrences(of: edit.from, with: edit.to) }
            }
            let result = await duoPose(["merge", bad, "--out", folder.appendingPathComponent("never").path])
            #expect(result.code == 65)
            #expect(result.stderr == "Error: \(bad):\(edit.line): \(edit.message)\n")
        }
    }

    /// The fixture with an app that opens new windows with an action: every invariant but the
    /// accessory's holds, and that one is not run.
    static func holdingMatrix(in folder: URL) throws -> URL {
        let holding = folder.appendingPathComponent("holding.json")
        let text = try TestFiles.read(URL(fileURLWithPath: fixture)).replacingOccurrences(
            of: #"newWindow: { via: "activateSceneSession" }"#,
            with: #"newWindow: { via: "activationAction", alternate: "showInPlace" }"#)
        try Data(text.utf8).write(to: holding)
        return holding
    }

    @Test("an invariant not run fails --strict as a case not run does")
    func strict() async throws {
        let folder = try TestFiles.temporaryFolder()
        let holding = try Self.holdingMatrix(in: folder).path
        #expect(await duoPose(["run", holding, "--out", folder.appendingPathComponent("a").path, "--quiet"]).code == 0)
        let strict = await duoPose(["run", holding, "--out", folder.appendingPathComponent("b").path, "--strict"])
        #expect(strict.code == 1)
        #expect(
            strict.stdout.hasPrefix(
                "duo-pose: Explore | test: FAILED (--strict: not run counts as failed): 4 passed, 0 failed, 0 errors, "
                    + "0 not run of 4 cases; 2 held, 0 broken, 1 not run of 3 invariants.\n"))
    }

    @Test("--baseline compares invariants by name: one that held and now breaks is newly broken, and fails --fail-on new")
    func baselineNewlyBroken() async throws {
        let folder = try TestFiles.temporaryFolder()
        let holding = try Self.holdingMatrix(in: folder)
        let before = folder.appendingPathComponent("before")
        #expect(await duoPose(["run", holding.path, "--out", before.path, "--deterministic", "--quiet"]).code == 0)
        let baseline = before.appendingPathComponent(ReportSet.resultsName).path
        let after = folder.appendingPathComponent("after")
        let result = await duoPose([
            "run", Self.fixture, "--out", after.path, "--deterministic", "--baseline", baseline, "--fail-on", "new",
        ])
        #expect(result.code == 1)
        #expect(
            result.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 0 still failing, 0 new cases (0 failing), 0 removed cases. "
                    + "Invariants: 1 newly broken, 0 fixed, 0 still broken, 0 not run.\n"
                    + "--fail-on new: 0 new failures, 0 failing new cases and 1 newly broken invariant fail the run; "
                    + "0 still failing and 0 still broken are reported, not fatal.\n"))
        let summary = try TestFiles.read(after.appendingPathComponent(ReportSet.resultsName)).split(separator: "\n").last!
        #expect(summary.contains(#""invariants":{"newlyBroken":1,"fixed":0,"stillBroken":0,"notRun":0}},"duration""#))
        let report = try TestFiles.read(after.appendingPathComponent(ReportSet.markdownName))
        #expect(
            report.contains(
                "\n| Invariants | Count |\n|---|---:|\n| Newly broken | 1 |\n| Fixed | 0 |\n| Still broken | 0 |\n| Not run | 0 |\n"
                    + "\n**Newly broken invariants**: `content is reachable`.\n"))
        // Back again: the broken one is fixed, and a run without the exploration no longer checks the two that ran.
        let fixed = folder.appendingPathComponent("fixed")
        let again = await duoPose([
            "run", holding.path, "--out", fixed.path, "--quiet", "--baseline",
            after.appendingPathComponent(ReportSet.resultsName).path,
        ])
        #expect(again.code == 0)
        let fixedSummary = try TestFiles.read(fixed.appendingPathComponent(ReportSet.resultsName)).split(separator: "\n").last!
        #expect(fixedSummary.contains(#""invariants":{"newlyBroken":0,"fixed":1,"stillBroken":0,"notRun":0}}"#))
        let narrowed = await duoPose([
            "run", holding.path, "--out", folder.appendingPathComponent("narrowed").path, "--pose", "P1", "--baseline",
            baseline,
        ])
        #expect(
            narrowed.stdout.contains(
                "Baseline: 0 new failures, 0 fixed, 0 still failing, 0 new cases (0 failing), 0 removed cases. "
                    + "Not compared: 2 cases outside this run (--pose P1). "
                    + "Invariants: 0 newly broken, 0 fixed, 0 still broken, 2 not run.\n"))
    }

    @Test("signoff signs off the invariants after the items: a broken one blocks (exit 1) and signoff.md shows it")
    func signoff() async throws {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("out")
        // Run trusting what sign-off trusts by default, so that a held invariant can be taken as passed.
        _ = await duoPose(["run", Self.fixture, "--out", out.path, "--quiet", "--trust", "apple,measured,inference"])
        let signoff = out.appendingPathComponent("signoff.md")
        let result = await duoPose(["signoff", out.appendingPathComponent(ReportSet.resultsName).path, "--by", "QA"])
        #expect(result.code == 1, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(
            result.stdout
                == "Not signed off: Explore | test, by QA. Blocking: invariant:content is reachable (failed), "
                + "invariant:the accessory only while fully open (not run). Written to \(signoff.path)\n")
        let text = try TestFiles.read(signoff)
        #expect(
            text.contains(
                "**NOT SIGNED OFF**: 1 passed, 0 waived, 0 failed, 0 not run of 1 checklist item; "
                    + "1 passed, 0 waived, 1 failed, 1 not run of 3 invariants.\n\nCoverage: 4 of 4 planned cases.\n"))
        let table: [String] = [
            "| displays | Each display shows the app | P1, P3 | passed | inference |  |\n\n",
            "| Invariant | Status | Rests on | Detail | Note |\n|---|---|---|---|---|\n",
            "| invariant:content is reachable | failed | — | broken by P3 → close → newWindow (shortest; 381 states to depth 3); ",
            "`content.reachable`: expected `true`, actual `false` (inference: A T64 refuses; I AX-DC: fails silently) |  |\n",
            "| invariant:one new window a step at most | passed | apple | held in all 381 states to depth 3 |  |\n",
            "| invariant:the accessory only while fully open | not run | — | checked in 189 of the 205 states it applies to ",
            "(381 states to depth 3); accessory.available: no source gives accessory.available while the device is ",
            "partially open (duo-facts E#5) |  |\n\nReviewed by QA at ",
        ]
        #expect(text.contains(table.joined()))
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// Sign-off of the exploration's invariants, `invariant:NAME` beside the checklist items, on
/// Fixtures/explore.json (one broken, one held, one not run) with the broken one renamed so
/// that its name needs escaping in Markdown, and the one not run so that its name has a `=`.
@Suite("Invariants in sign-off")
struct InvariantSignoffTests {
    static let broken = "invariant:content | **reachable**"
    static let held = "invariant:one new window a step at most"
    static let notRun = "invariant:the accessory = off unless fully open"

    /// The results of a run of the fixture, its broken and its not-run invariant renamed.
    static func results() async throws -> URL {
        let folder = try TestFiles.temporaryFolder()
        let matrix = folder.appendingPathComponent("explore.json")
        let text = try TestFiles.read(URL(fileURLWithPath: TestFiles.fixture("explore.json")))
        let renamed = text.replacingOccurrences(of: "content is reachable", with: "content | **reachable**")
            .replacingOccurrences(of: "the accessory only while fully open", with: "the accessory = off unless fully open")
        try Data(renamed.utf8).write(to: matrix)
        let run = await duoPose(["run", matrix.path, "--out", folder.path, "--quiet", "--trust", trust])
        #expect(run.code == 1)
        return folder.appendingPathComponent(ReportSet.resultsName)
    }

    /// What sign-off trusts by default: the runs above trust it too, so that held invariants pass.
    static let trust = "apple,measured,inference"

    @Test("a held invariant passes sign-off when every level it rests on is trusted, whatever the run trusted")
    func heldByWhatItRestsOn() async throws {
        let folder = try TestFiles.temporaryFolder()
        let matrix = try TestFiles.writeTemporary(
            """
            { formatVersion: 1, name: "R", app: { multipleScenes: true }, poses: [{ pose: "P1", expect: { display: "outer" } }],
              checklist: [{ id: "outer", text: "Closed shows the outer display", poses: ["P1"] }],
              explore: { depth: 2, steps: ["open", "close", "tabletop", "book"], invariants: [
                { name: "bars", expect: { "bars.axis": { in: ["vertical", "horizontal"] } } },
                { name: "margins", expect: { margins: { "!=": "9,9,9,9" } } } ] } }
            """)
        // Run as the README says, trusting every level (the default).
        #expect(await duoPose(["run", matrix, "--out", folder.path, "--quiet", "--deterministic"]).code == 0)
        let results = folder.appendingPathComponent(ReportSet.resultsName).path
        let lines = try TestFiles.read(URL(fileURLWithPath: results)).split(separator: "\n")
        #expect(
            lines.contains(
                #"{"type":"invariant","name":"bars","status":"held","states":9,"depth":2,"applies":9,"line":4,"when":{},"#
                    + #""rests":["apple"]}"#
            ))
        #expect(
            lines.contains(
                #"{"type":"invariant","name":"margins","status":"held","states":9,"depth":2,"applies":9,"line":5,"#
                    + #""when":{},"rests":["inference","unverified"]}"#))
        // Sign-off's default trust (apple, measured, inference) takes the first, not the second.
        let result = await duoPose(["signoff", results, "--by", "QA"])
        #expect(result.code == 1)
        #expect(result.stdout.contains("Blocking: invariant:margins (not run)."))
        let text = try TestFiles.read(folder.appendingPathComponent("signoff.md"))
        #expect(text.contains("\n| invariant:bars | passed | apple | held in all 9 states to depth 2 |  |\n"))
        #expect(
            text.contains(
                "\n| invariant:margins | not run | inference, unverified | held in all 9 states to depth 2; not taken: "
                    + "rests on unverified, which sign-off does not trust |  |\n"))
        // Trusting every level, as the run did, takes both.
        let everything = await duoPose([
            "signoff", results, "--by", "QA", "--trust", "apple,measured,inference,unverified", "--out",
            folder.appendingPathComponent("all.md").path,
        ])
        #expect(everything.code == 0, "\(everything.stdout)")
        // Results that do not record what a held invariant rests on: only the run's trust can say.
        let old = try TestFiles.writeTemporary(
            lines.map { $0.replacingOccurrences(of: #","rests":["apple"]"#, with: "") }.joined(separator: "\n") + "\n",
            name: "old.jsonl")
        _ = await duoPose(["signoff", old, "--by", "QA"])
        let oldText = try TestFiles.read(
            URL(fileURLWithPath: old).deletingLastPathComponent().appendingPathComponent("signoff.md"))
        #expect(
            oldText.contains(
                "\n| invariant:bars | not run | not recorded | held in all 9 states to depth 2; not taken: explored trusting "
                    + "apple,definition,measured,inference,unverified, and these results do not record what a held invariant rests on: "
                    + "run again with this version of duo-pose, or with --trust apple,measured,inference |  |\n"))
    }

    @Test("waiving the broken and the not-run invariant signs off (exit 0) and records both waivers")
    func waived() async throws {
        let results = try await Self.results()
        let result = await duoPose([
            "signoff", results.path, "--by", "QA", "--waive", Self.broken + "=checked | by hand", "--waive",
            Self.notRun + "=no accessory in 1.0",
        ])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let signoff = results.deletingLastPathComponent().appendingPathComponent("signoff.md")
        #expect(result.stdout == "Signed off: Explore | test, by QA. Written to \(signoff.path)\n")
        let text = try TestFiles.read(signoff)
        #expect(
            text.contains(
                "**SIGNED OFF**: 1 passed, 0 waived, 0 failed, 0 not run of 1 checklist item; "
                    + "1 passed, 2 waived, 0 failed, 0 not run of 3 invariants.\n"))
        #expect(
            text.contains(
                "| invariant:content \\| \\*\\*reachable\\*\\* | waived | — | broken by P3 → close → newWindow (shortest; 381 states to depth 3); "
                    + "`content.reachable`: expected `true`, actual `false` (inference: A T64 refuses; I AX-DC: fails silently) "
                    + "| waived (failed): checked \\| by hand |\n"))
        #expect(
            text.contains(
                "| \(Self.notRun) | waived | — | checked in 189 of the 205 states it applies to (381 states to depth 3); "
                    + "accessory.available: no source gives accessory.available while the device is partially open "
                    + "(duo-facts E#5) | waived (not run): no accessory in 1.0 |\n"))
    }

    @Test("an invariant not run blocks sign-off until it is waived (exit 1)")
    func notRunBlocks() async throws {
        let results = try await Self.results()
        let result = await duoPose(["signoff", results.path, "--by", "QA", "--waive", Self.broken + "=checked by hand"])
        #expect(result.code == 1)
        let signoff = results.deletingLastPathComponent().appendingPathComponent("signoff.md")
        #expect(
            result.stdout
                == "Not signed off: Explore | test, by QA. Blocking: \(Self.notRun) (not run). Written to \(signoff.path)\n")
        #expect(
            try TestFiles.read(signoff).contains(
                "**NOT SIGNED OFF**: 1 passed, 0 waived, 0 failed, 0 not run of 1 checklist item; "
                    + "1 passed, 1 waived, 0 failed, 1 not run of 3 invariants.\n"))
    }

    @Test("a waiver for a held invariant is not used, and a warning says so")
    func heldWaived() async throws {
        let results = try await Self.results()
        let result = await duoPose([
            "signoff", results.path, "--by", "QA", "--waive", Self.held + "=by hand", "--waive", Self.broken + "=x",
            "--waive", Self.notRun + "=y",
        ])
        #expect(result.code == 0)
        #expect(result.stderr == "Warning: --waive \(Self.held): the invariant held, so the waiver is not used\n")
        let text = try TestFiles.read(results.deletingLastPathComponent().appendingPathComponent("signoff.md"))
        #expect(text.contains("| \(Self.held) | passed | apple | held in all 381 states to depth 3 |  |\n"))
        #expect(!text.contains("by hand"))
    }

    @Test("a waiver for no invariant is a usage error with the closest one, as for an unknown item (exit 64)")
    func unknown() async throws {
        let results = try await Self.results()
        let usage =
            "Usage: duo-pose signoff RESULTS [--out FILE] [--trust LEVELS] --by NAME [--waive ID=reason]… [--allow-partial]\n"
            + "See 'duo-pose help signoff'.\n"
        let misspelt = await duoPose([
            "signoff", results.path, "--by", "QA", "--waive", "invariant:one new widnow a step at most=x",
        ])
        #expect(misspelt.code == 64)
        #expect(
            misspelt.stderr
                == "Error: --waive: the results have no invariant 'invariant:one new widnow a step at most'; "
                + "did you mean '\(Self.held)'?\n" + usage)
        let bare = await duoPose(["signoff", results.path, "--by", "QA", "--waive", "one new window a step at most=x"])
        #expect(bare.code == 64)
        #expect(
            bare.stderr
                == "Error: --waive: the checklist has no item 'one new window a step at most'; did you mean '\(Self.held)'?\n"
                + usage)
        let none = await duoPose(["signoff", results.path, "--by", "QA", "--waive", "invariant:nme=x"])
        #expect(none.stderr == "Error: --waive: the results have no invariant 'invariant:nme'\n" + usage)
        let noReason = await duoPose(["signoff", results.path, "--by", "QA", "--waive", Self.notRun + "=  "])
        #expect(noReason.code == 64)
        #expect(noReason.stderr == "Error: --waive \(Self.notRun) needs a reason: --waive ID=reason\n" + usage)
    }

    @Test("results without invariants (a --pose run signed off with --allow-partial) show none, as before")
    func partialRun() async throws {
        let folder = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("explore.json"), "--out", folder.path, "--quiet", "--pose", "P1"])
        let results = folder.appendingPathComponent(ReportSet.resultsName).path
        let result = await duoPose(["signoff", results, "--by", "QA", "--allow-partial", "--waive", "displays=by hand"])
        #expect(result.code == 0)
        let text = try TestFiles.read(folder.appendingPathComponent("signoff.md"))
        #expect(text.contains("**SIGNED OFF**: 0 passed, 1 waived, 0 failed, 0 not run of 1 checklist item.\n"))
        #expect(!text.contains("Invariant"))
        let waiver = await duoPose(["signoff", results, "--by", "QA", "--allow-partial", "--waive", Self.held + "=x"])
        #expect(waiver.code == 64)
        #expect(waiver.stderr.hasPrefix("Error: --waive: the results have no invariant '\(Self.held)'\n"))
    }
}

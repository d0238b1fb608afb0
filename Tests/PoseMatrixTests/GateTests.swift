import Foundation
import Testing

@testable import PoseMatrix

/// The last line of a results.jsonl and its header, as text.
func resultsLines(_ folder: URL) throws -> (header: String, summary: String) {
    let lines = try TestFiles.read(folder.appendingPathComponent(ReportSet.resultsName)).split(separator: "\n")
    return (String(lines.first ?? ""), String(lines.last ?? ""))
}

@Suite("Verdicts agree with the exit code")
struct VerdictTests {
    @Test("--strict with not-run cases: FAILED on the terminal, in report.md and in results.jsonl, exit 1")
    func strictVerdict() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(["run", "--pose", "P13", "--out", out.path, "--strict", "--deterministic"])
        #expect(result.code == 1)
        let line = "FAILED (--strict: not run counts as failed): 6 passed, 0 failed, 0 errors, 6 not run of 12 cases."
        #expect(result.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes: \(line)\n"))
        let report = try TestFiles.read(out.appendingPathComponent(ReportSet.markdownName))
        #expect(report.contains("\n**FAILED** (--strict: not run counts as failed): 6 passed, 0 failed"))
        let (header, summary) = try resultsLines(out)
        #expect(header.contains(#""plan":{"cases":12},"strict":true"#))
        #expect(summary.contains(#""verdict":"failed""#))
        #expect(try ResultsReader(path: out.appendingPathComponent(ReportSet.resultsName).path).header.strict)

        let relaxed = await duoPose(["run", "--pose", "P13", "--out", out.path, "--deterministic"])
        #expect(relaxed.code == 0)
        #expect(relaxed.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes: PASSED: 6 passed"))
        #expect(try resultsLines(out).summary.contains(#""verdict":"passed""#))
    }

    @Test("merge --strict gives the same verdict everywhere")
    func mergeStrict() async throws {
        let folder = try TestFiles.temporaryFolder()
        let shard = folder.appendingPathComponent("s")
        _ = await duoPose(["run", "--pose", "P13", "--out", shard.path, "--quiet", "--shard", "1/1"])
        let merged = folder.appendingPathComponent("m")
        let result = await duoPose([
            "merge", shard.appendingPathComponent(ReportSet.resultsName).path, "--out", merged.path, "--strict", "--quiet",
        ])
        #expect(result.code == 1)
        #expect(result.stderr.contains("FAILED (--strict: not run counts as failed)"))
        #expect(try resultsLines(merged).summary.contains(#""verdict":"failed""#))
        #expect(try TestFiles.read(merged.appendingPathComponent(ReportSet.markdownName)).contains("**FAILED** (--strict"))
    }

    @Test("a run where no case ran exits 1 and says NOT RUN everywhere")
    func nothingRan() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose([
            "run", "--pose", "P13", "--where", "profile=simulator", "--out", out.path, "--deterministic",
        ])
        #expect(result.code == 1)
        let line = "NOT RUN: no case ran, and nothing run is not a pass. 0 passed, 0 failed, 0 errors, 6 not run of 6 cases."
        #expect(result.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes: \(line)\n"))
        #expect(try TestFiles.read(out.appendingPathComponent(ReportSet.markdownName)).contains("**NOT RUN**: no case ran"))
        #expect(try resultsLines(out).summary.contains(#""verdict":"not run""#))
        let dry = await duoPose(["run", "--pose", "P13", "--where", "profile=simulator", "--dry-run", "--quiet"])
        #expect(dry.code == 1)
        #expect(dry.stderr == "duo-pose: iPhone Duo reference scenes (dry run, no reports): \(line)\n")
    }

    @Test("an empty shard (more shards than cases) is the one run without a case that exits 0")
    func emptyShard() async throws {
        let out = try TestFiles.temporaryFolder()
        let filter = ["--pose", "P1", "--where", "profile=device", "--where", "layoutDirection=leftToRight"]
        let result = await duoPose(["run", "--out", out.path, "--shard", "3/3"] + filter)
        #expect(result.code == 0)
        #expect(
            result.stdout.hasPrefix(
                "duo-pose: iPhone Duo reference scenes (shard 3/3 from --shard): EMPTY SHARD: the plan has fewer cases "
                    + "than shards, so this shard holds none. 0 passed, 0 failed, 0 errors, 0 not run of 0 cases.\n"))
        #expect(try resultsLines(out).summary.contains(#""verdict":"empty shard""#))
    }

    @Test("--quiet silences success only: a failing verdict reaches stderr")
    func quietFailure() async throws {
        let out = try TestFiles.temporaryFolder()
        let failing = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet"])
        #expect(failing.code == 1)
        #expect(failing.stdout == "")
        #expect(
            failing.stderr == "duo-pose: Small | test <matrix>: FAILED: 8 passed, 2 failed, 0 errors, 4 not run of 14 cases.\n")
        let passing = await duoPose(["run", TestFiles.fixture("passing.json"), "--out", out.path + "/p", "--quiet"])
        #expect(passing.code == 0)
        #expect(passing.stdout + passing.stderr == "")
    }
}

@Suite("Observations must name cases of the matrix")
struct ObservationMatchTests {
    @Test("a record that matches no case is an error with its line and column; nothing is written")
    func unmatchedRecords() async throws {
        let recording = try TestFiles.writeTemporary(
            [
                #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"#,
                #"{"pose": "P3", "title": "SDK 62", "values": {"profile": "device", "linkedSDK": "26"}, "observables": {"display": "inner"}}"#,
                #"{"pose": "P4", "values": {"profile": "device"}, "observables": {"display": "inner"}}"#,
                #"{"pose": "P5", "values": {"profile": "device", "hingeAngle": 100}, "observables": {"display": "inner"}}"#,
                #"{"pose": "P2", "values": {"profile": "device", "windows": 2}, "observables": {"display": "outer"}}"#,
                #"{"pose": "P2", "values": {}, "observables": {"display": "outer"}}"#,
            ].joined(separator: "\n") + "\n", name: "obs.jsonl")
        let out = try TestFiles.temporaryFolder().appendingPathComponent("never")
        let result = await duoPose(["run", TestFiles.fixture("small.json"), "--observations", recording, "--out", out.path])
        #expect(result.code == 65)
        #expect(
            result.stderr == """
                Error: \(recording):2:25: the matrix has no P3 entry titled "SDK 62"; did you mean "SDK 26"?
                Error: \(recording):3:10: the matrix has no P4 entry
                Error: \(recording):4:48: P5 never runs with hingeAngle=100 (the matrix has 90, 120)
                Error: \(recording):5:48: P2 has no axis windows in the matrix
                Error: \(recording):6:26: values lacks profile, which P2 runs over

                """)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("observations for another matrix are refused whole")
    func anotherMatrix() async throws {
        let recording = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/no-error-handler.observations.jsonl")
        let out = try TestFiles.temporaryFolder().appendingPathComponent("never")
        let result = await duoPose(["run", "--observations", recording.path, "--out", out.path])
        #expect(result.code == 65)
        #expect(
            result.stderr
                == "Error: \(recording.path):1:1: no record matches a case of built-in:duo-scenes.json: "
                + "these observations are for another matrix\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

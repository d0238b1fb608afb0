import Foundation
import Testing

@testable import PoseMatrix

/// `--baseline` flags regressions only: cases match across an added or removed axis, failures of
/// cases new to the plan are reported apart, and baselines whose statuses do not compare are refused.
@Suite("Baselines across changed matrices")
struct BaselineAcrossTests {
    /// P1 and P3 over `profile`, both expecting the inner display: P1's two cases fail.
    static let before = """
        { formatVersion: 1, name: "B", axes: { profile: ["device", "simulator"] },
          poses: [{ pose: "P1", expect: { display: "inner" } }, { pose: "P3", expect: { display: "inner" } }] }
        """
    /// The same with `layoutDirection` added: P1's four cases fail.
    static let after = before.replacingOccurrences(
        of: #"profile: ["device", "simulator"] }"#,
        with: #"profile: ["device", "simulator"], layoutDirection: ["leftToRight", "rightToLeft"] }"#)

    /// Runs the matrix text in a new folder; returns the folder and its results file.
    static func run(_ matrix: String, _ flags: [String] = []) throws -> (URL, String) {
        let folder = try TestFiles.temporaryFolder()
        try Data(matrix.utf8).write(to: folder.appendingPathComponent("m.json"))
        _ = try runBinary(["run", "m.json", "--out", "out", "--quiet"] + flags, in: folder)
        return (folder, folder.appendingPathComponent("out/results.jsonl").path)
    }

    @Test("an added axis keeps the old failures still failing at its default, and the new values' failures apart")
    func addedAxis() throws {
        let (_, baseline) = try Self.run(Self.before)
        let folder = try TestFiles.temporaryFolder()
        try Data(Self.after.utf8).write(to: folder.appendingPathComponent("m.json"))
        let result = try runBinary(["run", "m.json", "--out", "out", "--baseline", baseline, "--fail-on", "new"], in: folder)
        #expect(result.code == 1, "the two failing new cases are failures nobody has accepted")
        #expect(
            result.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 2 still failing, 4 new cases (2 failing), 0 removed cases. "
                    + "Matched across layoutDirection at their defaults: 4 cases.\n"
                    + "--fail-on new: 0 new failures, 2 failing new cases fail the run; 2 still failing are reported, "
                    + "not fatal.\n"))
        let report = try TestFiles.read(folder.appendingPathComponent("out/report.md"))
        #expect(report.contains("| Failing new cases | 2 |\n"))
        #expect(report.contains("| Matched across layoutDirection at their defaults | 4 |\n"))
        #expect(report.contains("**Still failing**: `P1 [profile=device, layoutDirection=leftToRight]`, "))
        #expect(report.contains("**Failing new cases**: `P1 [profile=device, layoutDirection=rightToLeft]`, "))
        let summary = try TestFiles.read(folder.appendingPathComponent("out/results.jsonl")).split(separator: "\n").last!
        #expect(summary.contains(#""newFailures":0,"newCaseFailures":2,"fixed":0,"stillFailing":2,"newCases":4,"#))
    }

    @Test("a removed axis matches the baseline's cases at its default; the others are removed")
    func removedAxis() throws {
        let (_, baseline) = try Self.run(Self.after)
        let folder = try TestFiles.temporaryFolder()
        try Data(Self.before.utf8).write(to: folder.appendingPathComponent("m.json"))
        let result = try runBinary(["run", "m.json", "--out", "out", "--baseline", baseline], in: folder)
        #expect(
            result.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 2 still failing, 0 new cases (0 failing), 4 removed cases. "
                    + "Matched across layoutDirection at their defaults: 4 cases.\n"))
    }

    @Test("an axis without a default (hingeAngle) matches nothing: its cases are new")
    func axisWithoutDefault() throws {
        let noAngle = #"{ formatVersion: 1, name: "A", poses: [{ pose: "P5", expect: { display: "outer" } }] }"#
        let (_, baseline) = try Self.run(noAngle)
        let folder = try TestFiles.temporaryFolder()
        try Data(noAngle.replacingOccurrences(of: #"pose: "P5","#, with: #"pose: "P5", axes: { hingeAngle: [90] },"#).utf8)
            .write(to: folder.appendingPathComponent("m.json"))
        let result = try runBinary(["run", "m.json", "--out", "out", "--baseline", baseline], in: folder)
        #expect(
            result.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 0 still failing, 1 new cases (1 failing), 1 removed cases.\n"))
    }

    @Test("a baseline of another trust, or narrowed otherwise than this run, is refused; a narrowed run compares what it ran")
    func notComparable() throws {
        let (folder, baseline) = try Self.run(Self.before)
        let trusted = try runBinary(
            ["run", "m.json", "--out", "t", "--baseline", baseline, "--trust", "apple,measured"], in: folder)
        #expect(trusted.code == 65)
        #expect(
            trusted.stderr
                == "Error: \(baseline):1: was run trusting apple,definition,measured,inference,unverified, this run trusts apple,measured: "
                + "a case passed in one is not run in the other, so their statuses do not compare; compare with results run "
                + "with --trust apple,measured\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t").path), "refused before writing")
        let (_, narrowed) = try Self.run(Self.before, ["--pose", "P1"])
        let wider = try runBinary(["run", "m.json", "--out", "w", "--baseline", narrowed], in: folder)
        #expect(wider.code == 65)
        #expect(
            wider.stderr
                == "Error: \(narrowed):1: was narrowed (--pose P1) and this run was not: the cases it left out would count "
                + "as new; compare with the results of a whole run\n")
        let alike = try runBinary(["run", "m.json", "--out", "a", "--baseline", narrowed, "--pose", "P1"], in: folder)
        #expect(
            alike.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 2 still failing, 0 new cases (0 failing), 0 removed cases.\n"))
        let part = try runBinary(["run", "m.json", "--out", "p", "--baseline", baseline, "--pose", "P3"], in: folder)
        #expect(
            part.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 0 still failing, 0 new cases (0 failing), 0 removed cases. "
                    + "Not compared: 2 cases outside this run (--pose P1).\n".replacingOccurrences(of: "P1", with: "P3")))
    }

    @Test("--dry-run --baseline previews the gate without writing; a file that is not results says so")
    func dryRunAndNotResults() throws {
        let (folder, baseline) = try Self.run(Self.before)
        let dry = try runBinary(["run", "m.json", "--dry-run", "--baseline", baseline, "--fail-on", "new"], in: folder)
        #expect(dry.code == 0)
        #expect(
            dry.stdout
                == "duo-pose: B (dry run, no reports): NO NEW FAILURES (--fail-on new: every failure is in the baseline): "
                + "2 passed, 2 failed, 0 errors, 0 not run of 4 cases.\n"
                + "Baseline: 0 new failures, 0 fixed, 2 still failing, 0 new cases (0 failing), 0 removed cases.\n"
                + "--fail-on new: 0 new failures, 0 failing new cases fail the run; 2 still failing are reported, not fatal.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["m.json", "out"])
        let matrix = try runBinary(["run", "m.json", "--dry-run", "--baseline", "m.json"], in: folder)
        #expect(matrix.code == 65)
        #expect(
            matrix.stderr
                == "Error: m.json:1: is not a duo-pose results.jsonl: its first line is not a JSON object, as the header a run "
                + "writes first is\n")
    }
}

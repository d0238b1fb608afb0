import Foundation
import Testing

@testable import PoseMatrix

/// `expectStatus` (a known unknown a matrix pins) and `rests` (the levels an expectation's value
/// must rest on), through run, merge, every report and sign-off.
@Suite("Pinned status and rests")
struct PinnedStatusTests {
    static let hingeCallsOnDevice =
        "hinge.calls: no source gives hinge.calls on a device: the update rate is the system's policy (A DeviceHinge); "
        + "7-10 was measured in the simulator (M AX-PR)"

    static func matrix(_ poses: String, checklist: Bool = true) -> String {
        """
        {
          "formatVersion": 1,
          "name": "Pins",
          "poses": [
        \(poses)
          ],
          \(checklist ? #""checklist": [{ "id": "calls", "text": "Hinge calls", "poses": ["P3"] }]"# : #""checklist": []"#)
        }
        """
    }

    /// Line 5: unknown on a device, pinned. Line 6: the simulator measured it, so the pin no longer holds.
    static let pins = matrix(
        """
            { "pose": "P3", "title": "device", "expect": { "hinge.calls": "7-10" }, "expectStatus": "notRun" },
            { "pose": "P3", "title": "simulator", "axes": { "profile": ["simulator"] }, "expect": { "hinge.calls": "7-10" }, "expectStatus": "notRun" },
            { "pose": "P1", "title": "cannot", "steps": ["dismissSheet"], "expect": { "display": "outer" }, "expectStatus": "error" },
            { "pose": "P1", "title": "runs", "expect": { "display": "outer" }, "expectStatus": "error" }
        """)

    static func run(_ text: String, _ options: [String] = []) async throws -> (Invocation, URL) {
        let path = try TestFiles.writeTemporary(text)
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(["run", path, "--out", out.path, "--deterministic", "--quiet"] + options)
        return (result, out)
    }

    /// The case lines and the reason records they name.
    static func caseLines(_ out: URL) throws -> [String] {
        try TestFiles.read(out.appendingPathComponent("results.jsonl")).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("{\"type\":\"case\"") || $0.hasPrefix("{\"type\":\"reason\"") }
    }

    @Test("a case that comes back with its pinned status passes, pinned; one that comes back otherwise fails saying what changed")
    func pinnedCases() async throws {
        let (result, out) = try await Self.run(Self.pins)
        #expect(result.code == 1)
        #expect(
            try Self.caseLines(out) == [
                #"{"type":"reason","id":0,"text":"step 1 dismissSheet cannot apply: no sheet is presented"}"#,
                #"{"type":"case","index":0,"pose":"P1","title":"cannot","values":{},"status":"passed","pinned":"error","line":7,"reason":0,"duration":0}"#,
                #"{"type":"reason","id":1,"text":"now runs"}"#,
                #"{"type":"case","index":1,"pose":"P1","title":"runs","values":{},"status":"failed","pinned":"error","line":8,"reason":1,"duration":0}"#,
                #"{"type":"reason","id":2,"text":"\#(Self.hingeCallsOnDevice)"}"#,
                #"{"type":"case","index":2,"pose":"P3","title":"device","values":{},"status":"passed","pinned":"notRun","line":5,"reason":2,"duration":0}"#,
                #"{"type":"reason","id":3,"text":"now known: hinge.calls 7-10 (measured: M AX-PR)"}"#,
                #"{"type":"case","index":3,"pose":"P3","title":"simulator","values":{"profile":"simulator"},"status":"failed","pinned":"notRun","line":6,"reason":3,"duration":0}"#,
            ])
        let junit = try TestFiles.read(out.appendingPathComponent("junit.xml"))
        #expect(junit.contains("<system-out>pinned notRun: hinge.calls: no source gives hinge.calls on a device"))
        #expect(
            junit.contains(#"message="/"#)
                && junit.contains(#":6: pinned notRun: now known: hinge.calls 7-10 (measured: M AX-PR)""#))
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        #expect(report.contains("| P3 | `expectStatus` | `notRun` | `now known: hinge.calls 7-10 (measured: M AX-PR)` | 1 |"))
        #expect(report.contains("\n## Pinned\n"))
        #expect(report.contains("| notRun: \(Self.hingeCallsOnDevice) | 1 | P3 |\n"))
        #expect(report.contains("| error: step 1 dismissSheet cannot apply: no sheet is presented | 1 | P1 |\n"))
        let html = try TestFiles.read(out.appendingPathComponent("report.html"))
        #expect(html.contains("<h2>Pinned</h2>"))
        #expect(html.contains("error: step 1 dismissSheet cannot apply: no sheet is presented"))
        #expect(html.contains("<li>expectStatus notRun: now known: hinge.calls 7-10 (measured: M AX-PR)</li>"))
    }

    @Test("a pinned pass counts as passed under --strict: the unknown is expected")
    func strict() async throws {
        let (result, _) = try await Self.run(
            Self.matrix(#"    { "pose": "P3", "expect": { "hinge.calls": "7-10" }, "expectStatus": "notRun" }"#), ["--strict"])
        #expect(result.code == 0)
    }

    @Test("merge writes a pinned case's line as the run did")
    func merge() async throws {
        let (_, out) = try await Self.run(Self.pins)
        let merged = try TestFiles.temporaryFolder()
        let result = await duoPose(
            ["merge", out.appendingPathComponent("results.jsonl").path, "--out", merged.path, "--quiet"])
        #expect(result.code == 1)
        #expect(try Self.caseLines(merged) == (try Self.caseLines(out)))
    }

    @Test("sign-off counts a pinned pass as not run: a release does not go out on an unknown, unless waived")
    func signoff() async throws {
        let (_, out) = try await Self.run(
            Self.matrix(#"    { "pose": "P3", "expect": { "hinge.calls": "7-10" }, "expectStatus": "notRun" }"#))
        let results = out.appendingPathComponent("results.jsonl").path
        let blocked = await duoPose(["signoff", results, "--by", "Rel", "--out", out.appendingPathComponent("s.md").path])
        #expect(blocked.code == 1)
        let document = try TestFiles.read(out.appendingPathComponent("s.md"))
        #expect(document.contains("| calls | Hinge calls | P3 | not run |"))
        #expect(document.contains("- `P3` not run: pinned notRun (expectStatus): \(Self.hingeCallsOnDevice) (`"))
        let waived = await duoPose([
            "signoff", results, "--by", "Rel", "--out", out.appendingPathComponent("w.md").path,
            "--waive", "calls=the rate is the system's",
        ])
        #expect(waived.code == 0)
    }

    @Test("rests: a value on a level its expectation leaves out makes the case not run, saying so")
    func rests() async throws {
        let (result, out) = try await Self.run(
            Self.matrix(
                """
                    { "pose": "P1", "expect": { "display": { "==": "outer", "rests": ["apple"] } } },
                    { "pose": "P1", "title": "inference", "expect": { "display": { "==": "outer", "rests": ["apple", "inference"] } } }
                """, checklist: false))
        #expect(result.code == 0)
        #expect(
            try Self.caseLines(out) == [
                #"{"type":"reason","id":0,"text":"display rests on inference (I from M AX-DGb, SIN (simulator)), its expectation on apple"}"#,
                #"{"type":"case","index":0,"pose":"P1","values":{},"status":"notRun","line":5,"reason":0,"duration":0}"#,
                #"{"type":"case","index":1,"pose":"P1","title":"inference","values":{},"status":"passed","assumptions":0,"duration":0}"#,
            ])
    }

    @Test(
        "expectStatus and rests are validated with the place and what is expected",
        arguments: [
            (
                #"{ "pose": "P1", "expect": { "display": "outer" }, "expectStatus": "passed" }"#,
                "FILE:5:71: poses[0].expectStatus: unknown status \"passed\" to pin (expected \"notRun\" or \"error\"; "
                    + "a case that passes or fails needs no pin)"
            ),
            (
                #"{ "pose": "P1", "expect": { "display": { "==": "outer", "rests": ["apel"] } } }"#,
                "FILE:5:71: poses[0].expect.display.rests[0]: unknown provenance level \"apel\" (expected \"apple\", "
                    + "\"definition\", \"measured\", \"inference\", \"unverified\")"
            ),
            (
                #"{ "pose": "P1", "expect": { "display": { "rests": ["apple"] } } }"#,
                "FILE:5:44: poses[0].expect.display: \"rests\" goes with an operator, as in {\"==\": VALUE, \"rests\": "
                    + "[\"apple\", \"measured\"]}"
            ),
        ])
    func validation(_ example: (entry: String, error: String)) async throws {
        let path = try TestFiles.writeTemporary(Self.matrix("    " + example.entry))
        let result = await duoPose(["validate", path])
        #expect(result.code == 65)
        #expect(result.stderr.contains(example.error.replacingOccurrences(of: "FILE", with: path)), "\(result.stderr)")
    }
}

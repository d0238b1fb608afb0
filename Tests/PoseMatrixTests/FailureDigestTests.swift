import Foundation
import Testing

@testable import PoseMatrix

@Suite("Failure digest")
struct FailureDigestTests {
    static func result(
        _ pose: String, _ values: [(String, String)], failures: [(Observable, String, String)] = [], error: String? = nil,
        title: String? = nil
    ) -> CaseResult {
        CaseResult(
            index: 0, id: pose, pose: pose, title: title, values: values.map { AxisEntry(axis: $0.0, value: $0.1) },
            status: error != nil ? .error : failures.isEmpty ? .passed : .failed, reason: error,
            failures: failures.map {
                CaseResult.Failure(
                    observable: $0.0, expected: .equals(.text($0.1)), actual: .text($0.2), provenance: .apple, source: "A T1")
            },
            assumptions: [], duration: 0)
    }

    /// The matrix of the example, small: P5 fails from 60°, P6 up to 30° and at 180°, P1 always.
    static let matrix = """
        { "formatVersion": 1, "name": "Digest", "axes": { "profile": ["device", "simulator"] }, "poses": [
          { "pose": "P1", "expect": { "display": "inner" } },
          { "pose": "P5", "axes": { "hingeAngle": [0, 30, 60, 90, 120, 150, 180] }, "expect": { "display": "outer" } },
          { "pose": "P6", "axes": { "hingeAngle": [0, 30, 60, 90, 120, 150, 180] },
            "expect": { "display": "inner", "fold.region": "active" } } ] }
        """

    static let table = """
        | Pose | Observable | Expected | Actual | Cases | Every case has |
        |---|---|---|---|---:|---|
        | P5 | `display` | `outer` | `inner` | 10 | hingeAngle ≥ 60 |
        | P6 | `display` | `inner` | `outer` | 4 | hingeAngle ≤ 30 |
        | P6 | `fold.region` | `active` | `none` | 4 | hingeAngle ≤ 30 |
        | P1 | `display` | `inner` | `outer` | 2 | |
        | P6 | `fold.region` | `active` | `inactive` | 2 | hingeAngle=180 |

        """

    @Test("the terminal, the job summary and report.md show the groups, largest first, before any case")
    func endToEnd() async throws {
        let path = try TestFiles.writeTemporary(Self.matrix)
        let out = try TestFiles.temporaryFolder()
        let summary = out.appendingPathComponent("summary.md").path
        let result = await duoPose(["run", path, "--out", out.path, "--deterministic", "--summary", summary])
        #expect(result.code == 1)
        #expect(
            result.stdout == """
                duo-pose: Digest: FAILED: 9 passed, 18 failed, 0 errors, 3 not run of 30 cases.
                Failures by pose and observable, largest first:
                  P5 display: expected outer, actual inner — 10 cases, all with hingeAngle ≥ 60
                  P6 display: expected inner, actual outer — 4 cases, all with hingeAngle ≤ 30
                  P6 fold.region: expected active, actual none — 4 cases, all with hingeAngle ≤ 30
                  P1 display: expected inner, actual outer — 2 cases
                  P6 fold.region: expected active, actual inactive — 2 cases, all with hingeAngle=180
                Reports: \(out.path)/results.jsonl, \(out.path)/junit.xml, \(out.path)/report.md, \(out.path)/report.html

                """)
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        #expect(
            report.contains(
                "| P6 | Partially folded, tabletop | 14 | 5 | 6 | 0 | 3 | failed |\n\n## Failure digest\n\n" + Self.table
                    + "\n## Failures\n"))
        let text = try TestFiles.read(URL(fileURLWithPath: summary))
        #expect(
            text.contains(
                "| P6 | 14 | 5 | 6 | 0 | 3 | failed |\n\n#### Largest failure groups\n\n" + Self.table + "\nFull report: "))
    }

    @Test("a run without failures shows no digest")
    func noFailures() async throws {
        let out = try await ReferenceRun.folder
        let result = try await ReferenceRun.invocation
        #expect(result.code == 0)
        #expect(!result.stdout.contains("Failures by pose"))
        #expect(!(try TestFiles.read(out.appendingPathComponent("report.md"))).contains("Failure digest"))
    }

    @Test("a shared value is named only where the pose's cases differ; errors group by reason")
    func sharedValues() {
        var digest = FailureDigest()
        let failure = [(Observable.display, "outer", "inner")]
        digest.add(Self.result("P9", [("profile", "device"), ("windows", "1")], failures: failure, title: "outer display"))
        digest.add(Self.result("P9", [("profile", "device"), ("windows", "2")], failures: failure, title: "outer display"))
        digest.add(Self.result("P9", [("profile", "simulator"), ("windows", "1")], title: "outer display"))
        digest.add(Self.result("P9", [("profile", "device"), ("windows", "1")], title: "inner display"))
        digest.add(Self.result("P3", [("profile", "device")], error: "model crashed"))
        digest.add(Self.result("explore", [], failures: [(.contentReachable, "true", "a\u{1B}[2Jb")], title: "reach"))
        #expect(
            digest.allGroups.map(FailureDigest.line) == [
                "P9 display: expected outer, actual inner — 2 cases, all with title=outer display, profile=device",
                "P3 error: model crashed — 1 case",
                "explore content.reachable: expected true, actual a\\u{1B}[2Jb — 1 case",
            ])
    }

    @Test("memory is bounded: a pose keeps 64 groups and counts the rest, and every failing pose is shown")
    func boundedGroups() {
        var digest = FailureDigest()
        for value in 0..<10_000 {
            digest.add(Self.result("P1", [("profile", "device")], failures: [(.display, "inner", "v\(value)")]))
        }
        digest.add(Self.result("P13", [("profile", "device")], failures: [(.display, "inner", "outer")]))
        #expect(digest.allGroups.count == FailureDigest.groupLimitPerPose + 1)
        let selection = digest.largest(2)
        #expect(
            selection.groups.map(FailureDigest.line) == [
                "P1 display: expected inner, actual v0 — 1 case",
                "P1 display: expected inner, actual v1 — 1 case",
                "P13 display: expected inner, actual outer — 1 case",
            ])
        #expect(selection.hiddenGroups == 62)
        #expect(selection.hiddenFailures == 10_000 - 2)
        #expect(
            digest.terminalText(reportPath: "R/report.md") == """
                Failures by pose and observable, largest first:
                  P1 display: expected inner, actual v0 — 1 case
                  P1 display: expected inner, actual v1 — 1 case
                  P1 display: expected inner, actual v10 — 1 case
                  P1 display: expected inner, actual v11 — 1 case
                  P1 display: expected inner, actual v12 — 1 case
                  P13 display: expected inner, actual outer — 1 case
                  … and 9,995 more failures in other groups: see R/report.md

                """)
    }

    @Test("neighbouring cases that fail alike are counted as each alone: per pose, per reason, past the limit too")
    func neighboursFailingAlike() {
        var digest = FailureDigest()
        for value in 0..<FailureDigest.groupLimitPerPose {
            digest.add(Self.result("P1", [("profile", "device")], failures: [(.display, "inner", "v\(value)")]))
        }
        let same = [(Observable.display, "inner", "outer")]
        let both = [(Observable.display, "inner", "outer"), (Observable.screen, "visible", "hidden")]
        let cases = [
            Self.result("P1", [("profile", "device")], failures: same),  // past P1's limit
            Self.result("P1", [("profile", "device")], failures: same),
            Self.result("P5", [("profile", "device")], failures: same),
            Self.result("P5", [("profile", "simulator")], failures: same),
            Self.result("P5", [("profile", "device")], failures: both),
            Self.result("P5", [("profile", "device")], error: "broken"),
            Self.result("P5", [("profile", "device")], error: "broken"),
            Self.result("P5", [("profile", "device")], error: "torn"),
            Self.result("P6", [("profile", "device")], error: "torn"),
            Self.result("P6", [("profile", "device")]),
            Self.result("P6", [("profile", "device")], error: "torn"),
        ]
        for result in cases { digest.add(result) }
        let lines = digest.allGroups.map(FailureDigest.line).filter { !$0.hasPrefix("P1 display: expected inner, actual v") }
        #expect(
            lines == [
                "P5 display: expected inner, actual outer — 3 cases",
                "P5 error: broken — 2 cases, all with profile=device",
                "P6 error: torn — 2 cases",
                "P5 screen: expected visible, actual hidden — 1 case, with profile=device",
                "P5 error: torn — 1 case, with profile=device",
            ])
        #expect(digest.largest(100).hiddenFailures == 2)
    }

    @Test("a group that missed the case before compares every value; one that took it only counts the values it shares")
    func spreadAcrossGaps() {
        var digest = FailureDigest()
        let fails = [(Observable.display, "inner", "outer")]
        for (profile, direction, angle, failing) in [
            ("device", "leftToRight", "10", true), ("device", "leftToRight", "20", true),
            ("device", "rightToLeft", "20", false), ("device", "rightToLeft", "30", true),
            ("simulator", "rightToLeft", "30", false),
        ] {
            let values = [("profile", profile), ("layoutDirection", direction), ("hingeAngle", angle)]
            digest.add(Self.result("P5", values, failures: failing ? fails : []))
        }
        // The group missed the third case: it must see the fourth's rightToLeft, which the third
        // case shares with the fourth; and the values the second case shares with the first still count.
        #expect(
            digest.allGroups.map(FailureDigest.line) == [
                "P5 display: expected inner, actual outer — 3 cases, all with profile=device"
            ])
    }

    @Test("groups are ordered by count, then pose number, observable, expected and actual")
    func order() {
        var digest = FailureDigest()
        for (pose, observable, actual, count) in [
            ("P10", Observable.display, "b", 2), ("P2", .display, "b", 2), ("P2", .display, "a", 2), ("P2", .barsAxis, "z", 2),
            ("P1", .display, "a", 1), ("P2", .display, "c", 3),
        ] {
            for _ in 0..<count { digest.add(Self.result(pose, [], failures: [(observable, "x", actual)])) }
        }
        #expect(
            digest.allGroups.map { "\($0.key.pose) \($0.key.observable!) \($0.key.actual) \($0.count)" } == [
                "P2 display c 3", "P2 bars.axis z 2", "P2 display a 2", "P2 display b 2", "P10 display b 2", "P1 display a 1",
            ])
        #expect(FailureDigest.grouped(1_204_000) == "1,204,000")
        #expect(FailureDigest.grouped(999) == "999")
    }
}

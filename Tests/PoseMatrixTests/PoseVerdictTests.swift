import Testing

@testable import PoseMatrix

@Suite("Pose and checklist verdicts")
struct PoseVerdictTests {
    static func result(_ pose: String, _ status: CaseResult.Status) -> CaseResult {
        CaseResult(
            index: 0, id: pose, pose: pose, title: nil, values: [], status: status, reason: nil, failures: [], assumptions: [],
            duration: 0)
    }

    static func tally(_ results: [(String, CaseResult.Status)]) -> Tally {
        var tally = Tally()
        for (pose, status) in results { tally.add(result(pose, status)) }
        return tally
    }

    @Test("a pose fails on any failure or error, is not run when nothing of it ran, and passes otherwise")
    func poses() {
        let tally = Self.tally([
            ("P1", .passed), ("P1", .notRun), ("P2", .notRun), ("P3", .passed), ("P3", .error), ("P4", .failed),
        ])
        #expect(["P1", "P2", "P3", "P4"].map { tally.counts(for: $0)?.verdict } == [.passed, .notRun, .failed, .failed])
        #expect(Counts().verdict == .notRun)
        #expect(MarkdownReport.verdict(tally.counts(for: "P1") ?? Counts()) == "passed, 1 not run")
    }

    @Test("a checklist item passes only when each of its poses ran every case and passed")
    func checklistItems() {
        let tally = Self.tally([("P1", .passed), ("P2", .passed), ("P2", .notRun), ("P3", .failed)])
        func item(_ poses: [String]) -> Verdict { tally.status(of: ChecklistItem(id: "x", text: "x", poses: poses)) }
        #expect(item(["P1"]) == .passed)
        #expect(item(["P1", "P2"]) == .notRun)
        #expect(item(["P1", "P9"]) == .notRun, "a pose with no case is not run")
        #expect(item(["P2", "P3"]) == .failed)
        #expect(SignOff.Status(item(["P1", "P2"])) == .notRun)
        #expect(Verdict.notRun.rawValue == SignOff.Status.notRun.rawValue, "one spelling of not run")
    }
}

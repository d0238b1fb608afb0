import Foundation
import Testing

@testable import PoseMatrix

/// `≈` with a tolerance and `contains`: what holds, how reports write them, and a run that uses them.
@Suite("Geometry expectations")
struct GeometryExpectationTests {
    struct Check: Sendable, CustomTestStringConvertible {
        var condition: Condition
        var value: ObservedValue
        var holds: Bool
        var testDescription: String { "\(condition) for \(value): \(holds)" }
    }

    static let checks: [Check] = [
        Check(condition: .approximately(.text("455.5,0,40,669"), tolerance: 0.5), value: .text("455,0,40,669"), holds: true),
        Check(condition: .approximately(.text("455.5,0,40,669"), tolerance: 0.4), value: .text("455,0,40,669"), holds: false),
        Check(condition: .approximately(.text("455.5,0,40,669"), tolerance: 1), value: .text("none"), holds: false),
        Check(condition: .approximately(.text("none"), tolerance: 1), value: .text("none"), holds: true),
        Check(condition: .approximately(.number(174), tolerance: 0.1), value: .number(174.1), holds: true),
        Check(condition: .approximately(.number(174), tolerance: 0.05), value: .number(174.1), holds: false),
        Check(condition: .approximately(.text("475x669"), tolerance: 0.5), value: .text("475.5x669"), holds: true),
        Check(condition: .approximately(.text("475,669,0,0"), tolerance: 0.5), value: .text("475.5x669"), holds: false),
        Check(condition: .contains("fold"), value: .list(["barStrip", "fold"]), holds: true),
        Check(condition: .contains("cameraHole"), value: .list(["barStrip", "fold"]), holds: false),
        Check(condition: .contains("fold"), value: .text("fold"), holds: false),
    ]

    @Test("≈ compares number by number within the tolerance; contains looks in the list", arguments: checks)
    func holds(_ check: Check) {
        #expect(check.condition.holds(for: check.value) == check.holds)
    }

    @Test("reports write the operators as they read")
    func descriptions() {
        #expect(Condition.approximately(.text("455.5,0,40,669"), tolerance: 0.5).description == "≈ 455.5,0,40,669 ± 0.5")
        #expect(Condition.contains("cameraHole").description == "contains cameraHole")
    }

    @Test("a matrix states the fold and the camera hole with the new operators, and a wrong one fails")
    func run() async throws {
        let text = #"""
            { "formatVersion": 1, "name": "Geometry", "axes": { "profile": ["simulator"] },
              "poses": [
                { "pose": "P1", "expect": { "regions": { "contains": "cameraHole" }, "cameraHole.frame": { "≈": "400,29,37,37", "tolerance": 0.5 } } },
                { "pose": "P5", "expect": { "fold.frame": { "≈": "455,0,40,669", "tolerance": 0.5 }, "regions.active": { "contains": "fold" } } },
                { "pose": "P3", "expect": { "regions.active": { "contains": "fold" } } } ] }
            """#
        let path = try TestFiles.writeTemporary(text)
        let loaded = try MatrixLoader.load(path: path)
        var statuses: [String: CaseResult.Status] = [:]
        var failures: [String] = []
        try await Runner(plan: try Plan(matrix: loaded.matrix), app: loaded.matrix.app, jobs: 1, deterministic: true).run {
            statuses[$0.id] = $0.status
            failures += $0.failures.map { "\($0.observable.rawValue): expected \($0.expected), actual \($0.actual)" }
        }
        #expect(
            statuses == ["P1 [profile=simulator]": .passed, "P5 [profile=simulator]": .passed, "P3 [profile=simulator]": .failed])
        #expect(failures == ["regions.active: expected contains fold, actual [barStrip]"])
    }
}

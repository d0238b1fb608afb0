import Foundation
import Testing

@testable import PoseMatrix

@Suite("Example matrices")
struct ExampleMatrixTests {
    /// An example app that breaks one rule, and exactly the cases that must fail for it.
    struct Example: Sendable, CustomTestStringConvertible {
        var file: String
        var failing: [String]
        var testDescription: String { file }
    }

    static let examples: [Example] = [
        Example(file: "no-error-handler.json", failing: ["P9 outer display [profile=device]"]),
        Example(
            file: "no-alternate.json", failing: ["P9 outer display [profile=device]", "P9 outer display [profile=simulator]"]),
        Example(
            file: "short-form-action.json",
            failing: ["P9 inner display [profile=device]", "P9 inner display [profile=simulator]"]),
        Example(file: "mirror-by-position.json", failing: ["P10 [profile=device]", "P13 flipped [profile=device]"]),
        Example(file: "saves-on-inactive.json", failing: ["P7 [profile=device]", "P7 [profile=simulator]"]),
        Example(file: "caches-screen.json", failing: ["P3 [profile=device]", "P3 [profile=simulator]"]),
        Example(file: "accessory-on-root-view.json", failing: ["P10 before the camera view [profile=simulator]"]),
        Example(
            file: "hinge-effect-stuck.json",
            failing: ["P3 [profile=device]", "P3 [profile=simulator]", "P7 [profile=device]", "P7 [profile=simulator]"]),
        Example(file: "content-over-fold.json", failing: ["P5 [profile=device]", "P5 [profile=simulator]"]),
        Example(file: "reads-reserved-regions.json", failing: []),
    ]

    @Test("each example fails exactly the cases its rule breaks", arguments: examples)
    func failsExactly(_ example: Example) async throws {
        let path = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/\(example.file)").path
        let loaded = try MatrixLoader.load(path: path)
        let plan = try Plan(matrix: loaded.matrix)
        var failing: [String] = []
        try await Runner(plan: plan, app: loaded.matrix.app, jobs: 2, deterministic: true).run { result in
            if result.status == .failed { failing.append(result.id) }
            #expect(result.status != .error)
        }
        #expect(failing == example.failing)
    }

    @Test("every example in the folder is in the table")
    func tableIsComplete() throws {
        let folder = TestFiles.packageRoot.appendingPathComponent("Matrices/examples").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == Self.examples.map(\.file).sorted())
    }
}

import Foundation
import PoseMatrix
import Testing

/// The sweep matrix named by PEER_MATRIX, planned once.
let peerPlan: (plan: Plan, app: App) = {
    let path = ProcessInfo.processInfo.environment["PEER_MATRIX"] ?? "sweep.json"
    let loaded = try! MatrixLoader.load(path: path)
    return (try! Plan(matrix: loaded.matrix), loaded.matrix.app)
}()

/// The first PEER_CASES cases of the plan.
let peerCases = 0..<min(Int(ProcessInfo.processInfo.environment["PEER_CASES"] ?? "10010") ?? 10010, peerPlan.plan.count)

@Test("each case of the sweep, one argument each", arguments: peerCases)
func sweepCase(_ index: Int) {
    let result = Evaluation.evaluate(peerPlan.plan.testCase(at: index), app: peerPlan.app)
    #expect(result.status != .error)
}

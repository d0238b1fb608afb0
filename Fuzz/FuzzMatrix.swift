// The libFuzzer entry point for the matrix loader: bytes in, then decode, validate, plan,
// evaluate the first cases and explore a little. Compiled with the library's sources by
// Fuzz/run.sh; never part of the package build.

/// Called by libFuzzer with each input; any crash, hang or sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrix(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let loaded = try? MatrixLoader.load(bytes: bytes, path: "fuzz.json"),
        let plan = try? Plan(matrix: loaded.matrix, maximumCases: 2_000)
    else { return 0 }
    for index in 0..<min(plan.poseCaseCount, 64) {
        _ = Evaluation.evaluate(plan.testCase(at: index), app: loaded.matrix.app)
    }
    if var exploration = plan.exploration {
        exploration.depth = min(exploration.depth, 3)
        _ = Explorer.explore(exploration, app: loaded.matrix.app)
    }
    return 0
}

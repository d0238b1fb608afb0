import Foundation
import Testing

@testable import PoseMatrix

@Suite("Runner")
struct RunnerTests {
    @Test("a slow writer holds the reorder buffer to jobs × 4 chunks, and order is kept")
    func boundedBuffer() async throws {
        let loaded = try MatrixLoader.load(path: TestFiles.packageRoot.appendingPathComponent("Matrices/duo-scenes.json").path)
        var filter = PlanFilter()
        filter.poses = ["P5", "P7", "P9"]
        let plan = try Plan(matrix: loaded.matrix, filter: filter)
        let runner = Runner(plan: plan, app: loaded.matrix.app, jobs: 2, deterministic: true)
        #expect(runner.chunkSize == 3)
        var seen: [Int] = []
        let statistics = try await runner.run { result in
            Thread.sleep(forTimeInterval: 0.002)  // a writer slower than the workers
            seen.append(result.index)
        }
        #expect(seen == Array(0..<plan.count))
        #expect(statistics.chunks == 18, "enough chunks that an unbounded buffer would hold more than 8")
        #expect(statistics.maximumHeldChunks <= 2 * 4)
    }

    @Test("rendering a chunk at a time writes the same bytes as rendering case by case")
    func chunkedEqualsSingle() async throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("small.json"))))
        let loaded = try MatrixLoader.load(bytes: bytes, path: "small.json")
        let plan = try Plan(matrix: loaded.matrix)
        let header = RunHeader(loaded: loaded, toolVersion: "0", generatedAt: "", planCases: plan.count)
        let runner = Runner(plan: plan, app: loaded.matrix.app, jobs: 2, deterministic: true)
        let chunked = try TestFiles.temporaryFolder()
        var reports = try ReportSet(header: header, folder: chunked)
        try await runner.run(transform: reports.renderer.render) { try reports.write($0) }
        _ = try reports.finish()
        let single = try TestFiles.temporaryFolder()
        var one = try ReportSet(header: header, folder: single)
        try await runner.run { try one.write($0) }
        _ = try one.finish()
        for name in ReportSet.names {
            #expect(
                try Data(contentsOf: chunked.appendingPathComponent(name))
                    == Data(contentsOf: single.appendingPathComponent(name)))
        }
    }
}

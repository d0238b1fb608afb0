import Foundation
import Testing

@testable import PoseMatrix

/// The results header records the app the run evaluated, so that pictures made from results
/// alone (report.html from `run` and from `merge`, signoff.html) draw that app, not duo-pose's
/// default choices.
@Suite("The app in the results header")
struct HeaderAppTests {
    /// A portrait-only app, in P2 (turned to landscape): the outer display honours its
    /// orientations, so the scene stays 466x678, where the default app turns to 678x466.
    static let matrix = """
        {"formatVersion": 1, "name": "Portrait only",
         "app": {"orientations": ["portrait"], "multipleScenes": true, "camera": {"uses": "rear"},
                 "layout": {"sheetStyle": "formSheet", "regionDirection": "fixed"}},
         "axes": {"profile": ["device", "simulator"]},
         "poses": [{"pose": "P2", "expect": {"scene.size": "466x678"}}],
         "checklist": [{"id": "closed", "text": "Closed layouts", "poses": ["P2"]}]}
        """

    @Test("the header's app reads back as the matrix's, every choice")
    func roundTrip() async throws {
        let folder = try TestFiles.temporaryFolder()
        let file = folder.appendingPathComponent("m.json")
        try Self.matrix.write(to: file, atomically: true, encoding: .utf8)
        let run = await duoPose([
            "run", file.path, "--out", folder.appendingPathComponent("out").path, "--quiet", "--deterministic",
        ])
        #expect(run.code == 0, "\(run.stderr)")
        let header = try ResultsReader(path: folder.appendingPathComponent("out/results.jsonl").path).header
        #expect(header.app == (try MatrixLoader.load(path: file.path)).matrix.app)
        #expect(header.app != App())
    }

    @Test("report.html from run and from merge, and signoff.html, draw the app the run evaluated")
    func picturesDrawTheApp() async throws {
        let folder = try TestFiles.temporaryFolder()
        let file = folder.appendingPathComponent("m.json")
        try Self.matrix.write(to: file, atomically: true, encoding: .utf8)
        let whole = folder.appendingPathComponent("whole")
        _ = await duoPose(["run", file.path, "--out", whole.path, "--quiet", "--deterministic"])
        var shards: [String] = []
        for shard in 1...2 {
            let out = folder.appendingPathComponent("shard-\(shard)")
            _ = await duoPose(["run", file.path, "--out", out.path, "--shard", "\(shard)/2", "--quiet", "--deterministic"])
            shards.append(out.appendingPathComponent("results.jsonl").path)
        }
        let merged = folder.appendingPathComponent("merged")
        _ = await duoPose(["merge"] + shards + ["--out", merged.path, "--quiet"])
        for report in [whole, merged] {
            let html = try TestFiles.read(report.appendingPathComponent(ReportSet.htmlName))
            #expect(html.contains("Scene 466x678 on the outer display."), "\(report.lastPathComponent)")
            #expect(!html.contains("Scene 678x466"))
        }
        let signoff = folder.appendingPathComponent("signoff.md")
        _ = await duoPose(["signoff", whole.appendingPathComponent("results.jsonl").path, "--by", "A", "--out", signoff.path])
        let page = try TestFiles.read(folder.appendingPathComponent("signoff.html"))
        #expect(page.contains("Scene 466x678 on the outer display."))
    }

    @Test("a header app block that is not a matrix's is refused with the line and the key")
    func badApp() async throws {
        let folder = try TestFiles.temporaryFolder()
        let file = folder.appendingPathComponent("m.json")
        try Self.matrix.write(to: file, atomically: true, encoding: .utf8)
        _ = await duoPose(["run", file.path, "--out", folder.appendingPathComponent("out").path, "--quiet", "--deterministic"])
        let results = folder.appendingPathComponent("out/results.jsonl")
        let text = try TestFiles.read(results).replacingOccurrences(of: #""linkedSDK":"27.1""#, with: #""linkedSDK":"99""#)
        try text.write(to: results, atomically: true, encoding: .utf8)
        #expect(throws: ResultsError.self) { try ResultsReader(path: results.path) }
        do {
            _ = try ResultsReader(path: results.path)
        } catch {
            #expect("\(error)".hasPrefix("\(results.path):1: the header's app.linkedSDK: "), "\(error)")
        }
    }
}

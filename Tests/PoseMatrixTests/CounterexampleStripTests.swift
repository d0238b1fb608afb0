import Foundation
import Testing

@testable import PoseMatrix

/// report.html draws a broken invariant's shortest counterexample as a strip of the states it
/// passes through, replayed with the axis values the exploration ran with (its `when`, which the
/// invariant lines now record) for the app the header records.
@Suite("Counterexample strips")
struct CounterexampleStripTests {
    static let matrix = """
        {"formatVersion": 1, "name": "Strip",
         "app": {"multipleScenes": true, "newWindow": {"via": "activateSceneSession"}},
         "poses": [{"pose": "P1", "expect": {"display": "outer"}}],
         "explore": {"start": "P3", "depth": 2, "steps": ["close", "newWindow"], "when": {"layoutDirection": "rightToLeft"},
                     "invariants": [{"name": "content is reachable", "expect": {"content.reachable": true}}]}}
        """

    /// Runs the matrix into `folder/out`, returning the results file.
    static func run(in folder: URL) async throws -> URL {
        let file = folder.appendingPathComponent("m.json")
        try matrix.write(to: file, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let run = await duoPose(["run", file.path, "--out", out.path, "--quiet", "--deterministic"])
        #expect(run.code == 1, "\(run.stderr)")
        return out.appendingPathComponent(ReportSet.resultsName)
    }

    @Test("the strip starts at the start pose with the exploration's axis values and draws the state after each step")
    func strip() async throws {
        let folder = try TestFiles.temporaryFolder()
        let results = try await Self.run(in: folder)
        let lines = try TestFiles.read(results).split(separator: "\n")
        #expect(
            lines.contains { $0.contains(#""line":5,"when":{"layoutDirection":"rightToLeft"},"path":["close","newWindow"]"#) })
        let html = try TestFiles.read(folder.appendingPathComponent("out/report.html"))
        #expect(html.contains("<h3>Shortest counterexample: content is reachable</h3>\n<div class=\"figures strip\">\n"))
        let captions = html.matches(of: /<figcaption>(Start|Step)[^<]*(<code>[^<]*<\/code>[^<]*)?/).map { String($0.output.0) }
        #expect(
            captions == [
                "<figcaption>Start: P3: Open flat, inner display, landscape with layoutDirection=rightToLeft.",
                "<figcaption>Step 1: <code>close</code>.", "<figcaption>Step 2: <code>newWindow</code>, which breaks it.",
            ])
        let start = try #require(html.firstMatch(of: /invariant-1-picture-0-desc">([^<]*)/)).1
        #expect(start.hasPrefix("Scene 951x669 on the inner display."))
        #expect(start.hasSuffix("Right-to-left: the model&apos;s mirrored frames are drawn turned back, as the device is held."))
        let closed = try #require(html.firstMatch(of: /invariant-1-picture-1-desc">([^<]*)/)).1
        #expect(closed.hasPrefix("Scene 466x678 on the outer display."))
    }

    @Test("results that do not record the exploration's axis values say the strip is not drawn, rather than guess them")
    func notRecorded() async throws {
        let folder = try TestFiles.temporaryFolder()
        let results = try await Self.run(in: folder)
        let old = folder.appendingPathComponent("old.jsonl")
        try TestFiles.read(results).replacingOccurrences(of: #""when":{"layoutDirection":"rightToLeft"},"#, with: "")
            .write(to: old, atomically: true, encoding: .utf8)
        let merged = folder.appendingPathComponent("merged")
        #expect(await duoPose(["merge", old.path, "--out", merged.path, "--quiet"]).code == 1)
        let html = try TestFiles.read(merged.appendingPathComponent(ReportSet.htmlName))
        #expect(
            html.contains(
                "<h3>Shortest counterexample: content is reachable</h3>\n<p>Not drawn: these results do not record the axis "
                    + "values the exploration ran with (results.jsonl written before 0.3.0).</p>\n"))
        #expect(!html.contains("invariant-1-state-0"))
        #expect(html.contains("Each is drawn for the app the run evaluated, as the results header records it"))
    }

    @Test("pictures from results whose header does not record the app say they are drawn for duo-pose's default choices")
    func appNotRecorded() async throws {
        let folder = try TestFiles.temporaryFolder()
        let results = try await Self.run(in: folder)
        var lines = try TestFiles.read(results).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header.removeValue(forKey: "app") != nil)
        lines[0] = String(decoding: try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]), as: UTF8.self)
        let old = folder.appendingPathComponent("old.jsonl")
        try lines.joined(separator: "\n").write(to: old, atomically: true, encoding: .utf8)
        let merged = folder.appendingPathComponent("merged")
        #expect(await duoPose(["merge", old.path, "--out", merged.path, "--quiet"]).code == 1)
        let html = try TestFiles.read(merged.appendingPathComponent(ReportSet.htmlName))
        #expect(html.contains("These results do not record the app the run evaluated (written by 0.2.0 or earlier)"))
    }

    @Test(
        "an invariant line's when is refused with its line unless it is an object of axes and values they take",
        arguments: [
            (
                #"{"layoutDirection":"upsideDown"}"#,
                #"'s when gives layoutDirection "upsideDown", not one of "leftToRight", "rightToLeft""#
            ),
            (#"{"colour":"red"}"#, #"'s when names "colour", not an axis"#),
            (#"["profile"]"#, "'s when is not an object"),
        ])
    func refusals(when: String, message: String) async throws {
        let folder = try TestFiles.temporaryFolder()
        let results = try await Self.run(in: folder)
        let text = try TestFiles.read(results)
        let bad = folder.appendingPathComponent("bad.jsonl")
        try text.replacingOccurrences(of: #""when":{"layoutDirection":"rightToLeft"}"#, with: #""when":"# + when)
            .write(to: bad, atomically: true, encoding: .utf8)
        let line = text.split(separator: "\n").firstIndex { $0.contains(#""type":"invariant""#) }! + 1
        let merge = await duoPose(["merge", bad.path, "--out", folder.appendingPathComponent("never").path, "--quiet"])
        #expect(merge.code == 65)
        #expect(merge.stderr.contains("\(bad.path):\(line): invariant \"content is reachable\"" + message))
    }
}

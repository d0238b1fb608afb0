import Foundation
import Testing

@testable import PoseMatrix

/// A run with `app.scan` keeps, in its results header, why the code left each key unknown where
/// the scan says why (`appScan.why`), and report.md names the reason beside the key; merge and
/// the results reader carry it, and refuse a reason for a key that is not unknown.
@Suite("Why app.scan left keys unknown")
struct AppScanReasonsTests {
    static let reason = "two camera directions: App/QRScanner.swift:5 and App/VideoCall.swift:5"

    /// Runs a matrix scanning the two-camera fixture into `folder/NAME`, whole or as a shard.
    static func run(in folder: URL, _ name: String, shard: String? = nil) async throws -> URL {
        let matrix = folder.appendingPathComponent("m.json")
        let tree = TestFiles.fixture("unknown/TwoCameraDirections")
        try
            #"{"formatVersion": 1, "name": "why", "app": {"scan": "\#(tree)"}, "poses": [{"pose": "P1", "expect": {"display": "outer"}}]}"#
            .write(to: matrix, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent(name)
        let run = await duoPose(
            ["run", matrix.path, "--out", out.path, "--deterministic", "--quiet"] + (shard.map { ["--shard", $0] } ?? []))
        #expect(run.code == 0, "\(run.stderr)")
        return out
    }

    @Test("the header's appScan says why camera.uses is unknown, report.md names it, and merge writes the same bytes")
    func reasonKept() async throws {
        let folder = try TestFiles.temporaryFolder()
        let whole = try await Self.run(in: folder, "whole")
        let header = try TestFiles.read(whole.appendingPathComponent(ReportSet.resultsName)).prefix { $0 != "\n" }
        #expect(header.contains(#""why":{"camera.uses":"\#(Self.reason)"}}"#))
        let report = try TestFiles.read(whole.appendingPathComponent(ReportSet.markdownName))
        #expect(
            report.contains(
                "Unknown in the code, so the matrix's default: `linkedSDK`, `state.savesOn`, `state.cachesScreen`, "
                    + "`camera.uses` (\(Self.reason)), `camera.mirroring`.\n"))
        let shards = [
            try await Self.run(in: folder, "shard1", shard: "1/2"), try await Self.run(in: folder, "shard2", shard: "2/2"),
        ]
        let merged = folder.appendingPathComponent("merged")
        let merge = await duoPose(
            ["merge"] + shards.map { $0.appendingPathComponent(ReportSet.resultsName).path } + ["--out", merged.path, "--quiet"])
        #expect(merge.code == 0, "\(merge.stderr)")
        for name in [ReportSet.resultsName, ReportSet.markdownName] {
            #expect(try TestFiles.read(merged.appendingPathComponent(name)) == TestFiles.read(whole.appendingPathComponent(name)))
        }
    }

    @Test("a header whose appScan.why names a key the code settled, or gives no text, is refused at line 1")
    func refusals() async throws {
        let folder = try TestFiles.temporaryFolder()
        let results = try await Self.run(in: folder, "whole").appendingPathComponent(ReportSet.resultsName)
        let text = try TestFiles.read(results)
        for (why, message) in [
            (#""why":{"multipleScenes":"x"}"#, #"appScan.why names "multipleScenes", not a key appScan.unknown lists"#),
            (#""why":{"camera.uses":7}"#, "appScan.why gives camera.uses 7, not a reason"),
            (#""why":[]"#, "the header's appScan.why is not an object"),
        ] {
            let bad = folder.appendingPathComponent("bad.jsonl")
            try text.replacingOccurrences(of: #""why":{"camera.uses":"\#(Self.reason)"}"#, with: why)
                .write(to: bad, atomically: true, encoding: .utf8)
            let merge = await duoPose(["merge", bad.path, "--out", folder.appendingPathComponent("never").path, "--quiet"])
            #expect(merge.code == 65)
            #expect(merge.stderr.contains("\(bad.path):1: " + message), "\(merge.stderr)")
        }
    }
}

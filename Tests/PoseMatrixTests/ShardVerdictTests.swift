import Foundation
import Testing

@testable import PoseMatrix

/// A sharded target's verdict is its unsharded one, whatever the shard count and however the
/// shard is given; Bazel's test filter narrows the plan; shard settings that would run part of the
/// plan twice and the rest never are refused. Each test drives the built binary as CI does.
@Suite("Sharded verdicts")
struct ShardVerdictTests {
    struct Target: Sendable, CustomTestStringConvertible {
        var name: String
        var matrix: String
        var flags: [String] = []
        /// The unsharded run's exit code.
        var code: Int32
        var testDescription: String { name }
    }

    static let targets = [
        Target(
            name: "a camera matrix whose simulator cases are not run",
            matrix: """
                { formatVersion: 1, name: "Cam", axes: { profile: ["device", "simulator"] },
                  poses: [{ pose: "P1", expect: { display: "outer" }, notRun: { when: { profile: "simulator" }, reason: "no camera" } },
                          { pose: "P3", expect: { display: "inner" }, notRun: { when: { profile: "simulator" }, reason: "no camera" } }] }
                """, code: 0),
        Target(
            name: "the same under --strict",
            matrix: """
                { formatVersion: 1, name: "Cam", axes: { profile: ["device", "simulator"] },
                  poses: [{ pose: "P1", expect: { display: "outer" }, notRun: { when: { profile: "simulator" }, reason: "no camera" } }] }
                """, flags: ["--strict"], code: 1),
        Target(
            name: "a matrix none of whose cases runs",
            matrix: """
                { formatVersion: 1, name: "None", axes: { profile: ["device", "simulator"] },
                  poses: [{ pose: "P1", expect: { display: "outer" }, notRun: { reason: "later" } },
                          { pose: "P3", expect: { display: "inner" }, notRun: { reason: "later" } }] }
                """, code: 1),
        Target(
            name: "cases that do not run beside an exploration that does",
            matrix: """
                { formatVersion: 1, name: "Explored", axes: { profile: ["device", "simulator"] },
                  poses: [{ pose: "P1", expect: { display: "outer" }, notRun: { reason: "later" } },
                          { pose: "P3", expect: { display: "inner" }, notRun: { reason: "later" } }],
                  explore: { depth: 2, steps: ["open", "close"],
                             invariants: [{ name: "one window", expect: { "windows.count": 1 } }] } }
                """, code: 0),
        Target(
            name: "a failing case",
            matrix: """
                { formatVersion: 1, name: "Failing", axes: { profile: ["device", "simulator"] },
                  poses: [{ pose: "P1", expect: { display: "inner" } }, { pose: "P3", expect: { display: "inner" } }] }
                """, code: 1),
    ]

    /// How a CI job names shard K of N, each way duo-pose reads it.
    enum Way: String, CaseIterable {
        case flag = "--shard"
        case bazel = "Bazel"
        case gitLab = "GitLab"

        func arguments(_ index: Int, _ total: Int) -> [String] {
            switch self {
            case .flag: ["--shard", "\(index)/\(total)"]
            case .bazel: []
            case .gitLab: ["--shard", "auto"]
            }
        }

        func environment(_ index: Int, _ total: Int, _ folder: URL) -> [String: String] {
            switch self {
            case .flag: [:]
            case .bazel:
                [
                    "TEST_SHARD_INDEX": "\(index - 1)", "TEST_TOTAL_SHARDS": "\(total)",
                    "XML_OUTPUT_FILE": folder.appendingPathComponent("bazel-\(index)-\(total).xml").path,
                    "TEST_SHARD_STATUS_FILE": folder.appendingPathComponent("status").path,
                ]
            case .gitLab: ["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "\(total)"]
            }
        }
    }

    @Test("a target's verdict (its shards' exit codes together) is the unsharded one for 1 to 5 shards", arguments: targets)
    func sameVerdictAnyShardCount(_ target: Target) throws {
        let folder = try TestFiles.temporaryFolder()
        let matrix = folder.appendingPathComponent("matrix.json")
        try Data(target.matrix.utf8).write(to: matrix)
        let whole = try runBinary(["run", matrix.path, "--out", "whole", "--quiet"] + target.flags, in: folder)
        #expect(whole.code == target.code, "\(whole.stderr)")
        for way in Way.allCases {
            for total in (way == .flag ? 1 : 2)...5 {
                var codes: [Int32] = []
                for index in 1...total {
                    let out = "\(way)-\(index)-\(total)"
                    let run = try runBinary(
                        ["run", matrix.path, "--out", out, "--quiet"] + target.flags + way.arguments(index, total), in: folder,
                        environment: way.environment(index, total, folder))
                    #expect([0, 1].contains(run.code), "\(way.rawValue) \(index)/\(total): \(run.stderr)")
                    if run.code == 1 {
                        let junit = try TestFiles.read(folder.appendingPathComponent(out + "/junit.xml"))
                        #expect(junit.contains("<failure") || junit.contains("<error"), "exit 1 with a green junit.xml")
                    }
                    codes.append(run.code)
                }
                #expect(codes.max() == target.code, "\(way.rawValue), \(total) shards: \(codes)")
            }
        }
    }

    @Test("a shard none of whose cases ran says so and exits 0 when the rest of the plan runs, and merge gives the whole verdict")
    func shardNotRunHere() throws {
        let folder = try TestFiles.temporaryFolder()
        let matrix = folder.appendingPathComponent("matrix.json")
        try Data(Self.targets[0].matrix.utf8).write(to: matrix)
        let second = try runBinary(["run", matrix.path, "--out", "s2", "--shard", "2/2"], in: folder)
        #expect(second.code == 0)
        #expect(
            second.stdout.hasPrefix(
                "duo-pose: Cam (shard 2/2 from --shard): NOT RUN IN THIS SHARD: none of this shard's cases ran, but other "
                    + "cases of the plan do; merge the shards for the run's verdict. 0 passed, 0 failed, 0 errors, 2 not run of 2 cases.\n"
            ))
        let summary = try TestFiles.read(folder.appendingPathComponent("s2/results.jsonl")).split(separator: "\n").last
        #expect(summary?.contains(#""verdict":"not run in this shard","ranElsewhere":true,"#) == true)
        let first = try runBinary(["run", matrix.path, "--out", "s1", "--shard", "1/2"], in: folder)
        #expect(first.code == 0)
        let merged = try runBinary(["merge", "s1/results.jsonl", "s2/results.jsonl", "--out", "merged"], in: folder)
        #expect(merged.code == 0)
        #expect(merged.stdout.hasPrefix("duo-pose: Cam: PASSED: 2 passed, 0 failed, 0 errors, 2 not run of 4 cases.\n"))
        // A summary that claims the rest of the plan ran, on a whole run, is refused.
        let whole = try runBinary(["run", matrix.path, "--out", "whole"], in: folder)
        #expect(whole.code == 0)
        let path = folder.appendingPathComponent("whole/results.jsonl")
        let forged = try TestFiles.read(path).replacingOccurrences(
            of: #""verdict":"passed","#, with: #""verdict":"passed","ranElsewhere":true,"#)
        try Data(forged.utf8).write(to: path)
        let refused = try runBinary(["signoff", path.path, "--by", "QA"], in: folder)
        #expect(refused.code == 65)
        #expect(refused.stderr.hasSuffix(": the summary line's ranElsewhere belongs to a shard, as true or false\n"))
    }

    @Test("Bazel's --test_filter (TESTBRIDGE_TEST_ONLY): poses act as --pose, other text keeps the ids that contain it")
    func testFilter() throws {
        let folder = try TestFiles.temporaryFolder()
        let poses = try runBinary(
            ["run", "--out", "poses", "--quiet"], in: folder, environment: ["TESTBRIDGE_TEST_ONLY": "P2,P5"])
        #expect(poses.code == 0, "\(poses.stderr)")
        let flagged = try runBinary(["run", "--out", "flagged", "--quiet", "--pose", "P2,P5"], in: folder)
        #expect(flagged.code == 0)
        #expect(try Self.caseIDs(folder, "poses") == Self.caseIDs(folder, "flagged"))
        #expect(try Self.caseIDs(folder, "poses").count == 16)

        let text = try runBinary(
            ["run", "--out", "text", "--quiet"], in: folder,
            environment: ["TESTBRIDGE_TEST_ONLY": "simulator, layoutDirection=rightToLeft"])
        #expect(text.code == 0, "\(text.stderr)")
        let ids = try Self.caseIDs(folder, "text")
        #expect(ids.count == 29)
        #expect(ids.allSatisfy { $0.contains("simulator, layoutDirection=rightToLeft") })
        let header = try TestFiles.read(folder.appendingPathComponent("text/results.jsonl")).prefix { $0 != "\n" }
        #expect(
            header.contains(
                #""plan":{"cases":29,"matrixCases":118,"# + TestFiles.referencePoseCases
                    + #"},"filter":{"idContains":"simulator, layoutDirection=rightToLeft"}"#))
        let signoff = try runBinary(["signoff", "text/results.jsonl", "--by", "QA"], in: folder)
        #expect(signoff.code == 65)
        #expect(
            signoff.stderr
                == "Error: text/results.jsonl:1: is a partial run (29 of 118 planned cases, "
                + "TESTBRIDGE_TEST_ONLY=simulator, layoutDirection=rightToLeft): sign off a whole run, or pass --allow-partial\n")

        let none = try runBinary(["run", "--out", "none"], in: folder, environment: ["TESTBRIDGE_TEST_ONLY": "P99 nowhere"])
        #expect(none.code == 64)
        #expect(
            none.stderr.hasPrefix(
                "Error: no case id of built-in:duo-scenes.json contains 'P99 nowhere' (TESTBRIDGE_TEST_ONLY, bazel test --test_filter)\n"
                    + "Usage: duo-pose run "))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none").path))
    }

    static func caseIDs(_ folder: URL, _ out: String) throws -> [String] {
        let reader = try ResultsReader(path: folder.appendingPathComponent(out + "/results.jsonl").path)
        var ids: [String] = []
        while let result = try reader.next() { ids.append(result.id) }
        return ids
    }

    @Test("--shard inside a test Bazel shards, and engines that name different shards, are usage errors")
    func conflictingShards() throws {
        let bazel = ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"]
        let explicit = try runBinary(["run", "--shard", "1/5", "--dry-run"], environment: bazel)
        #expect(explicit.code == 64)
        #expect(
            explicit.stderr.hasPrefix(
                "Error: --shard 1/5 inside a test that Bazel shards (TEST_SHARD_INDEX=0 TEST_TOTAL_SHARDS=2): every shard would "
                    + "run shard 1/5 and the rest of the plan none; leave --shard out, duo-pose reads the engine's shard\n"))
        let disagreeing = try runBinary(
            ["run", "--shard", "auto", "--dry-run"],
            environment: bazel.merging(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"]) { $1 })
        #expect(disagreeing.code == 64)
        #expect(
            disagreeing.stderr.hasPrefix(
                "Error: Bazel (TEST_SHARD_INDEX=0 TEST_TOTAL_SHARDS=2) and GitLab (CI_NODE_INDEX=2 CI_NODE_TOTAL=3) name different "
                    + "shards, so which part of the plan to run is not clear (without --shard auto only Bazel's and Buildkite's "
                    + "variables are read)\n"))
        let agreeing = try runBinary(
            ["run", "--shard", "auto", "--dry-run", "--pose", "P1"],
            environment: bazel.merging(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"]) { $1 })
        #expect(agreeing.code == 0, "\(agreeing.stderr)")
        let gitlabWhole = try runBinary(
            ["run", "--shard", "auto", "--dry-run", "--pose", "P1"], environment: bazel.merging(["CI_NODE_TOTAL": "1"]) { $1 })
        #expect(gitlabWhole.code == 0, "a GitLab job that is not parallel names no shard: \(gitlabWhole.stderr)")
    }
}

import Foundation
import Testing

@testable import PoseMatrix

@Suite("Shards and merge")
struct ShardTests {
    @Test("shards partition the plan exactly and evenly", arguments: 1...7)
    func partition(_ total: Int) async throws {
        let loaded = try MatrixLoader.loadBuiltIn()
        let plan = try Plan(matrix: loaded.matrix)
        var seen = [Int](repeating: 0, count: plan.count)
        var sizes: [Int] = []
        for index in 1...total {
            let runner = Runner(
                plan: plan, app: loaded.matrix.app, jobs: 3, deterministic: true, shard: Shard(index: index, total: total))
            var size = 0
            var last = -1
            try await runner.run { result in
                seen[result.index] += 1
                #expect(result.index > last, "a shard's cases come in plan order")
                last = result.index
                size += 1
            }
            #expect(size == runner.caseCount)
            sizes.append(size)
        }
        #expect(seen.allSatisfy { $0 == 1 }, "every case exactly once")
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    /// small.json with an app block that scans the UIKit fixture app for the keys it does not state.
    static func scanningMatrix(in folder: URL) throws -> String {
        let text = try TestFiles.read(URL(fileURLWithPath: TestFiles.fixture("small.json")))
            .replacingOccurrences(of: "  app: {\n", with: "  app: {\n    scan: \(quoted(TestFiles.fixture("apps/UIKitApp"))),\n")
        let path = folder.appendingPathComponent("scanning.json5")
        try Data(text.utf8).write(to: path)
        return path.path
    }

    @Test(
        "merging shards gives the bytes of one unsharded run",
        arguments: [(false, 2), (false, 3), (false, 5), (true, 3)])
    func mergeEqualsWhole(scanning: Bool, _ total: Int) async throws {
        let folder = try TestFiles.temporaryFolder()
        let matrix = ["run", scanning ? try Self.scanningMatrix(in: folder) : TestFiles.shallowReference]
        let whole = folder.appendingPathComponent("whole")
        // small.json holds a failing case: its whole run exits 1, a shard 0 or 1.
        #expect(await duoPose(matrix + ["--out", whole.path, "--deterministic", "--quiet"]).code == (scanning ? 1 : 0))
        if scanning {
            let header = try TestFiles.read(whole.appendingPathComponent(ReportSet.resultsName)).prefix { $0 != "\n" }
            #expect(
                header.contains(
                    #""appScan":{"fromMatrix":["multipleScenes","newWindow.alternate","newWindow.via","orientations"]"#))
        }
        var shardFiles: [String] = []
        for index in 1...total {
            let out = folder.appendingPathComponent("shard\(index)")
            let shard = ["--out", out.path, "--deterministic", "--quiet", "--shard", "\(index)/\(total)"]
            #expect([0, scanning ? 1 : 0].contains(await duoPose(matrix + shard).code))
            shardFiles.append(out.appendingPathComponent("results.jsonl").path)
        }
        let merged = folder.appendingPathComponent("merged")
        let result = await duoPose(["merge"] + shardFiles.reversed() + ["--out", merged.path, "--quiet"])
        #expect(result.code == (scanning ? 1 : 0), "\(result.stderr)")
        for name in ReportSet.names {
            let one = try Data(contentsOf: whole.appendingPathComponent(name))
            let other = try Data(contentsOf: merged.appendingPathComponent(name))
            #expect(one == other, "\(name) differs")
        }
    }

    /// Three shards of the reference matrix and one shard of another matrix, made once per test.
    static func shardFiles() async throws -> (folder: URL, files: [String], other: String) {
        let folder = try TestFiles.temporaryFolder()
        var files: [String] = []
        for index in 1...3 {
            let out = folder.appendingPathComponent("s\(index)")
            _ = await duoPose(
                ["run", TestFiles.shallowReference, "--out", out.path, "--deterministic", "--quiet", "--shard", "\(index)/3"])
            files.append(out.appendingPathComponent("results.jsonl").path)
        }
        let other = folder.appendingPathComponent("other")
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", other.path, "--quiet", "--shard", "2/3"])
        return (folder, files, other.appendingPathComponent("results.jsonl").path)
    }

    @Test("merge refuses files that do not make one run, and writes nothing")
    func mergeRefusals() async throws {
        let (folder, files, other) = try await Self.shardFiles()
        let cut = folder.appendingPathComponent("cut.jsonl").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: files[1]))
        try bytes.prefix(bytes.count - 40).write(to: URL(fileURLWithPath: cut))
        let noSummary = folder.appendingPathComponent("nosummary.jsonl").path
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        try Data((lines.dropLast().joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: noSummary))
        // The same matrix file by its SHA-256, with a checklist item forged onto no pose.
        let forged = folder.appendingPathComponent("forged.jsonl").path
        let text = String(decoding: bytes, as: UTF8.self)
        let forgedText = text.replacing(/"poses":\["[^"\]]*"(,"[^"\]]*")*\]/, maxReplacements: 1) { _ in #""poses":["P1"]"# }
        #expect(forgedText != text)
        try Data(forgedText.utf8).write(to: URL(fileURLWithPath: forged))
        let cases: [([String], String)] = [
            (
                [files[0], files[0], files[2]],
                "Error: \(files[0]):1: shard 1/3 is given twice (also \(files[0])): shards must not overlap\n"
            ),
            ([files[0], files[1]], "Error: \(files[0]): shard 3/3 missing: merge needs every shard of the run\n"),
            (
                [files[0], other, files[2]],
                "Error: \(other):1: comes from another matrix (SHA-256 \(try ResultsReader(path: other).header.matrixSHA256.prefix(12))) "
                    + "than \(files[0]) "
                    + "(\(try ResultsReader(path: files[0]).header.matrixSHA256.prefix(12)))\n"
            ),
            (
                [files[0], forged, files[2]],
                "Error: \(forged):1: names the same matrix as \(files[0]) but states its name, axes or checklist otherwise: "
                    + "was one of them edited by hand?\n"
            ),
            (
                [files[0], cut, files[2]],
                "Error: \(cut):\(lines.count): the last line is cut off (\(lines.last!.utf8.count + 1 - 40) bytes without a line end)\n"
            ),
            (
                [files[0], noSummary, files[2]],
                "Error: \(noSummary):\(lines.count - 1): the file ends without a summary line: the run did not finish, or the file was cut short\n"
            ),
        ]
        await expectMergeRefusals(cases, in: folder)
    }

    struct EngineCase: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: [String: String]
        var shard: Shard?
        var asked = false
        var testDescription: String { name }
    }

    @Test(
        "each CI engine's shard variables are honoured",
        arguments: [
            EngineCase(
                name: "Bazel, 0-based", environment: ["TEST_TOTAL_SHARDS": "4", "TEST_SHARD_INDEX": "0"],
                shard: Shard(index: 1, total: 4)),
            EngineCase(
                name: "GitLab, 1-based, only when asked", environment: ["CI_NODE_TOTAL": "4", "CI_NODE_INDEX": "4"],
                shard: Shard(index: 4, total: 4), asked: true),
            EngineCase(name: "GitLab, not asked", environment: ["CI_NODE_TOTAL": "4", "CI_NODE_INDEX": "4"], shard: nil),
            EngineCase(name: "GitLab, a total of 1 and no index", environment: ["CI_NODE_TOTAL": "1"], shard: nil, asked: true),
            EngineCase(
                name: "Buildkite, 0-based", environment: ["BUILDKITE_PARALLEL_JOB_COUNT": "3", "BUILDKITE_PARALLEL_JOB": "2"],
                shard: Shard(index: 3, total: 3)),
            EngineCase(name: "none", environment: ["CI": "true"], shard: nil),
        ])
    func engines(_ example: EngineCase) throws {
        #expect(try Shard.fromEnvironment(example.environment, asked: example.asked).get() == example.shard)
    }

    @Test("malformed shard variables are a usage error that names them")
    func malformedEngine() async {
        let result = await duoPose(
            ["run", "--quiet", "--shard", "auto"], environment: ["CI_NODE_TOTAL": "3", "CI_NODE_INDEX": "0"])
        #expect(result.code == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: GitLab shard variables CI_NODE_INDEX=0 CI_NODE_TOTAL=3 do not name a shard (the index is 1-based)\n"))
    }

    @Test("Bazel: the status file is touched, JUnit goes to XML_OUTPUT_FILE, the shard is recorded")
    func bazel() async throws {
        let folder = try TestFiles.temporaryFolder()
        let status = folder.appendingPathComponent("status").path
        let xml = folder.appendingPathComponent("test.xml").path
        let out = folder.appendingPathComponent("out")
        let environment = [
            "TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": "1", "TEST_SHARD_STATUS_FILE": status, "XML_OUTPUT_FILE": xml,
        ]
        let result = await duoPose(["run", TestFiles.shallowReference, "--out", out.path], environment: environment)
        #expect(result.code == 0)
        #expect(
            result.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes (shard 2/2 from TEST_SHARD_INDEX/TEST_TOTAL_SHARDS): ")
        )
        #expect(FileManager.default.fileExists(atPath: status))
        #expect(try Data(contentsOf: URL(fileURLWithPath: xml)) == Data(contentsOf: out.appendingPathComponent("junit.xml")))
        let header = try ResultsReader(path: out.appendingPathComponent("results.jsonl").path).header
        #expect(header.shard == Shard(index: 2, total: 2))
    }

    @Test("--shard wins over the engine's variables")
    func flagWins() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(
            ["run", TestFiles.shallowReference, "--out", out.path, "--shard", "1/5"],
            environment: ["CI_NODE_TOTAL": "2", "CI_NODE_INDEX": "2"])
        #expect(result.stdout.contains("(shard 1/5 from --shard)"))
    }
}

@Suite("Baseline")
struct BaselineTests {
    /// A results.jsonl with the given statuses, one case per id.
    static func resultsFile(_ cases: [(String, CaseResult.Status)]) throws -> String {
        var lines = [
            #"{"type":"header","formatVersion":2,"tool":"duo-pose","toolVersion":"0.1.0","generatedAt":"1970-01-01T00:00:00Z","matrix":{"name":"B","path":"b.json","sha256":"\#(String(repeating: "0", count: 64))"},"axes":{},"plan":{"cases":\#(cases.count)},"checklist":[]}"#
        ]
        // What a failed case rests on, and a case not run or in error.
        lines.append(
            #"{"type":"failures","id":0,"items":[{"observable":"display","expected":{"op":"==","value":"inner"},"#
                + #""actual":"outer","provenance":"measured","source":"M S0"}]}"#)
        lines.append(#"{"type":"reason","id":0,"text":"no source"}"#)
        for (index, (id, status)) in cases.enumerated() {
            let record = [.failed: #","failures":0"#, .notRun: #","reason":0"#, .error: #","reason":0"#][status] ?? ""
            lines.append(
                #"{"type":"case","index":\#(index),"id":"\#(id)","pose":"P1","values":{},"status":"\#(status.rawValue)""#
                    + #"\#(record),"duration":0}"#)
        }
        let count = { (status: CaseResult.Status) in cases.filter { $0.1 == status }.count }
        lines.append(
            #"{"type":"summary","total":\#(cases.count),"passed":\#(count(.passed)),"failed":\#(count(.failed)),"#
                + #""notRun":\#(count(.notRun)),"error":\#(count(.error)),"duration":0}"#)
        return try TestFiles.writeTemporary(lines.joined(separator: "\n") + "\n", name: "baseline.jsonl")
    }

    static func result(_ id: String, _ status: CaseResult.Status, index: Int) -> CaseResult {
        CaseResult(
            index: index, id: id, pose: "P1", title: nil, values: [], status: status, reason: nil, failures: [], assumptions: [],
            duration: 0)
    }

    @Test("classifies every case against the baseline")
    func classification() throws {
        let path = try Self.resultsFile([
            ("broke", .passed), ("fixed", .failed), ("still", .failed), ("errored", .notRun), ("steady", .passed),
            ("skipped now", .failed), ("gone", .passed),
        ])
        var comparison = try BaselineComparison(path: path)
        let now: [(String, CaseResult.Status)] = [
            ("broke", .failed), ("fixed", .passed), ("still", .error), ("errored", .error), ("steady", .passed),
            ("skipped now", .notRun), ("new pass", .passed), ("new fail", .failed),
        ]
        for (index, (id, status)) in now.enumerated() { comparison.add(Self.result(id, status, index: index)) }
        let diff = comparison.finish()
        #expect(diff.newFailures.ids == ["broke", "errored"])
        #expect(diff.newCaseFailures.ids == ["new fail"], "a new case's failure is reported apart from the regressions")
        #expect(diff.fixed.ids == ["fixed"])
        #expect(diff.stillFailing.ids == ["still"])
        #expect(diff.newCases.ids == ["new pass", "new fail"])
        #expect(diff.removedCases.ids == ["gone"])
    }

    @Test("run --baseline reports the comparison and keeps this run's exit code")
    func runWithBaseline() async throws {
        let folder = try TestFiles.temporaryFolder()
        let before = folder.appendingPathComponent("before")
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", before.path, "--quiet"])
        let after = folder.appendingPathComponent("after")
        let result = await duoPose([
            "run", TestFiles.fixture("small.json"), "--out", after.path, "--baseline",
            before.appendingPathComponent("results.jsonl").path, "--pose", "P1,P2",
        ])
        #expect(result.code == 1)
        #expect(
            result.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 2 still failing, 0 new cases (0 failing), 0 removed cases. "
                    + "Not compared: 10 cases outside this run (--pose P1,P2).\n"))
        let report = try TestFiles.read(after.appendingPathComponent("report.md"))
        #expect(report.contains("## Compared with the baseline"))
        #expect(report.contains("| Still failing | 2 |"))
        #expect(report.contains("**Still failing**: `P2 [profile=device]`, `P2 [profile=simulator]`."))
        let summary = try TestFiles.read(after.appendingPathComponent("results.jsonl")).split(separator: "\n").last!
        #expect(
            summary.contains(#""newFailures":0,"newCaseFailures":0,"fixed":0,"stillFailing":2,"newCases":0,"removedCases":0"#))
    }

    @Test("--fail-on new exits 1 only for new failures; the still failing are reported, not fatal")
    func failOnNew() async throws {
        let folder = try TestFiles.temporaryFolder()
        let small = TestFiles.fixture("small.json")
        // The baseline of the same matrix, and of one in which P2 still passed.
        let whole = folder.appendingPathComponent("whole")
        _ = await duoPose(["run", small, "--out", whole.path, "--quiet"])
        let passing = try TestFiles.read(URL(fileURLWithPath: small)).replacingOccurrences(
            of: #"{ pose: "P2", expect: { "scene.size": "678x466", "scene.sizeClass": "compact/compact" } }"#,
            with: #"{ pose: "P2", expect: { "scene.size": "466x678" } }"#)
        let earlier = folder.appendingPathComponent("earlier")
        _ = await duoPose(["run", try TestFiles.writeTemporary(passing, name: "small.json"), "--out", earlier.path, "--quiet"])
        let out = folder.appendingPathComponent("out").path
        let still = await duoPose([
            "run", small, "--out", out, "--baseline", whole.appendingPathComponent("results.jsonl").path, "--fail-on", "new",
        ])
        #expect(still.code == 0)
        #expect(
            still.stdout.contains(
                "\nBaseline: 0 new failures, 0 fixed, 2 still failing, 0 new cases (0 failing), 0 removed cases.\n"
                    + "--fail-on new: 0 new failures, 0 failing new cases fail the run; 2 still failing are reported, "
                    + "not fatal.\n"))
        let new = await duoPose([
            "run", small, "--out", out, "--baseline", earlier.appendingPathComponent("results.jsonl").path, "--fail-on=new",
        ])
        #expect(new.code == 1)
        #expect(
            new.stdout.contains(
                "\n--fail-on new: 2 new failures, 0 failing new cases fail the run; 0 still failing are reported, not fatal.\n"))
        let any = await duoPose([
            "run", small, "--out", out, "--baseline", whole.appendingPathComponent("results.jsonl").path, "--fail-on", "any",
        ])
        #expect(any.code == 1)
        #expect(!any.stdout.contains("--fail-on"))
        let merged = await duoPose([
            "merge", whole.appendingPathComponent("results.jsonl").path, "--out", folder.appendingPathComponent("m").path,
            "--baseline", whole.appendingPathComponent("results.jsonl").path, "--fail-on", "new", "--quiet",
        ])
        #expect(merged.code == 0)
    }

    @Test(
        "--fail-on takes any or new, and new needs a baseline",
        arguments: [
            (["run", "--fail-on", "all", "--baseline", "b.jsonl"], Command.run, "--fail-on takes 'any' or 'new', not 'all'"),
            (["run", "--fail-on", "new"], .run, "--fail-on new needs --baseline RESULTS to tell new failures from old"),
            (
                ["merge", "r.jsonl", "--out", "o", "--fail-on", "new"], .merge,
                "--fail-on new needs --baseline RESULTS to tell new failures from old"
            ),
        ])
    func failOnUsage(_ arguments: [String], _ command: Command, _ message: String) async {
        let result = await duoPose(arguments)
        #expect(result.code == 64)
        #expect(result.stderr == "Error: \(message)\nUsage: \(command.synopsis)\nSee 'duo-pose help \(command.rawValue)'.\n")
    }

    @Test(
        "a results file of format version 1 is refused, saying how to regenerate it",
        arguments: [["run", "--baseline", "FILE"], ["merge", "FILE"], ["signoff", "FILE", "--by", "Ada"]])
    func formatVersion1(arguments: [String]) async throws {
        let old = try TestFiles.writeTemporary(
            #"{"type":"header","formatVersion":1,"tool":"duo-pose"}"# + "\n", name: "old.jsonl")
        let out = try TestFiles.temporaryFolder().appendingPathComponent("out").path
        let result = await duoPose(arguments.map { $0 == "FILE" ? old : $0 } + ["--out", out])
        #expect(result.code == 65)
        #expect(
            result.stderr
                == "Error: \(old):1: results format version 1 is no longer read; re-run `duo-pose run` with this version "
                + "to regenerate it\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a baseline that is not a finished results file is refused before anything is written")
    func badBaseline() async throws {
        let folder = try TestFiles.temporaryFolder()
        let bad = try TestFiles.writeTemporary("{\"type\":\"header\"}\n", name: "bad.jsonl")
        let out = folder.appendingPathComponent("out").path
        let result = await duoPose(["run", "--out", out, "--baseline", bad])
        #expect(result.code == 65)
        #expect(result.stderr == "Error: \(bad):1: results format version missing is not supported; expected 2\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

@Suite("Sign-off")
struct SignOffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var fixture: String
        var run: [String] = []
        var waivers: [String] = []
        var code: Int32
        var statuses: [String]
        var testDescription: String { name }
    }

    /// small.json's checklist: "closed" (P1, P2; P2 fails) and "fold" (P5 passes); passing.json's passes.
    @Test(
        "signs off only when every item passed or is waived",
        arguments: [
            Case(name: "all pass", fixture: "passing.json", code: 0, statuses: ["passed", "passed"]),
            Case(name: "a failure", fixture: "small.json", code: 1, statuses: ["failed", "passed"]),
            Case(
                name: "a failure waived", fixture: "small.json", waivers: ["closed=P2 landscape is not shipped"], code: 0,
                statuses: ["waived", "passed"]),
            Case(
                name: "a not-run pose", fixture: "passing.json", run: ["--pose", "P1"], code: 1, statuses: ["passed", "not run"]),
            Case(
                name: "a not-run pose waived", fixture: "passing.json", run: ["--pose", "P1"], waivers: ["fold=checked by hand"],
                code: 0,
                statuses: ["passed", "waived"]),
        ])
    func signoff(_ example: Case) async throws {
        let folder = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture(example.fixture), "--out", folder.path, "--quiet"] + example.run)
        let waivers = example.waivers.flatMap { ["--waive", $0] } + (example.run.isEmpty ? [] : ["--allow-partial"])
        let result = await duoPose(["signoff", folder.appendingPathComponent("results.jsonl").path, "--by", "Grace"] + waivers)
        #expect(result.code == example.code, "\(result.stderr)")
        let text = try TestFiles.read(folder.appendingPathComponent("signoff.md"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| closed ") || $0.hasPrefix("| fold ") }
        let statuses = rows.map { row in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false)
            return cells[cells.count - 4].trimmingCharacters(in: .whitespaces)
        }
        #expect(statuses == example.statuses)
        #expect(text.contains((example.code == 0 ? "\nSigned by" : "\nReviewed by") + " Grace at "))
    }

    @Test("the sign-off names who, when, the tool and both SHA-256s")
    func provenance() async throws {
        let folder = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"])
        let results = folder.appendingPathComponent("results.jsonl").path
        let out = folder.appendingPathComponent("release.md").path
        let result = await duoPose(
            ["signoff", results, "--by", "Grace Hopper", "--waive", "closed=not shipped", "--out", out],
            environment: ["SOURCE_DATE_EPOCH": "1764460800"])
        #expect(result.code == 0)
        #expect(result.stdout == "Signed off: Small | test <matrix>, by Grace Hopper. Written to \(out)\n")
        let text = try TestFiles.read(URL(fileURLWithPath: out))
        let digest = SHA256.hex(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: results))))
        #expect(text.contains("Signed by Grace Hopper at 2025-11-30T00:00:00Z."))
        #expect(text.contains("- Results `\(results)`, SHA-256 `\(digest)`"))
        #expect(text.contains("| closed | Closed \\| layout | P1, P2 | waived | inference | waived (failed): not shipped |"))
        #expect(text.contains("- duo-pose \(DuoPose.version); results written by duo-pose \(DuoPose.version)"))
    }

    @Test("a waiver for an item that passed is not used, and a warning says so")
    func waiverForPassedItem() async throws {
        let folder = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"])
        let results = folder.appendingPathComponent("results.jsonl").path
        let result = await duoPose([
            "signoff", results, "--by", "G", "--waive", "fold=checked by hand", "--waive", "closed=not shipped",
        ])
        #expect(result.code == 0)
        #expect(result.stderr == "Warning: --waive fold: the item passed, so the waiver is not used\n")
        let text = try TestFiles.read(folder.appendingPathComponent("signoff.md"))
        #expect(text.contains("| fold | "))
        #expect(!text.contains("checked by hand"))
    }

    @Test("a waiver without a reason, or for no item, is a usage error; a shard cannot be signed off")
    func refusals() async throws {
        let folder = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"])
        let results = folder.appendingPathComponent("results.jsonl").path
        let usage =
            "Usage: duo-pose signoff RESULTS [--out FILE] [--trust LEVELS] --by NAME [--waive ID=reason]… [--allow-partial]\n"
            + "See 'duo-pose help signoff'.\n"
        let noReason = await duoPose(["signoff", results, "--by", "G", "--waive", "closed"])
        #expect(noReason.code == 64)
        #expect(noReason.stderr == "Error: --waive closed needs a reason: --waive ID=reason\n" + usage)
        let blank = await duoPose(["signoff", results, "--by", "G", "--waive", "closed=  "])
        #expect(blank.code == 64)
        let twice = await duoPose(["signoff", results, "--by", "G", "--waive", "closed=a", "--waive", "closed=b"])
        #expect(twice.code == 64)
        #expect(twice.stderr == "Error: --waive closed is given twice: waive it once, with one reason\n" + usage)
        let unknown = await duoPose(["signoff", results, "--by", "G", "--waive", "clsoed=x"])
        #expect(unknown.stderr == "Error: --waive: the checklist has no item 'clsoed'; did you mean 'closed'?\n" + usage)
        let noName = await duoPose(["signoff", results])
        #expect(noName.stderr == "Error: --by NAME is required: say who signs off\n" + usage)
        let shard = folder.appendingPathComponent("shard")
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", shard.path, "--quiet", "--shard", "1/2"])
        let shardResult = await duoPose(["signoff", shard.appendingPathComponent("results.jsonl").path, "--by", "G"])
        #expect(shardResult.code == 65)
        #expect(shardResult.stderr.hasSuffix(":1: is shard 1/2 of a run; merge the shards, then sign off the merged results\n"))
    }
}

@Suite("Observations and job summaries")
struct ObservationTests {
    static let matrix = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/no-error-handler.json").path
    static let observations = TestFiles.packageRoot.appendingPathComponent(
        "Matrices/examples/no-error-handler.observations.jsonl"
    ).path

    @Test("recorded observations replace the model; unrecorded cases are not run")
    func recorded() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(["run", Self.matrix, "--observations", Self.observations, "--out", out.path, "--quiet"])
        #expect(result.code == 0)
        let reader = try ResultsReader(path: out.appendingPathComponent("results.jsonl").path)
        var statuses: [String: String] = [:]
        while let result = try reader.next() {
            statuses[result.id] = result.status.rawValue + (result.reason.map { ": " + $0 } ?? "")
        }
        #expect(
            statuses == [
                "P1 [profile=device]": "notRun: display, scene.size: no observation recorded",
                "P1 [profile=simulator]": "passed",
                "P9 outer display [profile=device]": "notRun: content.reachable: no observation recorded",
                "P9 outer display [profile=simulator]": "passed",
                "P9 inner display [profile=device]": "notRun: content.reachable, newWindow.result: no observation recorded",
                "P9 inner display [profile=simulator]": "passed",
            ])
        #expect(reader.header.observations?.path == Self.observations)
    }

    @Test("a recorded value that contradicts the matrix fails with the file and line as its source")
    func contradiction() async throws {
        let recording = try TestFiles.writeTemporary(
            #"{"pose": "P1", "values": {"profile": "device"}, "observables": {"display": "inner", "scene.size": "466x678"}}"#
                + "\n",
            name: "obs.jsonl")
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose([
            "run", Self.matrix, "--pose", "P1", "--observations", recording, "--out", out.path, "--quiet",
        ])
        #expect(result.code == 1)
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        #expect(report.contains("  - `display`: expected `outer`, actual `inner` (measured: observed: \(recording):1)"))
    }

    @Test("a bad recording is refused with its line and column")
    func badRecording() async throws {
        let recording = try TestFiles.writeTemporary(
            #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"# + "\n"
                + #"{"pose": "P1", "observables": {"dispaly": "outer"}}"# + "\n"
                + #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"# + "\n"
                + #"{"pose": "p1", "observables": {"display": "outer"}}"# + "\n",
            name: "obs.jsonl")
        let result = await duoPose(["run", Self.matrix, "--observations", recording, "--out", "/nonexistent/never"])
        #expect(result.code == 65)
        #expect(
            result.stderr
                == "Error: \(recording):2:32: observables: unknown key \"dispaly\"; did you mean \"display\"? (expected "
                + Observable.allCases.map { quoted($0.rawValue) }.joined(separator: ", ") + ")\n"
                + "Error: \(recording):3:1: this case is already recorded on line 1\n"
                + "Error: \(recording):4:10: pose: unknown pose \"p1\"; did you mean \"P1\"? (expected P1 to P13)\n")
    }

    @Test("a recording's errors all come in one pass, in line order: lines that do not read and records naming no case")
    func everyRecordingError() async throws {
        let recording = try TestFiles.writeTemporary(
            [
                #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"#,
                #"{"pose": "P4", "values": {"profile": "device"}, "observables": {"display": "inner"}}"#,
                #"{"pose": "p1", "values": {"profile": "device"}, "observables": {"dispaly": "outer"}}"#,
                #"{"pose": "P5", "values": {"profile": "device", "hingeAngle": 100, "windows": 2}, "observables": {}}"#,
                #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"#,
            ].joined(separator: "\n") + "\n", name: "obs.jsonl")
        let out = try TestFiles.temporaryFolder().appendingPathComponent("never")
        let result = await duoPose(["run", TestFiles.fixture("small.json"), "--observations", recording, "--out", out.path])
        #expect(result.code == 65)
        let observables = Observable.allCases.map { quoted($0.rawValue) }.joined(separator: ", ")
        #expect(
            result.stderr == """
                Error: \(recording):2:10: the matrix has no P4 entry
                Error: \(recording):3:10: pose: unknown pose "p1"; did you mean "P1"? (expected P1 to P13)
                Error: \(recording):3:65: observables: unknown key "dispaly"; did you mean "display"? (expected \(observables))
                Error: \(recording):4:48: P5 never runs with hingeAngle=100 (the matrix has 90, 120)
                Error: \(recording):4:67: P5 has no axis windows in the matrix
                Error: \(recording):5:1: this case is already recorded on line 1

                """)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("a recording with more than 50 errors shows the first 50 in line order and counts the rest")
    func manyRecordingErrors() async throws {
        let valid = #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"#
        let lines = [valid] + (0..<60).map { #"{"pose": "P\#($0 % 2 == 0 ? 4 : 6)", "title": "t\#($0)", "observables": {}}"# }
        let recording = try TestFiles.writeTemporary(lines.joined(separator: "\n") + "\n", name: "obs.jsonl")
        let result = await duoPose(["run", TestFiles.fixture("small.json"), "--observations", recording, "--out", "/nonexistent"])
        #expect(result.code == 65)
        let shown = (2...51).map { "Error: \(recording):\($0):10: the matrix has no P\($0 % 2 == 0 ? 4 : 6) entry\n" }
        #expect(result.stderr == shown.joined() + "Error: … and 10 more errors\n")
    }

    @Test("--summary appends a compact summary that points at the full report")
    func jobSummary() async throws {
        let folder = try TestFiles.temporaryFolder()
        let summary = folder.appendingPathComponent("summary.md").path
        try Data("# Earlier step\n\n".utf8).write(to: URL(fileURLWithPath: summary))
        let out = folder.appendingPathComponent("out").path
        _ = await duoPose([
            "run", TestFiles.fixture("small.json"), "--out", out, "--quiet", "--summary", summary, "--deterministic",
        ])
        let text = try TestFiles.read(URL(fileURLWithPath: summary))
        #expect(text.hasPrefix("# Earlier step\n\n### duo-pose: Small \\| test &lt;matrix>\n\n**FAILED**: 8 passed, 2 failed"))
        #expect(text.contains("| P2 | 2 | 0 | 2 | 0 | 0 | failed |\n"))
        #expect(text.hasSuffix("\nFull report: `\(out)/report.md`.\n\n"))
    }

    @Test("the summary's pose verdicts are report.md's: P13 is 'passed, 6 not run' in both")
    func summaryVerdicts() async throws {
        let folder = try TestFiles.temporaryFolder()
        let summary = folder.appendingPathComponent("summary.md").path
        let out = folder.appendingPathComponent("out")
        let run = ["run", TestFiles.shallowReference, "--out", out.path, "--quiet", "--summary", summary, "--deterministic"]
        #expect(await duoPose(run).code == 0)
        #expect(
            try TestFiles.read(URL(fileURLWithPath: summary)).contains("\n| P13 | 12 | 6 | 0 | 0 | 6 | passed, 6 not run |\n"))
        #expect(
            try TestFiles.read(out.appendingPathComponent("report.md")).contains(" | 12 | 6 | 0 | 0 | 6 | passed, 6 not run |\n"))
    }

    @Test("the summary cuts pose rows to stay within its budget")
    func summaryBudget() throws {
        let loaded = try MatrixLoader.loadBuiltIn()
        var tally = Tally()
        for (index, pose) in Pose.catalogue.enumerated() {
            tally.add(
                CaseResult(
                    index: index, id: pose.id, pose: pose.id, title: nil, values: [], status: .passed, reason: nil,
                    failures: [], assumptions: [], duration: 0))
        }
        let header = RunHeader(loaded: loaded, toolVersion: "0", generatedAt: "", planCases: 13)
        let full = JobSummary.render(header: header, tally: tally, reportPath: "r.md")
        let cut = JobSummary.render(header: header, tally: tally, reportPath: "r.md", budget: full.utf8.count - 60)
        #expect(cut.utf8.count <= full.utf8.count - 60)
        #expect(cut.contains("| … | rows cut to fit the job summary; see the full report | | | | | |\n"))
        #expect(!cut.contains("| P13 |"))
    }
}

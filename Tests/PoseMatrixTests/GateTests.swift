import Foundation
import Testing

@testable import PoseMatrix

/// The last line of a results.jsonl and its header, as text.
func resultsLines(_ folder: URL) throws -> (header: String, summary: String) {
    let lines = try TestFiles.read(folder.appendingPathComponent(ReportSet.resultsName)).split(separator: "\n")
    return (String(lines.first ?? ""), String(lines.last ?? ""))
}

@Suite("Verdicts agree with the exit code")
struct VerdictTests {
    @Test("--strict with not-run cases: FAILED on the terminal, in report.md and in results.jsonl, exit 1")
    func strictVerdict() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(["run", "--pose", "P13", "--out", out.path, "--strict", "--deterministic"])
        #expect(result.code == 1)
        let line = "FAILED (--strict: not run counts as failed): 6 passed, 0 failed, 0 errors, 6 not run of 12 cases."
        #expect(result.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes: \(line)\n"))
        let report = try TestFiles.read(out.appendingPathComponent(ReportSet.markdownName))
        #expect(report.contains("\n**FAILED** (--strict: not run counts as failed): 6 passed, 0 failed"))
        let (header, summary) = try resultsLines(out)
        #expect(
            header.contains(
                #""plan":{"cases":12,"matrixCases":118,"# + TestFiles.referencePoseCases
                    + #"},"filter":{"poses":["P13"]},"strict":true"#))
        #expect(summary.contains(#""verdict":"failed""#))
        #expect(try ResultsReader(path: out.appendingPathComponent(ReportSet.resultsName).path).header.strict)

        let relaxed = await duoPose(["run", "--pose", "P13", "--out", out.path, "--deterministic"])
        #expect(relaxed.code == 0)
        #expect(relaxed.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes: PASSED: 6 passed"))
        #expect(try resultsLines(out).summary.contains(#""verdict":"passed""#))
    }

    @Test("merge --strict gives the same verdict everywhere")
    func mergeStrict() async throws {
        let folder = try TestFiles.temporaryFolder()
        let shard = folder.appendingPathComponent("s")
        _ = await duoPose(["run", "--pose", "P13", "--out", shard.path, "--quiet", "--shard", "1/1"])
        let merged = folder.appendingPathComponent("m")
        let result = await duoPose([
            "merge", shard.appendingPathComponent(ReportSet.resultsName).path, "--out", merged.path, "--strict", "--quiet",
        ])
        #expect(result.code == 1)
        #expect(result.stderr.contains("FAILED (--strict: not run counts as failed)"))
        #expect(try resultsLines(merged).summary.contains(#""verdict":"failed""#))
        #expect(try TestFiles.read(merged.appendingPathComponent(ReportSet.markdownName)).contains("**FAILED** (--strict"))
    }

    @Test("a run where no case ran exits 1 and says NOT RUN everywhere")
    func nothingRan() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose([
            "run", "--pose", "P13", "--where", "profile=simulator", "--out", out.path, "--deterministic",
        ])
        #expect(result.code == 1)
        let line = "NOT RUN: no case ran, and nothing run is not a pass. 0 passed, 0 failed, 0 errors, 6 not run of 6 cases."
        #expect(result.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes: \(line)\n"))
        #expect(try TestFiles.read(out.appendingPathComponent(ReportSet.markdownName)).contains("**NOT RUN**: no case ran"))
        #expect(try resultsLines(out).summary.contains(#""verdict":"not run""#))
        let dry = await duoPose(["run", "--pose", "P13", "--where", "profile=simulator", "--dry-run", "--quiet"])
        #expect(dry.code == 1)
        #expect(dry.stderr == "duo-pose: iPhone Duo reference scenes (dry run, no reports): \(line)\n")
    }

    @Test("an empty shard (more shards than cases) is the one run without a case that exits 0")
    func emptyShard() async throws {
        let out = try TestFiles.temporaryFolder()
        let filter = ["--pose", "P1", "--where", "profile=device", "--where", "layoutDirection=leftToRight"]
        let result = await duoPose(["run", "--out", out.path, "--shard", "3/3"] + filter)
        #expect(result.code == 0)
        #expect(
            result.stdout.hasPrefix(
                "duo-pose: iPhone Duo reference scenes (shard 3/3 from --shard): EMPTY SHARD: the plan has fewer cases "
                    + "than shards, so this shard holds none. 0 passed, 0 failed, 0 errors, 0 not run of 0 cases.\n"))
        #expect(try resultsLines(out).summary.contains(#""verdict":"empty shard""#))
    }

    @Test("--quiet silences success only: a failing verdict reaches stderr")
    func quietFailure() async throws {
        let out = try TestFiles.temporaryFolder()
        let failing = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet"])
        #expect(failing.code == 1)
        #expect(failing.stdout == "")
        #expect(
            failing.stderr == "duo-pose: Small | test <matrix>: FAILED: 8 passed, 2 failed, 0 errors, 4 not run of 14 cases.\n")
        let passing = await duoPose(["run", TestFiles.fixture("passing.json"), "--out", out.path + "/p", "--quiet"])
        #expect(passing.code == 0)
        #expect(passing.stdout + passing.stderr == "")
    }
}

@Suite("Observations must name cases of the matrix")
struct ObservationMatchTests {
    @Test("a record that matches no case is an error with its line and column; nothing is written")
    func unmatchedRecords() async throws {
        let recording = try TestFiles.writeTemporary(
            [
                #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"#,
                #"{"pose": "P3", "title": "SDK 62", "values": {"profile": "device", "linkedSDK": "26"}, "observables": {"display": "inner"}}"#,
                #"{"pose": "P4", "values": {"profile": "device"}, "observables": {"display": "inner"}}"#,
                #"{"pose": "P5", "values": {"profile": "device", "hingeAngle": 100}, "observables": {"display": "inner"}}"#,
                #"{"pose": "P2", "values": {"profile": "device", "windows": 2}, "observables": {"display": "outer"}}"#,
                #"{"pose": "P2", "values": {}, "observables": {"display": "outer"}}"#,
            ].joined(separator: "\n") + "\n", name: "obs.jsonl")
        let out = try TestFiles.temporaryFolder().appendingPathComponent("never")
        let result = await duoPose(["run", TestFiles.fixture("small.json"), "--observations", recording, "--out", out.path])
        #expect(result.code == 65)
        #expect(
            result.stderr == """
                Error: \(recording):2:25: the matrix has no P3 entry titled "SDK 62"; did you mean "SDK 26"?
                Error: \(recording):3:10: the matrix has no P4 entry
                Error: \(recording):4:48: P5 never runs with hingeAngle=100 (the matrix has 90, 120)
                Error: \(recording):5:48: P2 has no axis windows in the matrix
                Error: \(recording):6:26: values lacks profile, which P2 runs over

                """)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("observations for another matrix are refused whole")
    func anotherMatrix() async throws {
        let recording = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/no-error-handler.observations.jsonl")
        let out = try TestFiles.temporaryFolder().appendingPathComponent("never")
        let result = await duoPose(["run", "--observations", recording.path, "--out", out.path])
        #expect(result.code == 65)
        #expect(
            result.stderr
                == "Error: \(recording.path):1:1: no record matches a case of built-in:duo-scenes.json: "
                + "these observations are for another matrix\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // No record at all is no evidence either: every case would have been "not run".
        for text in ["", "\n\n", "// recorded later\n  /* nothing yet */\n"] {
            let empty = try TestFiles.writeTemporary(text, name: "empty.jsonl")
            let refused = await duoPose(["run", "--observations", empty, "--out", out.path])
            #expect(refused.code == 65)
            #expect(
                refused.stderr
                    == "Error: \(empty): holds no record, so no case of built-in:duo-scenes.json could be evaluated: "
                    + "is it the right file?\n")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}

@Suite("Partial runs and sign-off coverage")
struct CoverageTests {
    @Test("the header records --pose, --where and --max-cases, and the whole matrix's case count")
    func headerRecordsFilters() async throws {
        let out = try TestFiles.temporaryFolder()
        let filters = ["--pose", "P5,P1", "--where", "profile=simulator", "--max-cases", "1000"]
        _ = await duoPose(["run", "--out", out.path, "--quiet"] + filters)
        let (header, _) = try resultsLines(out)
        #expect(
            header.contains(
                #""plan":{"cases":8,"matrixCases":118,"# + TestFiles.referencePoseCases
                    + #"},"filter":{"poses":["P1","P5"],"where":{"profile":["simulator"]},"#
                    + #""maxCases":1000},"trust":["apple","definition","measured","inference","unverified"],"checklist""#))
        let scope = try ResultsReader(path: out.appendingPathComponent(ReportSet.resultsName).path).header.scope
        #expect(scope.arguments == "--pose P1,P5 --where profile=simulator --max-cases 1000")
        #expect(scope.matrixCases == 118)
        let whole = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.shallowReference, "--out", whole.path, "--quiet"])
        #expect(
            try resultsLines(whole).header.contains(
                #""plan":{"cases":118,"invariants":6},"trust":["apple","definition","measured","inference","unverified"],"checklist""#
            ))
    }

    @Test("signoff refuses a partial run unless --allow-partial, and signoff.md shows the coverage")
    func partialSignoff() async throws {
        let out = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", "--out", out.path, "--quiet", "--pose", "P5,P1", "--where", "profile=simulator"])
        let results = out.appendingPathComponent(ReportSet.resultsName).path
        let refused = await duoPose(["signoff", results, "--by", "Ada"])
        #expect(refused.code == 65)
        #expect(
            refused.stderr
                == "Error: \(results):1: is a partial run (8 of 118 planned cases, --pose P1,P5 --where profile=simulator): "
                + "sign off a whole run, or pass --allow-partial\n")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("signoff.md").path))
        let allowed = await duoPose(["signoff", results, "--by", "Ada", "--allow-partial"])
        #expect(allowed.code == 1)
        let text = try TestFiles.read(out.appendingPathComponent("signoff.md"))
        #expect(
            text.contains(
                "\nCoverage: 8 of 118 planned cases (`--pose P1,P5 --where profile=simulator`); partial results, "
                    + "signed off with `--allow-partial`.\n"))
    }

    @Test("--shard 1/1 is a whole run: it can be signed off, with full coverage")
    func wholeShard() async throws {
        let out = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.shallowReference, "--out", out.path, "--quiet", "--shard", "1/1"])
        let result = await duoPose(["signoff", out.appendingPathComponent(ReportSet.resultsName).path, "--by", "Ada"])
        #expect(result.code == 1, "camera-direction is not run in the simulator profile")
        #expect(result.stderr == "")
        #expect(try TestFiles.read(out.appendingPathComponent("signoff.md")).contains("\nCoverage: 118 of 118 planned cases.\n"))
    }
}

@Suite("Results files are recounted")
struct RecountTests {
    /// small.json's results, as lines, and a function that writes edited lines to a new file.
    /// A case line's index; nil for the other lines.
    static func caseIndex(_ line: String) -> Int? {
        line.firstMatch(of: /^\{"type":"case","index":([0-9]+),/).flatMap { Int($0.1) }
    }

    static func smallResults() async throws -> (lines: [String], write: ([String]) throws -> String) {
        let out = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet"])
        let lines = try TestFiles.read(out.appendingPathComponent(ReportSet.resultsName)).split(separator: "\n").map(String.init)
        return (lines, { try TestFiles.writeTemporary($0.joined(separator: "\n") + "\n", name: "results.jsonl") })
    }

    @Test("signoff refuses a results file with a case line deleted, repeated, or a summary that disagrees")
    func signoffRecount() async throws {
        let (lines, write) = try await Self.smallResults()
        let failing = lines.firstIndex { $0.contains(#""status":"failed""#) }!
        let index = try #require(Self.caseIndex(lines[failing]))
        var deleted = lines
        deleted.remove(at: failing)
        // Shared records stay where they are; the next case line is where the gap shows.
        let next = deleted[failing...].firstIndex { Self.caseIndex($0) != nil }!
        var repeated = lines
        repeated.insert(lines[failing], at: failing + 1)
        var lastDropped = Array(lines.dropLast(2))
        lastDropped.append(
            lines.last!.replacingOccurrences(of: #""total":14"#, with: #""total":13"#).replacingOccurrences(
                of: #""notRun":4"#, with: #""notRun":3"#))
        var forgedSummary = lines
        forgedSummary[lines.count - 1] = lines.last!.replacingOccurrences(of: #""failed":2"#, with: #""failed":0"#)
        let cases: [([String], String)] = [
            (deleted, "\(next + 1): case index \(index + 1) where index \(index) belongs: a case line is missing"),
            (repeated, "\(failing + 2): case index \(index) is given twice or out of order: index \(index + 1) belongs here"),
            (lastDropped, "\(lines.count - 1): the file holds 13 cases but its header's plan gives it 14"),
            (
                forgedSummary,
                "\(lines.count): the summary line says total 14, passed 8, failed 0, notRun 4, error 0, but the case lines "
                    + "give total 14, passed 8, failed 2, notRun 4, error 0"
            ),
        ]
        for (edited, message) in cases {
            let path = try write(edited)
            let result = await duoPose(["signoff", path, "--by", "Ada"])
            #expect(result.code == 65)
            #expect(result.stderr == "Error: \(path):\(message)\n")
        }
    }

    @Test("merge refuses a shard with a duplicated index")
    func mergeDuplicate() async throws {
        let folder = try TestFiles.temporaryFolder()
        var files: [String] = []
        for index in 1...2 {
            let out = folder.appendingPathComponent("s\(index)")
            _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet", "--shard", "\(index)/2"])
            files.append(out.appendingPathComponent(ReportSet.resultsName).path)
        }
        var lines = try TestFiles.read(URL(fileURLWithPath: files[1])).split(separator: "\n").map(String.init)
        let second = lines.indices.filter { RecountTests.caseIndex(lines[$0]) != nil }[1]
        #expect(RecountTests.caseIndex(lines[second]) == 3)
        lines.insert(lines[second], at: second + 1)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: files[1]))
        let out = folder.appendingPathComponent("merged").path
        let result = await duoPose(["merge", files[0], files[1], "--out", out])
        #expect(result.code == 65)
        #expect(
            result.stderr
                == "Error: \(files[1]):\(second + 2): case index 3 is given twice or out of order: index 5 belongs here\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

@Suite("Merge checks the shards' filters")
struct MergeScopeTests {
    @Test("shards run with different filters are refused")
    func differentFilters() async throws {
        let folder = try TestFiles.temporaryFolder()
        let first = folder.appendingPathComponent("s1")
        let second = folder.appendingPathComponent("s2")
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", first.path, "--quiet", "--shard", "1/2"])
        _ = await duoPose([
            "run", TestFiles.fixture("small.json"), "--out", second.path, "--quiet", "--shard", "2/2", "--max-cases", "99",
        ])
        let files = [first, second].map { $0.appendingPathComponent(ReportSet.resultsName).path }
        let result = await duoPose(["merge"] + files + ["--out", folder.appendingPathComponent("m").path])
        #expect(result.code == 65)
        #expect(result.stderr == "Error: \(files[1]):1: was run with '--max-cases 99', \(files[0]) with ''\n")
    }
}

@Suite("Several matrices")
struct SeveralMatrixTests {
    @Test(
        "matrices with the same base name each get their own folder, and the run says where each went",
        arguments: [
            (["a/m.json", "b/m.json"], ["a-m.json", "b-m.json"]),
            (["m.json", "m.json5"], ["m.json", "m.json5"]),
            (["m.json", "M.json5", "other.json"], ["M.json5", "m.json", "other"]),
        ])
    func sameBaseName(_ paths: [String], _ folders: [String]) async throws {
        let folder = try TestFiles.temporaryFolder()
        for path in paths {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestFiles.fixture("passing.json"), toPath: url.path)
        }
        let out = folder.appendingPathComponent("out")
        let result = await duoPose(["run"] + paths.map { folder.appendingPathComponent($0).path } + ["--out", out.path])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == folders)
        for name in folders {
            #expect(result.stdout.contains("Reports: \(out.path)/\(name)/results.jsonl, "))
        }
    }

    @Test("the same matrix named twice is refused before anything is written")
    func namedTwice() async throws {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("never")
        let path = TestFiles.fixture("passing.json")
        let result = await duoPose(["run", path, path + "/../passing.json", "--out", out.path])
        #expect(result.code == 64)
        #expect(result.stderr.hasPrefix("Error: the matrix \(path)/../passing.json is named twice (also as \(path))\n"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("several matrices under Bazel's XML_OUTPUT_FILE are refused before running")
    func bazelSeveral() async throws {
        let folder = try TestFiles.temporaryFolder()
        let xml = folder.appendingPathComponent("x.xml").path
        let example = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/no-error-handler.json").path
        let result = await duoPose(
            ["run", example, TestFiles.fixture("small.json"), "--out", folder.appendingPathComponent("out").path],
            environment: ["XML_OUTPUT_FILE": xml])
        #expect(result.code == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: XML_OUTPUT_FILE (Bazel) holds one matrix's JUnit, but 2 matrices were named: "
                    + "give each matrix its own test target\n"))
        #expect(!FileManager.default.fileExists(atPath: xml))
    }

    @Test("a file at Bazel's XML_OUTPUT_FILE that duo-pose did not write is refused before running, and kept")
    func bazelForeignFile() async throws {
        let folder = try TestFiles.temporaryFolder()
        let xml = folder.appendingPathComponent("x.xml").path
        try "precious\n".write(toFile: xml, atomically: false, encoding: .utf8)
        let out = folder.appendingPathComponent("out").path
        let result = await duoPose(
            ["run", TestFiles.fixture("small.json"), "--out", out, "--quiet"], environment: ["XML_OUTPUT_FILE": xml])
        #expect(result.code == 74)
        #expect(
            result.stderr
                == "Error: cannot write the reports: \(xml): exists and was not written by duo-pose; "
                + "refusing to replace it (move it, or choose another --out)\n")
        #expect(try TestFiles.read(URL(fileURLWithPath: xml)) == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        // duo-pose's own JUnit there is replaced, as a report in --out is.
        try FileManager.default.removeItem(atPath: xml)
        for _ in 0..<2 {
            let again = await duoPose(
                ["run", TestFiles.fixture("small.json"), "--out", out, "--quiet"], environment: ["XML_OUTPUT_FILE": xml])
            #expect(again.code == 1)
            #expect(try TestFiles.read(URL(fileURLWithPath: xml)).hasPrefix(JUnitReport.prolog))
        }
    }
}

@Suite("GitLab's node variables only when asked")
struct GitLabShardTests {
    static let example = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/no-error-handler.json").path

    @Test("a parallel: matrix: job runs its whole plan unless --shard auto asks for GitLab's shard")
    func parallelMatrix() async throws {
        let environment = ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"]
        let whole = await duoPose(
            ["run", Self.example, "--out", try TestFiles.temporaryFolder().path], environment: environment)
        #expect(whole.code == 1, "the failing case runs")
        #expect(whole.stdout.hasPrefix("duo-pose: Example: no error handler: FAILED: 5 passed, 1 failed"))
        let asked = await duoPose(
            ["run", Self.example, "--out", try TestFiles.temporaryFolder().path, "--shard", "auto"], environment: environment)
        #expect(asked.stdout.hasPrefix("duo-pose: Example: no error handler (shard 2/2 from CI_NODE_INDEX/CI_NODE_TOTAL): "))
    }

    @Test("CI_NODE_TOTAL=1 without CI_NODE_INDEX, as in every plain GitLab job, is the whole plan")
    func ordinaryJob() async throws {
        for flags in [[], ["--shard", "auto"]] {
            let result = await duoPose(
                ["run", Self.example, "--out", try TestFiles.temporaryFolder().path] + flags, environment: ["CI_NODE_TOTAL": "1"])
            #expect(result.code == 1)
            #expect(result.stdout.hasPrefix("duo-pose: Example: no error handler: FAILED: 5 passed, 1 failed"))
        }
    }
}

@Suite("Terminal and CI-log injection")
struct InjectionTests {
    static let hostileName = #"Evil\u001b[2J\r\n::error file=x::forged\u202e\u0085"#

    /// Every line is plain: no control character but the line feed that ends it, none starts a workflow command.
    static func expectPlain(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in text.split(separator: "\n") {
            #expect(!line.hasPrefix("::"), "a line starts a workflow command: \(line)", sourceLocation: sourceLocation)
            let controls = line.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }
            #expect(controls.isEmpty, "raw control characters in: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test("a matrix name cannot clear the screen or forge ::error on stdout or stderr")
    func matrixName() async throws {
        let path = try TestFiles.writeTemporary(
            #"{ "formatVersion": 1, "name": "\#(Self.hostileName)", "poses": [{ "pose": "P1", "expect": { "display": "outer" } }] }"#
        )
        let out = try TestFiles.temporaryFolder()
        let loud = await duoPose(["run", path, "--out", out.path, "--deterministic"])
        #expect(loud.code == 0)
        #expect(
            loud.stdout.hasPrefix(
                #"duo-pose: Evil\u{1B}[2J\u{D}\u{A}::error file=x::forged\u{202E}\u{85}: PASSED: 1 passed, 0 failed, 0 errors, 0 not run of 1 case."#
            ))
        Self.expectPlain(loud.stdout)
        let dry = await duoPose(["run", path, "--dry-run"])
        Self.expectPlain(dry.stdout)
        let strict = await duoPose([
            "run", path, "--out", out.path, "--quiet", "--strict", "--pose", "P1", "--where", "profile=simulator",
        ])
        Self.expectPlain(strict.stderr)
    }

    @Test("paths and arguments in Error lines are escaped too")
    func errorLines() async throws {
        let folder = try TestFiles.temporaryFolder()
        let missing = folder.path + "/x\n::error::forged\u{1B}[31m.json"
        let result = await duoPose(["run", missing, "--out", folder.path])
        #expect(result.code == 65, "a matrix that does not exist is an invalid input (README: exit 65)")
        #expect(result.stderr.contains(#"x\u{A}::error::forged\u{1B}[31m.json"#))
        Self.expectPlain(result.stderr)
        let usage = await duoPose(["run", "--jobs", "1\n::add-mask::x"])
        #expect(usage.code == 64)
        #expect(usage.stderr.hasPrefix(#"Error: --jobs takes a whole number from 1 to 1024, not '1\u{A}::add-mask::x'"#))
        Self.expectPlain(usage.stderr)
    }

    @Test("the escaping keeps tabs and ordinary text, and escapes C0, DEL, C1, separators and bidi controls")
    func escaping() {
        #expect(TerminalText.escaped("a\tb é →", keepingLineBreaks: false) == "a\tb é →")
        #expect(
            TerminalText.escaped("\u{0}\u{7}\u{7F}\u{9B}\u{2028}\u{200F}\u{2066}\n", keepingLineBreaks: true)
                == #"\u{0}\u{7}\u{7F}\u{9B}\u{2028}\u{200F}\u{2066}"# + "\n")
        #expect("a\nb".oneLine == #"a\u{A}b"#)
    }
}

@Suite("Forged results headers")
struct ForgedHeaderTests {
    @Test("header fields that reports re-emit are validated on reading")
    func validated() async throws {
        let (lines, write) = try await RecountTests.smallResults()
        let sha = try #require(lines[0].firstMatch(of: /"sha256":"([0-9a-f]{64})"/)).1
        let time = try #require(lines[0].firstMatch(of: /"generatedAt":"([^"]*)"/)).1
        let forgeries: [(String, String, String)] = [
            (
                #""sha256":"\#(sha)""#, #""sha256":"x` **SIGNED OFF** |""#,
                "the header's matrix.sha256 is not 64 hexadecimal digits"
            ),
            (
                #""toolVersion":"0.2.0""#, #""toolVersion":"0.2.0\n\n**SIGNED OFF**""#,
                #"the header's toolVersion "0.2.0\n\n**SIGNED OFF**" is not a version such as 1.2.3"#
            ),
            (
                #""generatedAt":"\#(time)""#, #""generatedAt":"nan""#,
                #"the header's generatedAt "nan" is not a UTC time such as 2026-01-31T03:00:00Z"#
            ),
            (
                #""poses":["P5"]"#, #""poses":["P5 | passed |\n| forged"]"#,
                #"checklist item "fold" in the header names "P5 | passed |\n| forged", not a pose P1–P13"#
            ),
            // An item on no pose has no case to fail it: sign-off counted it as passed.
            (#""poses":["P1","P2"]"#, #""poses":[]"#, #"checklist item "closed" in the header names no pose"#),
            (#""poses":["P5"]"#, #""poses":["P5",5]"#, #"checklist item "fold" in the header names 5, not a pose P1–P13"#),
            (#""id":"fold""#, #""id":"closed""#, #"checklist item "closed" is in the header twice"#),
            (
                #""id":"fold""#, #""id":"invariant:x""#,
                #"checklist item "invariant:x" in the header starts with "invariant:", "#
                    + "which names the exploration's invariants in sign-off"
            ),
            (#""id":"fold""#, #""id":"""#, "a checklist item in the header has an empty id or text"),
        ]
        for (original, forged, message) in forgeries {
            #expect(lines[0].contains(original), "\(original)")
            var edited = lines
            edited[0] = lines[0].replacingOccurrences(of: original, with: forged)
            let path = try write(edited)
            for command in [["signoff", path, "--by", "Ada"], ["merge", path, "--out", path + ".out"]] {
                let result = await duoPose(command)
                #expect(result.code == 65)
                #expect(result.stderr == "Error: \(path):1: \(message)\n")
            }
        }
    }

    @Test("counts and names a results file would have truncated, stopped the program on or let by are refused")
    func numbersAndNames() async throws {
        let (lines, write) = try await RecountTests.smallResults()
        let first = try #require(lines.firstIndex { $0.hasPrefix(#"{"type":"case","index":0,"pose":"P1","#) })
        let duration = try #require(lines[first].firstMatch(of: /"duration":[0-9.]+/)).0
        let header = #"{"type":"header","#
        let failed = try #require(lines.firstIndex { $0.contains(#""status":"failed","failures":0,"#) })
        let notRun = try #require(lines.firstIndex { $0.contains(#""status":"notRun","line":"#) && $0.contains(#""reason":0,"#) })
        let record = try #require(lines.firstIndex { $0.hasPrefix(#"{"type":"failures","#) })
        let passed = try #require(lines[record...].firstIndex { $0.contains(#""status":"passed""#) })
        // The failures record names the matrix file, so where its keys stand depends on the checkout's path.
        let actual =
            try #require(lines[record].utf8.firstRange(of: #""actual""#.utf8)).lowerBound.utf16Offset(in: lines[record]) + 1
        // (line, text, forged text, message)
        let forgeries: [(Int, String, String, String)] = [
            (0, #""plan":{"cases":14}"#, #""plan":{"cases":1e300}"#, "the header's plan.cases is not a count"),
            (0, #""plan":{"cases":14}"#, #""plan":{"cases":13.5}"#, "the header's plan.cases is not a count"),
            (
                0, #""plan":{"cases":14}"#, #""plan":{"cases":14,"matrixCases":1e300}"#,
                "the header's plan.matrixCases is not a count"
            ),
            (0, header, header + #""filter":{"maxCases":1e300},"#, "the header's filter.maxCases is not a count"),
            (0, header, header + #""shard":{"index":1e300,"total":2},"#, "the header's shard is not K/N"),
            (0, header, header + #""shard":{"index":1,"total":Infinity},"#, ":@: 'Infinity'" + JSON5Reader.notJSONSuffix),
            (first, #""index":0,"#, #""index":1e300,"#, "a case line's index 1e300 is not a whole number of 0 or more"),
            (first, #""index":0,"#, #""index":0.5,"#, "a case line's index 0.5 is not a whole number of 0 or more"),
            (first, #""pose":"P1""#, #""pose":"P99""#, #"case 0: unknown pose "P99" (expected P1 to P13)"#),
            (
                first, #""pose":"P1""#, #""pose":"p1""#,
                #"case 0: unknown pose "p1"; did you mean "P1"? (expected P1 to P13)"#
            ),
            (first, #""values":{"profile""#, #""values":{"bogus""#, #"case 0: unknown axis "bogus" in its values"#),
            (first, String(duration), #""duration":-5"#, "case 0: duration -5 is not a number of seconds of 0 or more"),
            (
                first, String(duration), #""duration":1e400"#,
                "case 0: duration 1e400 is not a number of seconds of 0 or more"
            ),
            (first, String(duration), #""duration":NaN"#, ":@: 'NaN'" + JSON5Reader.notJSONSuffix),
            (
                first, #""values":{"profile":"device"}"#, #""values":{"profile":["device"]}"#,
                "case 0: profile is an array of 1, not a text, a finite number or true/false"
            ),
            // A status without what it rests on, or with what it cannot have.
            (failed, #""failures":0,"#, "", "case 2 failed but names no failures record"),
            (notRun, #""reason":0,"#, "", "case 4 was not run but names no reason record"),
            (passed, #""status":"passed""#, #""status":"passed","failures":0"#, "case 6 passed but names a failures record"),
            (
                record, #""actual":"466x678""#, #""actual":NaN"#, ":@: 'NaN'" + JSON5Reader.notJSONSuffix
            ),
            (
                0, #""trust":["apple","definition","measured","inference","unverified"]"#, #""trust":[]"#,
                "the header's trust names no provenance level"
            ),
            (0, header, header + #""strict":"yes","#, "the header's strict is not true or false"),
            // duo-pose read the first of two keys, jq and Python the last: the line means two things.
            // The column follows the line (FILE:LINE:COLUMN: message).
            (
                first, #""status":"passed""#, #""status":"failed","status":"passed""#,
                #":86: duplicate key "status"; first given at column 68"#
            ),
            (
                record, #""actual":"466x678""#, #""actual":"466x678","actual":"678x466""#,
                #":\#(actual + 19): duplicate key "actual"; first given at column \#(actual)"#
            ),
            (
                0, #""plan":{"cases":14}"#, #""plan":{"cases":14,"matrixCases":3}"#,
                "the header's plan.matrixCases (3) is less than its plan.cases (14)"
            ),
        ]
        for (line, original, forged, message) in forgeries {
            #expect(lines[line].contains(original), "\(original)")
            var edited = lines
            edited[line] = lines[line].replacingOccurrences(of: original, with: forged)
            let path = try write(edited)
            for command in [["signoff", path, "--by", "Ada"], ["merge", path, "--out", path + ".out"]] {
                let result = await duoPose(command)
                #expect(result.code == 65, "\(forged)")
                let place = "\(path):\(line + 1)" + (message.hasPrefix(":") ? "" : ": ")
                // `@` stands for the column of the JSON5 word the forgery put in.
                let word = edited[line].firstRange(of: /NaN|Infinity/)
                let column =
                    word.map { String(edited[line].distance(from: edited[line].startIndex, to: $0.lowerBound) + 1) } ?? ""
                #expect(result.stderr == "Error: \(place)\(message.replacingOccurrences(of: ":@:", with: ":\(column):"))\n")
            }
        }
    }

    @Test("a summary's baseline counts that are not counts, or whose sum would not fit, are refused")
    func baselineCounts() async throws {
        let folder = try TestFiles.temporaryFolder()
        let first = folder.appendingPathComponent("first").path
        let second = folder.appendingPathComponent("second").path
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", first, "--quiet"])
        _ = await duoPose([
            "run", TestFiles.fixture("small.json"), "--out", second, "--quiet", "--baseline", first + "/results.jsonl",
        ])
        let lines = try TestFiles.read(URL(fileURLWithPath: second + "/results.jsonl")).split(separator: "\n").map(String.init)
        #expect(lines[lines.count - 1].contains(#""newFailures":0,"#))
        for forged in ["9e18", "1e16", "-1", "0.5"] {
            var edited = lines
            edited[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(
                of: #""newFailures":0,"#, with: #""newFailures":\#(forged),"#)
            let path = try TestFiles.writeTemporary(edited.joined(separator: "\n") + "\n", name: "results.jsonl")
            for command in [["signoff", path, "--by", "Ada"], ["merge", path, "--out", path + ".out"]] {
                let result = await duoPose(command)
                #expect(result.code == 65, "\(forged)")
                #expect(
                    result.stderr
                        == "Error: \(path):\(lines.count): the summary's baseline newFailures, newCaseFailures and newlyBroken "
                        + "are not counts\n")
            }
        }
    }

    @Test("report.md and signoff.md escape the header's fields")
    func escaped() throws {
        let loaded = try MatrixLoader.loadBuiltIn()
        var header = RunHeader(loaded: loaded, toolVersion: "1|2", generatedAt: "3|4", planCases: 0)
        header.checklist = [ChecklistItem(id: "x", text: "t", poses: ["P1|P2"])]
        let folder = try TestFiles.temporaryFolder()
        var reports = try ReportSet(header: header, folder: folder)
        _ = try reports.finish()
        let report = try TestFiles.read(folder.appendingPathComponent(ReportSet.markdownName))
        #expect(report.contains("duo-pose 1\\|2, 3\\|4."))
        #expect(report.contains("| x | t | P1\\|P2 | not run |"))
        let signoff = SignOff(
            header: header, tally: Tally(), waivers: [:], signedBy: "A", signedAt: "now", toolVersion: "5|6",
            resultsPath: "r", resultsSHA256: "s")
        #expect(signoff.markdown().contains("| x | t | P1\\|P2 | not run | — |  |"))
        #expect(signoff.markdown().contains("\n- duo-pose 5\\|6; results written by duo-pose 1\\|2\n"))
    }
}

@Suite("SOURCE_DATE_EPOCH")
struct SourceDateEpochTests {
    @Test(
        "anything but a whole number of seconds from 0 is a usage error naming the variable",
        arguments: ["nan", "garbage", "-1", "1.5", "", " 5", "+5", "253402300800", "99999999999999999999"])
    func refused(_ value: String) async throws {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("never")
        let result = await duoPose(["run", "--out", out.path, "--pose", "P1"], environment: ["SOURCE_DATE_EPOCH": value])
        #expect(result.code == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, from 0 to 253402300799, not '\(value)'\n"
                    + "Usage: "))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let signoff = await duoPose(["signoff", "r.jsonl", "--by", "A"], environment: ["SOURCE_DATE_EPOCH": value])
        #expect(signoff.code == 64)
        #expect(signoff.stderr.hasPrefix("Error: SOURCE_DATE_EPOCH must be a whole number"))
    }

    @Test("0 and the last second of year 9999 are accepted")
    func accepted() async throws {
        for (value, time) in [("0", "1970-01-01T00:00:00Z"), ("253402300799", "9999-12-31T23:59:59Z")] {
            let out = try TestFiles.temporaryFolder()
            let result = await duoPose(
                ["run", "--out", out.path, "--pose", "P1", "--quiet"], environment: ["SOURCE_DATE_EPOCH": value])
            #expect(result.code == 0)
            #expect(try resultsLines(out).header.contains(#""generatedAt":"\#(time)""#))
        }
    }
}

@Suite("Baselines from elsewhere")
struct BaselineOriginTests {
    @Test("a baseline from another matrix is compared with a warning on stderr")
    func otherMatrix() async throws {
        let folder = try TestFiles.temporaryFolder()
        let before = folder.appendingPathComponent("before")
        _ = await duoPose(["run", TestFiles.fixture("passing.json"), "--out", before.path, "--quiet"])
        let baseline = before.appendingPathComponent(ReportSet.resultsName).path
        let other = try ResultsReader(path: baseline).header.matrixSHA256.prefix(12)
        let this = SHA256.hex(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("small.json"))))).prefix(12)
        let warning =
            "Warning: the baseline \(baseline) comes from another matrix (SHA-256 \(other), this one \(this)): "
            + "cases are matched by id, and across an axis one has and the other has not at its default\n"
        let after = folder.appendingPathComponent("after")
        let run = await duoPose(["run", TestFiles.fixture("small.json"), "--out", after.path, "--baseline", baseline])
        #expect(run.code == 1)
        #expect(run.stderr == warning)
        let same = await duoPose(["run", TestFiles.fixture("passing.json"), "--out", after.path, "--baseline", baseline])
        #expect(same.stderr == "")
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", after.path, "--quiet"])
        let merge = await duoPose([
            "merge", after.appendingPathComponent(ReportSet.resultsName).path, "--out", folder.appendingPathComponent("m").path,
            "--baseline", baseline,
        ])
        #expect(merge.stderr.hasPrefix(warning))
    }

    @Test("a shard's results are refused as a baseline")
    func shard() async throws {
        let folder = try TestFiles.temporaryFolder()
        let before = folder.appendingPathComponent("before")
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", before.path, "--quiet", "--shard", "1/2"])
        let baseline = before.appendingPathComponent(ReportSet.resultsName).path
        let out = folder.appendingPathComponent("never")
        let result = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--baseline", baseline])
        #expect(result.code == 65)
        #expect(
            result.stderr == "Error: \(baseline):1: is shard 1/2 of a run; compare with the merged results of the shards\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

@Suite("Rough edges of the command line")
struct CommandLineEdgeTests {
    @Test("help for an unknown topic is a usage error with a suggestion")
    func helpBogus() async {
        let bogus = await duoPose(["help", "bogus"])
        #expect(bogus.code == 64)
        #expect(bogus.stdout == "")
        #expect(bogus.stderr == "Error: no help for 'bogus': it is not a command\n" + CommandLineTests.topUsage)
        let typo = await duoPose(["help", "rnu"])
        #expect(typo.stderr == "Error: no help for 'rnu': it is not a command; did you mean 'run'?\n" + CommandLineTests.topUsage)
        let known = await duoPose(["help", "merge"])
        #expect(known.code == 0)
        #expect(
            known.stdout.hasPrefix(
                "Usage: duo-pose merge RESULTS… --out DIR [--baseline RESULTS] [--fail-on any|new] [--summary FILE] "
                    + "[--trust LEVELS] [--strict] [--quiet]\n"))
    }

    @Test("without a command word, messages do not name 'run'")
    func implicitRun() async {
        let short = await duoPose(["-V"])
        #expect(short.code == 64)
        #expect(short.stderr == "Error: unknown option '-V'\n" + CommandLineTests.topUsage)
        let typo = await duoPose(["--verison"])
        #expect(typo.stderr == "Error: unknown option '--verison'; did you mean '--version'?\n" + CommandLineTests.topUsage)
        let afterFile = await duoPose([TestFiles.fixture("passing.json"), "--jbos", "2"])
        #expect(afterFile.stderr == "Error: unknown option '--jbos'; did you mean '--jobs'?\n" + CommandLineTests.topUsage)
        let explicit = await duoPose(["run", "-V"])
        #expect(explicit.stderr.hasPrefix("Error: unknown option '-V' for 'run'\nUsage: duo-pose run "))
    }

    /// Runs the command line with bytes on standard input.
    static func withInput(_ bytes: String, _ arguments: [String]) async -> Invocation {
        let out = CapturedText()
        let err = CapturedText()
        let code = await DuoPose.run(
            arguments: arguments, stdout: out, stderr: err, environment: [:], standardInput: { Array(bytes.utf8) })
        return Invocation(code: code, stdout: out.text, stderr: err.text)
    }

    @Test("'-' reads a matrix from standard input")
    func standardInput() async throws {
        let matrix = try String(contentsOfFile: TestFiles.fixture("passing.json"), encoding: .utf8)
        let out = try TestFiles.temporaryFolder()
        let result = await Self.withInput(matrix, ["run", "-", "--out", out.path, "--quiet"])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(try resultsLines(out).header.contains(#""path":"<stdin>""#))
        let validate = await Self.withInput(
            #"{ "formatVersion": 1, "name": "x", "poses": [{ "pose": "P1" }] }"#, ["validate", "-"])
        #expect(validate.stdout == "<stdin>: valid, 1 pose entry, 1 case\n")
        let bad = await Self.withInput(#"{ "formatVersion": 1, "name": "x", "poses": [{ "pose": "P14" }] }"#, ["validate", "-"])
        #expect(bad.code == 65)
        #expect(bad.stderr.hasPrefix("Error: <stdin>:1:56: poses[0].pose: unknown pose \"P14\""))
    }

    /// Runs the command line with `bytes` behind a pipe named by path, as `<(…)` passes one:
    /// `PIPE` in the arguments stands for its `/dev/fd/N`. The bytes are written whole first (a
    /// pipe holds 64 KiB): a writing task could wait forever for a thread that readings in other
    /// tests hold.
    static func withPipe(_ bytes: Data, _ arguments: [String]) async throws -> (path: String, result: Invocation) {
        try #require(bytes.count < 1 << 16)
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(bytes)
        try pipe.fileHandleForWriting.close()
        let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        let result = await duoPose(arguments.map { $0 == "PIPE" ? path : $0 })
        try pipe.fileHandleForReading.close()
        return (path, result)
    }

    @Test("a pipe named by path (process substitution) is read like a file and called <pipe PATH>")
    func pipePath() async throws {
        let matrix = try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("passing.json")))
        let (path, result) = try await Self.withPipe(matrix, ["validate", "PIPE"])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<pipe \(path)>: valid, "))
        let bad = Data(#"{ "formatVersion": 1, "name": "x", "poses": [{ "pose": "P14" }] }"#.utf8)
        let (badPath, refused) = try await Self.withPipe(bad, ["validate", "PIPE"])
        #expect(refused.code == 65)
        #expect(refused.stderr.hasPrefix("Error: <pipe \(badPath)>:1:56: poses[0].pose: unknown pose \"P14\""))
    }

    @Test("a run records a matrix read from a pipe as <pipe PATH>, as it records '-' as <stdin>")
    func pipeRecorded() async throws {
        let out = try TestFiles.temporaryFolder()
        let matrix = try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("passing.json")))
        let (path, result) = try await Self.withPipe(matrix, ["run", "PIPE", "--out", out.path, "--quiet"])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(try resultsLines(out).header.contains(#""path":"<pipe \#(path)>""#))
        #expect(try TestFiles.read(out.appendingPathComponent("junit.xml")).contains(#" file="&lt;pipe \#(path)&gt;""#))
    }

    @Test("observations read from a pipe are called <pipe PATH> in errors and in the results")
    func observationsPipe() async throws {
        let matrix = ObservationTests.matrix
        let records = try Data(contentsOf: URL(fileURLWithPath: ObservationTests.observations))
        let out = try TestFiles.temporaryFolder()
        let (path, result) = try await Self.withPipe(
            records, ["run", matrix, "--observations", "PIPE", "--out", out.path, "--quiet"])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(try resultsLines(out).header.contains(#""observations":{"path":"<pipe \#(path)>""#))
        let bad = Data(
            (#"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"# + "\n"
                + #"{"pose": "P4", "values": {"profile": "device"}, "observables": {}}"# + "\n").utf8)
        let (badPath, refused) = try await Self.withPipe(
            bad, ["run", TestFiles.fixture("small.json"), "--observations", "PIPE", "--out", out.path])
        #expect(refused.code == 65)
        #expect(refused.stderr == "Error: <pipe \(badPath)>:2:10: the matrix has no P4 entry\n")
    }

    @Test("counts take the right number: 1 error, 1 case, 1 more error")
    func plurals() {
        var counts = Counts()
        counts.total = 1
        counts.errors = 1
        #expect(RunVerdict.failed.line(counts) == "**FAILED**: 0 passed, 0 failed, 1 error, 0 not run of 1 case.")
        let err = CapturedText()
        let context = Context(stdout: CapturedText(), stderr: err, environment: [:], progressSink: err, standardInput: { [] })
        let errors = (0...Context.shownErrorLimit).map { MatrixError(file: "m.json", message: "bad \($0)") }
        _ = context.matrixErrors(MatrixErrors(errors: errors))
        #expect(err.text.hasSuffix("Error: m.json: bad 49\nError: … and 1 more error\n"))
    }
}

@Suite("README usage lines")
struct ReadmeUsageTests {
    @Test("the README's command-line block gives every command's generated usage line")
    func usageLines() throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let block = try #require(
            readme.components(separatedBy: "## Command line\n\n```\n").dropFirst().first?.components(separatedBy: "```").first)
        var lines: [String] = []
        for line in block.split(separator: "\n") {
            let text = String(line.split(separator: "#").first ?? "").trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(" ") { lines[lines.count - 1] += " " + text } else { lines.append(text) }
        }
        for command in Command.allCases {
            #expect(lines.contains(command.synopsis), "README lacks: \(command.synopsis)")
        }
    }
}

@Suite("Timestamps")
struct TimestampTests {
    @Test("SOURCE_DATE_EPOCH wins, a deterministic run is at the epoch, else the clock passed in")
    func timestamp() {
        let now = Date(timeIntervalSince1970: 31_536_000)
        #expect(Timestamp.string(sourceDateEpoch: 5, deterministic: true, now: now) == "1970-01-01T00:00:05Z")
        #expect(Timestamp.string(sourceDateEpoch: nil, deterministic: true, now: now) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.string(sourceDateEpoch: nil, deterministic: false, now: now) == "1971-01-01T00:00:00Z")
    }
}

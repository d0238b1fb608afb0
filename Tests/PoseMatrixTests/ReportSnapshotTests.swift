import Foundation
import Testing

@testable import PoseMatrix

@Suite("Report golden files")
struct ReportSnapshotTests {
    @Test("junit.xml, report.md, results.jsonl and report.html match their golden files")
    func goldenFiles() async throws {
        try await expectReportsMatchSnapshots(fixture: "small.json", prefix: "small")
    }

    @Test("no temporary file is left beside the reports")
    func noLeftovers() async throws {
        let folder = try await TestFiles.writeReports(fixture: "small.json", jobs: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["junit.xml", "report.html", "report.md", "results.jsonl"])
    }

    @Test("the JUnit counts agree with the testcases written")
    func junitCounts() async throws {
        let folder = try await TestFiles.writeReports(fixture: "small.json", jobs: 2)
        let xml = try TestFiles.read(folder.appendingPathComponent(ReportSet.junitName))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 14)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(xml.components(separatedBy: "<skipped ").count - 1 == 4)
        #expect(xml.components(separatedBy: "<testsuite ").count - 1 == 6)
        #expect(xml.contains("<testsuites name=\"Small | test &lt;matrix&gt;\" tests=\"14\" failures=\"2\" errors=\"0\""))
    }
}

@Suite("Escaping")
struct EscapingTests {
    @Test("XML replaces the characters XML 1.0 forbids and escapes markup")
    func xml() {
        #expect(
            Escaping.xml("a<b>&\"'\u{0}\u{1B}\u{FFFE}]]>\n") == "a&lt;b&gt;&amp;&quot;&apos;\u{FFFD}\u{FFFD}\u{FFFD}]]&gt;&#10;")
    }

    @Test("Markdown cells escape pipes and fold line breaks")
    func markdown() {
        #expect(Escaping.markdownCell("a|b\nc`d<e") == "a\\|b c'd&lt;e")
    }

    @Test("Markdown cells let no link, bidirectional override or C1 control through")
    func markdownHostile() {
        #expect(Escaping.markdownCell("[x](javascript:alert(1))") == "\\[x\\](javascript:alert(1))")
        #expect(Escaping.markdownCell("abc\u{202E}fed\u{2066}x\u{2069}\u{200F}") == "abc\u{FFFD}fed\u{FFFD}x\u{FFFD}\u{FFFD}")
        // An entity would bring a bidirectional override back where the Markdown is shown.
        #expect(Escaping.markdownCell("x&#x202E;y &amp; z") == "x&amp;#x202E;y &amp;amp; z")
        #expect(Escaping.markdownCell("a\u{85}b\u{9B}c\u{80}d") == "a b c d")
    }

    @Test("code spans keep < and backslashes as they are, and escape | only in a table")
    func markdownCode() {
        #expect(Escaping.markdownCode("a<b|c\\d`e\u{9B}f\u{202E}", inTable: false) == "a<b|c\\d'e f\u{FFFD}")
        #expect(Escaping.markdownCode("a<b|c\\d", inTable: true) == "a<b\\|c\\d")
    }

    @Test("report.md shows a matrix path with < and | as it is inside its code span")
    func codeSpanInReport() async throws {
        let folder = try TestFiles.temporaryFolder()
        let path = folder.appendingPathComponent("a<b|c.json").path
        try FileManager.default.copyItem(atPath: TestFiles.fixture("small.json"), toPath: path)
        let out = folder.appendingPathComponent("out")
        _ = await duoPose(["run", path, "--out", out.path, "--quiet", "--deterministic"])
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        #expect(report.contains("Matrix `\(path)` (SHA-256"))
    }

    @Test("JSON strings escape quotes, backslashes and control characters")
    func json() {
        #expect(quoted("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
        #expect(quoted("\u{7F}x\u{2028}y\u{2029}é\u{1F}") == "\"\\u007fx\\u2028y\\u2029é\\u001f\"")
    }

    @Test("the byte writers take the same fast and slow paths as the whole-string functions")
    func byteBuffer() throws {
        for text in ["plain", "a<b>&\"'", "tab\tnew\nline", "\u{FFFF}\u{FFFE}\u{FFFD}", "é→ü", "", "\u{0}"] {
            var xml = ByteBuffer()
            xml.appendXML(text)
            #expect(String(decoding: xml.bytes, as: UTF8.self) == Escaping.xml(text))
            var json = ByteBuffer()
            json.appendJSONString(text)
            #expect(String(decoding: json.bytes, as: UTF8.self) == quoted(text))
            #expect(try JSON5Reader.parse(quoted(text)).string == text)
        }
        #expect(Escaping.xml("\u{FFFF}a\u{FFFE}") == "\u{FFFD}a\u{FFFD}")
    }

    @Test("JUnit times have exactly three decimals")
    func times() {
        #expect(JUnitReport.time(0) == "0.000")
        #expect(JUnitReport.time(1.23456) == "1.235")
        #expect(JUnitReport.time(61.0005) == "61.001")
    }

    @Test("SHA-256 matches the standard test vectors")
    func sha256() {
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}

@Suite("Reports/sample")
struct SampleReportTests {
    @Test("Reports/sample is what the built-in matrix writes today")
    func sampleIsCurrent() async throws {
        let out = try await ReferenceRun.folder
        #expect(try await ReferenceRun.invocation.code == 0)
        let sample = TestFiles.packageRoot.appendingPathComponent("Reports/sample")
        for name in [ReportSet.junitName, ReportSet.markdownName, ReportSet.resultsName, ReportSet.htmlName] {
            let actual = try TestFiles.read(out.appendingPathComponent(name))
            if try recordGolden(actual, at: sample.appendingPathComponent(name)) { continue }
            let expected = (try? TestFiles.read(sample.appendingPathComponent(name))) ?? ""
            #expect(expected == actual, "Reports/sample/\(name) is stale:\n\(lineDiff(expected: expected, actual: actual))")
        }
    }
}

@Suite("Markdown tables")
struct MarkdownTableTests {
    @Test("passes resting on inference are sorted by observable, provenance and source, each observable named once")
    func assumptionsSorted() async throws {
        let out = try await ReferenceRun.folder
        #expect(try await ReferenceRun.invocation.code == 0)
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        let section = report.components(separatedBy: "## Passes resting on inference or unverified facts\n\n")[1]
        let rows = section.components(separatedBy: "\n\n")[0].split(separator: "\n").dropFirst(2)
        var named: [String] = []
        var keys: [[String]] = []
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
            }
            if !cells[1].isEmpty { named.append(cells[1]) }
            keys.append([named.last ?? "", cells[2], cells[3]])
        }
        #expect(rows.count == 50, "the report's cap on distinct rows")
        #expect(named == Array(Set(named)).sorted(), "each observable once, in order")
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) }, "rows sorted")
        #expect(rows.contains("| `bars.edge` | inference | I from A T62: bar on the same hardware side | 6 | P1, P3, P11 |"))
        #expect(
            rows.contains("| | inference | I from M AX-DGb (simulator); A ReservedRegion via AX-LAY: mirrors | 2 | P3, P11 |"))
    }

    @Test("rows past the cap are counted under the table: every distinct assumption of a passed case is listed or counted")
    func assumptionsCounted() async throws {
        let out = try await ReferenceRun.folder
        #expect(try await ReferenceRun.invocation.code == 0)
        var distinct: Set<CaseResult.Assumption> = []
        let reader = try ResultsReader(path: out.appendingPathComponent("results.jsonl").path)
        while let result = try reader.next() {
            if result.status == .passed { distinct.formUnion(result.assumptions) }
        }
        #expect(distinct.count > 50, "the reference matrix's passes rest on more assumptions than the table lists")
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        #expect(
            report.contains(
                "\n… and \(distinct.count - 50) more rows (observable, provenance and source) left out: "
                    + "see the assumption records of results.jsonl.\n"))
    }
}

@Suite("Markdown limits")
struct MarkdownLimitTests {
    @Test("a large run lists 100 failures and 50 not-run reasons, and counts the rest")
    func capsDetail() async throws {
        let angles = (0...180).map(String.init).joined(separator: ", ")
        let rules = (0..<60).map { #"{ "when": { "hingeAngle": \#($0) }, "reason": "reason \#($0)" }"# }.joined(separator: ", ")
        let text = """
            { "formatVersion": 1, "name": "Big", "poses": [{ "pose": "P5", "axes": { "hingeAngle": [\(angles)] },
              "expect": { "display": "outer" }, "notRun": [\(rules)] }] }
            """
        let path = try TestFiles.writeTemporary(text)
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(["run", path, "--out", out.path, "--quiet"])
        #expect(result.code == 1)
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        // Folding down from 180°, the inner display is kept above 40°: angles 60 to 180 all fail.
        #expect(report.contains("**FAILED**: 0 passed, 121 failed, 0 errors, 60 not run of 181 cases."))
        #expect(report.components(separatedBy: "\n- `P5 [hingeAngle=").count - 1 == 100)
        #expect(report.contains("\n… and 21 more failed cases: see results.jsonl and junit.xml.\n"))
        #expect(report.contains("\n… and 10 more not-run cases with other reasons: see results.jsonl.\n"))
        #expect(report.components(separatedBy: "\n| reason ").count - 1 == 50)
    }
}

@Suite("Not-run reasons in report.md")
struct NotRunReasonTests {
    @Test(
        "the table groups reasons by what is missing: sources of untrusted values and what held are dropped, nothing else",
        arguments: [
            (
                "rests on inference: display (I from M AX-DGb, SIN (simulator)), fold.region (I from M AX-PR (simulator, "
                    + "measured book, closed, flat only)); held: hinge.angle, hinge.status",
                "rests on inference: display, fold.region"
            ),
            (
                "hinge.status: no source gives hinge.status for a device at an angle other than 0°, 90° and 180° (its "
                    + "thresholds are the system's call, duo-facts E#10); rests on unverified: scene.sizeClass (U S0; M x); "
                    + "held: display",
                "hinge.status: no source gives hinge.status for a device at an angle other than 0°, 90° and 180° (its "
                    + "thresholds are the system's call, duo-facts E#10); rests on unverified: scene.sizeClass"
            ),
            ("the simulator has no camera", "the simulator has no camera"),
            ("a (b; c) d; held: e", "a (b; c) d"),
        ])
    func grouped(_ example: (reason: String, group: String)) {
        #expect(MarkdownReport.reasonGroup(example.reason) == example.group)
    }

    @Test("under --trust the reference matrix's not-run cases make one row per set of missing values")
    func fewerRowsUnderTrust() async throws {
        let out = try TestFiles.temporaryFolder()
        #expect(
            await duoPose(["run", TestFiles.shallowReference, "--trust", "apple,measured", "--out", out.path, "--quiet"]).code
                == 0)
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        let section = try #require(report.components(separatedBy: "\n## Not run\n").last?.components(separatedBy: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Reason") }
        #expect(rows.allSatisfy { !$0.contains("; held: ") && !$0.contains("(simulator") })
        #expect(rows.contains("| rests on inference: display | 14 | P5, P7, P12 |"))
        let cells = rows.map { $0.split(separator: "|")[0] }
        #expect(Set(cells).count == cells.count, "each group once")
    }
}

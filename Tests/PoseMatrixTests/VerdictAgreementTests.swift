import Foundation
import Testing

@testable import PoseMatrix

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// junit.xml agrees with the exit code, and CI's JUnit reporters find the matrix line in it; each
/// test drives the built binary as a CI job does.
@Suite("JUnit agrees with the exit code")
struct VerdictAgreementTests {
    /// A matrix in `ci/matrices/app.json` of a new folder (folders named as a Java package, as
    /// dorny/test-reporter needs), whose lines hold, in order: a failing entry (3), an entry whose
    /// step cannot apply (4), an entry not run (5) and an invariant that breaks (8).
    static let located = """
        { formatVersion: 1, name: "Located", app: { multipleScenes: true, newWindow: { via: "activateSceneSession" } },
          poses: [
            { pose: "P1", expect: { display: "inner" } },
            { pose: "P2", steps: ["close", "splitView(left)"], expect: { display: "outer" } },
            { pose: "P3", notRun: { reason: "checked by hand" }, expect: { display: "inner" } },
          ],
          explore: { start: "P3", depth: 3, when: { profile: "device" }, invariants: [
            { name: "content is reachable", expect: { "content.reachable": true } },
          ] } }
        """

    /// A new folder holding `relativePath` with `text`.
    static func checkout(_ text: String, at relativePath: String = "ci/matrices/app.json") throws -> URL {
        let folder = try TestFiles.temporaryFolder()
        let file = folder.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return folder
    }

    /// Every `<failure>` and `<error>` of a JUnit file: the testcase's name, the element, its type,
    /// its message and its body as a reporter reads them (entities decoded), and its suite's `file`.
    struct Issue: Equatable {
        var testcase: String
        var element: String
        var type: String
        var message: String
        var body: String
        var suiteFile: String
    }

    static func issues(in url: URL) throws -> [Issue] {
        let document = try XMLDocument(data: try Data(contentsOf: url))
        var found: [Issue] = []
        for suite in try document.nodes(forXPath: "//testsuite").compactMap({ $0 as? XMLElement }) {
            let file = suite.attribute(forName: "file")?.stringValue ?? ""
            for testcase in suite.elements(forName: "testcase") {
                for element in testcase.children?.compactMap({ $0 as? XMLElement }) ?? []
                where element.name == "failure" || element.name == "error" {
                    found.append(
                        Issue(
                            testcase: testcase.attribute(forName: "name")?.stringValue ?? "", element: element.name ?? "",
                            type: element.attribute(forName: "type")?.stringValue ?? "",
                            message: element.attribute(forName: "message")?.stringValue ?? "",
                            body: element.stringValue ?? "", suiteFile: file))
                }
            }
        }
        return found
    }

    /// The line mikepenz/action-junit-report (v6, `src/testParser.ts`, `resolveFileAndLine`) gives an
    /// annotation of a testcase without a `line` attribute: the file is the suite's, and the line is
    /// read from the failure's body, the last match of `` [^ ]*FILE.*?:\d+`` (FILE with regular
    /// expression characters escaped), the text after its last colon. The message is never read.
    static func mikepenzLine(suiteFile: String, body: String) -> Int? {
        let escaped = NSRegularExpression.escapedPattern(for: suiteFile).replacingOccurrences(of: "::", with: "/")
        guard let pattern = try? NSRegularExpression(pattern: " [^ ]*" + escaped + ".*?:\\d+") else { return nil }
        let range = NSRange(body.startIndex..., in: body)
        guard let last = pattern.matches(in: body, range: range).last, let match = Range(last.range, in: body) else {
            return nil
        }
        return body[match].split(separator: ":").last.flatMap { Int($0) }
    }

    /// The file and line dorny/test-reporter (`src/parsers/java-junit`) gives: the first body line that
    /// is a stack frame `at PATH(NAME:LINE)` whose NAME is a tracked file's name and whose PATH's
    /// leading names, up to the first that starts with a capital (the class), are that file's folders.
    static func dornyLocation(body: String, tracked: [String]) -> (file: String, line: Int)? {
        let frame = /^\s*at (\S+\/\S*\/)?(.*)\((.*):(\d+)\)$/
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let match = String(line).wholeMatch(of: frame), let number = Int(match.4) else { continue }
            var packages = match.2.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if let first = packages.firstIndex(where: { $0.first.map { $0 <= "Z" } ?? false }) {
                packages.removeSubrange(first...)
            }
            guard !packages.isEmpty else { continue }
            for file in tracked where file.split(separator: "/").last.map(String.init) == String(match.3) {
                let folders = file.split(separator: "/").dropLast().map(String.init)
                guard packages.count <= folders.count, Array(folders.suffix(packages.count)) == packages else { continue }
                return (file, number)
            }
        }
        return nil
    }

    @Test(
        "failures, errors, cases not run under --strict and broken invariants carry their matrix line where both reporters read it"
    )
    func annotationsLandOnTheLine() throws {
        let folder = try Self.checkout(Self.located)
        let run = try runBinary(["run", "ci/matrices/app.json", "--out", "out", "--strict", "--quiet"], in: folder)
        #expect(run.code == 1)
        let issues = try Self.issues(in: folder.appendingPathComponent("out/junit.xml"))
        let expected: [(String, String, String, Int)] = [
            ("P1", "failure", "expectation", 3), ("P2", "error", "step", 4), ("P3", "failure", "not run (--strict)", 5),
            ("content is reachable", "failure", "invariant", 8),
        ]
        #expect(issues.map(\.testcase) == expected.map(\.0))
        for (issue, (name, element, type, line)) in zip(issues, expected) {
            #expect(issue.element == element, "\(name)")
            #expect(issue.type == type, "\(name)")
            #expect(issue.suiteFile == "ci/matrices/app.json")
            #expect(issue.message.hasPrefix("ci/matrices/app.json:\(line): "), "\(name): \(issue.message)")
            #expect(Self.mikepenzLine(suiteFile: issue.suiteFile, body: issue.body) == line, "\(name): \(issue.body)")
            let dorny = Self.dornyLocation(body: issue.body, tracked: ["README.md", "ci/matrices/app.json"])
            let dornyFile = dorny?.file
            let dornyLine = dorny?.line
            #expect(dornyFile == "ci/matrices/app.json", "\(name): \(issue.body)")
            #expect(dornyLine == line, "\(name): \(issue.body)")
        }
        // The per-pose tables count the error apart from the failures, as the verdict does.
        let report = try TestFiles.read(folder.appendingPathComponent("out/report.md"))
        #expect(report.contains("| Pose | State | Cases | Passed | Failed | Errors | Not run | Verdict |\n"))
        #expect(report.contains("\n| P2 | Closed, outer display, landscape | 1 | 0 | 0 | 1 | 0 | failed |\n"))
        #expect(report.contains("\n| P1 | Closed, outer display, portrait | 1 | 0 | 1 | 0 | 0 | failed |\n"))
        // The message is not where mikepenz's reporter looks: without the body's location it would say line 1.
        #expect(Self.mikepenzLine(suiteFile: "ci/matrices/app.json", body: issues[0].message) == nil)
    }

    @Test("under --strict a case not run is a JUnit failure in run and merge, counted as failed, not skipped")
    func strictNotRunFails() throws {
        let folder = try Self.checkout(try TestFiles.read(URL(fileURLWithPath: TestFiles.fixture("small.json"))))
        let whole = try runBinary(["run", "ci/matrices/app.json", "--out", "whole", "--strict", "--deterministic"], in: folder)
        #expect(whole.code == 1)
        let junit = try TestFiles.read(folder.appendingPathComponent("whole/junit.xml"))
        #expect(junit.contains(#"<testsuites name="Small | test &lt;matrix&gt;" tests="14" failures="6" errors="0""#))
        #expect(!junit.contains("<skipped"))
        #expect(
            junit.contains(
                #"<testsuite name="P3" tests="2" failures="2" errors="0" skipped="0" time="0.000" file="ci/matrices/app.json">"#))
        #expect(
            junit.contains(
                #"<failure type="not run (--strict)" message="ci/matrices/app.json:28: not run: the simulator has no camera">"#))
        for index in 1...2 {
            let shard = try runBinary(
                ["run", "ci/matrices/app.json", "--out", "s\(index)", "--strict", "--deterministic", "--shard", "\(index)/2"],
                in: folder)
            #expect(shard.code == 1)
        }
        let merged = try runBinary(["merge", "s1/results.jsonl", "s2/results.jsonl", "--out", "merged", "--strict"], in: folder)
        #expect(merged.code == 1)
        #expect(try TestFiles.read(folder.appendingPathComponent("merged/junit.xml")) == junit)
        let relaxed = try runBinary(["merge", "s1/results.jsonl", "s2/results.jsonl", "--out", "relaxed"], in: folder)
        #expect(relaxed.code == 1, "two cases fail")
        #expect(try TestFiles.read(folder.appendingPathComponent("relaxed/junit.xml")).contains(#"tests="14" failures="2""#))
    }

    @Test("the job summary counts errors apart and starts on a line of its own after a summary without a final line end")
    func jobSummaryErrorsAndLineEnd() throws {
        let folder = try Self.checkout(Self.located)
        let summary = folder.appendingPathComponent("summary.md")
        try Data("Earlier step, no line end".utf8).write(to: summary)
        let run = try runBinary(
            ["run", "ci/matrices/app.json", "--out", "out", "--quiet", "--summary", summary.path], in: folder)
        #expect(run.code == 1)
        let text = try TestFiles.read(summary)
        #expect(text.hasPrefix("Earlier step, no line end\n\n### duo-pose: Located\n\n**FAILED**: "))
        #expect(text.contains("\n| Pose | Cases | Passed | Failed | Errors | Not run | Verdict |\n"))
        #expect(text.contains("\n| P2 | 1 | 0 | 0 | 1 | 0 | failed |\n"))
    }

    @Test("a matrix name in the job summary and report.md makes no emphasis and no link")
    func summaryEscapes() throws {
        let folder = try Self.checkout(
            #"{ formatVersion: 1, name: "**bold** https://evil.example _x_ ~~y~~", poses: [{ pose: "P1", expect: { display: "outer" } }] }"#
        )
        let summary = folder.appendingPathComponent("summary.md")
        let run = try runBinary(
            ["run", "ci/matrices/app.json", "--out", "out", "--quiet", "--summary", summary.path], in: folder)
        #expect(run.code == 0)
        let escaped = "\\*\\*bold\\*\\* https\\://evil.example \\_x\\_ \\~\\~y\\~\\~"
        #expect(try TestFiles.read(summary).hasPrefix("### duo-pose: " + escaped + "\n\n**PASSED**: "))
        #expect(try TestFiles.read(folder.appendingPathComponent("out/report.md")).hasPrefix("# duo-pose: " + escaped + "\n"))
    }

    @Test("a run in which nothing ran exits 1, and junit.xml says so in a failing testcase")
    func nothingRanFails() throws {
        let folder = try Self.checkout(
            """
            { formatVersion: 1, name: "Nothing", axes: { profile: ["simulator"] },
              poses: [{ pose: "P13", expect: { "camera.mirrored": true } }] }
            """)
        let run = try runBinary(["run", "ci/matrices/app.json", "--out", "out", "--quiet"], in: folder)
        #expect(run.code == 1)
        #expect(run.stderr.hasPrefix("duo-pose: Nothing: NOT RUN: no case ran, and nothing run is not a pass."))
        let junit = try TestFiles.read(folder.appendingPathComponent("out/junit.xml"))
        #expect(junit.contains(#"<testsuites name="Nothing" tests="2" failures="1" errors="0""#))
        let suite: String =
            #"<testsuite name="verdict" tests="1" failures="1" errors="0" skipped="0" time="0.000" file="ci/matrices/app.json">"#
            + "\n    <properties>\n    </properties>\n"
            + #"    <testcase name="nothing ran" classname="nothing.verdict" time="0.000">"# + "\n"
            + #"      <failure type="nothing ran" message="NOT RUN: no case ran, and nothing run is not a pass. "#
            + #"0 passed, 0 failed, 0 errors, 1 not run of 1 case.">"#
        #expect(junit.contains(suite))
        #expect(try JUnitStructure(data: Data(contentsOf: folder.appendingPathComponent("out/junit.xml"))).problems == [])
    }
}

import Foundation
import Testing

@testable import PoseMatrix

@Suite("report.html and signoff.html")
struct HTMLReportTests {
    /// The small fixture with a hostile name and label, as a matrix file in a new folder.
    static func hostileMatrix() throws -> URL {
        let text = try TestFiles.read(URL(fileURLWithPath: TestFiles.fixture("small.json")))
        let hostile = text.replacingOccurrences(
            of: "name: \"Small | test <matrix>\"", with: "name: \"</title><script>alert(1)</script>\\u202E&amp;\"")
        #expect(hostile != text)
        let url = try TestFiles.temporaryFolder().appendingPathComponent("hostile.json")
        try Data(hostile.utf8).write(to: url)
        return url
    }

    @Test("text from matrices and results is escaped: no markup, entity or reversal gets through")
    func hostileNames() async throws {
        let matrix = try Self.hostileMatrix()
        let out = matrix.deletingLastPathComponent().appendingPathComponent("out")
        _ = await duoPose(["run", matrix.path, "--out", out.path, "--quiet", "--deterministic"])
        let html = try TestFiles.read(out.appendingPathComponent(ReportSet.htmlName))
        #expect(!html.contains("<script"))
        #expect(!html.contains("\u{202E}"))
        #expect(html.contains("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;\u{FFFD}&amp;amp;"))
    }

    @Test("the page is accessible: headings in order, header cells, a text alternative for every picture")
    func accessible() async throws {
        let html = try TestFiles.read(try await ReferenceRun.folder.appendingPathComponent(ReportSet.htmlName))
        var level = 0
        for match in html.matches(of: /<h([1-6])>/) {
            let next = Int(match.1)!
            #expect(next <= level + 1, "h\(next) after h\(level)")
            level = next
        }
        #expect(
            html.components(separatedBy: "<table>").count == html.components(separatedBy: "<thead><tr><th scope=\"col\"").count)
        let pictures = html.components(separatedBy: "<svg ").count - 1
        #expect(pictures == 13, "one picture per pose")
        #expect(html.components(separatedBy: "role=\"img\" aria-labelledby=").count - 1 == pictures)
        #expect(html.components(separatedBy: "<desc id=").count - 1 == pictures)
        #expect(!html.contains("<script"))
        #expect(!html.contains("src=") && !html.contains("href=\"http"), "no external resource")
        #expect(html.contains("<p class=\"verdict passed\" id=\"verdict\">PASSED: 104 passed"))
    }

    @Test("a geometric failure group is drawn expected against actual; a choice is not")
    func geometricGroups() throws {
        let size = FailureDigest.Key(pose: "P1", observable: "scene.size", expected: "466x678", actual: "678x466")
        let drawing = try #require(GeometryComparison(size))
        let figure = drawing.figure(id: "d")
        #expect(figure.contains("<rect class=\"dp-expected\" x=\"0\" y=\"0\" width=\"466\" height=\"678\"/>"))
        #expect(figure.contains("<rect class=\"dp-actual\" x=\"0\" y=\"0\" width=\"678\" height=\"466\"/>"))
        let frame = FailureDigest.Key(
            pose: "P3", observable: "fold.frame", expected: "≈ 455.5,0,40,669 ± 0.5", actual: "none")
        #expect(GeometryComparison(frame) == nil)
        let approx = FailureDigest.Key(
            pose: "P3", observable: "fold.frame", expected: "≈ 455.5,0,40,669 ± 0.5", actual: "475.5,0,40,669")
        #expect(GeometryComparison(approx)?.expected == Frame(455.5, 0, 40, 669))
        #expect(
            GeometryComparison(FailureDigest.Key(pose: "P1", observable: "display", expected: "inner", actual: "outer")) == nil)
    }

    @Test("a report.html duo-pose did not write is refused, not replaced (exit 74)")
    func foreignPage() async throws {
        let out = try TestFiles.temporaryFolder()
        let page = out.appendingPathComponent(ReportSet.htmlName)
        try Data("<!DOCTYPE html><p>mine</p>".utf8).write(to: page)
        let result = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet"])
        #expect(result.code == 74)
        #expect(result.stderr.contains("report.html: exists and was not written by duo-pose"))
        #expect(try TestFiles.read(page) == "<!DOCTYPE html><p>mine</p>")
    }

    @Test("signoff writes signoff.html beside signoff.md, with the decision, the poses drawn and the signer escaped")
    func signoffPage() async throws {
        let out = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet", "--deterministic"])
        let results = out.appendingPathComponent(ReportSet.resultsName).path
        let result = await duoPose(["signoff", results, "--by", "<b>QA</b>"])
        #expect(result.code == 1)
        let html = try TestFiles.read(out.appendingPathComponent("signoff.html"))
        #expect(html.hasPrefix(SignOff.htmlSignature))
        #expect(html.contains("<p class=\"verdict failed\" id=\"verdict\">NOT SIGNED OFF: "))
        #expect(html.contains("Reviewed by &lt;b&gt;QA&lt;/b&gt; at "))
        #expect(!html.contains("<b>"))
        #expect(html.contains("<svg "))
        #expect(SignoffCommand.htmlPath("a/b.md") == "a/b.html")
        #expect(SignoffCommand.htmlPath("a/b") == "a/b.html")
    }

    @Test("the page is capped as report.md is: 100 failed cases listed, the rest counted, 50 reason rows")
    func bounded() throws {
        let failure = CaseResult.Failure(
            observable: .sceneSize, expected: .equals(.text("466x678")), actual: .text("678x466"), provenance: .apple,
            source: "s")
        var results: [CaseResult] = []
        for index in 0..<300 {
            var result = ReportSpeedTests.result("P1", .failed)
            result.id = "P1 case \(index)"
            result.failures = [failure]
            results.append(result)
        }
        for index in 0..<80 {
            var result = ReportSpeedTests.result("P2", .notRun)
            result.reason = "reason \(index)"
            results.append(result)
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("small.json"))))
        let loaded = try MatrixLoader.load(bytes: bytes, path: "Fixtures/small.json")
        let folder = try TestFiles.temporaryFolder()
        let header = RunHeader(loaded: loaded, toolVersion: "0.0.0-test", generatedAt: "1970-01-01T00:00:00Z", planCases: 380)
        var reports = try ReportSet(header: header, folder: folder)
        for result in results { try reports.write(result) }
        _ = try reports.finish()
        let html = try TestFiles.read(folder.appendingPathComponent(ReportSet.htmlName))
        #expect(html.components(separatedBy: "<li><code>P1 case ").count - 1 == 100)
        #expect(html.contains("<p>… and 200 more failed cases: see results.jsonl and junit.xml.</p>"))
        #expect(html.contains("<p>… and 30 more not-run cases with other reasons: see results.jsonl.</p>"))
        #expect(html.components(separatedBy: "<figure id=\"pose-").count - 1 == 2)
        #expect(html.contains("P1 scene.size: expected against actual"))
    }
}

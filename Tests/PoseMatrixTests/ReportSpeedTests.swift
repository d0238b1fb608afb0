import Foundation
import Testing

@testable import PoseMatrix

/// The reports' hot-path shortcuts write the same bytes as the plain way.
@Suite("Report hot paths")
struct ReportSpeedTests {
    static func result(
        _ pose: String, _ status: CaseResult.Status, assumptions: [CaseResult.Assumption] = []
    ) -> CaseResult {
        CaseResult(
            index: 0, id: pose, pose: pose, title: nil, values: [], status: status, reason: nil, failures: [],
            assumptions: assumptions, duration: 0)
    }

    /// report.md after writing `results` through a report set.
    static func markdown(_ results: [CaseResult]) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("small.json"))))
        let loaded = try MatrixLoader.load(bytes: bytes, path: "Fixtures/small.json")
        let folder = try TestFiles.temporaryFolder()
        let header = RunHeader(loaded: loaded, toolVersion: "0.0.0-test", generatedAt: "1970-01-01T00:00:00Z", planCases: 1)
        var reports = try ReportSet(header: header, folder: folder)
        for result in results { try reports.write(result) }
        _ = try reports.finish()
        return try TestFiles.read(folder.appendingPathComponent(ReportSet.markdownName))
    }

    @Test("runs of equal assumptions are counted per pose, in first-seen order, the last run too")
    func assumptionRuns() throws {
        let a = CaseResult.Assumption(observable: .display, provenance: .inference, source: "source a")
        let b = CaseResult.Assumption(observable: .screen, provenance: .unverified, source: "source b")
        let results = [
            Self.result("P1", .passed, assumptions: [a]), Self.result("P1", .passed, assumptions: [a]),
            Self.result("P1", .passed, assumptions: [a, b]), Self.result("P1", .passed),
            Self.result("P1", .passed, assumptions: [a]), Self.result("P2", .passed, assumptions: [a]),
            Self.result("P2", .failed, assumptions: [b]), Self.result("P2", .passed, assumptions: [a]),
            Self.result("P3", .passed, assumptions: [b]), Self.result("P3", .passed, assumptions: [b]),
        ]
        let report = try Self.markdown(results)
        #expect(report.contains("| `display` | inference | source a | 6 | P1, P2 |\n"))
        #expect(report.contains("| `screen` | unverified | source b | 3 | P1, P3 |\n"))
    }

    @Test("a large block goes after what is buffered, and text after it, in order")
    func outputFileOrder() throws {
        let folder = try TestFiles.temporaryFolder()
        let file = try OutputFile(folder.appendingPathComponent("out.txt"), owner: .assigned)
        let block = [UInt8](repeating: UInt8(ascii: "b"), count: OutputFile.directLimit)
        try file.write("head\n")
        try file.write(bytes: block)
        try file.write(bytes: Array("small\n".utf8))
        try file.write(bytes: block)
        try file.write("tail\n")
        try file.commit()
        let written = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.txt")))
        #expect(written == Array("head\n".utf8) + block + Array("small\n".utf8) + block + Array("tail\n".utf8))
    }

    @Test("the JUnit spool keeps small and large writes in order")
    func spoolOrder() throws {
        let folder = try TestFiles.temporaryFolder()
        let report = folder.appendingPathComponent("junit.xml")
        let spool = try Spool(beside: report)
        let block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
        try spool.write(Array("one\n".utf8))
        try spool.write(block)
        try spool.write(Array("two\n".utf8))
        try spool.rewind()
        let file = try OutputFile(report, owner: .assigned)
        try spool.copy(4 + block.count + 4, to: file)
        try file.commit()
        #expect([UInt8](try Data(contentsOf: report)) == Array("one\n".utf8) + block + Array("two\n".utf8))
    }

    @Test(
        "a case's JUnit time is the suite's three decimals, written as bytes",
        arguments: [
            0, 0.000_004, 0.0004, 0.0005, 0.012, 0.5, 0.999_4, 0.999_5, 1.234_56, 61.0005,
        ])
    func caseTime(seconds: Double) {
        var out = ByteBuffer()
        JUnitReport.appendTime(seconds, to: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == JUnitReport.time(seconds))
    }

    /// XML as the rules say, a character at a time, to check the eight-bytes-at-a-time scan against.
    static func referenceXML(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\n": "&#10;"
            case "\r": "&#13;"
            case "\t": "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: "\u{FFFD}"
            default: String(scalar)
            }
        }.joined()
    }

    /// A JSON string literal as the rules say, a character at a time.
    static func referenceJSON(_ text: String) -> String {
        let body = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                "\\u00" + String(repeating: "0", count: scalar.value < 0x10 ? 1 : 0) + String(scalar.value, radix: 16)
            default: String(scalar)
            }
        }
        return "\"" + body.joined() + "\""
    }

    @Test("escaping finds every character that needs it wherever it stands in an eight-byte word")
    func escapingAtEveryOffset() {
        let specials: [String] = [
            "&", "<", ">", "\"", "'", "\n", "\r", "\t", "\\", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FFFE}",
            "\u{FFFF}", "é", "°", "\u{1F600}", " ", "~", "=", "[", "]", "?", "/", "%", "@", "`", "{", "}",
        ]
        for special in specials {
            for offset in 0...17 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "z", count: 17 - offset)
                var xml = ByteBuffer()
                xml.appendXML(text)
                #expect(String(decoding: xml.bytes, as: UTF8.self) == Self.referenceXML(text), "\(text.debugDescription)")
                var json = ByteBuffer()
                json.appendJSONString(text)
                #expect(String(decoding: json.bytes, as: UTF8.self) == Self.referenceJSON(text), "\(text.debugDescription)")
            }
        }
    }
}

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
        let file = try OutputFile(folder.appendingPathComponent("out.txt"), owner: .junit)
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

    @Test("a reservation is filled in place when its text fits, around a block that skipped the buffer")
    func reservationFilledInPlace() throws {
        let folder = try TestFiles.temporaryFolder()
        let report = folder.appendingPathComponent("junit.xml")
        let file = try OutputFile(report, owner: .junit)
        let block = [UInt8](repeating: UInt8(ascii: "x"), count: OutputFile.directLimit)
        try file.write("<a>\n")
        let first = try file.reserve(8)
        try file.write(bytes: block)
        let second = try file.reserve(4)
        try file.write("</a>\n")
        #expect(first == OutputFile.Reservation(offset: 4, length: 8))
        #expect(second == OutputFile.Reservation(offset: 12 + block.count, length: 4))
        try file.fill([
            JUnitReport.padded("<b>\n", in: first), JUnitReport.padded("<c>\n", in: second),
        ])
        try file.commit()
        let expected = Array("<a>\n<b>    \n".utf8) + block + Array("<c>\n</a>\n".utf8)
        #expect([UInt8](try Data(contentsOf: report)) == expected)
    }

    @Test("a text longer than its reservation is written whole, the file copied around it")
    func reservationOverflow() throws {
        let folder = try TestFiles.temporaryFolder()
        let report = folder.appendingPathComponent("junit.xml")
        let file = try OutputFile(report, owner: .junit)
        let block = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)  // more than one read back
        let first = try file.reserve(2)
        try file.write(bytes: block)
        let second = try file.reserve(6)
        try file.write("end\n")
        try file.fill([JUnitReport.padded("<c>\n", in: second), JUnitReport.padded("<long>\n", in: first)])
        try file.commit()
        #expect([UInt8](try Data(contentsOf: report)) == Array("<long>\n".utf8) + block + Array("<c>  \nend\n".utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["junit.xml"])
    }

    @Test("a suite head longer than junit.xml reserved for it is written whole, unpadded, the root tag padded")
    func junitHeadOverflow() throws {
        // A results file read back may name any profile; the reservation makes room for Profile's cases only.
        let profile = "a-profile-longer-than-device-and-simulator"
        let results = (0..<3).map { index in
            var result = Self.result("P1", .passed)
            result.index = index
            result.values = [AxisEntry(axis: "profile", value: profile)]
            return result
        }
        let junit = try Self.reports(results, asOneChunk: true)[1]
        #expect(junit.contains("tests=\"3\" failures=\"0\" errors=\"0\" time=\"0.000\">    \n  <testsuite "))
        #expect(junit.contains("<property name=\"profiles\" value=\"\(profile)\"/>\n    </properties>\n    <testcase "))
        let structure = try JUnitStructure(data: Data(junit.utf8))
        #expect(structure.problems == [])
        #expect(structure.testcases == 3)
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

    @Test(
        "a duration in results.jsonl has six decimals at most, without trailing zeros or an exponent",
        arguments: [0, 0.000_000_4, 0.000_001, 0.000_049, 0.000_5, 0.012_3, 0.1, 0.999_999_6, 1, 1.000_01, 61.5, 3_600.25, -0.5])
    func durationBytes(seconds: Double) {
        var out = ByteBuffer()
        out.appendSeconds(seconds)
        var expected = String(format: "%.6f", max(0, seconds))
        while expected.hasSuffix("0") { expected.removeLast() }
        if expected.hasSuffix(".") { expected.removeLast() }
        #expect(String(decoding: out.bytes, as: UTF8.self) == expected)
    }

    @Test("a duration no run takes, or a sum past an integer's microseconds, is written whole, never stopping the program")
    func hugeDurations() {
        func seconds(_ value: Double) -> String {
            var out = ByteBuffer()
            out.appendSeconds(value)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        func junit(_ value: Double) -> String {
            var out = ByteBuffer()
            JUnitReport.appendTime(value, to: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        let largest = String(format: "%.0f", Double.greatestFiniteMagnitude)
        #expect(largest.count == 309 && largest.hasPrefix("17976931348623157"))
        #expect(seconds(8_999_999_999.5) == "8999999999.5")
        #expect(seconds(9e9) == "9000000000")
        #expect(seconds(1e13) == "10000000000000")
        #expect(seconds(.infinity) == largest)
        #expect(seconds(.nan) == "0")
        #expect(junit(1e13) == "10000000000000.000")
        #expect(junit(1e16) == "10000000000000000.000")
        #expect(junit(1e300) == JUnitReport.time(1e300) && junit(1e300).hasSuffix(".000"))
        #expect(junit(.infinity) == largest + ".000")
        #expect(junit(.nan) == "0.000")
    }

    @Test("merge sums durations past what fits in an integer's microseconds, and writes the sum whole")
    func mergeHugeDurations() async throws {
        let (lines, write) = try await RecountTests.smallResults()
        var edited = lines
        var changed = 0
        for (number, line) in lines.enumerated() where line.hasPrefix(#"{"type":"case""#) && changed < 2 {
            edited[number] = line.replacing(/"duration":[0-9.]+/, with: #""duration":5e12"#)
            changed += 1
        }
        let path = try write(edited)
        let out = try TestFiles.temporaryFolder().appendingPathComponent("merged").path
        let merged = await duoPose(["merge", path, "--out", out])
        #expect(merged.code == 1)
        let results = try TestFiles.read(URL(fileURLWithPath: out + "/" + ReportSet.resultsName))
        #expect(results.contains(#""duration":5000000000000}"#))
        #expect(results.hasSuffix(#""verdict":"failed","duration":10000000000000}"# + "\n"))
    }

    @Test(
        "a whole number is written digit by digit as String(_:) writes it",
        arguments: [
            0, 7, 9, 10, 11, 99, 100, 101, 4_096, 999_984, -1, -10, -4_096, Int.max, Int.min,
        ])
    func numberBytes(number: Int) {
        var out = ByteBuffer()
        out.append(number)
        #expect(String(decoding: out.bytes, as: UTF8.self) == String(number))
    }

    /// The three reports' bytes after writing `results` one at a time, or all as one rendered chunk.
    static func reports(_ results: [CaseResult], asOneChunk: Bool) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("small.json"))))
        let loaded = try MatrixLoader.load(bytes: bytes, path: "Fixtures/small.json")
        let folder = try TestFiles.temporaryFolder()
        let header = RunHeader(
            loaded: loaded, toolVersion: "0.0.0-test", generatedAt: "1970-01-01T00:00:00Z", planCases: results.count)
        var reports = try ReportSet(header: header, folder: folder)
        if asOneChunk {
            try reports.write(reports.renderer.render(results))
        } else {
            for result in results { try reports.write(result) }
        }
        _ = try reports.finish()
        return try ReportSet.names.map { try TestFiles.read(folder.appendingPathComponent($0)) }
    }

    @Test("a chunk whose neighbouring cases share values, failures and reasons renders as each case alone")
    func neighboursRenderAlone() throws {
        let angle = AxisEntry(axis: "hingeAngle", value: "90")
        func entries(_ values: (String, String)...) -> [AxisEntry] { values.map { AxisEntry(axis: $0.0, value: $0.1) } }
        func failure(_ actual: String, _ source: String = "M S0") -> CaseResult.Failure {
            CaseResult.Failure(
                observable: .display, expected: .equals(.text("inner")), actual: .text(actual), provenance: .measured,
                source: source)
        }
        func result(
            _ index: Int, _ pose: String, _ values: [AxisEntry], _ status: CaseResult.Status, reason: String? = nil,
            failures: [CaseResult.Failure] = [], line: Int? = nil
        ) -> CaseResult {
            var result = CaseResult(
                index: index, id: CaseResult.derivedID(pose: pose, title: nil, values: values), pose: pose, title: nil,
                values: values, status: status, reason: reason, failures: failures, assumptions: [], duration: 0.000_05)
            result.line = line
            return result
        }
        let results = [
            result(0, "P5", [angle] + entries(("profile", "device")), .failed, failures: [failure("outer")], line: 3),
            result(1, "P5", [angle] + entries(("profile", "simulator")), .failed, failures: [failure("outer")], line: 3),
            result(2, "P5", [angle] + entries(("profile", "simulator")), .failed, failures: [failure("outer")], line: 4),
            result(3, "P5", [angle] + entries(("profile", "simulator")), .failed, failures: [failure("outer", "M S1")], line: 4),
            result(4, "P5", [angle], .failed, failures: [failure("outer", "M S1")], line: 4),
            result(5, "P5", entries(("hingeAngle", "91")), .notRun, reason: "no source"),
            result(6, "P6", entries(("hingeAngle", "91")), .notRun, reason: "no source"),
            result(7, "P6", entries(("hingeAngle", "91")), .notRun, reason: "another source"),
            result(8, "P6", entries(("hingeAngle", "91")), .error, reason: "another source"),
            result(9, "P6", entries(("reduceTransparency", "true"), ("hingeAngle", "91")), .passed),
            result(
                10, "P6", entries(("reduceTransparency", "true"), ("hingeAngle", "91")), .failed,
                failures: [failure("outer"), failure("none")], line: 9),
        ]
        let whole = try Self.reports(results, asOneChunk: true)
        let alone = try Self.reports(results, asOneChunk: false)
        for (chunked, single) in zip(whole, alone) { #expect(chunked == single) }
        #expect(whole[0].contains(#""values":{"reduceTransparency":true,"hingeAngle":91}"#))
        #expect(
            whole[1].contains(
                #"<failure type="expectation" message="Fixtures/small.json:4: 1 expectation failed: display">display: expected inner, actual outer (measured: M S1)&#10;at Fixtures/small.json:4&#10;    at Fixtures.P5(small.json:4)</failure>"#
            ))
    }

    @Test("two reasons that read alike but differ in bytes are each written as they are, not as the other")
    func reasonsComparedByBytes() throws {
        let composed = "hinge at 90\u{00B0}, caf\u{00E9}"  // é as one scalar
        let decomposed = "hinge at 90\u{00B0}, cafe\u{0301}"  // e and a combining accent: == says equal
        #expect(composed == decomposed && !composed.hasSameBytes(as: decomposed))
        func notRun(_ index: Int, _ reason: String) -> CaseResult {
            var result = Self.result("P1", .notRun)
            result.index = index
            result.reason = reason
            return result
        }
        let reports = try Self.reports([notRun(0, composed), notRun(1, decomposed)], asOneChunk: true)
        func count(_ text: String, in report: String) -> Int {
            let (haystack, needle) = (Array(report.utf8), Array(text.utf8))
            return (0...(haystack.count - needle.count)).filter { haystack[$0..<$0 + needle.count].elementsEqual(needle) }.count
        }
        #expect(count(#"{"type":"reason","id":0,"text":"\#(composed)"}"#, in: reports[0]) == 1)
        #expect(count(#"{"type":"reason","id":1,"text":"\#(decomposed)"}"#, in: reports[0]) == 1)
        #expect(count(#"<skipped message="not run: \#(composed)"/>"#, in: reports[1]) == 1)
        #expect(count(#"<skipped message="not run: \#(decomposed)"/>"#, in: reports[1]) == 1)
    }

    @Test("a number's text reads as Double(text) reads it, bit for bit, plain decimals and every other text")
    func numberTextReadsAsTheParser() {
        var texts = [
            "0", "-0", "90", "0.0086", "-0.0086", "174.1", "007", "0.1", "0.3", "9007199254740993", "123456789012345",
            "1234567890123456", "0.000000000000001", "99999999999999.9", "", "-", "1.", ".5", "-.5", "+1", "1e3", "1E-3",
            "nan", "inf", "-infinity", "0x10", "1_000", "1.2.3", "--1", "1-", " 1", "1 ", "٣",
        ]
        // A fixed sequence of random plain decimals: digits before and after the point, a sign.
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let whole = String((0..<(1 + next(9))).map { _ in Character(String(next(10))) })
            let fraction = String((0..<next(12)).map { _ in Character(String(next(10))) })
            texts.append((next(4) == 0 ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction))
        }
        for text in texts {
            #expect(Double(numberText: text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test("runs of equal not-run reasons are counted per pose, in first-seen order, the last run too")
    func reasonRuns() throws {
        func notRun(_ pose: String, _ reason: String) -> CaseResult {
            var result = Self.result(pose, .notRun)
            result.reason = reason
            return result
        }
        let results = [
            notRun("P1", "reason a"), notRun("P1", "reason a"), notRun("P1", "reason b°"), Self.result("P1", .passed),
            notRun("P1", "reason a"), notRun("P2", "reason a"), Self.result("P2", .failed), notRun("P2", "reason a"),
            notRun("P3", "reason b°"), notRun("P3", "reason b°"),
        ]
        let report = try Self.markdown(results)
        #expect(
            report.contains("| Reason | Cases | Poses |\n|---|---:|---|\n| reason a | 5 | P1, P2 |\n| reason b° | 3 | P1, P3 |\n")
        )
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

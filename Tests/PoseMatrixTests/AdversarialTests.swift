import Foundation
import Testing

@testable import PoseMatrix

/// Hostile and odd inputs: each gets exit 65 with a message that says what and where, or a
/// clean run; nothing crashes, nothing hangs, nothing is written for an invalid input.
@Suite("Adversarial inputs")
struct AdversarialTests {
    struct Hostile: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var code: Int32
        /// Text the first error line must contain (FILE stands for the path); empty for a clean run.
        var error: String
        var arguments: [String] = []
        var testDescription: String { name }
    }

    static func matrix(name: String = "\"H\"", axes: String = "{}", expect: String = #"{ "display": "outer" }"#) -> String {
        #"{ "formatVersion": 1, "name": \#(name), "axes": \#(axes), "poses": [{ "pose": "P1", "expect": \#(expect) }] }"#
    }

    static let valid = matrix()
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let hostile: [Hostile] = [
        Hostile(name: "an empty file", bytes: [], code: 65, error: "FILE:1:1: the file is empty; expected a JSON object"),
        Hostile(
            name: "only white space and comments", bytes: bytes(" \n// nothing\n/* at all */\n"), code: 65,
            error: "FILE:4:1: the file is empty"),
        Hostile(
            name: "binary", bytes: [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0xFF, 0xFE], code: 65,
            error: "FILE:1:9: the file is not valid UTF-8 (byte 0xFF)"),
        Hostile(
            name: "NUL bytes in the text", bytes: bytes("{\u{0}}"), code: 65,
            error: "FILE:1:2: unexpected character U+0000 in an object; expected a key"),
        Hostile(
            name: "invalid UTF-8 mid-file", bytes: bytes("{ \"name\": \"") + [0xC3, 0x28] + bytes("\" }"), code: 65,
            error: "FILE:1:12: the file is not valid UTF-8 (byte 0xC3)"),
        Hostile(name: "a UTF-8 byte-order mark", bytes: [0xEF, 0xBB, 0xBF] + bytes(valid), code: 0, error: ""),
        Hostile(name: "CRLF line ends", bytes: bytes(valid.replacingOccurrences(of: ", ", with: ",\r\n")), code: 0, error: ""),
        Hostile(
            name: "CRLF line ends keep line numbers", bytes: bytes("{\r\n\"formatVersion\": 1,\r\n\"nmae\": 1\r\n}"), code: 65,
            error: "FILE:3:1: unknown key \"nmae\""),
        Hostile(
            name: "100,000 nested brackets", bytes: bytes(String(repeating: "[", count: 100_000)), code: 65,
            error: "FILE:1:257: arrays and objects nest more than 256 deep"),
        Hostile(
            name: "100,000 nested objects", bytes: bytes(String(repeating: "{\"a\":", count: 100_000)), code: 65,
            error: "arrays and objects nest more than 256 deep"),
        Hostile(
            name: "a 1 MB name", bytes: bytes(matrix(name: "\"" + String(repeating: "n", count: 1 << 20) + "\"")), code: 0,
            error: ""),
        Hostile(
            name: "names with characters XML 1.0 forbids, ]]>, | and a newline",
            bytes: bytes(matrix(name: #""a\u0001b\uFFFEc]]>d|e\nf\u0000g""#)), code: 0, error: ""),
        Hostile(
            name: "duplicate keys", bytes: bytes(#"{ "formatVersion": 1, "formatVersion": 1 }"#), code: 65,
            error: "duplicate key \"formatVersion\""),
        Hostile(
            name: "a NaN angle", bytes: bytes(matrix(axes: #"{ "hingeAngle": [NaN] }"#)), code: 65,
            error: "axes.hingeAngle[0]: invalid value NaN for axis hingeAngle (expected a number of degrees from 0 to 180)"),
        Hostile(
            name: "a negative angle", bytes: bytes(matrix(axes: #"{ "hingeAngle": [-0.5] }"#)), code: 65,
            error: "invalid value -0.5 for axis hingeAngle"),
        Hostile(
            name: "an angle over 180", bytes: bytes(matrix(axes: #"{ "hingeAngle": [180.001] }"#)), code: 65,
            error: "invalid value 180.001"),
        Hostile(
            name: "an infinite angle", bytes: bytes(matrix(axes: #"{ "hingeAngle": [-Infinity] }"#)), code: 65,
            error: "invalid value -Infinity"),
        Hostile(
            name: "a number too large for a double", bytes: bytes(matrix(axes: #"{ "hingeAngle": [1e400] }"#)), code: 65,
            error: "invalid value 1e400"),
        Hostile(
            name: "5,000 duplicate axis values",
            bytes: bytes(
                matrix(axes: #"{ "profile": ["# + Array(repeating: #""device""#, count: 5000).joined(separator: ",") + "] }")),
            code: 65, error: "axes.profile[1]: duplicate value \"device\" for axis profile"),
        Hostile(
            name: "axes that multiply past the limit",
            bytes: bytes(
                matrix(
                    axes: #"{ "hingeAngle": ["# + (0...180).map(String.init).joined(separator: ",")
                        + #"], "profile": ["device", "simulator"] }"#)),
            code: 65,
            error:
                "FILE: the matrix expands to 362 cases, more than the limit of 100; narrow it with --pose or --where, or raise --max-cases",
            arguments: ["--max-cases", "100"]),
        Hostile(
            name: "--max-cases raises the limit",
            bytes: bytes(
                matrix(axes: #"{ "hingeAngle": ["# + (0...180).map(String.init).joined(separator: ",") + "] }")),
            code: 0, error: "", arguments: ["--max-cases", "181"]),
        Hostile(
            name: "a lone surrogate escape", bytes: bytes(matrix(name: #""\ud800""#)), code: 65,
            error: "FILE:1:32: escape \\uD800 is not a Unicode character"),
        Hostile(
            name: "an invalid escape", bytes: bytes(matrix(name: #""\u12G4""#)), code: 65,
            error: "invalid escape in a string: expected 4 hexadecimal digits"),
        Hostile(
            name: "an unterminated string at the end", bytes: bytes(#"{ "name": "abc"#), code: 65,
            error: "FILE:1:15: unterminated string (opened at 1:11)"),
        Hostile(
            name: "a megabyte of spaces, then garbage", bytes: bytes(String(repeating: " ", count: 1 << 20) + "}"), code: 65,
            error: "FILE:1:1048577: unexpected character '}'; expected a value"),
        Hostile(
            name: "a whole number too large", bytes: bytes(#"{ "formatVersion": 1e400, "name": "x", "poses": [] }"#), code: 65,
            error: "formatVersion: expected a whole number, found a number 1e400"),
        Hostile(
            name: "a top-level string", bytes: bytes(#""matrix""#), code: 65,
            error: "FILE:1:1: expected an object, found a string"),
        Hostile(
            name: "a step with a huge argument",
            bytes: bytes(#"{ "formatVersion": 1, "name": "x", "poses": [{ "pose": "P1", "steps": ["hinge(1e308)"] }] }"#),
            code: 65, error: "hinge takes a number of degrees from 0 to 180"),
    ]

    @Test("hostile matrices end in exit 65 with what and where, or in a clean run", arguments: hostile)
    func hostileMatrix(_ example: Hostile) async throws {
        let folder = try TestFiles.temporaryFolder()
        let path = folder.appendingPathComponent("matrix.json").path
        try Data(example.bytes).write(to: URL(fileURLWithPath: path))
        let out = folder.appendingPathComponent("out")
        let result = await duoPose(["run", path, "--out", out.path, "--quiet", "--deterministic"] + example.arguments)
        #expect(result.code == example.code, "\(result.stderr.prefix(300))")
        if example.error.isEmpty {
            #expect(result.stderr.isEmpty)
            let junit = try TestFiles.read(out.appendingPathComponent("junit.xml"))
            #expect(!junit.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no raw control character in junit.xml")
            #expect(!junit.contains("]]>"))
            _ = try JSON5Reader.parse(
                String(try TestFiles.read(out.appendingPathComponent("results.jsonl")).split(separator: "\n")[0]))
        } else {
            #expect(result.stderr.hasPrefix("Error: "))
            #expect(
                result.stderr.contains(example.error.replacingOccurrences(of: "FILE", with: path)), "\(result.stderr.prefix(300))"
            )
            #expect(!FileManager.default.fileExists(atPath: out.path), "an invalid input must write nothing")
        }
    }

    @Test("5,000 duplicate values give 50 error lines and a count of the rest")
    func errorFlood() async throws {
        let text = Self.matrix(
            axes: #"{ "profile": ["# + Array(repeating: #""device""#, count: 5000).joined(separator: ",") + "] }")
        let path = try TestFiles.writeTemporary(text)
        let result = await duoPose(["validate", path])
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 51)
        #expect(lines.last == "Error: … and 4949 more errors")
    }

    @Test("a small file that expands to 86,400,960 cases is refused before anything is built")
    func hugeExpansion() async throws {
        let angles = "[" + (0...90_000).map { formatNumber(Double($0) / 500) }.joined(separator: ",") + "]"
        let axes =
            #""hingeAngle": \#(angles), "linkedSDK": ["26", "27.0", "27.1"], "layoutDirection": ["leftToRight", "rightToLeft"], "reduceTransparency": [false, true], "profile": ["device", "simulator"], "splitSide": ["left", "right"]"#
        let poses = (0..<20).map { #"{ "pose": "P5", "title": "t\#($0)", "expect": { "display": "inner" } }"# }.joined(
            separator: ",")
        let path = try TestFiles.writeTemporary(
            #"{ "formatVersion": 1, "name": "x", "axes": { \#(axes) }, "poses": [\#(poses)] }"#)
        let result = await duoPose(["run", path, "--out", "/nonexistent/never"])
        #expect(result.code == 65)
        #expect(
            result.stderr
                == "Error: \(path): the matrix expands to 86400960 cases, more than the limit of \(Plan.defaultMaximumCases); "
                + "narrow it with --pose or --where, or raise --max-cases\n")
    }

    @Test("names XML forbids are replaced in junit.xml, and Markdown cells escape pipes and line breaks")
    func safeOutput() async throws {
        let path = try TestFiles.writeTemporary(Self.matrix(name: #""a\u0001b|c\nd]]>e""#))
        let out = try TestFiles.temporaryFolder()
        #expect(await duoPose(["run", path, "--out", out.path, "--quiet"]).code == 0)
        let junit = try TestFiles.read(out.appendingPathComponent("junit.xml"))
        #expect(junit.contains(#"<testsuites name="a\#u{FFFD}b|c&#10;d]]&gt;e""#))
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        #expect(report.hasPrefix("# duo-pose: a b\\|c d\\]\\]>e\n"))
    }

    /// A finished results file and copies of it cut short, given to merge, --baseline and signoff.
    @Test("a results file cut mid-line is refused by merge, --baseline and signoff with its line")
    func truncatedResults() async throws {
        let folder = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"])
        let whole = try Data(contentsOf: folder.appendingPathComponent("results.jsonl"))
        let lines = whole.split(separator: UInt8(ascii: "\n"))
        let cut = folder.appendingPathComponent("cut.jsonl").path
        try whole.prefix(whole.count - lines.last!.count / 2).write(to: URL(fileURLWithPath: cut))
        let expected = "Error: \(cut):\(lines.count): the last line is cut off"
        let merge = await duoPose(["merge", cut, "--out", folder.appendingPathComponent("m").path])
        let baseline = await duoPose([
            "run", TestFiles.fixture("small.json"), "--out", folder.appendingPathComponent("b").path, "--baseline", cut,
        ])
        let signoff = await duoPose(["signoff", cut, "--by", "G"])
        for result in [merge, baseline, signoff] {
            #expect(result.code == 65)
            #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        }
        let garbage = try TestFiles.writeTemporary("not json\n", name: "garbage.jsonl")
        let garbageResult = await duoPose(["signoff", garbage, "--by", "G"])
        #expect(
            garbageResult.stderr
                == "Error: \(garbage):1: is not a duo-pose results.jsonl: its first line is not a JSON object, as the header a "
                + "run writes first is\n")
        let empty = try TestFiles.writeTemporary("", name: "empty.jsonl")
        #expect(
            await duoPose(["merge", empty, "--out", folder.appendingPathComponent("e").path]).stderr
                == "Error: \(empty): the file is empty; expected a results.jsonl header line\n")
    }

    @Test("a report duo-pose did not write is refused, not replaced")
    func foreignFile() async throws {
        let out = try TestFiles.temporaryFolder()
        let foreign = out.appendingPathComponent("report.md")
        try Data("# My own notes\n".utf8).write(to: foreign)
        let result = await duoPose(["--out", out.path, "--quiet", "--pose", "P1"])
        #expect(result.code == 74)
        #expect(
            result.stderr == "Error: cannot write the reports: \(foreign.path): exists and was not written by duo-pose; "
                + "refusing to replace it (move it, or choose another --out)\n")
        #expect(try TestFiles.read(foreign) == "# My own notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["report.md"])
    }

    @Test("another of duo-pose's files where a sign-off goes is refused, and named for what it is")
    func otherOwnFile() async throws {
        let out = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet"])
        let report = out.appendingPathComponent(ReportSet.markdownName)
        let before = try TestFiles.read(report)
        let results = out.appendingPathComponent(ReportSet.resultsName).path
        let result = await duoPose(["signoff", results, "--by", "Ada", "--out", report.path])
        #expect(result.code == 74)
        #expect(
            result.stderr == "Error: cannot write the reports: \(report.path): is duo-pose's report.md, not a sign-off; "
                + "refusing to replace it (move it, or choose another --out)\n")
        #expect(try TestFiles.read(report) == before)
    }

    @Test("two runs, any --jobs, give the same bytes under --deterministic and under SOURCE_DATE_EPOCH")
    func determinism() async throws {
        var digests: Set<String> = []
        for (jobs, environment) in [("1", [:]), ("7", [:]), ("2", ["SOURCE_DATE_EPOCH": "0"])] as [(String, [String: String])] {
            let out = try TestFiles.temporaryFolder()
            let flags = environment.isEmpty ? ["--deterministic"] : []
            let run = ["run", TestFiles.shallowReference, "--out", out.path, "--quiet", "--jobs", jobs]
            _ = await duoPose(run + flags, environment: environment)
            var hasher = SHA256.Hasher()
            for name in ReportSet.names {
                hasher.update([UInt8](try Data(contentsOf: out.appendingPathComponent(name))))
            }
            digests.insert(hasher.finalize())
        }
        #expect(digests.count == 1)
    }

    @Test("a hashed file fed in pieces gives the one-shot digest")
    func hasherPieces() {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var hasher = SHA256.Hasher()
        for start in stride(from: 0, to: bytes.count, by: 777) { hasher.update(bytes[start..<min(bytes.count, start + 777)]) }
        #expect(hasher.finalize() == SHA256.hex(of: bytes))
    }
}

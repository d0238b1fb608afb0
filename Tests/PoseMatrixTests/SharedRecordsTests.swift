import Foundation
import Testing

@testable import PoseMatrix

@Suite("results.jsonl shares records between cases")
struct SharedRecordsTests {
    /// P6 on a device at 4,200 hinge angles, each left to right and right to left: left to right,
    /// a case is not run with a reason of its own naming its angle (no source gives the hinge's angle
    /// for a request other than 0°, 90° and 180° on a device), so the reasons outnumber the table's
    /// limit; right to left, with one reason that every other case shares, across the restart. The
    /// model gives the reasons: 4,200 `notRun` rules, one per angle, took 17 s in a debug build.
    static let angles = (0..<4200).map { formatNumber(Double($0) * 4 / 100) }
    static let matrix = """
        { "formatVersion": 1, "name": "Many reasons", "axes": { "profile": ["device"] }, "poses": [
          { "pose": "P6", "axes": { "hingeAngle": [\(angles.joined(separator: ","))],
            "layoutDirection": ["leftToRight", "rightToLeft"] },
            "expect": { "hinge.angle": -1 },
            "notRun": [{ "when": { "layoutDirection": "rightToLeft" }, "reason": "shared" }] } ] }
        """

    @Test("past 4,096 records of a kind the ids start again; merged shards give the same bytes, and every case reads back")
    func tableStartsAgain() async throws {
        let path = try TestFiles.writeTemporary(Self.matrix)
        let folder = try TestFiles.temporaryFolder()
        let whole = folder.appendingPathComponent("whole")
        _ = await duoPose(["run", path, "--out", whole.path, "--deterministic", "--quiet"])
        var shards: [String] = []
        for index in 1...2 {
            let out = folder.appendingPathComponent("shard\(index)").path
            _ = await duoPose(["run", path, "--out", out, "--deterministic", "--quiet", "--shard", "\(index)/2"])
            shards.append(out + "/" + ReportSet.resultsName)
        }
        let merged = folder.appendingPathComponent("merged")
        let result = await duoPose(["merge"] + shards + ["--out", merged.path, "--quiet"])
        #expect(result.code == 1, "the cases at 0° and 90°, whose angle is known, fail the expectation")
        #expect(result.stderr == "duo-pose: Many reasons: FAILED: 0 passed, 2 failed, 0 errors, 8398 not run of 8400 cases.\n")
        let text = try TestFiles.read(whole.appendingPathComponent(ReportSet.resultsName))
        #expect(text.components(separatedBy: #"{"type":"reason","id":0,"#).count - 1 == 2)
        #expect(try TestFiles.read(merged.appendingPathComponent(ReportSet.resultsName)) == text)

        let reader = try ResultsReader(path: whole.appendingPathComponent(ReportSet.resultsName).path)
        var unexplained: [String] = []
        var notRun = 0
        while let read = try reader.next() {
            guard read.status == .notRun else { continue }
            notRun += 1
            let value = { (axis: String) in read.values.first { $0.axis == axis }!.value }
            let reason =
                value("layoutDirection") == "rightToLeft"
                ? "shared"
                : "hinge.angle: no source gives hinge.angle for a request of \(value("hingeAngle"))° on a device "
                    + "(its smoothing was never measured)"
            if read.reason != reason { unexplained.append(read.id) }
        }
        #expect(notRun > 2 * SharedRecordKind.limit)
        #expect(unexplained == [])
    }

    /// The small fixture's results with one line replaced or removed, and the error that names it.
    struct Damage: Sendable, CustomTestStringConvertible {
        var name: String
        /// Picks the line to change, and gives its replacement (nil removes it).
        var edit: @Sendable ([String]) -> (line: Int, replacement: String?)
        /// The message, given the lines as edited.
        var message: @Sendable ([String]) -> String
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(
            name: "a case names a record no earlier line defines",
            edit: { lines in (lines.firstIndex { $0.hasPrefix(#"{"type":"failures","#) }!, nil) },
            message: { lines in
                let line = lines.firstIndex { $0.contains(#""failures":0"#) }! + 1
                return "\(line): case \"P2 [profile=device]\" names failures record 0, which no earlier line defines"
            }),
        Damage(
            name: "a record's id past the limit",
            edit: { lines in
                (lines.firstIndex { $0.hasPrefix(#"{"type":"reason","#) }!, #"{"type":"reason","id":4096,"text":"x"}"#)
            },
            message: { lines in
                "\(lines.firstIndex { $0.contains(#""id":4096"#) }! + 1): a reason record's id is not a whole number from 0 to 4095"
            }),
        Damage(
            name: "an expectation written as format 1 did, as text",
            edit: { lines in
                let line = lines.firstIndex { $0.hasPrefix(#"{"type":"failures","#) }!
                return (line, lines[line].replacingOccurrences(of: #"{"op":"==","value":"678x466"}"#, with: #""678x466""#))
            },
            message: { lines in
                "\(lines.firstIndex { $0.hasPrefix(#"{"type":"failures","#) }! + 1): a failure in failures record 0 is incomplete, or holds a number that is not finite"
            }),
    ]

    @Test("a record that is missing or malformed is named with its line", arguments: damages)
    func damaged(_ damage: Damage) async throws {
        let (lines, write) = try await RecountTests.smallResults()
        var edited = lines
        let (line, replacement) = damage.edit(lines)
        if let replacement { edited[line] = replacement } else { edited.remove(at: line) }
        let path = try write(edited)
        let result = await duoPose(["signoff", path, "--by", "Ada", "--out", path + ".md"])
        #expect(result.code == 65)
        #expect(result.stderr == "Error: \(path):\(damage.message(edited))\n")
    }
}

@Suite("One JSON writer")
struct JSONWriterTests {
    static func sample(_ style: JSONWriter.Style, multiline: Bool) -> String {
        var json = JSONWriter(style: style)
        json.beginObject(multiline: multiline)
        json.member("a", "x\"y")
        json.key("b")
        json.beginArray()
        json.number(1)
        json.number(2.5)
        json.bool(false)
        json.null()
        json.endArray()
        json.key("c")
        json.beginArray(multiline: multiline)
        json.endArray()
        json.key("d")
        json.value(Condition.approximately(.text("1x2"), tolerance: 0.5))
        json.endObject()
        return String(decoding: json.buffer.bytes, as: UTF8.self)
    }

    @Test("compact for files, spaced and on lines for people, with the same values")
    func styles() {
        #expect(
            Self.sample(.compact, multiline: false)
                == #"{"a":"x\"y","b":[1,2.5,false,null],"c":[],"d":{"op":"≈","value":"1x2","tolerance":0.5}}"#)
        #expect(
            Self.sample(.spaced, multiline: true) == """
                {
                  "a": "x\\"y",
                  "b": [1, 2.5, false, null],
                  "c": [
                  ],
                  "d": {"op": "≈", "value": "1x2", "tolerance": 0.5}
                }
                """)
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// The case-line scanner reads a case line without a JSON tree where it can, and the results
/// reader parses the line otherwise: what the scanner gives must be what parsing gives, and it
/// must give nothing for a line parsing refuses. Checked on every case line of real runs and on
/// thousands of mutations of them.
@Suite("Case lines read without a JSON tree")
struct CaseLineScannerTests {
    /// The case lines of the built-in run, an exploring run and a failing one (passes, failures,
    /// not run with reasons, assumptions, titles).
    static func realLines() async throws -> [String] {
        var files = [try await ReferenceRun.folder.appendingPathComponent(ReportSet.resultsName)]
        for fixture in ["explore.json", "small.json"] {
            let out = try TestFiles.temporaryFolder().appendingPathComponent("out")
            _ = await duoPose(["run", TestFiles.fixture(fixture), "--out", out.path, "--deterministic", "--quiet"])
            files.append(out.appendingPathComponent(ReportSet.resultsName))
        }
        return try files.flatMap { try TestFiles.read($0).split(separator: "\n").map(String.init) }
            .filter { $0.hasPrefix(#"{"type":"case""#) }
    }

    /// The line as the reader parses it: strict JSON, no key twice, then the case line's own checks.
    static func parsed(_ line: String) -> CaseLine? {
        guard let node = try? JSON5Reader.parse(line, strict: true), node.firstDuplicateKey == nil else { return nil }
        return try? ResultsReader.caseLine(node) { ResultsError(file: "", line: 2, message: $0) }
    }

    /// What a case line holds, in a form to compare: the case, and each member with its value as read.
    static func described(_ line: CaseLine) -> String {
        "\(line.result) "
            + line.members.map { "\($0.member)=\($0.value.number.map { "\($0)" } ?? $0.value.string ?? "?")" }
            .joined(separator: ",")
    }

    @Test("every case line a run writes is read by the scanner, as parsing reads it")
    func realLinesAgree() async throws {
        let lines = try await Self.realLines()
        #expect(lines.count > 100)
        for line in lines {
            let scanned = try #require(CaseLineScanner.caseLine(Array(line.utf8)[...]), "\(line)")
            let parsed = try #require(Self.parsed(line))
            #expect(Self.described(scanned) == Self.described(parsed), "\(line)")
            // Given its own identity, the line's tail is read alone, as the whole line reads it.
            let tail = try #require(CaseLineScanner.tail(Array(line.utf8)[...], identity: Self.identity(scanned, in: line)))
            #expect(Self.described(tail) == Self.described(tailOf: scanned), "\(line)")
        }
    }

    /// The bytes of a scanned line's identity.
    static func identity(_ scanned: CaseLine, in line: String) -> ArraySlice<UInt8> {
        Array(line.utf8)[scanned.identity!]
    }

    /// What a line's tail and the scanner's reading of the whole line share, in a form to compare.
    static func described(_ tail: CaseTail) -> String {
        "\(tail.index) \(tail.status) \(tail.duration) "
            + tail.members.map { "\($0.member)=\($0.value.number.map { "\($0)" } ?? $0.value.string ?? "?")" }
            .joined(separator: ",")
    }

    static func described(tailOf line: CaseLine) -> String {
        described(
            CaseTail(index: line.result.index, status: line.result.status, duration: line.result.duration, members: line.members))
    }

    @Test(
        "a mutated line the scanner reads is one parsing reads the same, its tail read alone when its identity is the original's"
    )
    func mutationsAgree() async throws {
        let lines = try await Self.realLines()
        var random = SplitMix(seed: 2026)
        let bytes = Array(#""\,{}[]: 0123456789-.eExtrufalsn"#.utf8) + [0xC3, 0x09]
        var (read, left, tailsRead) = (0, 0, 0)
        for round in 0..<20_000 {
            var line = Array(lines[round % lines.count].utf8)
            for _ in 0...(round % 3) {
                let at = Int(random.next() % UInt64(line.count))
                switch random.next() % 4 {
                case 0: line[at] = bytes[Int(random.next() % UInt64(bytes.count))]
                case 1: line.remove(at: at)
                case 2: line.insert(bytes[Int(random.next() % UInt64(bytes.count))], at: at)
                default: line.insert(contentsOf: line[at..<min(line.count, at + 12)], at: at)
                }
            }
            let original = lines[round % lines.count]
            let known = Self.identity(CaseLineScanner.caseLine(Array(original.utf8)[...])!, in: original)
            let tail = CaseLineScanner.tail(line[...], identity: known)
            guard let scanned = CaseLineScanner.caseLine(line[...]) else {
                #expect(tail == nil, "a tail read where the whole line is not: \(String(decoding: line, as: UTF8.self))")
                left += 1
                continue
            }
            // The tail is read alone exactly when the whole line reads with the original's identity, and reads alike.
            let sameIdentity = line[scanned.identity!].elementsEqual(known)
            #expect((tail != nil) == sameIdentity, "\(String(decoding: line, as: UTF8.self))")
            if let tail { #expect(Self.described(tail) == Self.described(tailOf: scanned)) }
            tailsRead += sameIdentity ? 1 : 0
            read += 1
            let text = String(decoding: line, as: UTF8.self)
            let parsed = try #require(Self.parsed(text), "the scanner read a line parsing refuses: \(text)")
            #expect(Self.described(scanned) == Self.described(parsed), "\(text)")
        }
        // Both kinds occur: mutations the scanner reads (a digit changed) and those it leaves to parsing.
        #expect(read > 500 && left > 1000 && tailsRead > 100, "read \(read), left \(left), tails read \(tailsRead)")
    }

    @Test(
        "lines outside the writer's form are left to parsing",
        arguments: [
            #"{"type":"case","index":0, "pose":"P1","values":{},"status":"passed","duration":0}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{},"status":"passed","duration":1e3}"#,
            #"{"type":"case","index":0,"pose":"P1","title":"caf\u00e9","values":{},"status":"passed","duration":0}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{"profile":"device","profile":"device"},"status":"passed","duration":0}"#,
            #"{"type":"case","index":00,"pose":"P1","values":{},"status":"passed","duration":0}"#,
            #"{"type":"case","index":0,"pose":"P14","values":{},"status":"passed","duration":0}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{},"status":"passed","duration":-1}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{},"status":"passed","duration":0,"extra":1}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{},"status":"passed","duration":0} "#,
            #"{"type":"case","index":0,"pose":"P1","values":{},"status":"passed","status":"failed","duration":0}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{},"status":"passed","duration":0,"duration":1}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{},"status":"failed","failures":0,"failures":1,"duration":0}"#,
            #"{"type":"case","index":0,"pose":"P1","values":{"hingeAngle":null},"status":"passed","duration":0}"#,
        ])
    func leftToParsing(_ line: String) {
        #expect(CaseLineScanner.caseLine(Array(line.utf8)[...]) == nil)
    }
}

/// A small seeded generator, so that a failing mutation is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

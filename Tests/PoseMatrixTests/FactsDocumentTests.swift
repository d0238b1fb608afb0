import Foundation
import Testing

@testable import PoseMatrix

/// Docs/facts.md is the clone's own record of the facts: it explains every source key the
/// code cites, marks every observable as modelled by a fact, and nothing in the repository
/// cites a design document or an issue that a clone does not have.
@Suite("Facts document")
struct FactsDocumentTests {
    /// The package root, found from this file's place in Tests/PoseMatrixTests.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    /// The text files under a folder of the package, as paths relative to the root, sorted.
    static func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let names = FileManager.default.subpaths(atPath: base.path) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: base.appendingPathComponent(name).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue && !name.split(separator: "/").contains { $0.hasPrefix(".") }
        }.map { folder + "/" + $0 }.sorted()
    }

    /// Every source key cited in Sources/, with its file and line.
    static func sourceCitations() throws -> [FactsDocument.Citation] {
        try files(under: "Sources").flatMap { try FactsDocument.citations(in: read($0), file: $0) }
    }

    @Test("every source key the code cites is a row of Docs/facts.md")
    func everyCitedKeyIsDefined() throws {
        let missing = FactsDocument.missing(try Self.sourceCitations(), from: try Self.read("Docs/facts.md"))
        #expect(missing.isEmpty, "Docs/facts.md has no row for: \(missing.joined(separator: "; "))")
    }

    @Test("the check names the file, line and key when the document lacks a row")
    func missingRowIsNamed() throws {
        let document = try Self.read("Docs/facts.md").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("| `AX-DGb` |") }.joined(separator: "\n")
        let missing = FactsDocument.missing(try Self.sourceCitations(), from: document)
        #expect(!missing.isEmpty)
        #expect(missing.allSatisfy { $0.hasPrefix("Sources/PoseMatrix/") && $0.hasSuffix(": AX-DGb") })
        #expect(missing.contains { $0.hasPrefix("Sources/PoseMatrix/Model/SceneModel+Geometry.swift:") })
    }

    /// A line of code and the keys it cites.
    struct Sample: Sendable, CustomTestStringConvertible {
        var line: String
        var keys: [String]
        var testDescription: String { line }
    }

    static let samples: [Sample] = [
        Sample(line: #"return measured(.text(name), "M AX-DGb")"#, keys: ["AX-DGb"]),
        Sample(line: #"/// The status by the simulator's thresholds. [A DeviceHinge; M AX-PR]"#, keys: ["AX-PR", "DeviceHinge"]),
        Sample(line: #".fact(.bool(x), .apple, "A T61, A-fwd 847644; M S0")"#, keys: ["847644", "S0", "T61"]),
        Sample(line: #""I from M S0: no .inactive on a fold; saves on \(x)""#, keys: ["S0"]),
        Sample(line: #"/// A cached `UIScreen` goes stale. [A T61; S0 rule 7]"#, keys: ["S0 rule 7", "T61"]),
        Sample(line: #"static let outerHoldAngle = 40.0 // [M SIN DuoMotion.swift]"#, keys: ["SIN"]),
        Sample(line: #"/// What the request gives (duo-facts P1, P9, E#1–3)."#, keys: ["E#1", "E#2", "E#3"]),
        Sample(line: #""U MIR-DP design kit; not measured (AX-DGb)""#, keys: ["AX-DGb", "MIR-DP"]),
        Sample(line: #"/// [M AX-DGb; A App Store Connect sizes]"#, keys: ["AX-DGb", "App Store Connect"]),
        Sample(line: #""A doc via S0: ignored, logs an error""#, keys: ["S0"]),
        Sample(line: #"/// Why not. [S0: "closed and fully open, no camera"]"#, keys: ["S0"]),
        Sample(line: #"windows[index].visible = false; let list = [Camera.inner]"#, keys: []),
    ]

    @Test("the extractor reads each citation form the model uses", arguments: samples)
    func extractsKeys(_ sample: Sample) {
        #expect(FactsDocument.citations(in: sample.line, file: "f").map(\.key) == sample.keys)
    }

    @Test("every observable is modelled by at least one fact")
    func everyObservableIsModelled() throws {
        let modelled = FactsDocument.modelledObservables(in: try Self.read("Docs/facts.md"))
        let missing = Observable.allCases.map(\.rawValue).filter { !modelled.contains($0) }
        #expect(missing == [], "Docs/facts.md marks no fact as modelled by these observables")
    }

    /// Citations of documents a clone does not have.
    static var outsideCitation: Regex<Substring> { #/DESIGN(?:\.md| ?§ ?\d)|\b[Ii]ssues? #?\d+/# }

    @Test("code and documentation cite nothing outside the repository")
    func noOutsideCitations() throws {
        let rootDocuments = ["README.md", "CHANGELOG.md", "Benchmarks/README.md"]
        let paths = ["Sources", "Tests", "Docs", "Matrices", "Fuzz"].flatMap(Self.files(under:)) + rootDocuments
        var found: [String] = []
        for path in paths {
            for (index, line) in try Self.read(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("DESIGN") || line.contains("ssue") {
                if let match = line.firstMatch(of: Self.outsideCitation) { found.append("\(path):\(index + 1): \(match.output)") }
            }
        }
        #expect(found == [])
    }
}

/// Reads source keys from code and rows from Docs/facts.md.
enum FactsDocument {
    /// A source key cited at a line of a file.
    struct Citation: Hashable, Comparable, CustomStringConvertible {
        var file: String
        var line: Int
        var key: String

        var description: String { "\(file):\(line): \(key)" }

        static func < (lhs: Citation, rhs: Citation) -> Bool {
            (lhs.file, lhs.line, lhs.key) < (rhs.file, rhs.line, rhs.key)
        }
    }

    /// A bracketed citation in a comment or string: `[M AX-PR]`, `[A T62, T66, HIG]`, `[S2]`.
    static var bracket: Regex<(Substring, Substring)> {
        #/\[((?:A-fwd|A|M|I|U|S\d)\b[^\]]*)\]/#.wordBoundaryKind(.simple)
    }
    /// A string literal that is a source: `"M AX-DGb; A App Store Connect"`, `"I from M S0"`.
    static var literal: Regex<(Substring, Substring)> {
        #/"((?:A-fwd|A|M|I|U)\b(?:[^"\\]|\\.)*)"/#.wordBoundaryKind(.simple)
    }
    /// A row of the conflicts table, alone or as a range: `E#2`, `E#1–3`.
    static var conflict: Regex<(Substring, Substring, Substring?)> { #/E#(\d+)(?:[–-](\d+))?/# }
    /// One key in a citation: a name, a forum thread number, a conflict row.
    static var key: Regex<Substring> {
        #/App Store Connect|UIKit header|Flutter package|S\d rule \d+|E#\d+|\b\d{6}\b|\b[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*\b(?!\.\w)/#
            .wordBoundaryKind(.simple)
    }
    /// The provenance tags, which are not keys.
    static let tags: Set<String> = ["A", "A-fwd", "M", "I", "U"]

    /// The keys cited in a file's text, one per key and line, sorted.
    static func citations(in text: String, file: String) -> [Citation] {
        var found: Set<Citation> = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains("[") || line.contains("\"") || line.contains("E#") {
            let segments = line.matches(of: bracket).map(\.output.1) + line.matches(of: literal).map(\.output.1)
            var keys = segments.flatMap(keys(in:))
            for match in line.matches(of: conflict) {
                let first = Int(match.output.1) ?? 0
                let last = match.output.2.flatMap { Int($0) } ?? first
                keys += (first...max(first, last)).map { "E#\($0)" }
            }
            found.formUnion(keys.map { Citation(file: file, line: index + 1, key: $0) })
        }
        return found.sorted()
    }

    /// The keys of one citation: each `;` clause up to its comment (after `:` or a quote).
    static func keys(in segment: Substring) -> [String] {
        segment.split(separator: ";").flatMap { clause in
            clause.prefix { $0 != ":" && $0 != "\"" }.matches(of: key).map { String($0.output) }.filter { !tags.contains($0) }
        }
    }

    /// The keys the document defines: code spans in the first cell of its table rows.
    static func definedKeys(in document: String) -> Set<String> {
        var keys: Set<String> = []
        for line in document.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2 else { continue }
            keys.formUnion(cells[1].matches(of: #/`([^`]+)`/#).map { String($0.output.1) })
        }
        return keys
    }

    /// "FILE:LINE: KEY" for every citation whose key the document does not define.
    static func missing(_ citations: [Citation], from document: String) -> [String] {
        let defined = definedKeys(in: document)
        return citations.filter { !defined.contains($0.key) }.map(\.description)
    }

    /// The observables named after a fact's *modelled* mark.
    static func modelledObservables(in document: String) -> Set<String> {
        var names: Set<String> = []
        for line in document.split(separator: "\n") {
            for mark in line.matches(of: #/\*modelled\*:([^|]*)/#) {
                names.formUnion(mark.output.1.matches(of: #/`([^`]+)`/#).map { String($0.output.1) })
            }
        }
        return names
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// README.md's rule table is written from the rules' specs (``ScanRule/spec``), which SARIF,
/// `scan --json` and the text output read; the README cannot be generated at build time, so
/// this checks it, as ``SchemaGenerationTests`` checks Matrices/schema.json.
@Suite("Scan rule specs")
struct ScanRuleSpecTests {
    static let header = ["| Rule | Name | Finding | The fact it rests on | What to do |", "|---|---|---|---|---|"]

    /// The README's table from the specs: the header, then one row per rule in rule order.
    static var table: [String] {
        header
            + ScanRule.allCases.map { rule in
                let spec = rule.spec
                return "| " + [rule.rawValue, spec.name, spec.finding, spec.citedFact, spec.help].joined(separator: " | ") + " |"
            }
    }

    @Test("README.md's rule table is the specs' table, row for row, and no rule row stands elsewhere")
    func readmeTable() throws {
        let lines = try FactsDocumentTests.read("README.md").split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let start = try #require(lines.firstIndex(of: Self.header[0]), "README.md has no rule table")
        let written = lines[start...].prefix { $0.hasPrefix("|") }
        let expected = Self.table.joined(separator: "\n")
        #expect(Array(written) == Self.table, "README.md's rule table should read:\n\(expected)")
        #expect(lines.filter { $0.hasPrefix("| DUO") }.count == ScanRule.allCases.count)
    }

    @Test("each spec's texts fit a table cell: no | or line break, no end stop, a lower-case or code start")
    func cells() {
        for rule in ScanRule.allCases {
            let spec = rule.spec
            for text in [spec.name, spec.finding, spec.fact, spec.source, spec.help] {
                #expect(!text.isEmpty && !text.contains("|") && !text.contains("\n") && !text.hasSuffix("."), "\(rule): \(text)")
            }
            for text in [spec.finding, spec.fact, spec.help] {
                #expect(text.hasPrefix("`") || text.first?.isLowercase == true, "\(rule): \(text)")
            }
        }
    }

    @Test("names and help texts are each a rule's own")
    func distinct() {
        let specs = ScanRule.allCases.map(\.spec)
        #expect(Set(specs.map(\.name)).count == specs.count)
        #expect(Set(specs.map(\.help)).count == specs.count)
    }
}

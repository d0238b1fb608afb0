import Foundation
import Testing

@testable import PoseMatrix

/// Docs/facts.md's coverage table: every fact is an observable, or says why it is not one.
@Suite("Facts coverage")
struct FactsCoverageTests {
    /// The mark cell of each fact row (`| F-… |`), by key.
    static func marks(in document: String) -> [(key: String, mark: String)] {
        document.split(separator: "\n").filter { $0.hasPrefix("| `F-") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return (cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[cells.count - 2])
        }
    }

    /// Why a mark does not do its job, or nil when it does.
    static func problem(_ mark: String) -> String? {
        if mark.hasPrefix("*modelled*: ") { return mark.contains("`") ? nil : "names no observable" }
        for form in ["*not a scene observable*: ", "*not modelled*: "] where mark.hasPrefix(form) {
            return mark.count > form.count ? nil : "gives no reason"
        }
        return "has no mark"
    }

    @Test("every fact row is modelled by a named observable, or says why it is not")
    func everyFactIsMarked() throws {
        let rows = Self.marks(in: try FactsDocumentTests.read("Docs/facts.md"))
        #expect(rows.count > 150)
        let problems = rows.compactMap { row in Self.problem(row.mark).map { "\(row.key): \($0)" } }
        #expect(problems == [])
    }

    @Test(
        "the check catches a fact without a mark or a reason",
        arguments: [
            ("*not a scene observable* ", "has no mark"), ("*not a scene observable*: ", "gives no reason"),
            ("*modelled*: the first event", "names no observable"), ("measured", "has no mark"),
        ])
    func catchesMissingMarks(_ mark: String, _ problem: String) {
        #expect(Self.problem(mark) == problem)
    }
}

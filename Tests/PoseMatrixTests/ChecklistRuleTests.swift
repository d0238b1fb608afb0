import Foundation
import Testing

@testable import PoseMatrix

/// A checklist obeys one set of rules (``ChecklistItem/problems(after:)``) whether a matrix states
/// it or a results header carries it: each path words a problem its own way, and rejects the same items.
@Suite("Checklist rules")
struct ChecklistRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The checklist's items as JSON.
        var items: [String]
        var problems: [ChecklistItem.Problem]
        /// `keyPath: message` when the matrix states the checklist.
        var matrix: String
        /// The message when a results header carries it.
        var results: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // A results header took an id of spaces until both paths shared the rule.
        Case(
            name: "an id of white space", items: [#"{"id":"  ","text":"t","poses":["P1"]}"#], problems: [.emptyID],
            matrix: "checklist[0].id: expected a non-empty string",
            results: "a checklist item in the header has an empty id or text"),
        Case(
            name: "a text of white space", items: [#"{"id":"a","text":" ","poses":["P1"]}"#], problems: [.emptyText],
            matrix: "checklist[0].text: expected a non-empty string",
            results: "a checklist item in the header has an empty id or text"),
        Case(
            name: "an id given twice",
            items: [#"{"id":"a","text":"t","poses":["P1"]}"#, #"{"id":"a","text":"u","poses":["P1"]}"#],
            problems: [.repeatedID], matrix: #"checklist[1].id: duplicate checklist id "a""#,
            results: #"checklist item "a" is in the header twice"#),
        Case(
            name: "an invariant's id", items: [#"{"id":"invariant:x","text":"t","poses":["P1"]}"#], problems: [.reservedID],
            matrix:
                #"checklist[0].id: "invariant:x" starts with "invariant:", which names the exploration's invariants in sign-off"#,
            results:
                #"checklist item "invariant:x" in the header starts with "invariant:", which names the exploration's invariants in sign-off"#
        ),
        Case(
            name: "no pose", items: [#"{"id":"a","text":"t","poses":[]}"#], problems: [.noPose],
            matrix: "checklist[0].poses: expected at least one value, found an empty array",
            results: #"checklist item "a" in the header names no pose"#),
        Case(
            name: "a pose not in P1–P13", items: [#"{"id":"a","text":"t","poses":["P1","P14"]}"#], problems: [.unknownPose(1)],
            matrix: #"checklist[0].poses[1]: unknown pose "P14" (expected P1 to P13)"#,
            results: #"checklist item "a" in the header names "P14", not a pose P1–P13"#),
    ]

    /// The last item's problems by the shared rule, the ids before it taken as valid.
    static func sharedProblems(_ items: [String]) throws -> [ChecklistItem.Problem] {
        let decoded = try items.map { text in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            return ChecklistItem(
                id: object["id"] as? String ?? "", text: object["text"] as? String ?? "",
                poses: object["poses"] as? [String] ?? [])
        }
        return decoded.last!.problems(after: Set(decoded.dropLast().map(\.id)))
    }

    /// The matrix's errors, as `keyPath: message`; empty when it loads.
    static func matrixErrors(_ items: [String]) -> [String] {
        let text =
            #"{"formatVersion": 1, "name": "x", "poses": [{"pose": "P1", "expect": {"display": "outer"}}], "checklist": ["#
            + items.joined(separator: ",") + "]}"
        do {
            _ = try MatrixLoader.load(bytes: Array(text.utf8), path: "FILE")
            return []
        } catch {
            return error.errors.map { "\($0.keyPath ?? ""): \($0.message)" }
        }
    }

    /// The error reading a results file whose header carries the checklist; nil when it reads.
    static func resultsError(_ items: [String], lines: [String], write: ([String]) throws -> String) throws -> String? {
        let checklist = try #require(lines[0].firstRange(of: /"checklist":\[(\{[^{}]*\},?)*\]/))
        var edited = lines
        edited[0].replaceSubrange(checklist, with: #""checklist":["# + items.joined(separator: ",") + "]")
        let path = try write(edited)
        do {
            _ = try ResultsReader(path: path)
            return nil
        } catch {
            #expect(error.file == path && error.line == 1)
            return error.message
        }
    }

    @Test("the same invalid checklist gives the shared problem, and each path's message for it", arguments: cases)
    func bothPaths(_ testCase: Case) async throws {
        #expect(try Self.sharedProblems(testCase.items) == testCase.problems)
        #expect(Self.matrixErrors(testCase.items) == [testCase.matrix])
        let (lines, write) = try await RecountTests.smallResults()
        #expect(try Self.resultsError(testCase.items, lines: lines, write: write) == testCase.results)
    }

    @Test("a matrix and a results header reject the same items: those with a problem by the shared rule")
    func sameItemsRejected() async throws {
        let (lines, write) = try await RecountTests.smallResults()
        for id in ["a", "", " ", "invariant:a", "a b"] {
            for text in ["t", "", "\t"] {
                for poses in [[], ["P1"], ["P1", "P1"], ["p1"], [""]] {
                    let quotedPoses = poses.map { "\"\($0)\"" }.joined(separator: ",")
                    let item =
                        #"{"id":"\#(id)","text":"\#(text.replacingOccurrences(of: "\t", with: "\\t"))","poses":[\#(quotedPoses)]}"#
                    let shared = try Self.sharedProblems([item])
                    let named = "id \(quoted(id)), text \(quoted(text)), poses \(poses)"
                    #expect(Self.matrixErrors([item]).isEmpty == shared.isEmpty, "\(named)")
                    let refused = try Self.resultsError([item], lines: lines, write: write) != nil
                    #expect(refused == !shared.isEmpty, "\(named)")
                }
            }
        }
    }
}

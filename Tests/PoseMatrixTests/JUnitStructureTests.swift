import Foundation
import Testing

@testable import PoseMatrix

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The shape of a JUnit file as the Jenkins xunit `junit-10.xsd` requires it, checked with an XML parser,
/// so that a clone without the schema beside it still proves the structure.
struct JUnitStructure: Equatable {
    var suites = 0
    var testcases = 0
    var failures = 0
    var errors = 0
    var skipped = 0

    /// Problems found, each naming the element; empty when the file keeps every rule checked.
    var problems: [String] = []

    static let caseChildren: Set<String> = [
        "skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError", "system-out",
        "system-err",
    ]
    static let suiteChildren: Set<String> = ["testsuite", "properties", "testcase", "system-out", "system-err"]
    /// The schema's SUREFIRE_TIME pattern.
    static var timePattern: Regex<(Substring, Substring?, Substring?, Substring?)> {
        /(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]{0,3})?/
    }

    /// Parses the bytes and checks the root, every suite's required attributes and counts, and every testcase.
    init(data: Data) throws {
        let document = try XMLDocument(data: data)
        guard let root = document.rootElement(), root.name == "testsuites" else {
            problems.append("the root element is not <testsuites>")
            return
        }
        checkTime(root, "testsuites")
        for child in root.children ?? [] where child.kind == .element {
            guard let suite = child as? XMLElement, suite.name == "testsuite" else {
                problems.append("<testsuites> holds <\(child.name ?? "?")>")
                continue
            }
            checkSuite(suite)
        }
        for (name, total) in [("tests", testcases), ("failures", failures), ("errors", errors)] {
            if let value = root.attribute(forName: name)?.stringValue, Int(value) != total {
                problems.append("<testsuites> \(name)=\"\(value)\" but its suites hold \(total)")
            }
        }
    }

    private mutating func checkSuite(_ suite: XMLElement) {
        suites += 1
        let name = suite.attribute(forName: "name")?.stringValue ?? "?"
        for required in ["name", "tests", "failures", "errors"] where suite.attribute(forName: required) == nil {
            problems.append("testsuite \(name) lacks the required attribute \(required)")
        }
        checkTime(suite, "testsuite \(name)")
        var counts = (cases: 0, failures: 0, errors: 0, skipped: 0)
        for child in (suite.children ?? []).compactMap({ $0 as? XMLElement }) {
            guard let childName = child.name, Self.suiteChildren.contains(childName) else {
                problems.append("testsuite \(name) holds <\(child.name ?? "?")>")
                continue
            }
            if childName == "properties" { checkProperties(child, suite: name) }
            guard childName == "testcase" else { continue }
            counts.cases += 1
            let kinds = checkCase(child, suite: name)
            if kinds.contains("failure") { counts.failures += 1 }
            if kinds.contains("error") { counts.errors += 1 }
            if kinds.contains("skipped") { counts.skipped += 1 }
        }
        let stated = [
            ("tests", counts.cases), ("failures", counts.failures), ("errors", counts.errors), ("skipped", counts.skipped),
        ]
        for (attribute, found) in stated {
            if let value = suite.attribute(forName: attribute)?.stringValue, Int(value) != found {
                problems.append("testsuite \(name) says \(attribute)=\"\(value)\" but holds \(found)")
            }
        }
        testcases += counts.cases
        failures += counts.failures
        errors += counts.errors
        skipped += counts.skipped
    }

    /// Checks one testcase and returns the names of its child elements.
    private mutating func checkCase(_ testcase: XMLElement, suite: String) -> Set<String> {
        if testcase.attribute(forName: "name")?.stringValue?.isEmpty ?? true {
            problems.append("a testcase of \(suite) lacks the required attribute name")
        }
        var kinds: Set<String> = []
        for child in (testcase.children ?? []).compactMap({ $0 as? XMLElement }) {
            let childName = child.name ?? "?"
            if !Self.caseChildren.contains(childName) { problems.append("a testcase of \(suite) holds <\(childName)>") }
            kinds.insert(childName)
        }
        return kinds
    }

    private mutating func checkProperties(_ properties: XMLElement, suite: String) {
        for property in (properties.children ?? []).compactMap({ $0 as? XMLElement }) {
            guard property.name == "property", property.attribute(forName: "name") != nil,
                property.attribute(forName: "value") != nil
            else {
                problems.append("testsuite \(suite) has a property without name and value")
                continue
            }
        }
    }

    private mutating func checkTime(_ element: XMLElement, _ label: String) {
        if let time = element.attribute(forName: "time")?.stringValue, (try? Self.timePattern.wholeMatch(in: time)) == nil {
            problems.append("\(label) has time=\"\(time)\", not the schema's SUREFIRE_TIME")
        }
    }
}

@Suite("JUnit structure (no schema file needed)")
struct JUnitStructureTests {
    struct Expected: Sendable, CustomStringConvertible {
        var path: String
        var suites: Int
        var testcases: Int
        var failures: Int
        var skipped: Int
        var description: String { path }
    }

    static func structure(of url: URL) throws -> JUnitStructure {
        try JUnitStructure(data: try Data(contentsOf: url))
    }

    @Test(
        "the golden and sample JUnit files parse and keep the schema's structure",
        arguments: [
            Expected(path: "Tests/PoseMatrixTests/Snapshots/small.junit.xml", suites: 6, testcases: 14, failures: 2, skipped: 4),
            Expected(path: "Tests/PoseMatrixTests/Snapshots/explore.junit.xml", suites: 3, testcases: 7, failures: 1, skipped: 1),
            Expected(path: "Reports/sample/junit.xml", suites: 14, testcases: 124, failures: 0, skipped: 15),
        ])
    func goldenFiles(expected: Expected) throws {
        let found = try Self.structure(of: TestFiles.packageRoot.appendingPathComponent(expected.path))
        #expect(found.problems == [])
        #expect(found.suites == expected.suites)
        #expect(found.testcases == expected.testcases)
        #expect(found.failures == expected.failures)
        #expect(found.skipped == expected.skipped)
    }

    @Test("a real run's junit.xml, passing and failing, keeps the structure")
    func realRuns() async throws {
        let passing = try await ReferenceRun.folder
        #expect(try await ReferenceRun.invocation.code == 0)
        let whole = try Self.structure(of: passing.appendingPathComponent(ReportSet.junitName))
        #expect(whole.problems == [])
        #expect([whole.suites, whole.testcases, whole.failures, whole.errors] as [Int] == [14, 124, 0, 0])

        let failing = try TestFiles.temporaryFolder()
        let example = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/no-error-handler.json").path
        #expect(await duoPose(["run", example, "--out", failing.path, "--quiet"]).code == 1)
        let broken = try Self.structure(of: failing.appendingPathComponent(ReportSet.junitName))
        #expect(broken.problems == [])
        #expect([broken.suites, broken.testcases, broken.failures, broken.errors] as [Int] == [2, 6, 1, 0])
    }

    @Test("the checker itself finds a missing attribute, a wrong count, a stray element and a bad time")
    func checkerFindsProblems() throws {
        let xml = """
            <testsuites tests="3"><testsuite name="P1" tests="2" failures="0" time="1.23456">\
            <testcase name="a"><failure message="x"/></testcase><testcase/><bogus/></testsuite></testsuites>
            """
        let found = try JUnitStructure(data: Data(xml.utf8))
        #expect(
            found.problems == [
                "testsuite P1 lacks the required attribute errors",
                "testsuite P1 has time=\"1.23456\", not the schema's SUREFIRE_TIME",
                "a testcase of P1 lacks the required attribute name",
                "testsuite P1 holds <bogus>",
                "testsuite P1 says failures=\"0\" but holds 1",
                "<testsuites> tests=\"3\" but its suites hold 2",
            ])
    }
}

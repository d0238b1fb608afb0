import Foundation
import Testing

@testable import PoseMatrix

/// Folders the tests read from.
enum TestFiles {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let snapshots = testsFolder.appendingPathComponent("Snapshots")
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// The `duo-pose` executable `swift test` built beside this test bundle, whatever the
    /// configuration or triple (`.build/debug` is only a symbolic link to one of them).
    static let binary: URL = {
        #if os(macOS)
            let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("duo-pose")
        #else
            let tests = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            return tests.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("duo-pose")
        #endif
    }()

    /// This test process's scratch folder; folders of test processes that have ended are removed.
    static let scratch: URL = {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("duo-pose-tests")
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            if let pid = Int32(entry), kill(pid, 0) == -1, errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
            }
        }
        return parent.appendingPathComponent(String(getpid()))
    }()

    /// A new empty folder under this process's scratch folder.
    static func temporaryFolder() throws -> URL {
        let url = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes text to a file in a fresh temporary folder and returns its path.
    static func writeTemporary(_ text: String, name: String = "matrix.json") throws -> String {
        let url = try temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The built-in matrix's cases pose by pose, as a partial run's header records them.
    static let referencePoseCases =
        #""matrixCasesByPose":{"P1":4,"P2":4,"P3":4,"P4":4,"P5":12,"P6":4,"P7":20,"P8":8,"P9":20,"P10":16,"P11":2,"P12":8,"P13":12}"#

    /// The built-in matrix with its exploration cut from depth 12 to depth 3, written once per test
    /// process as `duo-scenes.json`: the same poses, axes, checklist and invariants, for the tests that
    /// need a realistic run but not the 64,134 states of depth 12, which take about 12 s in a debug build.
    static let shallowReference: String = {
        let text = String(decoding: MatrixLoader.builtInBytes, as: UTF8.self)
        let shallow = text.replacingOccurrences(of: "\"depth\": 12,", with: "\"depth\": 3,")
        precondition(shallow != text, "the built-in matrix no longer explores to depth 12: update shallowReference")
        let url = scratch.appendingPathComponent("shallow-reference").appendingPathComponent("duo-scenes.json")
        try! FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! Data(shallow.utf8).write(to: url)
        return url.path
    }()

    static func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// A fixture's reports, written through ReportSet as `run` writes them (cases, then
    /// invariants), deterministically, into a new folder.
    static func writeReports(fixture name: String, jobs: Int) async throws -> URL {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name))))
        let loaded = try MatrixLoader.load(bytes: bytes, path: "Fixtures/" + name)
        let plan = try Plan(matrix: loaded.matrix)
        let folder = try temporaryFolder()
        var header = RunHeader(
            loaded: loaded, toolVersion: "0.0.0-test", generatedAt: "1970-01-01T00:00:00Z", planCases: plan.count)
        header.planInvariants = plan.invariantCount
        var reports = try ReportSet(header: header, folder: folder)
        let runner = Runner(plan: plan, app: loaded.matrix.app, jobs: jobs, deterministic: true)
        try await runner.run { try reports.write($0) }
        try reports.write(invariants: runner.invariants())
        _ = try reports.finish()
        return folder
    }
}

/// The built-in matrix's deterministic run (`duo-pose --out DIR --deterministic`), made once per test
/// process: the tests that read what it writes share it instead of each exploring to depth 12 again.
/// Nobody may write into its folder.
enum ReferenceRun {
    private static let run = Task { () throws -> (Invocation, URL) in
        let out = try TestFiles.temporaryFolder().appendingPathComponent("Reports")
        return (await duoPose(["--out", out.path, "--deterministic"]), out)
    }

    /// What the run printed and how it exited.
    static var invocation: Invocation { get async throws { try await run.value.0 } }
    /// The folder holding its reports.
    static var folder: URL { get async throws { try await run.value.1 } }
}

/// The outcome of one `duo-pose` invocation.
struct Invocation {
    var code: Int32
    var stdout: String
    var stderr: String
}

/// Each `merge` of its inputs exits 65 with exactly its message on stderr and writes nothing.
func expectMergeRefusals(
    _ cases: [(inputs: [String], message: String)], in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
) async {
    for (inputs, message) in cases {
        let out = folder.appendingPathComponent("never").path
        let result = await duoPose(["merge"] + inputs + ["--out", out])
        #expect(result.code == 65, sourceLocation: sourceLocation)
        #expect(result.stderr == message, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out), sourceLocation: sourceLocation)
    }
}

/// Runs the built `duo-pose` executable as CI would, in `folder` (this process's when nil), with
/// this process's environment less the variables CI engines and reproducible builds set (so that a
/// test run inside a CI job is not sharded or dated by it), plus `environment`.
func runBinary(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Invocation {
    try runBinaryLike(executable: TestFiles.binary.path, arguments, in: folder, environment: environment)
}

/// Runs another executable as ``runBinary(_:in:environment:)`` runs duo-pose: a shell that runs a CI step, say.
func runBinaryLike(
    executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
) throws -> Invocation {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    let engineVariables = [
        "TEST_", "CI_NODE_", "BUILDKITE_PARALLEL_", "TESTBRIDGE_", "XML_OUTPUT_FILE", "SOURCE_DATE_EPOCH", "GITHUB_STEP_SUMMARY",
    ]
    var inherited = ProcessInfo.processInfo.environment.filter { key, _ in !engineVariables.contains { key.hasPrefix($0) } }
    inherited.merge(environment) { $1 }
    process.environment = inherited
    // Files, not pipes: a pipe that nobody reads while the process runs would stop it once full.
    let streams = try TestFiles.temporaryFolder()
    let out = streams.appendingPathComponent("stdout")
    let err = streams.appendingPathComponent("stderr")
    for file in [out, err] { try Data().write(to: file) }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return Invocation(code: process.terminationStatus, stdout: try TestFiles.read(out), stderr: try TestFiles.read(err))
}

/// Runs the command line in-process with captured streams.
func duoPose(_ arguments: [String], environment: [String: String] = [:]) async -> Invocation {
    let out = CapturedText()
    let err = CapturedText()
    let code = await DuoPose.run(arguments: arguments, stdout: out, stderr: err, environment: environment)
    return Invocation(code: code, stdout: out.text, stderr: err.text)
}

/// Writes a fixture's reports as `run` does and compares each with its golden file `<prefix>.<name>`.
func expectReportsMatchSnapshots(fixture: String, prefix: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
{
    let folder = try await TestFiles.writeReports(fixture: fixture, jobs: 2)
    for name in [ReportSet.junitName, ReportSet.markdownName, ReportSet.resultsName, ReportSet.htmlName] {
        try expectMatchesSnapshot(
            try TestFiles.read(folder.appendingPathComponent(name)), named: prefix + "." + name, sourceLocation: sourceLocation)
    }
}

/// Compares text with a golden file under Snapshots/; `DUO_POSE_RECORD=1 swift test` re-records.
func expectMatchesSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = TestFiles.snapshots.appendingPathComponent(name)
    if try recordGolden(actual, at: url, sourceLocation: sourceLocation) { return }
    guard let expected = try? TestFiles.read(url) else {
        Issue.record("missing snapshot \(name); run DUO_POSE_RECORD=1 swift test to record it", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record(
            "\(name) differs from its snapshot:\n\(lineDiff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
    }
}

/// With `DUO_POSE_RECORD=1`, writes a golden file and returns true; a file whose bytes change
/// fails the test, so that recording never passes silently: review the diff, then run again.
func recordGolden(_ actual: String, at url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
    guard ProcessInfo.processInfo.environment["DUO_POSE_RECORD"] == "1" else { return false }
    let before = try? TestFiles.read(url)
    guard before != actual else { return true }
    try Data(actual.utf8).write(to: url)
    Issue.record(
        "recorded \(url.lastPathComponent); review the change (git diff) and run the tests again without DUO_POSE_RECORD",
        sourceLocation: sourceLocation)
    return true
}

/// The differing lines of two texts, `-` expected and `+` actual, for a readable failure.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for index in 0..<max(old.count, new.count) {
        let left = index < old.count ? String(old[index]) : nil
        let right = index < new.count ? String(new[index]) : nil
        if left != right {
            if let left { out.append("line \(index + 1) - \(left)") }
            if let right { out.append("line \(index + 1) + \(right)") }
        }
        if out.count > 40 { break }
    }
    return out.joined(separator: "\n")
}

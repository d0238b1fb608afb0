import Foundation
import Testing

@testable import PoseMatrix

/// The three reports change at one instant: a run stopped at any step of finishing them (as by
/// SIGKILL: nothing after the step runs) leaves one run's set, and between runs they are regular
/// files. Benchmarks/kill-test.sh kills real runs at random moments for the same guarantee.
@Suite("Report switch")
struct ReportSwitchTests {
    /// A run stopped where a kill would stop it.
    struct Stopped: Error {}

    /// A folder holding small.json's reports (FAILED), a file and a link of the user's beside them.
    static func folderWithReports() async throws -> URL {
        let folder = try TestFiles.temporaryFolder()
        #expect(await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"]).code == 1)
        try Data("the job's own notes\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("latest").path, withDestinationPath: "results.jsonl")
        return folder
    }

    /// What the three names show (following links), nil where there is none.
    static func visible(_ folder: URL) -> [String: Data?] {
        Dictionary(uniqueKeysWithValues: ReportSet.names.map { ($0, try? Data(contentsOf: folder.appendingPathComponent($0))) })
    }

    /// The file type of each entry of the folder, links not followed.
    static func kinds(_ folder: URL) throws -> [String: mode_t] {
        var kinds: [String: mode_t] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var info = stat()
            #expect(lstat(folder.appendingPathComponent(name).path, &info) == 0)
            kinds[name] = info.st_mode & S_IFMT
        }
        return kinds
    }

    /// Writes passing.json's reports into `folder` as `run` does, stopping at `stop` if given.
    static func writePassing(into folder: URL, stoppingAt stop: ReportSwitch.Step? = nil) async throws {
        let path = TestFiles.fixture("passing.json")
        let loaded = try MatrixLoader.load(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
        let plan = try Plan(matrix: loaded.matrix)
        var header = RunHeader(
            loaded: loaded, toolVersion: "0.0.0-test", generatedAt: "1970-01-01T00:00:00Z", planCases: plan.count)
        header.planInvariants = plan.invariantCount
        var reports = try ReportSet(header: header, folder: folder)
        let runner = Runner(plan: plan, app: loaded.matrix.app, jobs: 1, deterministic: true)
        try await runner.run { try reports.write($0) }
        try reports.write(invariants: runner.invariants())
        _ = try reports.finish { step in if step == stop { throw Stopped() } }
    }

    /// passing.json's reports as a run that is not stopped writes them.
    static func passingReports() async throws -> [String: Data?] {
        let folder = try TestFiles.temporaryFolder()
        try await writePassing(into: folder)
        return visible(folder)
    }

    /// The folder holds the three reports and the user's files, all as they were made, and nothing else.
    static func expectTidy(_ folder: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            try kinds(folder) == [
                "results.jsonl": S_IFREG, "junit.xml": S_IFREG, "report.md": S_IFREG, "report.html": S_IFREG,
                "notes.txt": S_IFREG,
                "latest": S_IFLNK,
            ],
            sourceLocation: sourceLocation)
        #expect(
            try TestFiles.read(folder.appendingPathComponent("notes.txt")) == "the job's own notes\n",
            sourceLocation: sourceLocation)
        #expect(
            ReportSwitch.readLink(folder.appendingPathComponent("latest").path) == "results.jsonl", sourceLocation: sourceLocation
        )
    }

    static let reportsStaged: [ReportSwitch.Step] = ReportSet.names.map { .staged($0) }

    @Test("a run stopped between finishing one report and the next leaves the previous three in place", arguments: reportsStaged)
    func stoppedBetweenWrites(_ stop: ReportSwitch.Step) async throws {
        let folder = try await Self.folderWithReports()
        let before = Self.visible(folder)
        await #expect(throws: Stopped.self) { try await Self.writePassing(into: folder, stoppingAt: stop) }
        #expect(Self.visible(folder) == before, "no report of the stopped run is visible")
        try Self.expectTidy(folder)
    }

    static let switchSteps: [ReportSwitch.Step] =
        [.keptPrevious] + ReportSet.names.map { .linked($0) } + [.switched] + ReportSet.names.map { .madeRegular($0) }

    @Test(
        "stopped at any step of the switch, the folder shows one run's three reports; the next lock leaves them regular files",
        arguments: switchSteps)
    func stoppedInTheSwitch(_ stop: ReportSwitch.Step) async throws {
        let new = try await Self.passingReports()
        let folder = try await Self.folderWithReports()
        let before = Self.visible(folder)
        #expect(before != new)
        await #expect(throws: Stopped.self) { try await Self.writePassing(into: folder, stoppingAt: stop) }
        let switched = Self.switchSteps.firstIndex(of: stop)! >= Self.switchSteps.firstIndex(of: .switched)!
        #expect(Self.visible(folder) == (switched ? new : before), "\(switched ? "all new" : "all previous") after \(stop)")
        // The next run, merge or sign-off into the folder finishes what the stopped one left.
        var lock: FolderLock? = try FolderLock(folder: folder.path, reports: ReportSet.names)
        #expect(lock != nil)
        lock = nil
        #expect(Self.visible(folder) == (switched ? new : before))
        try Self.expectTidy(folder)
    }

    @Test("between runs the reports are regular files with no other link, and nothing of the switch is left")
    func regularBetweenRuns() async throws {
        let folder = try await Self.folderWithReports()
        try await Self.writePassing(into: folder)
        #expect(Self.visible(folder) == (try await Self.passingReports()))
        try Self.expectTidy(folder)
        for name in ReportSet.names {
            var info = stat()
            #expect(stat(folder.appendingPathComponent(name).path, &info) == 0)
            #expect(info.st_nlink == 1, "\(name): the generation's hard link to it is gone")
        }
    }

    /// A generation in `folder` holding `contents` under the three names, as a run stages it.
    static func stage(_ switcher: ReportSwitch, _ contents: String) throws -> String {
        let staged = try switcher.makeGeneration()
        for name in ReportSet.names { try Data((contents + name).utf8).write(to: URL(fileURLWithPath: staged + "/" + name)) }
        return staged
    }

    @Test("where hard links are refused the reports still change at one instant, as links, which a later lock makes regular")
    func withoutHardLinks() async throws {
        let folder = try await Self.folderWithReports()
        var switcher = ReportSwitch(folder: folder.path, names: ReportSet.names)
        switcher.hardLink = { _, _ in false }
        for contents in ["second ", "third "] {
            try switcher.publish(try Self.stage(switcher, contents))
            #expect(
                Self.visible(folder) == Dictionary(uniqueKeysWithValues: ReportSet.names.map { ($0, Data((contents + $0).utf8)) })
            )
            for name in ReportSet.names {
                #expect(ReportSwitch.readLink(folder.appendingPathComponent(name).path) == ReportSwitch.linkTarget(name))
            }
            let generations = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + ReportSwitch.directoryName)
            #expect(generations.count == 2, "current and the generation it names: \(generations)")
        }
        var lock: FolderLock? = try FolderLock(folder: folder.path, reports: ReportSet.names)
        #expect(lock != nil)
        lock = nil
        #expect(try TestFiles.read(folder.appendingPathComponent("junit.xml")) == "third junit.xml")
        try Self.expectTidy(folder)
    }
}

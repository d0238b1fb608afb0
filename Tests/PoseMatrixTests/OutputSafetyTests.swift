import Foundation
import Testing

@testable import PoseMatrix

/// The report folder under contention and odd files in the reports' places: a second writer is
/// refused, leftovers go only when the lock proves their run dead, and nothing that is not a
/// readable report of duo-pose's is replaced or opened in a way that blocks.
@Suite("Output safety")
struct OutputSafetyTests {
    static let refusal = "refusing to replace it (move it, or choose another --out)"

    /// A folder holding the reports of a finished run of small.json.
    static func reportFolder() async throws -> URL {
        let folder = try TestFiles.temporaryFolder()
        #expect(await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"]).code == 1)
        return folder
    }

    static func busy(_ folder: URL) -> String {
        "Error: cannot write the reports: \(folder.path): another duo-pose is writing reports in this folder "
            + "(it holds .duo-pose.lock); wait until it ends, or choose another --out\n"
    }

    @Test("a run, merge or sign-off into a folder another duo-pose holds is refused with exit 74, touching nothing")
    func lockedFolder() async throws {
        let folder = try await Self.reportFolder()
        let results = folder.appendingPathComponent("results.jsonl").path
        let copy = try TestFiles.temporaryFolder().appendingPathComponent("results.jsonl").path
        try FileManager.default.copyItem(atPath: results, toPath: copy)
        let before = try InterruptionTests.snapshot(folder)
        var holder: FolderLock? = try FolderLock(folder: folder.path, reports: ReportSet.names)
        let run = await duoPose(["run", TestFiles.fixture("passing.json"), "--out", folder.path, "--quiet"])
        let merge = await duoPose(["merge", copy, "--out", folder.path, "--quiet"])
        let signoff = await duoPose(["signoff", copy, "--by", "Grace", "--out", folder.appendingPathComponent("s.md").path])
        for result in [run, merge, signoff] {
            #expect(result.code == 74)
            #expect(result.stderr == Self.busy(folder))
        }
        #expect(try InterruptionTests.snapshot(folder).filter { $0.key != FolderLock.fileName } == before)
        #expect(holder != nil)
        holder = nil
        #expect(await duoPose(["run", TestFiles.fixture("passing.json"), "--out", folder.path, "--quiet"]).code == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(FolderLock.fileName).path))
    }

    @Test("a second process is refused while a first runs into the same folder; the first finishes whole")
    func twoProcesses() throws {
        let folder = try TestFiles.temporaryFolder()
        let first = Process()
        first.executableURL = TestFiles.binary
        first.arguments = ["run", try InterruptionTests.longMatrix(), "--out", folder.path, "--quiet"]
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        // Polled on this thread, not by sleeping tasks: a busy test pool may not wake a task for seconds.
        let lock = folder.appendingPathComponent(FolderLock.fileName).path
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: lock) && first.isRunning && Date() < deadline { usleep(5_000) }
        try #require(FileManager.default.fileExists(atPath: lock), "the first run locks its folder")
        let second = Process()
        second.executableURL = TestFiles.binary
        second.arguments = ["run", TestFiles.fixture("passing.json"), "--out", folder.path, "--quiet"]
        let errors = Pipe()
        second.standardError = errors
        try second.run()
        second.waitUntilExit()
        #expect(second.terminationStatus == 74)
        #expect(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == Self.busy(folder))
        first.waitUntilExit()
        #expect(first.terminationStatus == 1, "the first run ends with its own verdict")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ReportSet.names.sorted())
        let summary = try TestFiles.read(folder.appendingPathComponent("results.jsonl")).split(separator: "\n").last!
        #expect(summary.contains(#""total":150000,"passed":109992,"failed":40008"#), "\(summary.prefix(200))")
    }

    @Test("leftovers and generations are removed only under the lock: a live run's stay, a dead run's go whatever their PID")
    func leftovers() async throws {
        let folder = try await Self.reportFolder()
        // A run in another PID namespace: its PID means nothing here, but it holds the lock.
        var holder: FolderLock? = try FolderLock(folder: folder.path, reports: ReportSet.names)
        let live = folder.appendingPathComponent(".results.jsonl.tmp-999999-1").path
        #expect(FileManager.default.createFile(atPath: live, contents: Data("{".utf8)))
        // And the generation its switch stages the reports in (ReportSwitch), which a dead run leaves too.
        let generation = folder.appendingPathComponent(ReportSwitch.directoryName + "/run-999999-2")
        try FileManager.default.createDirectory(at: generation, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: generation.appendingPathComponent("junit.xml").path, contents: nil))
        #expect(await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"]).code == 74)
        #expect(FileManager.default.fileExists(atPath: live), "a live run's temporary file is left alone")
        #expect(FileManager.default.fileExists(atPath: generation.path), "and so is its generation")
        #expect(holder != nil)
        holder = nil
        // A dead run whose PID is in use here (PID 1 always is): the lock, not the PID, says it is dead.
        let dead = folder.appendingPathComponent(".junit.xml.spool-1").path
        #expect(FileManager.default.createFile(atPath: dead, contents: nil))
        #expect(await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"]).code == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ReportSet.names.sorted())
    }

    struct Occupant: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        /// Puts something at the path.
        var make: @Sendable (String) throws -> Void
        var message: String
        var testDescription: String { name }
    }

    static let occupants: [Occupant] = [
        Occupant(
            name: "a folder named junit.xml", file: "junit.xml",
            make: { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) },
            message: "is a folder, not a report; \(refusal)"),
        Occupant(
            name: "a FIFO named junit.xml", file: "junit.xml", make: { #expect(mkfifo($0, 0o644) == 0) },
            message: "is a FIFO, not a report; \(refusal)"),
        Occupant(
            name: "a report of duo-pose's with mode 000", file: "report.md",
            make: { path in
                try Data("# duo-pose: an earlier run\n".utf8).write(to: URL(fileURLWithPath: path))
                #expect(chmod(path, 0) == 0)
            },
            message: "cannot be read (mode 000, no read permission); \(refusal)"),
        Occupant(
            name: "a file where the reports are switched", file: ReportSwitch.directoryName,
            make: { try Data("mine\n".utf8).write(to: URL(fileURLWithPath: $0)) },
            message: "is a file, not duo-pose's folder for switching reports; \(refusal)"),
    ]

    /// Root reads a mode-000 file, so the rule is the permission bits: a report nobody may read is refused.
    @Test("what is not a readable report of duo-pose's is refused with exit 74, never opened to block", arguments: occupants)
    func occupied(_ occupant: Occupant) async throws {
        let folder = try TestFiles.temporaryFolder()
        let path = folder.appendingPathComponent(occupant.file).path
        try occupant.make(path)
        let result = try await runBinary(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"])
        #expect(result.code == 74)
        #expect(result.stderr == "Error: cannot write the reports: \(path): \(occupant.message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [occupant.file])
    }

    @Test("signoff --out refuses a sign-off file nobody may read")
    func unreadableSignoff() async throws {
        let folder = try await Self.reportFolder()
        let signoff = folder.appendingPathComponent("signoff.md").path
        try Data("# Release sign-off: earlier\n".utf8).write(to: URL(fileURLWithPath: signoff))
        #expect(chmod(signoff, 0) == 0)
        let result = await duoPose([
            "signoff", folder.appendingPathComponent("results.jsonl").path, "--by", "Grace", "--out", signoff,
        ])
        #expect(result.code == 74)
        #expect(
            result.stderr
                == "Error: cannot write the reports: \(signoff): cannot be read (mode 000, no read permission); \(Self.refusal)\n"
        )
        #expect(try TestFiles.read(URL(fileURLWithPath: signoff)) == "# Release sign-off: earlier\n")
    }

    @Test("a --summary target that cannot take the summary is refused before the run, with the system's reason")
    func summaryTargets() async throws {
        let folder = try TestFiles.temporaryFolder()
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let targets = [
            (folder.path, "Is a directory"),
            (folder.appendingPathComponent("missing/summary.md").path, "No such file or directory"),
            (fifo, "it is a FIFO that no process reads"),
        ]
        for (target, reason) in targets {
            let out = folder.appendingPathComponent("out").path
            let result = try await runBinary([
                "run", TestFiles.fixture("small.json"), "--out", out, "--quiet", "--summary", target,
            ])
            #expect(result.code == 74)
            #expect(result.stderr == "Error: --summary \(target): cannot be opened for appending: \(reason)\n")
            #expect(!FileManager.default.fileExists(atPath: out), "nothing ran, nothing was written")
        }
        let out = folder.appendingPathComponent("full").path
        let full = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out, "--quiet", "--summary", "/dev/full"])
        #expect(full.code == 74)
        #expect(
            full.stderr
                == "Error: --summary /dev/full: cannot append: No space left on device (the reports in \(out) were written)\n")
    }
}

/// Runs the built binary and gives up (killing it) after `seconds`, so that a test of
/// something that used to block fails instead of hanging.
func runBinary(_ arguments: [String], seconds: Double = 20) async throws -> Invocation {
    try #require(FileManager.default.fileExists(atPath: TestFiles.binary.path))
    let process = Process()
    process.executableURL = TestFiles.binary
    process.arguments = arguments
    let errors = try TestFiles.temporaryFolder().appendingPathComponent("stderr")
    #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        Issue.record("duo-pose \(arguments.joined(separator: " ")) still ran after \(seconds) s")
    }
    process.waitUntilExit()
    return Invocation(code: process.terminationStatus, stdout: "", stderr: try TestFiles.read(errors))
}

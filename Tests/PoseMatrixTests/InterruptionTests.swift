import Foundation
import Testing

@testable import PoseMatrix

/// Runs the built `duo-pose` binary and interrupts it, the way a CI job is cancelled.
@Suite("Interruption", .serialized)
struct InterruptionTests {
    static let binary = TestFiles.binary

    /// A matrix long enough that a signal arrives mid-run: 150,000 cases.
    static func longMatrix() throws -> String {
        let angles = (0..<18_750).map { formatNumber(Double($0) / 125) }.joined(separator: ",")
        return try TestFiles.writeTemporary(
            #"{ "formatVersion": 1, "name": "long", "axes": { "hingeAngle": [\#(angles)], "profile": ["device", "simulator"], "#
                + #""reduceTransparency": [false, true], "layoutDirection": ["leftToRight", "rightToLeft"] }, "#
                + #""poses": [{ "pose": "P5", "expect": { "display": "inner" } }] }"#)
    }

    /// A finished results file of 20,000 cases, with a checklist, which signoff takes seconds to read.
    static func longResults() async throws -> URL {
        let angles = (0..<2_500).map { formatNumber(Double($0) / 25) }.joined(separator: ",")
        let matrix = try TestFiles.writeTemporary(
            #"{ "formatVersion": 1, "name": "long", "checklist": [{ "id": "fold", "text": "Folds", "poses": ["P5"] }], "#
                + #""axes": { "hingeAngle": [\#(angles)], "profile": ["device", "simulator"], "#
                + #""reduceTransparency": [false, true], "layoutDirection": ["leftToRight", "rightToLeft"] }, "#
                + #""poses": [{ "pose": "P5", "expect": { "display": "inner" } }] }"#)
        let folder = try TestFiles.temporaryFolder()
        #expect([0, 1].contains(await duoPose(["run", matrix, "--out", folder.path, "--quiet"]).code))
        return folder
    }

    /// Writes earlier reports into a fresh folder, starts a long run over them, sends a signal
    /// after a moment, and returns the folder, its files before the run, and how the run ended.
    static func interruptedRun(by signal: Int32) async throws -> (folder: URL, before: [String: Data], process: Process) {
        try #require(
            FileManager.default.fileExists(atPath: binary.path), "no built duo-pose at \(binary.path); swift test builds it")
        let folder = try TestFiles.temporaryFolder()
        #expect(await duoPose(["--out", folder.path, "--quiet", "--pose", "P1"]).code == 0)
        let before = try snapshot(folder)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", try longMatrix(), "--out", folder.path, "--quiet"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Ready when the run is writing cases: its temporary results file has bytes in it.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let writing = names.filter { $0.hasPrefix(".results.jsonl.tmp-") }.contains { name in
                let size = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size]
                return (size as? Int ?? 0) > 0
            }
            if writing { break }
            usleep(2_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (folder, before, process)
    }

    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    @Test(
        "SIGINT and SIGTERM stop the run with 130 and 143 and leave the previous reports whole",
        arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signal(_ signal: Int32, _ code: Int32) async throws {
        let (folder, before, process) = try await Self.interruptedRun(by: signal)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == code)
        #expect(try Self.snapshot(folder) == before, "the previous reports stay, and no temporary file is left")
    }

    @Test("after SIGKILL no half-written report stands under its real name, and the next run tidies up")
    func sigkill() async throws {
        let (folder, before, process) = try await Self.interruptedRun(by: SIGKILL)
        #expect(process.terminationReason == .uncaughtSignal)
        let after = try Self.snapshot(folder)
        for name in ReportSet.names {
            #expect(after[name] == before[name], "\(name) is the previous report, whole")
        }
        #expect(after.keys.contains { $0.hasPrefix(".") }, "the killed run's temporary files remain, under hidden names")
        #expect(await duoPose(["--out", folder.path, "--quiet", "--pose", "P1"]).code == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "junit.xml", "report.html", "report.md", "results.jsonl",
            ],
            "the next run removes what a killed run left")
    }

    @Test("a signal during signoff stops it with 143 and leaves the previous signoff.md")
    func signoff() async throws {
        let folder = try await Self.longResults()
        let signoff = folder.appendingPathComponent("signoff.md")
        try Data("# Release sign-off: earlier\n".utf8).write(to: signoff)
        let before = try Self.snapshot(folder)
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["signoff", folder.appendingPathComponent("results.jsonl").path, "--by", "Grace"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Once the lock file is there, signoff is reading (for seconds). Polled on this thread:
        // a busy test pool may not wake a sleeping task in time.
        let lock = folder.appendingPathComponent(FolderLock.fileName).path
        while !FileManager.default.fileExists(atPath: lock) && process.isRunning { usleep(2_000) }
        usleep(100_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message == "duo-pose: interrupted; \(signoff.path) was not replaced\n")
        #expect(try Self.snapshot(folder) == before, "signoff.md is the earlier one, and nothing else is left")
    }

    @Test("work that finished keeps its exit code; only work stopped by the signal exits 130 or 143")
    func exitCodes() {
        #expect(Interruptions.exitCode(work: 0, signal: SIGTERM) == 0)
        #expect(Interruptions.exitCode(work: 1, signal: SIGINT) == 1)
        #expect(Interruptions.exitCode(work: 74, signal: SIGTERM) == 74)
        #expect(Interruptions.exitCode(work: 130, signal: SIGTERM) == 143)
        #expect(Interruptions.exitCode(work: 130, signal: SIGINT) == 130)
        #expect(Interruptions.exitCode(work: 0, signal: nil) == 0)
    }

    @Test("a second signal stops a run blocked reading a FIFO that no process writes to")
    func secondSignal() throws {
        let folder = try TestFiles.temporaryFolder()
        let fifo = folder.appendingPathComponent("baseline.jsonl").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["run", TestFiles.fixture("small.json"), "--baseline", fifo, "--out", folder.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Opening the FIFO's other end succeeds once duo-pose opens it to read; holding it open
        // without writing keeps duo-pose blocked in read().
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(30)
        while writer < 0 && process.isRunning && Date() < deadline {
            writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(2_000) }
        }
        defer { close(writer) }
        try #require(writer >= 0, "duo-pose opens the baseline")
        usleep(100_000)
        kill(process.processIdentifier, SIGTERM)
        usleep(300_000)
        #expect(process.isRunning, "the first signal cannot stop a blocked read")
        kill(process.processIdentifier, SIGTERM)
        let end = Date().addingTimeInterval(10)
        while process.isRunning && Date() < end { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 143)
    }
}

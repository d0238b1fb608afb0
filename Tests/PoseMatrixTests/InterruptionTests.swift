import Foundation
import Testing

@testable import PoseMatrix

/// Runs the built `duo-pose` binary and interrupts it, the way a CI job is cancelled.
@Suite("Interruption", .serialized)
struct InterruptionTests {
    static let binary = TestFiles.packageRoot.appendingPathComponent(".build/debug/duo-pose")

    /// A matrix long enough that a signal arrives mid-run: 150,000 cases.
    static func longMatrix() throws -> String {
        let angles = (0..<18_750).map { formatNumber(Double($0) / 125) }.joined(separator: ",")
        return try TestFiles.writeTemporary(
            #"{ "formatVersion": 1, "name": "long", "axes": { "hingeAngle": [\#(angles)], "profile": ["device", "simulator"], "#
                + #""reduceTransparency": [false, true], "layoutDirection": ["leftToRight", "rightToLeft"] }, "#
                + #""poses": [{ "pose": "P5", "expect": { "display": "inner" } }] }"#)
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
        // Ready when the run has started writing: its temporary reports appear in the folder.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".") }) { break }
            try await Task.sleep(for: .milliseconds(5))
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
        for name in ["results.jsonl", "junit.xml", "report.md"] {
            #expect(after[name] == before[name], "\(name) is the previous report, whole")
        }
        #expect(after.keys.contains { $0.hasPrefix(".") }, "the killed run's temporary files remain, under hidden names")
        #expect(await duoPose(["--out", folder.path, "--quiet", "--pose", "P1"]).code == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "junit.xml", "report.md", "results.jsonl",
            ],
            "the next run removes what a killed run left")
    }
}

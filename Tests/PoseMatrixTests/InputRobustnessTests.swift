import Foundation
import Testing

@testable import PoseMatrix

/// Inputs read line by line: in one pass however long the lines, within stated limits, with
/// CRLF line ends as well as LF, and with messages that name the file and the system's reason.
@Suite("Input robustness")
struct InputRobustnessTests {
    /// A finished results file of small.json and its folder.
    static func results() async throws -> (folder: URL, path: String) {
        let folder = try TestFiles.temporaryFolder()
        #expect(await duoPose(["run", TestFiles.fixture("small.json"), "--out", folder.path, "--quiet"]).code == 1)
        return (folder, folder.appendingPathComponent("results.jsonl").path)
    }

    /// The text with every LF made CRLF.
    static func crlf(_ path: String, in folder: URL) throws -> String {
        let text = try TestFiles.read(URL(fileURLWithPath: path))
        let copy = folder.appendingPathComponent("crlf-" + URL(fileURLWithPath: path).lastPathComponent)
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: copy)
        return copy.path
    }

    @Test("every byte is examined once to find line ends, however long the line; CR before LF is dropped")
    func linear() throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        let path = try TestFiles.writeTemporary("a\n" + String(decoding: long, as: UTF8.self) + "\r\nb", name: "lines.txt")
        let reader = try LineReader(path: path, maximumLineLength: 4 << 20)
        var lines: [(Int, Int, Bool)] = []
        while let line = try reader.next() { lines.append((line.bytes.count, line.number, line.isTerminated)) }
        #expect(lines.map(\.0) == [1, 3 << 20, 1])
        #expect(lines.map(\.1) == [1, 2, 3])
        #expect(lines.map(\.2) == [true, true, false])
        #expect(reader.byteCount == (3 << 20) + 5)
        #expect(reader.examinedBytes <= reader.byteCount, "examined \(reader.examinedBytes) bytes of \(reader.byteCount)")
    }

    @Test("a value a message shows is cut at 60 characters, however long it is in the file")
    func longValuesCut() async throws {
        let digits = String(repeating: "9", count: 1 << 20)
        let matrix =
            #"{"formatVersion": 1, "name": "x", "axes": {"hingeAngle": ["# + digits + "," + "1"
            + String(
                repeating: "x", count: 1 << 20) + "]}}"
        let path = try TestFiles.writeTemporary(matrix, name: "long.json")
        let result = await duoPose(["validate", path])
        #expect(result.code == 65)
        #expect(
            result.stderr
                == "Error: \(path):1:\(59 + digits.count + 1): invalid number '1\(String(repeating: "x", count: 56))...'\n")
        let string = String(repeating: "s", count: 1 << 20)
        let path2 = try TestFiles.writeTemporary(
            #"{"formatVersion": 1, "name": "x", "axes": {"hingeAngle": ["# + digits + ", \"" + string
                + "\"]}, \"poses\": [{\"pose\": \"P1\"}]}",
            name: "long2.json")
        let second = await duoPose(["validate", path2])
        #expect(second.code == 65)
        #expect(second.stderr.contains("invalid value \(String(repeating: "9", count: 57))... for axis hingeAngle"))
        #expect(second.stderr.contains("invalid value \"\(String(repeating: "s", count: 57))...\" for axis hingeAngle"))
        #expect(second.stderr.utf8.count < 1_000)
    }

    @Test("a line or a file past the limits is refused with the file and line")
    func limits() async throws {
        let (folder, results) = try await Self.results()
        let header = try TestFiles.read(URL(fileURLWithPath: results)).split(separator: "\n")[0]
        let huge = folder.appendingPathComponent("huge.jsonl")
        try Data((header + "\n" + String(repeating: " ", count: (16 << 20) + 1) + "\n").utf8).write(to: huge)
        let signoff = await duoPose(["signoff", huge.path, "--by", "Grace"])
        #expect(signoff.code == 65)
        #expect(signoff.stderr == "Error: \(huge.path):2: the line is longer than 16777216 bytes\n")

        let recording = try TestFiles.writeTemporary(
            #"{"pose": "P1", "values": {"profile": "simulator"}, "observables": {"display": "outer"}}"# + "\n"
                + String(repeating: " ", count: (1 << 20) + 1),
            name: "obs.jsonl")
        let run = await duoPose(["run", ObservationTests.matrix, "--observations", recording, "--out", folder.path])
        #expect(run.code == 65)
        #expect(run.stderr == "Error: \(recording):2:1: the line is longer than 1048576 bytes\n")

        let reader = try LineReader(path: recording, maximumLineLength: 100, maximumFileSize: 40)
        #expect(throws: LineReadError(cause: .tooLarge, line: 1, message: "the file is larger than 40 bytes")) {
            _ = try reader.next()
        }
    }

    @Test("observations with CRLF line ends are read like LF ones")
    func crlfObservations() async throws {
        let folder = try TestFiles.temporaryFolder()
        let recording = try Self.crlf(ObservationTests.observations, in: folder)
        var statuses: [[String]] = []
        for observations in [ObservationTests.observations, recording] {
            let out = folder.appendingPathComponent(UUID().uuidString).path
            let run = await duoPose(["run", ObservationTests.matrix, "--observations", observations, "--out", out, "--quiet"])
            #expect(run.code == 0, "\(run.stderr)")
            let reader = try ResultsReader(path: out + "/results.jsonl")
            var these: [String] = []
            while let result = try reader.next() { these.append("\(result.id): \(result.status)") }
            statuses.append(these)
        }
        #expect(statuses[0].count == 6)
        #expect(statuses[1] == statuses[0])
    }

    @Test("merge, --baseline and signoff read a results.jsonl with CRLF line ends")
    func crlfResults() async throws {
        let (folder, results) = try await Self.results()
        let converted = try Self.crlf(results, in: folder)
        var merged: [Data] = []
        for input in [results, converted] {
            let out = folder.appendingPathComponent(UUID().uuidString)
            let merge = await duoPose(["merge", input, "--out", out.path, "--quiet"])
            #expect(merge.code == 1, "\(merge.stderr)")
            merged.append(try Data(contentsOf: out.appendingPathComponent("results.jsonl")))
        }
        #expect(merged[1] == merged[0])
        let baseline = await duoPose([
            "run", TestFiles.fixture("small.json"), "--out", folder.appendingPathComponent("b").path, "--baseline", converted,
        ])
        #expect(baseline.code == 1, "\(baseline.stderr)")
        #expect(
            baseline.stdout.contains(
                "Baseline: 0 new failures, 0 fixed, 2 still failing, 0 new cases (0 failing), 0 removed cases.\n"))
        let signoff = await duoPose(["signoff", converted, "--by", "Grace"])
        #expect(signoff.code == 1, "\(signoff.stderr)")
        #expect(signoff.stdout.hasPrefix("Not signed off: Small | test <matrix>, by Grace. Blocking: closed (failed)."))
    }

    struct Problem: Sendable, CustomTestStringConvertible {
        var name: String
        /// The arguments, with FOLDER for a scratch folder and FILE for a file in it.
        var arguments: [String]
        var code: Int32
        var message: String
        var testDescription: String { name }
    }

    static let problems: [Problem] = [
        Problem(
            name: "--baseline names a folder", arguments: ["run", "--out", "FOLDER/out", "--baseline", "FOLDER"], code: 66,
            message: "Error: FOLDER: is a folder, not a file\n"),
        Problem(
            name: "merge names a folder", arguments: ["merge", "FOLDER", "--out", "FOLDER/out"], code: 66,
            message: "Error: FOLDER: is a folder, not a file\n"),
        Problem(
            name: "signoff names a missing file", arguments: ["signoff", "FOLDER/missing.jsonl", "--by", "G"], code: 66,
            message: "Error: FOLDER/missing.jsonl: no such file\n"),
        Problem(
            name: "--observations names a folder", arguments: ["run", "--out", "FOLDER/out", "--observations", "FOLDER"],
            code: 66, message: "Error: FOLDER: is a folder, not a file\n"),
        Problem(
            name: "--observations names a missing file",
            arguments: ["run", "--out", "FOLDER/out", "--observations", "FOLDER/missing.jsonl"], code: 66,
            message: "Error: FOLDER/missing.jsonl: no such file\n"),
        Problem(
            name: "--out lies under a file", arguments: ["run", "--out", "FILE/out"], code: 74,
            message: "Error: cannot write the reports: FILE/out: cannot create the folder: Not a directory\n"),
    ]

    @Test("an input that cannot be read exits 66, an output that cannot be written 74, each with the reason", arguments: problems)
    func messages(_ problem: Problem) async throws {
        let folder = try TestFiles.temporaryFolder()
        let file = folder.appendingPathComponent("file").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let substitute = { (text: String) in
            text.replacingOccurrences(of: "FOLDER", with: folder.path).replacingOccurrences(of: "FILE", with: file)
        }
        let result = await duoPose(problem.arguments.map(substitute))
        #expect(result.code == problem.code)
        #expect(result.stderr == substitute(problem.message))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("a write past the file size limit (EFBIG) names the report and the system's reason")
    func fileTooLarge() async throws {
        let folder = try TestFiles.temporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // SIGXFSZ ignored: the write fails with EFBIG instead of killing the process.
        process.arguments = [
            "-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" run \"$2\" --out \"$1\" --quiet", TestFiles.binary.path, folder.path,
            TestFiles.shallowReference,
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                == "Error: cannot write the reports: \(folder.path)/results.jsonl: cannot write: File too large\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("running out of file descriptors (EMFILE) is an input that cannot be read, with the reason")
    func tooManyOpenFiles() async throws {
        let folder = try TestFiles.temporaryFolder()
        var files: [String] = []
        for index in 1...10 {
            let out = folder.appendingPathComponent("s\(index)")
            _ = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet", "--shard", "\(index)/10"])
            files.append(out.appendingPathComponent("results.jsonl").path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            [
                "-c", "ulimit -n 16; exec \"$@\"", "sh", TestFiles.binary.path, "merge",
            ] + files + ["--out", folder.appendingPathComponent("merged").path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 66)
        #expect(message.hasPrefix("Error: \(folder.path)/s"))
        #expect(message.hasSuffix("/results.jsonl: cannot be read: Too many open files\n"), "\(message)")
    }
}

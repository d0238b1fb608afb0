import Foundation
import Testing

@testable import PoseMatrix

/// Rules that a mutation of one constant or guard left standing in the rest of the suite; each
/// test names its rule and fails when it is broken (Benchmarks/mutants.sh applies the mutants).
@Suite("Named rules")
struct NamedRuleTests {
    static func display(after steps: [Step], profile: Profile = .simulator) -> ObservedValue? {
        var settings = CaseSettings()
        settings.profile = profile
        var model = SceneModel(settings: settings, app: App(), eventDetail: false)
        for step in steps { model.apply(step) }
        return model.observe(.display).value
    }

    @Test("[M SIN] opening from closed, the inner display takes over at 108°, not at 107° or 105°")
    func innerHoldAngle() {
        #expect(Self.display(after: [.hinge(105)]) == .text("outer"))
        #expect(Self.display(after: [.hinge(107)]) == .text("outer"))
        #expect(Self.display(after: [.hinge(108)]) == .text("inner"))
    }

    @Test("inferred() turns Apple's word and a measurement into inference citing them, and leaves the rest")
    func inferredDowngrades() {
        #expect(
            Observation.fact(.text("x"), .apple, "T61").inferred("why")
                == .fact(.text("x"), .inference, "I from A T61: why"))
        #expect(
            Observation.fact(.text("x"), .measured, "M S0").inferred("why")
                == .fact(.text("x"), .inference, "I from M S0: why"))
        #expect(
            Observation.fact(.text("x"), .unverified, "U x").inferred("why") == .fact(.text("x"), .unverified, "U x"))
    }

    /// Chunks whose transform finished, other than the one held at the head.
    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test("the reorder buffer holds at most jobs × 4 chunks while the head chunk is slow: exactly 8 with 2 jobs")
    func reorderBound() async throws {
        let loaded = try MatrixLoader.load(path: TestFiles.packageRoot.appendingPathComponent("Matrices/duo-scenes.json").path)
        let plan = try Plan(matrix: loaded.matrix, filter: PlanFilter())
        let runner = Runner(plan: plan, app: loaded.matrix.app, jobs: 2, deterministic: true)
        #expect((plan.count + runner.chunkSize - 1) / runner.chunkSize > 10, "more chunks than any bound")
        let finished = Finished()
        let statistics = try await runner.run(
            transform: { (results: consuming [CaseResult]) -> Int in
                let head = results.first?.index == 0
                if head {
                    // Hold the head until the bound stops new work (7 others), then give a larger bound time to show.
                    while finished.value < 7 { Thread.sleep(forTimeInterval: 0.001) }
                    let deadline = Date().addingTimeInterval(0.3)
                    while finished.value < 8 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
                } else {
                    finished.add()
                }
                return results.count
            }, { _ in })
        #expect(statistics.maximumHeldChunks == 8)
    }

    @Test("merge refuses shards run with different --strict, naming both")
    func mergeStrict() async throws {
        let first = try TestFiles.temporaryFolder()
        let second = try TestFiles.temporaryFolder()
        let matrix = TestFiles.shallowReference
        #expect(await duoPose(["run", matrix, "--shard", "1/2", "--out", first.path, "--quiet"]).code == 0)
        #expect(await duoPose(["run", matrix, "--shard", "2/2", "--out", second.path, "--quiet", "--strict"]).code == 1)
        let one = first.appendingPathComponent("results.jsonl").path
        let two = second.appendingPathComponent("results.jsonl").path
        let merged = await duoPose(["merge", one, two, "--out", try TestFiles.temporaryFolder().path, "--quiet"])
        #expect(merged.code == 65)
        #expect(merged.stderr == "Error: \(two):1: was run with a different --strict than \(one)\n")
    }

    @Test("camera mirroring is judged from the assignment and the three lines before it, not four")
    func mirroringWindow() throws {
        func mirroring(linesBetween: Int) throws -> ScanValue? {
            let gap = String(repeating: "let pad = 0\n", count: linesBetween)
            let source =
                "let d = AVCaptureDevice.default(for: .video)\nlet flag = coordinator.direction\n" + gap
                + "connection.isVideoMirrored = flag\n"
            return try TemporaryApp(files: ["App/Camera.swift": source]).scan().value(.cameraMirroring)
        }
        #expect(try mirroring(linesBetween: 0) == .choice("byDirection"))
        #expect(try mirroring(linesBetween: 2) == .choice("byDirection"), "three lines before the assignment")
        #expect(try mirroring(linesBetween: 3) == nil, "four lines before: too far to judge")
    }

    @Test("Objective-C++ (.mm) sources are read as .m ones are")
    func objectiveCPlusPlus() throws {
        let source = "- (void)open { [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:nil]; }"
        for name in ["App/Opener.m", "App/Opener.mm"] {
            let result = try TemporaryApp(files: [name: source]).scan()
            #expect(result.value(.newWindowVia) == .choice("activateSceneSession"), "\(name)")
        }
    }

    @Test("an Objective-C errorHandler that only logs shows nothing (DUO012); one that sends a message may present")
    func objectiveCHandler() throws {
        func scan(_ body: String) throws -> ScanResult {
            let source =
                "- (void)open { [UIApplication.sharedApplication activateSceneSessionForRequest:request "
                + "errorHandler:^(NSError *error) { \(body) }]; }"
            return try TemporaryApp(files: ["App/Opener.m": source]).scan()
        }
        let logs = try scan(#"NSLog(@"%@", error);"#)
        #expect(logs.value(.newWindowErrorHandler) == .choice("none"))
        #expect(logs.findings.map(\.rule).contains(.DUO012))
        let sends = try scan("[self showDetail:item];")
        #expect(sends.value(.newWindowErrorHandler) == nil)
        #expect(sends.unknown.contains(.newWindowErrorHandler))
    }

    @Test("an invariant's path count is refused at its own key, not the first of its state's keys")
    func pathCountPosition() async throws {
        let text = """
            {"formatVersion": 1, "name": "X", "poses": [{"pose": "P1", "expect": {"display": "outer"}}],
             "explore": {"start": "P1", "depth": 2,
              "invariants": [{"name": "i", "expect": {"display": "outer", "events.screenChanges": 0}}]}}
            """
        let path = try TestFiles.writeTemporary(text)
        let result = await duoPose(["validate", path])
        #expect(result.code == 65)
        #expect(result.stderr.contains("\(path):3:63: explore.invariants[0].expect: events.screenChanges counts events"))
    }

    @Test("asking whether a camera is in front (position == .front) chooses no camera; position: .front does")
    func positionComparison() throws {
        let asks = "func f(_ device: AVCaptureDevice) -> Bool { device.position == .front }"
        let asked = try TemporaryApp(files: ["App/A.swift": asks]).scan()
        #expect(asked.value(.cameraUses) == .choice("none"), "\(asked.evidence.map { "\($0.key.rawValue)=\($0.value)" })")
        let chooses = "let d = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .front)"
        #expect(try TemporaryApp(files: ["App/A.swift": chooses]).scan().value(.cameraUses) == .choice("virtualFront"))
    }
}

/// Results and observation files are JSON Lines: each line plain JSON, as jq and Python read it.
@Suite("Strict JSON Lines")
struct StrictJSONLinesTests {
    @Test(
        "a results line in a JSON5 form is refused with its line and column",
        arguments: [
            (#"{"type":"summary" // note"#, "1:19: a comment is JSON5, not JSON"),
            (#"{type:"summary"}"#, "1:2: an unquoted key is JSON5, not JSON"),
            (#"{"type":'summary'}"#, "1:9: a single-quoted string is JSON5, not JSON"),
            (#"{"n":0x10}"#, "1:6: the number '0x10' is JSON5, not JSON"),
            (#"{"n":.5}"#, "1:6: the number '.5' is JSON5, not JSON"),
            (#"{"n":+1}"#, "1:6: the number '+1' is JSON5, not JSON"),
            (#"{"n":1.}"#, "1:6: the number '1.' is JSON5, not JSON"),
            (#"{"n":NaN}"#, "1:6: 'NaN' is JSON5, not JSON"),
            (#"{"n":[1,]}"#, "1:9: a trailing comma is JSON5, not JSON"),
            (#"{"n":1,}"#, "1:8: a trailing comma is JSON5, not JSON"),
            (#"{"s":"a\x41"}"#, "1:8: this escape is JSON5, not JSON"),
            ("\u{FEFF}{\"n\":1}", "1:1: a byte-order mark is JSON5, not JSON"),
        ])
    func refused(_ example: (line: String, message: String)) throws {
        #expect(throws: JSON5SyntaxError.self) { try JSON5Reader.parse(example.line, strict: true) }
        do {
            _ = try JSON5Reader.parse(example.line, strict: true)
        } catch {
            #expect(
                "\(error.position.line):\(error.position.column): \(error.message)"
                    == example.message + ": each line of a JSON Lines file is plain JSON")
        }
    }

    @Test("plain JSON reads as before: numbers in every JSON form, escapes, nesting, white space")
    func plainJSON() throws {
        let node = try JSON5Reader.parse(
            #" {"a": [0, -1, 1.5, 2e3, -0.25E-2, 1e-5, 1e+2], "s": "q\"\\\/\b\f\n\r\t\u00e9", "o": {}} "#, strict: true)
        #expect(node["a"]?.items?.compactMap(\.number) == [0, -1, 1.5, 2000, -0.0025, 0.00001, 100])
        #expect(node["s"]?.string == "q\"\\/\u{8}\u{C}\n\r\té")
    }

    @Test("signoff refuses a results file with a JSON5 line, naming the file, line and column")
    func signoffRefuses() async throws {
        let out = try await ReferenceRun.folder
        var lines = try TestFiles.read(out.appendingPathComponent("results.jsonl")).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: #"{"type":"#, with: #"{/* x */"type":"#)
        let path = try TestFiles.writeTemporary(lines.joined(separator: "\n") + "\n", name: "results.jsonl")
        let result = await duoPose(["signoff", path, "--by", "QA", "--out", path + ".md"])
        #expect(result.code == 65)
        #expect(
            result.stderr == "Error: \(path):2:2: a comment is JSON5, not JSON: each line of a JSON Lines file is plain JSON\n")
    }
}

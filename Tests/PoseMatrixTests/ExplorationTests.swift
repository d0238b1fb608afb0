import Foundation
import Testing

@testable import PoseMatrix

@Suite("Exploration of pose sequences")
struct ExplorationTests {
    static func matrix(_ text: String) throws -> Matrix {
        try MatrixLoader.load(bytes: Array(text.utf8), path: "explore.json").matrix
    }

    @Test("finds the shortest sequence that breaks an invariant: no error handler, device, from P3")
    func shortestCounterexample() throws {
        let matrix = try Self.matrix(
            """
            { formatVersion: 1, name: "E", app: { multipleScenes: true, newWindow: { via: "activateSceneSession" } },
              poses: [{ pose: "P1", expect: { display: "outer" } }],
              explore: { start: "P3", depth: 6, when: { profile: "device" },
                         invariants: [{ name: "reachable", expect: { "content.reachable": true } },
                                      { name: "one new window a step at most", expect: { "windows.count": { "<=": 7 } } }] } }
            """)
        let exploration = try #require(matrix.exploration)
        let outcome = Explorer.explore(exploration, app: matrix.app)
        let violation = try #require(outcome.violations[0])
        #expect(violation.path == [.close, .newWindow])
        #expect(violation.failures.map(\.actual) == [.bool(false)])
        #expect(outcome.violations[1] == nil)
        let results = outcome.results(of: exploration)
        #expect(results.map(\.status) == [.broken, .held])
        #expect(results[0].name == "reachable")
        #expect(results[0].start == "P3")
        #expect(results[0].path == [.close, .newWindow])
        #expect(results[0].detail == "broken by P3 → close → newWindow (shortest; \(outcome.statesExplored) states to depth 6)")
    }

    @Test("the simulator profile opens the window instead: the same app holds")
    func simulatorHolds() throws {
        let matrix = try Self.matrix(
            """
            { formatVersion: 1, name: "E", app: { multipleScenes: true, newWindow: { via: "activateSceneSession" } },
              poses: [{ pose: "P1", expect: { display: "outer" } }],
              explore: { depth: 5, when: { profile: "simulator" },
                         invariants: [{ name: "reachable", expect: { "content.reachable": true } }] } }
            """)
        let outcome = Explorer.explore(try #require(matrix.exploration), app: matrix.app)
        #expect(outcome.violations.isEmpty)
        #expect(outcome.depth == 5)
    }

    @Test("the reference app breaks none of its invariants to depth 12")
    func referenceHolds() async throws {
        // The built-in run's invariants, read back: exploring to depth 12 again takes 12 s in a debug build.
        let reader = try ResultsReader(path: try await ReferenceRun.folder.appendingPathComponent(ReportSet.resultsName).path)
        while try reader.next() != nil {}
        #expect(reader.invariants.count == 6)
        #expect(reader.invariants.allSatisfy { $0.status != .broken && $0.depth == 12 && $0.states > 1000 })
    }

    @Test("a results reader gives the file's SHA-256 once read to its end, none when opened without hashing (as trend does)")
    func readerDigest() async throws {
        let path = try await ReferenceRun.folder.appendingPathComponent(ReportSet.resultsName).path
        let hashing = try ResultsReader(path: path)
        let counting = try ResultsReader(path: path, hashing: false)
        while try hashing.next() != nil {}
        while try counting.next() != nil {}
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(hashing.sha256 == SHA256.hex(of: bytes))
        #expect(counting.sha256 == nil)
    }

    @Test("an invariant with a condition is checked only where the condition holds")
    func conditionalInvariant() throws {
        let matrix = try Self.matrix(
            """
            { formatVersion: 1, name: "E", poses: [{ pose: "P1", expect: { display: "outer" } }],
              explore: { depth: 3, steps: ["open", "close", "book"],
                         invariants: [{ name: "inner while open", if: { "hinge.status": "fullyOpen" }, expect: { display: "inner" } },
                                      { name: "never partially open", expect: { "hinge.status": { "!=": "partiallyOpen" } } }] } }
            """)
        let exploration = try #require(matrix.exploration)
        let outcome = Explorer.explore(exploration, app: matrix.app)
        #expect(outcome.violations[0] == nil)
        #expect(outcome.violations[1]?.path == [.book])
    }

    @Test("an invariant whose `if` holds in no state is not run, and one held where its `if` holds says in how many states")
    func conditionNeverHolds() throws {
        let matrix = try Self.matrix(
            """
            { formatVersion: 1, name: "E", poses: [{ pose: "P1", expect: { display: "outer" } }],
              explore: { depth: 3, steps: ["open", "close", "book"],
                         invariants: [{ name: "past 400°", if: { "hinge.angle": { ">=": 400 } }, expect: { display: "inner" } },
                                      { name: "inner while open", if: { "hinge.status": "fullyOpen" },
                                        expect: { display: "inner" } }] } }
            """)
        let exploration = try #require(matrix.exploration)
        let results = Explorer.explore(exploration, app: matrix.app).results(of: exploration)
        #expect(results.map(\.status) == [.notRun, .held])
        #expect(results.map(\.applies) == [0, 1])
        #expect(results[0].reason == "its condition held in no state")
        #expect(results[0].detail == "its condition held in none of the 5 states to depth 3, so it was never checked")
        #expect(results[1].detail == "held in all 1 of the 5 states to depth 3 where its condition holds")
    }

    /// An exploration from P3 in the simulator, trusting measured and Apple's facts only.
    static func trusted(steps: String, depth: Int, invariant: String) throws -> InvariantResult {
        let matrix = try Self.matrix(
            """
            { formatVersion: 1, name: "E", app: { multipleScenes: true, newWindow: { via: "activationAction" } },
              poses: [{ pose: "P1", expect: { display: "outer" } }],
              explore: { start: "P3", depth: \(depth), when: { profile: "simulator" }, steps: \(steps),
                         invariants: [\(invariant)] } }
            """)
        let exploration = try #require(matrix.exploration)
        let trust = Trust([.apple, .measured])
        return try #require(Explorer.explore(exploration, app: matrix.app, trust: trust).results(of: exploration).first)
    }

    @Test("states whose values rest on different provenance are told apart, so --trust leaves an invariant not run")
    func provenanceTellsStatesApart() throws {
        // The phase after a return from the background is an inference; after `open` it is measured.
        let phase = try Self.trusted(
            steps: #"["open", "close", "background", "foreground", "newWindow"]"#, depth: 6,
            invariant: #"{ name: "phase", expect: { "scene.phase": { "in": ["active", "inactive", "background"] } } }"#)
        #expect(phase.status == .notRun)
        #expect(phase.reason == "scene.phase rests on inference (I: back from the background)")
        #expect(phase.states == 101)
        #expect(phase.unchecked == 36)
        // The display at 90° reached through 120° rests on the model's interpolation; straight from open, on a measurement.
        let display = try Self.trusted(
            steps: #"["open", "hinge(120)", "hinge(90)"]"#, depth: 3,
            invariant: #"{ name: "display", if: { "hinge.angle": 90 }, expect: { display: { "in": ["outer", "inner"] } } }"#)
        #expect(display.status == .notRun)
        #expect(display.reason == "display rests on inference (I from M SIN: the holds at 40° and 108°)")
    }

    @Test("under --trust, the last new-window request's provenance tells states apart whatever the order of the steps")
    func lastRequestProvenance() throws {
        for steps in [#"["open", "hinge(120)", "newWindow"]"#, #"["hinge(120)", "newWindow", "open"]"#] {
            let result = try Self.trusted(
                steps: steps, depth: 4,
                invariant: """
                    { name: "last result", if: { "hinge.angle": 180, "windows.count": 3 },
                      expect: { "newWindow.result": { "in": ["opened", "failed", "alternate", "hidden", "ignored", "crashed"] } } }
                    """)
            #expect(result.status == .notRun, "\(steps)")
            #expect(result.reason?.hasPrefix("newWindow.result rests on inference") == true, "\(steps)")
        }
    }

    @Test("the plan counts cases only; its exploration comes with the whole matrix, and of shards with the first")
    func planPlacement() throws {
        let matrix = try MatrixLoader.loadBuiltIn().matrix
        let whole = try Plan(matrix: matrix)
        #expect(whole.count == 118)
        #expect(whole.count == Plan.expandedCount(of: matrix))
        #expect(whole.invariantCount == 6)
        let filtered = try Plan(matrix: matrix, filter: PlanFilter(poses: ["P1"]))
        #expect(filtered.count == 4)
        #expect(filtered.exploration == nil)
        #expect(filtered.invariantCount == 0)
        let owners = (1...3).map {
            Runner(plan: whole, app: matrix.app, jobs: 1, deterministic: true, shard: Shard(index: $0, total: 3))
        }
        #expect(owners.map(\.invariantCount) == [6, 0, 0])
        #expect(Runner(plan: whole, app: matrix.app, jobs: 1, deterministic: true).invariantCount == 6)
        #expect(Runner(plan: filtered, app: matrix.app, jobs: 1, deterministic: true).invariantCount == 0)
    }

    struct BadExploration: Sendable, CustomTestStringConvertible {
        var explore: String
        var error: String
        var testDescription: String { error }
    }

    @Test(
        "a bad explore block is an error that names its place",
        arguments: [
            BadExploration(
                explore: #"{ "depth": 3, "invariants": [{ "name": "n", "expect": { "events.geometryUpdates": 1 } }] }"#,
                error: "explore.invariants[0].expect: events.geometryUpdates counts events along a path; "
                    + "an invariant holds of each state, so it cannot use it"),
            BadExploration(
                explore: #"{ "depth": 17, "invariants": [{ "name": "n", "expect": { "display": "outer" } }] }"#,
                error: "explore.depth: expected a depth from 1 to 16, found 17"),
            BadExploration(
                explore: #"{ "start": "p3", "depth": 2, "invariants": [{ "name": "n", "expect": { "display": "outer" } }] }"#,
                error: "explore.start: unknown pose \"p3\"; did you mean \"P3\"? (expected P1 to P13)"),
            BadExploration(
                explore: #"{ "depth": 2, "invariants": [{ "name": "n", "expect": {} }, { "name": "n", "expect": {} }] }"#,
                error: "explore.invariants[1].name: duplicate invariant name \"n\""),
            BadExploration(
                explore: #"{ "depth": 2, "steps": ["opne"], "invariants": [{ "name": "n", "expect": {} }] }"#,
                error: "explore.steps[0]: unknown step \"opne\"; did you mean \"open\"?"),
        ])
    func badExploration(_ example: BadExploration) {
        let text =
            #"{ "formatVersion": 1, "name": "E", "poses": [{ "pose": "P1", "expect": { "display": "outer" } }], "explore": "#
            + example.explore + " }"
        do {
            _ = try MatrixLoader.load(bytes: Array(text.utf8), path: "e.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.errors.count == 1)
            let message = error.errors.first.map { "\($0.keyPath ?? ""): \($0.message)" } ?? ""
            #expect(message.hasPrefix(example.error), "\(message)")
        }
    }
}

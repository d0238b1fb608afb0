import Foundation
import Testing

@testable import PoseMatrix

/// The model says only what the facts say: unknown stays unknown, measured means measured
/// there, steps never do nothing silently, and a run evaluates only what it trusts.
@Suite("Honest verdicts")
struct HonestModelTests {
    static func model(_ steps: [Step], profile: Profile = .simulator, app: App = App()) -> SceneModel {
        var settings = CaseSettings()
        settings.profile = profile
        var model = SceneModel(settings: settings, app: app)
        for step in steps { model.apply(step) }
        return model
    }

    static let cameraApp = App().changing {
        $0.camera.uses = .virtualFront
        $0.cameraAccessory.registeredOn = .cameraView
    }

    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [Step]
        var profile: Profile = .simulator
        var app = App()
        var observable: Observable
        var expected: Observation
        var testDescription: String { name }
    }

    /// The defects the issue reproduced, one row each, and the answers the facts give.
    static let examples: [Example] = [
        Example(
            name: "a device's hinge status at 15 degrees is unknown", steps: [.open, .hinge(15)], profile: .device,
            observable: .hingeStatus,
            expected: .unknown(
                "no source gives hinge.status for a device at an angle other than 0°, 90° and 180° (its thresholds are the system's call, duo-facts E#10)"
            )),
        Example(
            name: "a device's angle at 179 degrees is unknown", steps: [.open, .hinge(179)], profile: .device,
            observable: .hingeAngle,
            expected: .unknown("no source gives hinge.angle for a request of 179° on a device (its smoothing was never measured)")
        ),
        Example(
            name: "the simulator's angle past 179 degrees is unknown", steps: [.open, .hinge(179.5)], observable: .hingeAngle,
            expected: .unknown(
                "no source gives hinge.angle for a request of 179.5° in the simulator (measured up to 179° and at 180°)")),
        Example(
            name: "the simulator's angle at 172 degrees is interpolated below 175's", steps: [.open, .hinge(172)],
            observable: .hingeAngle,
            expected: .fact(.number(167.5), .inference, "I from M AX-PR, AX-DGb: interpolated between measured requests")),
        Example(
            name: "closing from Split View leaves the display unknown", steps: [.open, .splitView(.left), .close],
            observable: .display,
            expected: .unknown(
                "no source says which Split View window moves to the outer display on close (U S0), so none gives display after it"
            )),
        Example(
            name: "Split View in inner portrait has no known size", steps: [.open, .rotate(.portrait), .splitView(.left)],
            observable: .sceneSize,
            expected: .unknown("no source gives scene.size for Split View on the inner display in portrait")),
        Example(
            name: "the accessory in book pose is unknown in the simulator", steps: [.open, .startCapture, .book],
            app: cameraApp, observable: .accessoryAvailable,
            expected: .unknown("no source gives accessory.available while the device is partially open (duo-facts E#5)")),
        Example(
            name: "the simulator's P2 hinge status rests on inference", steps: [.rotate(.landscape)], observable: .hingeStatus,
            expected: .fact(.text("closed"), .inference, "I from M AX-PR, AX-DGb (simulator, measured sweep only)")),
        Example(
            name: "the simulator's P4 display rests on inference", steps: [.open, .rotate(.portrait)], observable: .display,
            expected: .fact(.text("inner"), .inference, "I from M AX-DGb, SIN (simulator, measured sweep only)")),
        Example(
            name: "the simulator's P6 phase rests on inference", steps: [.open, .tabletop], observable: .scenePhase,
            expected: .fact(.text("active"), .inference, "I from M S0 (simulator, measured closed, flat only)")),
        Example(
            name: "the simulator's P3 phase is measured", steps: [.open], observable: .scenePhase,
            expected: .fact(.text("active"), .measured, "M S0")),
        Example(
            name: "plain landscape leaves the outer bar edge open", steps: [.rotate(.landscape)], observable: .barsEdge,
            expected: .unknown(
                "no source gives bars.edge on the outer display in landscape without its direction: "
                    + "use rotate(landscapeLeft) or rotate(landscapeRight)")),
        Example(
            name: "camera on the left puts the outer bars on the leading edge", steps: [.rotate(.landscapeLeft)],
            observable: .barsEdge, expected: .fact(.text("leading"), .inference, "I from A HIG, T62: the outer camera's edge")),
        Example(
            name: "camera on the right puts the outer bars on the right side", steps: [.rotate(.landscapeRight)],
            observable: .barsSide, expected: .fact(.text("right"), .inference, "I from A HIG, T62: the outer camera's edge")),
        Example(
            name: "stopCapture keeps the camera view: the simulator shows the accessory without capture (E#4)",
            steps: [.open, .startCapture, .stopCapture], app: cameraApp, observable: .accessoryAvailable,
            expected: .fact(.bool(true), .measured, "M S0")),
        Example(
            name: "stopCapture withdraws the accessory on a device", steps: [.open, .startCapture, .stopCapture],
            profile: .device, app: cameraApp, observable: .accessoryAvailable,
            expected: .fact(.bool(false), .apple, "A T64, DocCCA: no capture session is running")),
        Example(
            name: "closeCamera takes the registering view away", steps: [.open, .startCapture, .closeCamera], app: cameraApp,
            observable: .accessoryAvailable,
            expected: .fact(.bool(false), .inference, "I from A T64, DocCCA (device rule): the registering view is not on screen")
        ),
        Example(
            name: "leaveSplitView gives the whole inner display back", steps: [.open, .splitView(.left), .leaveSplitView],
            observable: .sceneSize, expected: .fact(.text("951x669"), .measured, "M AX-DGb; A App Store Connect")),
    ]

    @Test("each observation has the value, provenance and source the facts give", arguments: examples)
    func example(_ example: Example) {
        #expect(
            Self.model(example.steps, profile: example.profile, app: example.app).observe(example.observable) == example.expected)
    }

    @Test("the simulator's reported angle never decreases as the request grows")
    func monotonicAngle() {
        var last = -1.0
        for tenth in 0...1790 {
            let angle = Double(tenth) / 10
            let reported = Self.model([.open, .hinge(angle)]).observe(.hingeAngle).value
            guard case .number(let number) = reported else {
                Issue.record("no angle for \(angle)°")
                return
            }
            #expect(number >= last, "\(angle)° reads \(number), below \(last)")
            last = number
        }
    }

    struct StepProblem: Sendable, CustomTestStringConvertible {
        var steps: [Step]
        var profile: Profile = .device
        var problem: String
        var testDescription: String { problem }
    }

    static let problems: [StepProblem] = [
        StepProblem(steps: [.flip], problem: "step 1 flip cannot apply: flip needs the device open"),
        StepProblem(
            steps: [.open, .flip], problem: "step 2 flip cannot apply: flip needs the camera view on screen (startCapture)"),
        StepProblem(
            steps: [.open, .startCapture, .flip], profile: .simulator,
            problem: "step 3 flip cannot apply: flip needs a camera, and the simulator has none"),
        StepProblem(
            steps: [.splitView(.left)], problem: "step 1 splitView(left) cannot apply: Split View needs the inner display"),
        StepProblem(
            steps: [.open, .leaveSplitView], problem: "step 2 leaveSplitView cannot apply: the app is not in Split View"),
        StepProblem(steps: [.stopCapture], problem: "step 1 stopCapture cannot apply: no capture session is running"),
        StepProblem(steps: [.closeCamera], problem: "step 1 closeCamera cannot apply: the camera view is not on screen"),
    ]

    @Test("a step that cannot apply is named, never a silent no-op", arguments: problems)
    func stepProblem(_ example: StepProblem) {
        #expect(Self.model(example.steps, profile: example.profile, app: Self.cameraApp).stepProblem == example.problem)
    }

    @Test("a step that applies leaves no problem")
    func noProblem() {
        #expect(Self.model([.open, .startCapture, .flip], profile: .device, app: Self.cameraApp).stepProblem == nil)
    }

    /// Runs a matrix and returns its case lines by id: status and reason.
    static func run(_ matrix: String, _ arguments: [String] = []) async throws -> (code: Int32, cases: [String: String]) {
        let path = try TestFiles.writeTemporary(matrix)
        let out = try TestFiles.temporaryFolder().path
        let result = await duoPose(["run", path, "--out", out, "--deterministic", "--quiet"] + arguments)
        var cases: [String: String] = [:]
        if let reader = try? ResultsReader(path: out + "/results.jsonl") {
            while let read = try reader.next() { cases[read.id] = "\(read.status.rawValue): \(read.reason ?? "")" }
        }
        return (result.code, cases)
    }

    @Test("one failing known expectation and one unknown: failed, naming the unknown")
    func partialEvaluation() async throws {
        let (code, cases) = try await Self.run(
            #"{ "formatVersion": 1, "name": "partial", "axes": { "profile": ["device"] }, "poses": [{ "pose": "P5", "#
                + #""steps": ["open", "hinge(175)"], "expect": { "display": "outer", "hinge.status": "partiallyOpen" } }] }"#)
        #expect(code == 1)
        #expect(
            cases == [
                "P5 [profile=device]":
                    "failed: also not evaluated: hinge.status: no source gives hinge.status for a device at an angle other than 0°, 90° and 180° "
                    + "(its thresholds are the system's call, duo-facts E#10)"
            ])
    }

    @Test("an unknown expectation beside ones that hold: not run, naming both; nothing ran, so exit 1")
    func notRunNamesWhatHeld() async throws {
        let (code, cases) = try await Self.run(
            #"{ "formatVersion": 1, "name": "partial", "axes": { "profile": ["device"] }, "poses": [{ "pose": "P5", "#
                + #""steps": ["open", "hinge(175)"], "expect": { "display": "inner", "hinge.status": "partiallyOpen" } }] }"#)
        #expect(code == 1)
        #expect(
            cases == [
                "P5 [profile=device]":
                    "notRun: hinge.status: no source gives hinge.status for a device at an angle other than 0°, 90° and 180° "
                    + "(its thresholds are the system's call, duo-facts E#10); held: display"
            ])
    }

    static let trustMatrix =
        #"{ "formatVersion": 1, "name": "trust", "axes": { "profile": ["simulator"] }, "poses": ["#
        + #"{ "pose": "P1", "expect": { "display": "outer" } }, { "pose": "P2", "expect": { "scene.size": "678x466" } }] }"#

    @Test("--trust apple,measured leaves a pass resting on inference not run")
    func trustOption() async throws {
        let (code, cases) = try await Self.run(Self.trustMatrix, ["--trust", "apple,measured"])
        #expect(code == 0)
        #expect(
            cases == [
                "P1 [profile=simulator]": "passed: ",
                "P2 [profile=simulator]": "notRun: rests on inference: scene.size (I: P1 rotated)",
            ])
    }

    @Test("the matrix's trust key does the same, and --trust overrides it")
    func trustKey() async throws {
        let matrix = Self.trustMatrix.replacingOccurrences(
            of: #""name": "trust","#, with: #""name": "trust", "trust": ["measured"],"#)
        #expect(
            try await Self.run(matrix).cases["P2 [profile=simulator]"] == "notRun: rests on inference: scene.size (I: P1 rotated)"
        )
        #expect(try await Self.run(matrix, ["--trust", "measured,inference"]).cases["P2 [profile=simulator]"] == "passed: ")
    }

    @Test("a trusted failure still fails the case beside an untrusted value")
    func trustedFailureWins() async throws {
        let matrix =
            #"{ "formatVersion": 1, "name": "t", "axes": { "profile": ["simulator"] }, "poses": [{ "pose": "P2", "#
            + #""expect": { "scene.size": "678x466", "scene.sizeClass": "regular/regular" } }] }"#
        let (code, cases) = try await Self.run(matrix, ["--trust", "apple"])
        #expect(code == 1)
        #expect(cases == ["P2 [profile=simulator]": "failed: also not evaluated: rests on inference: scene.size (I: P1 rotated)"])
    }

    @Test("a case whose step cannot apply is an error with the step named")
    func stepErrorCase() async throws {
        let (code, cases) = try await Self.run(
            #"{ "formatVersion": 1, "name": "e", "axes": { "profile": ["device"] }, "poses": [{ "pose": "P1", "#
                + #""steps": ["splitView(left)"], "expect": { "display": "outer" } }] }"#)
        #expect(code == 1)
        #expect(
            cases == ["P1 [profile=device]": "error: step 1 splitView(left) cannot apply: Split View needs the inner display"])
    }

    @Test("--trust names a level it does not know, with a suggestion")
    func badTrust() async {
        let result = await duoPose(["run", "--trust", "apple,mesured", "--out", "never"])
        #expect(result.code == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: --trust: unknown trust level 'mesured': expected a comma list of apple, definition, measured, "
                    + "inference, unverified; did you mean 'measured'?\n"))
    }

    @Test("results.jsonl and report.md record the trust set")
    func trustRecorded() async throws {
        let path = try TestFiles.writeTemporary(Self.trustMatrix)
        let out = try TestFiles.temporaryFolder().path
        _ = await duoPose(["run", path, "--out", out, "--deterministic", "--quiet", "--trust", "measured,apple"])
        #expect(try ResultsReader(path: out + "/results.jsonl").header.trust == Trust([.apple, .measured]))
        let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(report.contains("\nTrusted provenance: apple, measured.\n"))
    }

    /// A matrix whose P8 passes rest on an unverified size class (the Split View half's, U ACC).
    static let unverifiedMatrix =
        #"{ "formatVersion": 1, "name": "u", "axes": { "profile": ["simulator"] }, "#
        + #""checklist": [{ "id": "split", "text": "Split View", "poses": ["P8"] }, "#
        + #"{ "id": "closed", "text": "Closed", "poses": ["P1"] }], "poses": ["#
        + #"{ "pose": "P8", "expect": { "scene.sizeClass": "compact/regular" } }, { "pose": "P1", "expect": { "display": "outer" } }] }"#

    /// Runs the unverified matrix and signs off its results with these arguments; returns the code and signoff.md's rows.
    static func signoff(_ arguments: [String], run: [String] = []) async throws -> (code: Int32, rows: [String], stderr: String) {
        let path = try TestFiles.writeTemporary(Self.unverifiedMatrix)
        let out = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", path, "--out", out.path, "--quiet", "--deterministic"] + run)
        let result = await duoPose(["signoff", out.appendingPathComponent("results.jsonl").path, "--by", "G"] + arguments)
        let text = (try? TestFiles.read(out.appendingPathComponent("signoff.md"))) ?? ""
        return (
            result.code,
            text.split(separator: "\n").filter { $0.hasPrefix("| split ") || $0.hasPrefix("| closed ") }.map(String.init),
            result.stderr
        )
    }

    @Test("sign-off trusts apple, measured and inference by default: a pass on an unverified claim blocks")
    func signoffDefaultTrust() async throws {
        let (code, rows, _) = try await Self.signoff([])
        #expect(code == 1)
        #expect(
            rows == ["| split | Split View | P8 | not run | — |  |", "| closed | Closed | P1 | passed | apple or measured |  |"])
    }

    @Test("signoff --trust with unverified takes the pass, and shows what it rests on")
    func signoffTrustUnverified() async throws {
        let (code, rows, _) = try await Self.signoff(["--trust", "apple,measured,inference,unverified"])
        #expect(code == 0)
        #expect(
            rows == [
                "| split | Split View | P8 | passed | unverified |  |",
                "| closed | Closed | P1 | passed | apple or measured |  |",
            ])
    }

    @Test("signoff cannot drop apple or measured from results that trusted them")
    func signoffCannotSeparate() async throws {
        let (code, _, stderr) = try await Self.signoff(["--trust", "apple"])
        #expect(code == 65)
        #expect(
            stderr.hasSuffix(
                "results.jsonl:1: was run trusting apple,definition,measured,inference,unverified; results cannot tell which passes rest "
                    + "on measured: run with --trust apple and sign off those results\n"))
        let (rerun, rows, _) = try await Self.signoff(["--trust", "apple"], run: ["--trust", "apple"])
        #expect(rerun == 1)
        #expect(rows == ["| split | Split View | P8 | not run | — |  |", "| closed | Closed | P1 | not run | — |  |"])
    }

    @Test("merge refuses shards run with different trust, and results not run with the --trust it asks for")
    func mergeTrust() async throws {
        let path = try TestFiles.writeTemporary(Self.trustMatrix)
        let folder = try TestFiles.temporaryFolder()
        let one = folder.appendingPathComponent("1").path
        let two = folder.appendingPathComponent("2").path
        _ = await duoPose(["run", path, "--out", one, "--quiet", "--shard", "1/2", "--trust", "apple,measured"])
        _ = await duoPose(["run", path, "--out", two, "--quiet", "--shard", "2/2"])
        let mixed = await duoPose(["merge", one + "/results.jsonl", two + "/results.jsonl", "--out", folder.path + "/m"])
        #expect(mixed.code == 65)
        #expect(
            mixed.stderr
                == "Error: \(two)/results.jsonl:1: was run trusting apple,definition,measured,inference,unverified, \(one)/results.jsonl "
                + "trusting apple,measured: shards must evaluate the same provenance levels\n")
        _ = await duoPose(["run", path, "--out", two, "--quiet", "--shard", "2/2", "--trust", "apple,measured"])
        let asked = await duoPose([
            "merge", one + "/results.jsonl", two + "/results.jsonl", "--out", folder.path + "/m", "--trust", "apple",
        ])
        #expect(asked.code == 65)
        #expect(
            asked.stderr
                == "Error: \(one)/results.jsonl:1: was run trusting apple,measured, not apple as --trust asks: "
                + "run the shards with --trust apple\n")
        let merged = await duoPose([
            "merge", one + "/results.jsonl", two + "/results.jsonl", "--out", folder.path + "/m", "--trust", "measured,apple",
            "--quiet",
        ])
        #expect(merged.code == 0)
        #expect(try ResultsReader(path: folder.path + "/m/results.jsonl").header.trust == Trust([.apple, .measured]))
    }
}

@Suite("Matrix warnings")
struct MatrixWarningTests {
    static let matrix = """
        { "formatVersion": 1, "name": "w", "axes": { "profile": ["device", "simulator"] },
          "poses": [
            { "pose": "P1", "expect": { "display": "outer" },
              "where": [{ "when": { "layoutDirection": "rightToLeft" }, "expect": { "bars.edge": "leading" } }] },
            { "pose": "P3", "where": [{ "when": { "profile": "device" }, "expect": { "display": "inner" } }] },
            { "pose": "P11", "axes": { "layoutDirection": ["rightToLeft"] }, "expect": { "display": "inner" } }
          ] }
        """

    @Test("a clause that never matches and a profile with nothing expected are warnings; the exit stays 0")
    func warnings() async throws {
        let path = try TestFiles.writeTemporary(Self.matrix)
        let result = await duoPose(["validate", path])
        #expect(result.code == 0)
        #expect(
            result.stderr
                == "Warning: \(path):4:17: poses[0].where[0]: this clause never matches: P1 has no case with "
                + "layoutDirection=rightToLeft (its values: leftToRight)\n"
                + "Warning: \(path):5:5: poses[1]: P3 expects nothing for profile=simulator: those cases are not run\n")
        #expect(result.stdout == "\(path): valid, 3 pose entries, 6 cases\n")
    }

    @Test("restating the value a pose sets itself is accepted; the shipped matrices warn of nothing")
    func restatedAndShipped() async throws {
        let folder = TestFiles.packageRoot.appendingPathComponent("Matrices")
        let examples = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/examples")
            .filter { $0.hasSuffix(".json") }.map { folder.path + "/examples/" + $0 }
        let result = await duoPose(["validate", folder.path + "/duo-scenes.json"] + examples.sorted())
        #expect(result.code == 0)
        #expect(result.stderr == "")
    }
}

@Suite("show targets")
struct ShowTargetTests {
    @Test("show takes a case id as the reports print it, with its axis values and the entry's steps")
    func caseID() async {
        let result = await duoPose(["show", "P5 near flat [profile=device, layoutDirection=leftToRight, hingeAngle=175]"])
        #expect(result.code == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "Steps: open, book")
        #expect(
            lines[2]
                == "Axes: profile=device, layoutDirection=leftToRight, reduceTransparency=false, linkedSDK=27.1, hingeAngle=175, windows=1"
        )
        #expect(
            lines.contains {
                $0.hasPrefix("hinge.status")
                    && $0.hasSuffix(
                        "no source gives hinge.status for a device at an angle other than 0°, 90° and 180° (its thresholds are the system's call, duo-facts E#10)"
                    )
            })
    }

    @Test("show takes an entry's label, and suggests one for a misspelt target")
    func entryLabel() async {
        let result = await duoPose(["show", "P7 background and back"])
        #expect(result.code == 0)
        #expect(result.stdout.split(separator: "\n")[1] == "Steps: background, foreground")
        let misspelt = await duoPose(["show", "P9 outr display"])
        #expect(misspelt.code == 64)
        #expect(
            misspelt.stderr.hasPrefix(
                "Error: no pose, entry or case 'P9 outr display'; did you mean 'P9 outer display'? "
                    + "(expected P1 to P13, an entry's label or a case id)\n"))
    }
}

/// The defects a review of the honest model found, one test each.
@Suite("Review findings")
struct ReviewFindingTests {
    @Test("--fail-on new does not excuse --strict or a run where nothing ran")
    func failOnNewKeepsStrict() {
        var counts = Counts()
        counts.total = 2
        counts.failed = 1
        counts.notRun = 1
        #expect(RunVerdict(counts, strict: true, shard: nil, newFailures: 0) == .failedStrict)
        #expect(RunVerdict(counts, strict: false, shard: nil, newFailures: 0) == .noNewFailures)
        #expect(RunVerdict(counts, strict: false, shard: nil, newFailures: 1) == .failed)
    }

    @Test("a case failing on an expectation that held in the baseline is a new failure")
    func newFailingExpectation() async throws {
        // Last night P1 failed on display only; tonight it also fails on screen.
        let before = try TestFiles.writeTemporary(
            #"{ "formatVersion": 1, "name": "b", "axes": { "profile": ["device"] }, "poses": [{ "pose": "P1", "#
                + #""expect": { "display": "inner" } }] }"#)
        let tonight = try TestFiles.writeTemporary(
            #"{ "formatVersion": 1, "name": "b", "axes": { "profile": ["device"] }, "poses": [{ "pose": "P1", "#
                + #""expect": { "display": "inner", "screen": "primary-1" } }] }"#)
        let old = try TestFiles.temporaryFolder()
        _ = await duoPose(["run", before, "--out", old.path, "--quiet", "--deterministic"])
        let baseline = old.appendingPathComponent("results.jsonl").path
        let new = await duoPose([
            "run", tonight, "--out", try TestFiles.temporaryFolder().path, "--deterministic", "--baseline", baseline,
            "--fail-on", "new",
        ])
        #expect(new.code == 1)
        #expect(
            new.stdout.contains(
                "\n--fail-on new: 1 new failures, 0 failing new cases fail the run; 0 still failing are reported, not fatal.\n"))
        let same = await duoPose([
            "run", before, "--out", try TestFiles.temporaryFolder().path, "--deterministic", "--baseline", baseline,
            "--fail-on", "new", "--quiet",
        ])
        #expect(same.code == 0)
    }

    @Test("a device's camera directions and fold need the hinge status, unknown between the canonical angles")
    func deviceStatusDependents() {
        let app = HonestModelTests.cameraApp
        let model = HonestModelTests.model([.startCapture, .hinge(30)], profile: .device, app: app)
        #expect(
            model.observe(.cameraForwardFacing)
                == .unknown(
                    "no source gives camera.forwardFacing for a device at an angle other than 0°, 90° and 180°: it depends on whether the device counts as "
                        + "closed or open there, the system's call (duo-facts E#10)"))
        let open = HonestModelTests.model([.open, .hinge(150)], profile: .device)
        #expect(open.observe(.foldRegion).value == nil)
        #expect(HonestModelTests.model([.open, .book], profile: .device).observe(.foldRegion).value == .text("active"))
    }

    @Test("apple beside a measurement is as firm as the measurement")
    func appleAndMeasured() {
        #expect(Provenance.apple.weakest(.measured) == .measured)
        #expect(Provenance.measured.weakest(.apple) == .measured)
    }

    @Test("the simulator's accessory while capturing rests on inference: S0 measured it without capture")
    func accessoryWithCapture() {
        let model = HonestModelTests.model([.open, .startCapture], app: HonestModelTests.cameraApp)
        #expect(
            model.observe(.accessoryAvailable)
                == .fact(.bool(true), .inference, "I from M S0 (simulator, measured without capture only)"))
    }

    @Test("a step after a crash is a step problem, not dropped")
    func afterCrash() {
        var app = App()
        app.multipleScenes = true
        app.newWindow.via = .activationAction
        app.newWindow.shortForm = true
        let model = HonestModelTests.model([.open, .newWindow, .close], app: app)
        #expect(model.stepProblem == "step 3 close cannot apply: the app crashed at an earlier step; only relaunch applies")
        #expect(HonestModelTests.model([.open, .newWindow, .relaunch], app: app).stepProblem == nil)
    }

    @Test("steps after a crash move nothing: the model stays where the app crashed")
    func crashGuard() {
        var app = App()
        app.multipleScenes = true
        app.newWindow.via = .activationAction
        app.newWindow.shortForm = true
        let crashed = HonestModelTests.model([.open, .newWindow], app: app)
        let after = HonestModelTests.model([.open, .newWindow, .close, .rotate(.portrait)], app: app)
        for observable in [Observable.hingeStatus, .display, .sceneSize, .windowsCount] {
            #expect(after.observe(observable) == crashed.observe(observable), "\(observable.rawValue)")
        }
        #expect(crashed.observe(.hingeStatus).value == .text("fullyOpen"))
    }

    @Test("the simulator's status between 15 and 20 degrees rests on inference")
    func closedBand() {
        #expect(
            HonestModelTests.model([.open, .hinge(17)]).observe(.hingeStatus)
                == .fact(.text("closed"), .inference, "I from M AX-PR, AX-DGb: closed at a reading of 19.2°, between 20° and 15°")
        )
    }

    @Test("an invariant that cannot be checked in every state it applies to is not run")
    func explorationGaps() throws {
        let matrix = try MatrixLoader.load(
            bytes: Array(
                #"{ formatVersion: 1, name: "E", poses: [{ pose: "P1", expect: { display: "outer" } }], explore: { depth: 2, steps: ["open", "book"], when: { profile: "device" }, invariants: [{ name: "fold", expect: { "hinge.angle": { ">=": 0 } } }] } }"#
                    .utf8), path: "e.json"
        ).matrix
        let exploration = try #require(matrix.exploration)
        let all = Explorer.explore(exploration, app: matrix.app)
        #expect(all.results(of: exploration).map(\.status) == [.held])
        let trusted = Explorer.explore(exploration, app: matrix.app, trust: Trust([.apple]))
        let result = try #require(trusted.results(of: exploration).first)
        #expect(result.status == .notRun)
        #expect(
            result.detail
                == "checked in 0 of the 4 states it applies to (4 states to depth 2); hinge.angle rests on inference "
                + "(I from M AX-PR, AX-DGb (simulator))")
    }
}

@Suite("Layout guides")
struct GuideTests {
    @Test(
        "the margins guide and the trailing bar slot, measured open flat",
        arguments: [
            (Profile.simulator, [Step.open], Observable.margins, Observation.fact(.text("0,0,34,84"), .measured, "M AX-PR")),
            (.simulator, [.open], .barSlotTrailing, .fact(.text("875-931"), .measured, "M AX-PR")),
            (
                .simulator, [.open, .book], .barSlotTrailing,
                .fact(.text("875-931"), .inference, "I from M AX-PR (simulator, measured flat only)")
            ),
            (.device, [.open], .margins, .fact(.text("0,0,34,84"), .inference, "I from M AX-PR (simulator)")),
            (
                .simulator, [], .barSlotTrailing,
                .unknown("no source gives barSlot.trailing outside the inner display in landscape, left to right, full screen")
            ),
            (
                .simulator, [.rotate(.landscape)], .margins,
                .fact(.text("0,0,0,84"), .unverified, "I: the safe area's; U MIR-DP design kit; not measured (AX-DGb)")
            ),
        ])
    func guide(_ profile: Profile, _ steps: [Step], _ observable: Observable, _ expected: Observation) {
        #expect(HonestModelTests.model(steps, profile: profile).observe(observable) == expected)
    }

    @Test(
        "the bottom bar slot sits 20 pt above the bottom; its span is an inference, as the facts do not say which bottom",
        arguments: [
            (
                Profile.simulator, [Step.open],
                Observation.fact(.text("593-649"), .inference, "I from M AX-PR: 20 pt above the scene's bottom (669), extent 56")
            ),
            (
                .simulator, [.open, .book],
                .fact(.text("593-649"), .inference, "I from M AX-PR: 20 pt above the scene's bottom (669), extent 56")
            ),
            (
                .device, [.open],
                .fact(.text("593-649"), .inference, "I from M AX-PR: 20 pt above the scene's bottom (669), extent 56")
            ),
            (
                .simulator, [.open, .rotate(.portrait)],
                .unknown("no source gives barSlot.bottom outside the inner display in landscape, left to right, full screen")
            ),
            (
                .simulator, [],
                .unknown("no source gives barSlot.bottom outside the inner display in landscape, left to right, full screen")
            ),
        ])
    func bottomSlot(_ profile: Profile, _ steps: [Step], _ expected: Observation) {
        #expect(HonestModelTests.model(steps, profile: profile).observe(.barSlotBottom) == expected)
    }

    @Test(
        "corner adaptation adds 16 pt leading (horizontal) or top (vertical) to the margins, measured open flat",
        arguments: [
            (
                Profile.simulator, [Step.open], Observable.marginsHorizontalCorner,
                Observation.fact(.text("0,16,34,84"), .measured, "M AX-PR")
            ),
            (.simulator, [.open], .marginsVerticalCorner, .fact(.text("16,0,34,84"), .measured, "M AX-PR")),
            (
                .simulator, [.open, .book], .marginsVerticalCorner,
                .fact(.text("16,0,34,84"), .inference, "I from M AX-PR (simulator, measured flat only)")
            ),
            (.device, [.open], .marginsHorizontalCorner, .fact(.text("0,16,34,84"), .inference, "I from M AX-PR (simulator)")),
            (
                .simulator, [], .marginsHorizontalCorner,
                .unknown(
                    "no source gives margins.horizontalCorner outside the inner display in landscape, left to right, full screen")
            ),
            (
                .simulator, [.open, .splitView(.left)], .marginsVerticalCorner,
                .unknown(
                    "no source gives margins.verticalCorner outside the inner display in landscape, left to right, full screen")
            ),
        ])
    func cornerMargins(_ profile: Profile, _ steps: [Step], _ observable: Observable, _ expected: Observation) {
        #expect(HonestModelTests.model(steps, profile: profile).observe(observable) == expected)
    }
}

import Testing

@testable import PoseMatrix

/// The exploration's packed state key tells apart every state an invariant could tell apart.
@Suite("Exploration state keys")
struct StateKeyTests {
    struct Counted: Sendable, CustomTestStringConvertible {
        var name: String
        var explore: String
        var app = #"{ multipleScenes: true, newWindow: { via: "activateSceneSession" } }"#
        /// The states the key tells apart, by value and by provenance. Without the provenance they were
        /// 7,605, 12,825 and 13,861, as many as the key of named fields (and an array of windows)
        /// found before the key was packed.
        var states: Int
        var testDescription: String { name }
    }

    static let counted = [
        Counted(
            name: "simulator, two windows: new, restored and relaunched windows, saved sessions",
            explore: """
                { start: "P9", depth: 6, when: { profile: "simulator", windows: 2 },
                  steps: ["open", "close", "newWindow", "restoreWindow", "relaunch", "background", "foreground",
                          "splitView(left)", "presentSheet", "dismissSheet", "startPiP", "rotate(landscape)", "hinge(45)"] }
                """,
            app: #"""
                { multipleScenes: true, newWindow: { via: "activationAction", alternate: "showInPlace" },
                  cameraAccessory: { registeredOn: "cameraView" }, camera: { uses: "virtualFront" },
                  state: { savesOn: "inactive", cachesScreen: true } }
                """#,
            states: 10762),
        Counted(
            name: "device, camera and accessory, windows placed where no source says",
            explore: """
                { start: "P10", depth: 6,
                  steps: ["open", "close", "book", "newWindow", "restoreWindow", "relaunch", "background", "foreground",
                          "startCapture", "stopCapture", "closeCamera", "flip", "startPiP", "rotate(landscapeLeft)"] }
                """,
            app: #"""
                { multipleScenes: true, newWindow: { via: "activateSceneSession" },
                  cameraAccessory: { registeredOn: "rootView" }, camera: { uses: "rear" } }
                """#,
            states: 14330),
        Counted(
            name: "every catalogue step from launch (the benchmark's app)",
            explore: "{ depth: 7 }",
            app: #"""
                { multipleScenes: true, newWindow: { via: "activationAction", alternate: "showInPlace" },
                  cameraAccessory: { registeredOn: "cameraView", capture: "running" }, camera: { uses: "virtualFront" } }
                """#,
            states: 17513),
    ]

    @Test("an exploration finds the states its key tells apart", arguments: counted)
    func statesCount(_ example: Counted) throws {
        let text = """
            { formatVersion: 1, name: "K", app: \(example.app), poses: [{ pose: "P1", expect: { display: "outer" } }],
              explore: \(example.explore.dropLast()),
                invariants: [{ name: "reachable", expect: { "windows.count": { ">=": 0 } } }] } }
            """
        let matrix = try MatrixLoader.load(bytes: Array(text.utf8), path: "explore.json").matrix
        let outcome = Explorer.explore(try #require(matrix.exploration), app: matrix.app)
        #expect(outcome.violations.isEmpty)
        #expect(outcome.statesExplored == example.states)
    }

    @Test("the key holds every window an exploration can reach: one a step at most, after the axis and the start pose")
    func windowCapacity() throws {
        guard case .whole(let counts) = Axis.windows.domain else { throw KeyTestError.unexpectedDomain }
        let startSteps = Pose.catalogue.map(\.steps.count).max() ?? 0
        let reachable = (counts.max() ?? 1) + startSteps + Exploration.maximumDepth
        #expect(SceneModel.stateKeyWindowCapacity >= reachable)
    }

    @Test("windows in every word of the key count, and so does their order")
    func windowsAcrossWords() {
        var settings = CaseSettings()
        settings.profile = .simulator
        var model = SceneModel(settings: settings, app: Self.multipleScenes, eventDetail: false)
        model.apply(.open)
        var keys: Set<SceneModel.StateKey> = [model.stateKey()]
        for _ in 1..<SceneModel.stateKeyWindowCapacity {
            model.apply(.newWindow)
            #expect(keys.insert(model.stateKey()).inserted)
        }
        #expect(model.windows.count == SceneModel.stateKeyWindowCapacity)
        // The same windows but one, hidden: wherever it is, in every word of the key, the key differs.
        for index in model.windows.indices {
            var other = model
            other.windows[index].visible.toggle()
            #expect(other.stateKey() != model.stateKey(), "window \(index)")
        }
        // The first two windows swapped: the same set of windows in another order.
        var swapped = model
        swapped.windows.swapAt(0, 1)
        #expect(swapped.stateKey() != model.stateKey())
    }

    @Test("every stored property of the model is in the state key, or left out for a reason written here")
    func everyFieldDecided() {
        let model = SceneModel(settings: CaseSettings(), app: Self.multipleScenes, eventDetail: false)
        let stored = Set(Mirror(reflecting: model).children.compactMap(\.label))
        let keyed: Set<String> = [
            "requestedAngle", "display", "displayHandoffMeasured", "heldOrientation", "cameraSide", "flipped",
            "splitCloseUnknown", "windows", "savedSessions", "splitSide", "crashed", "placementUnknown",
            "placementInferred", "requests", "stateDirty", "stateLost", "sceneRecreated", "cachedScreen",
            "hingeEffectDriven", "phaseInferred", "sheetPresented", "pipDisplay", "pipUnknown", "pipMoved",
            "newWindowDisplay", "newWindowInLandscape", "cameraViewShown", "captureRunning", "accessorySession",
            "accessorySessionsUnknown",
        ]
        let leftOut: Set<String> = [
            "settings", "app",  // the same in every state of one exploration
            "nextSession", "stepsTaken", "accessorySessionsCreated", "events", "eventTallies",  // counts along a path
            "lastStepMovedHinge",  // only `hinge.calls`, a count along a path
            "foldedInPlace",  // only the firmness of `events.*`, counts along a path
            "firstStepProblem",  // a step that cannot apply leaves the state as it was
            "recordsEventDetail",  // whether the event log is kept, not what the app sees
        ]
        #expect(keyed.isDisjoint(with: leftOut))
        #expect(stored == keyed.union(leftOut), "decide whether a new field belongs in the state key")
    }

    @Test("what decides a value's provenance is in the key: states whose values rest on other levels are two")
    func provenanceInKey() {
        var settings = CaseSettings()
        settings.profile = .simulator
        var model = SceneModel(settings: settings, app: Self.multipleScenes, eventDetail: false)
        model.apply(.open)
        model.apply(.newWindow)
        var handoff = model
        handoff.displayHandoffMeasured.toggle()
        var phase = model
        phase.phaseInferred.toggle()
        var request = model
        request.requests[0].provenance = .unverified
        // Two requests in either order: `newWindow.result` reads the last one's provenance.
        var two = model
        two.apply(.newWindow)
        two.requests[0].provenance = .inference
        two.requests[1].provenance = .measured
        var swapped = two
        swapped.requests.swapAt(0, 1)
        var errorCited = model
        errorCited.requests[0].errorProvenance = Citation(.unverified, "U")
        let models = [model, handoff, phase, request, errorCited]
        #expect(Set(models.map { $0.stateKey() }).count == 5)
        #expect(two.stateKey() != swapped.stateKey())
    }

    static let multipleScenes: App = {
        var app = App()
        app.multipleScenes = true
        app.newWindow.via = .openWindow
        return app
    }()

    enum KeyTestError: Error { case unexpectedDomain }
}

/// The exploration's own hash table answers membership as `Set` does.
@Suite("Visited states")
struct VisitedStatesTests {
    static func key(_ angle: Double, _ fields: UInt64, window: UInt64 = 0) -> SceneModel.StateKey {
        SceneModel.StateKey(angle: angle, fields: fields, windows0: window, windows1: window << 1, windows2: window << 2)
    }

    @Test("each key is new once, through the table's growth and a reservation, as in a Set")
    func membership() {
        var visited = VisitedStates()
        var reference: Set<SceneModel.StateKey> = []
        for round in 0..<2 {
            if round == 1 { visited.reserveCapacity(50_000) }
            for index in 0..<20_000 {
                // Keys that differ in one word only, and many that share their angle and fields.
                let key = Self.key(Double(index % 7) * 15, UInt64(index % 1_000), window: UInt64(index / 1_000))
                let inserted = visited.insert(key)
                #expect(inserted == reference.insert(key).inserted)
            }
        }
        #expect(visited.count == reference.count)
        #expect(visited.count == 20_000)
    }

    @Test("0° and -0° are the same angle, as Double's == says")
    func negativeZero() {
        var visited = VisitedStates()
        let inserted = [Self.key(0, 1), Self.key(-0.0, 1), Self.key(180, 1)].map { visited.insert($0) }
        #expect(inserted == [true, false, true])
        #expect(visited.count == 2)
    }
}

/// An executable account of how iPhone Duo treats an app's scenes, written from Docs/facts.md.
///
/// A value type: each case gets its own model, starts from the launch state and is
/// moved by ``apply(_:)``; ``observe(_:)`` reads an observable with its provenance, and
/// ``events`` is the ordered log of what the app was told.
struct SceneModel: Sendable {
    /// The two displays of iPhone Duo.
    enum Display: String, Sendable {
        case outer
        case inner
    }

    let settings: CaseSettings
    let app: App

    // MARK: Device

    /// The hinge angle last requested, in degrees.
    var requestedAngle: Double = 0
    /// The display the app's scenes are on.
    var display: Display = .outer
    /// Whether the display hand-offs so far rest on measured angles rather than the model's interpolation.
    var displayHandoffMeasured = true
    /// How the outer display's body is held; the inner display is turned a quarter from it.
    var heldOrientation: Orientation = .portrait
    /// In landscape, the side the outer camera is on, when the rotation said. [I from A HIG]
    var cameraSide: SplitSide?
    /// A camera app moved to the outer display of the open device by turning it round. [A T65]
    var flipped = false
    /// The device closed from Split View: which window went to the outer display is unknown. [U S0]
    var splitCloseUnknown = false

    // MARK: App

    /// The app's window scenes; the last visible one is in front.
    var windows: [AppWindow] = [AppWindow(session: 1)]
    var nextSession = 2
    /// Sessions saved but not connected: a relaunch reconnects only the last window used. [M S0]
    var savedSessions: [Int] = []
    /// The side of the inner display the front window takes in Split View.
    var splitSide: SplitSide?
    /// Whether the app crashed during the steps.
    var crashed = false
    /// Whether a new window's placement on the device is unknown (duo-facts E#2).
    var placementUnknown = false
    /// Whether the front window was brought back by `restoreWindow` in the simulator, which is
    /// taken to place it as it places a new window (S0 measured new windows only).
    var placementInferred = false
    /// Outcomes of new-window requests, in order.
    var requests: [WindowRequest] = []
    /// Whether the person's work (text, scroll, sheets) is not yet saved.
    var stateDirty = true
    var stateLost = false
    var sceneRecreated = false
    /// The screen the app read at launch, if it caches it.
    var cachedScreen: Display?
    /// Whether a hinge-driven effect was driven (the hinge passed through partially open).
    var hingeEffectDriven = false
    /// Whether the front window's phase comes from a return from the background, which nobody measured.
    var phaseInferred = false
    /// Whether the last step moved the hinge to another angle (`hinge.calls`).
    var lastStepMovedHinge = false
    /// Whether a step moved the hinge and left the scene on its display: a fold, on which no
    /// geometry update or phase change was measured in the simulator only. [M AX-PR, S0]
    var foldedInPlace = false
    /// Whether a sheet is presented (`presentSheet` to `dismissSheet`).
    var sheetPresented = false
    /// Where picture in picture shows once started, and whether that became unknown.
    var pipDisplay: Display?
    var pipUnknown = false
    var pipMoved = false
    /// The display the last new window opened on (`newWindow.firstLayout`).
    var newWindowDisplay: Display?
    /// Whether the last new window opened with the device held in landscape, where no source
    /// gives its first layouts (S0 measured them held in portrait).
    var newWindowInLandscape = false

    // MARK: Camera

    /// The registering camera view is on screen (`startCapture` to `closeCamera`).
    var cameraViewShown = false
    /// The app's capture session runs (`startCapture` to `stopCapture` or `closeCamera`).
    var captureRunning = false
    /// Why a step could not apply where it was taken: the case cannot be evaluated.
    var stepProblem: String? {
        firstStepProblem.map { "step \($0.number) \($0.step) cannot apply: \($0.problem)" }
    }
    /// The first step that could not apply, its number and why. The message is made only when
    /// asked: an exploration applies such steps (`flip` closed, `leaveSplitView` outside Split View)
    /// in many of its 3.0 million successors at depth 12 and never reads the message, and making
    /// it was about 6 % of the exploration's time.
    var firstStepProblem: (number: Int, step: Step, problem: String)?
    /// Steps taken so far, for ``stepProblem``'s message.
    var stepsTaken = 0
    /// The accessory scene's session, while the accessory is available.
    var accessorySession: Int?
    var accessorySessionsCreated = 0
    /// Whether the accessory's availability was unknown at some step, which leaves its sessions unknown.
    var accessorySessionsUnknown = false

    /// What the app was told, in order.
    var events: [SceneEvent] = []
    /// Counts of events by kind, kept whether or not the log is.
    var eventTallies = EventTallies()
    /// Whether the event log is kept; counting needs only ``eventTallies``.
    let recordsEventDetail: Bool

    /// The launch state: closed at 0°, held in portrait, one window on the outer display, active.
    /// Without `eventDetail`, no event log is kept: the counts are all a run needs.
    init(settings: CaseSettings, app: App, eventDetail: Bool = true) {
        self.settings = settings
        self.app = app
        recordsEventDetail = eventDetail
        if app.state.cachesScreen { cachedScreen = .outer }
        // The `windows` axis: a second window of the app's is already connected, in the background. [I from M S0]
        for _ in 1..<max(1, settings.windows) {
            windows.insert(AppWindow(session: nextSession, phase: .background, visible: false), at: 0)
            nextSession += 1
        }
        // The first hinge callback has no old value. [M AX-PR]
        log(.hinge, session: 0, from: nil, to: recordsEventDetail ? hingeDescription : "", hingeProvenance)
    }

    /// Moves the model by one step, then lets the system react (accessory, effects).
    mutating func apply(_ step: Step) {
        stepsTaken += 1
        lastStepMovedHinge = false
        if firstStepProblem == nil, let problem = problem(applying: step) {
            firstStepProblem = (stepsTaken, step, problem)
        }
        guard !crashed || step == .relaunch else { return }
        switch step {
        case .open: setHinge(180)
        case .close: setHinge(0)
        case .book:
            setHinge(settings.hingeAngle ?? Self.partialFoldAngle)
            setPhysicalOrientation(.landscape, on: .inner)
        case .tabletop:
            setHinge(settings.hingeAngle ?? Self.partialFoldAngle)
            setPhysicalOrientation(.portrait, on: .inner)
        case .hinge(let angle): setHinge(angle)
        case .rotate(let rotation): rotate(to: rotation)
        case .flip: flip()
        case .splitView(let side): enterSplitView(settings.splitSide ?? side)
        case .leaveSplitView: leaveSplitView()
        case .newWindow:
            requestNewWindow()
            newWindowDisplay = requests.last?.result == .opened ? display : nil
            newWindowInLandscape = heldOrientation != .portrait
        case .background: moveToBackground()
        case .foreground: moveToForeground()
        case .startCapture:
            cameraViewShown = true
            captureRunning = app.cameraAccessory.capture == .running
        case .stopCapture: captureRunning = false
        case .closeCamera:
            cameraViewShown = false
            captureRunning = false
        case .relaunch: relaunch()
        case .restoreWindow: restoreWindow()
        case .presentSheet: sheetPresented = true
        case .dismissSheet: sheetPresented = false
        case .startPiP:
            pipDisplay = display
            pipUnknown = false
            pipMoved = false
        }
        settleAccessory()
    }

    /// The partial fold the catalogue uses for book and tabletop. [M AX-DGb: book measured at 90°]
    static let partialFoldAngle = 90.0

    /// How the active display is physically oriented.
    var physicalOrientation: Orientation {
        display == .outer ? heldOrientation : heldOrientation.rotated
    }

    /// How the interface is oriented: the outer display honours the app's supported
    /// orientations, the inner display ignores them. [A T61]
    var interfaceOrientation: Orientation {
        let physical = physicalOrientation
        if display == .inner || app.orientations.contains(physical) || app.orientations.isEmpty { return physical }
        return physical.rotated
    }

    mutating func setPhysicalOrientation(_ orientation: Orientation, on target: Display) {
        let before = geometryState
        heldOrientation = target == .outer ? orientation : orientation.rotated  // the inner display is turned a quarter
        geometryChanged(from: before)
    }

    /// Rotation updates the effective geometry, which includes the interface orientation. [I, not measured]
    /// Landscape left and right are two interface orientations: turning from one to the other
    /// updates the geometry as a turn from portrait does. [I from A DocUIK]
    mutating func rotate(to rotation: Rotation) {
        let before = geometryState
        cameraSide = rotation.cameraSide
        heldOrientation = display == .outer ? rotation.orientation : rotation.orientation.rotated
        geometryChanged(from: before)
    }

    /// Why a step cannot apply in the current state, or nil when it can.
    func problem(applying step: Step) -> String? {
        switch step {
        case _ where crashed && step != .relaunch: "the app crashed at an earlier step; only relaunch applies"
        case .flip where hingeStatus == .closed: "flip needs the device open"
        case .flip where !cameraViewShown: "flip needs the camera view on screen (startCapture)"
        case .flip where app.camera.uses == .none: "flip needs an app that uses a camera (app.camera.uses)"
        case .flip where settings.profile == .simulator: "flip needs a camera, and the simulator has none"
        case .splitView where display != .inner: "Split View needs the inner display"
        case .leaveSplitView where splitSide == nil: "the app is not in Split View"
        case .stopCapture where !captureRunning: "no capture session is running"
        case .closeCamera where !cameraViewShown: "the camera view is not on screen"
        case .dismissSheet where !sheetPresented: "no sheet is presented"
        case .restoreWindow where windows.count < 2 && savedSessions.isEmpty: "the app has no other saved session to restore"
        default: nil
        }
    }

    /// The front window: the last visible one.
    var frontWindow: AppWindow? { windows.last { $0.visible } }

    /// Counts an event and, with ``recordsEventDetail``, logs it; callers pass from and to values only then.
    mutating func log(_ kind: SceneEvent.Kind, session: Int, from: String?, to: String, _ citation: Citation) {
        eventTallies.add(kind, citation)
        guard recordsEventDetail else { return }
        events.append(
            SceneEvent(kind: kind, session: session, from: from, to: to, provenance: citation.provenance, source: citation.source)
        )
    }

}

/// An executable account of how iPhone Duo treats an app's scenes, written from duo-facts.md.
///
/// A value type: each case gets its own model, starts from the launch state and is
/// moved by ``apply(_:)``; ``observe(_:)`` reads an observable with its provenance.
public struct SceneModel: Sendable {
    /// The two displays of iPhone Duo.
    public enum Display: String, Sendable {
        case outer
        case inner
    }

    public let settings: CaseSettings
    public let app: App

    /// The hinge angle last requested, in degrees.
    public private(set) var requestedAngle: Double = 0
    /// The display the app's main scene is on.
    public internal(set) var display: Display = .outer
    /// Whether the last hand-off rests on a measurement rather than on the model's interpolation.
    var displayHandoffMeasured = true
    /// How the outer display's body is held; the inner display is turned a quarter from it.
    var heldOrientation: Orientation = .portrait

    /// The launch state of DESIGN §4: closed at 0°, held in portrait, one window on the outer display, active.
    public init(settings: CaseSettings, app: App) {
        self.settings = settings
        self.app = app
    }

    /// Moves the model by one step.
    public mutating func apply(_ step: Step) throws(NotModelled) {
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
        case .rotate(let orientation): setPhysicalOrientation(orientation, on: display)
        case .flip, .splitView, .newWindow, .background, .foreground, .startCapture, .stopCapture, .relaunch:
            throw NotModelled(reason: "step \(step) \(Pose.notModelledYet)")
        }
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

    private mutating func setPhysicalOrientation(_ orientation: Orientation, on target: Display) {
        heldOrientation = target == .outer ? orientation : orientation.rotated
    }

    private mutating func setHinge(_ angle: Double) {
        requestedAngle = angle
        handOffDisplay()
    }
}

/// A step or pose the model cannot evaluate yet; the case is reported as not run with the reason.
public struct NotModelled: Error, Sendable, Equatable {
    public var reason: String
}

extension SceneModel {
    /// A fact measured in the simulator: measured in the simulator profile; in the device
    /// profile the same value rests on inference, since nobody measured a device.
    func measured(_ value: ObservedValue, _ source: String) -> Observation {
        settings.profile == .simulator ? .fact(value, .measured, source) : .fact(value, .inference, "I from " + source)
    }

    /// Reads one observable in the current state.
    public func observe(_ observable: Observable) -> Observation {
        switch observable {
        case .display: observeDisplay()
        case .screen: observeScreen()
        case .sceneSize: observeSceneSize()
        case .sceneSafeArea: observeSafeArea()
        case .sceneSizeClass: observeSizeClass()
        case .scenePhase: measured(.text("active"), "M S0")  // phase stays active through folds [M S0]
        case .barsAxis: observeBarsAxis()
        case .barsEdge: observeBarsEdge()
        case .barsSide: observeBarsSide()
        case .barsBackground: observeBarsBackground()
        case .hingeStatus: observeHingeStatus()
        case .hingeAngle: observeHingeAngle()
        case .foldRegion: observeFoldRegion()
        case .foldAxis: observeFoldAxis()
        case .sceneRecreated, .statePreserved, .eventsGeometryUpdates, .eventsScreenChanges, .eventsPhaseChanges,
            .eventsSessionsDiscarded, .windowsCount, .windowsVisible, .newWindowResult, .newWindowError,
            .contentReachable, .accessoryAvailable, .accessoryDisplay, .accessorySize, .accessorySessions,
            .cameraFrontConstituent, .cameraForwardFacing, .cameraMirrored, .hingeEffectReset:
            .unknown("\(observable.rawValue) \(Pose.notModelledYet)")
        }
    }
}

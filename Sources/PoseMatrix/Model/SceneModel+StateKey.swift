/// What tells two model states apart for exploration: everything an invariant can observe
/// except counts that grow along a path (events, sessions), so that paths meet again.
extension SceneModel {
    struct StateKey: Hashable, Sendable {
        var angle: Double
        var display: Display
        var held: Orientation
        var flipped: Bool
        /// Each window's phase and visibility, and whether it is the one that registered the accessory.
        var windows: [WindowKey]
        var split: SplitSide?
        var crashed: Bool
        var placementUnknown: Bool
        var lastResult: WindowRequest.Result?
        var lastError: WindowRequest.Failure?
        var anyRequestFailed: Bool
        var stateDirty: Bool
        var stateLost: Bool
        var sceneRecreated: Bool
        var cachedScreen: Display?
        var hingeEffectDriven: Bool
        var cameraViewShown: Bool
        var captureRunning: Bool
        var cameraSide: SplitSide?
        var splitCloseUnknown: Bool
        var accessorySessionsUnknown: Bool
        var accessoryAvailable: Bool
        var sheetPresented: Bool
        var pipDisplay: Display?
        var pipUnknown: Bool
        var pipMoved: Bool
        var newWindowDisplay: Display?
        var newWindowInLandscape: Bool
        var placementInferred: Bool
        var savedSessions: Int
    }

    struct WindowKey: Hashable, Sendable {
        var phase: AppWindow.Phase
        var visible: Bool
        var registering: Bool
        var storage: AppWindow.Storage
    }

    var stateKey: StateKey {
        StateKey(
            angle: requestedAngle, display: display, held: heldOrientation, flipped: flipped,
            windows: windows.map {
                WindowKey(phase: $0.phase, visible: $0.visible, registering: $0.session == 1, storage: $0.storage)
            },
            split: splitSide, crashed: crashed, placementUnknown: placementUnknown,
            lastResult: requests.last?.result, lastError: requests.last?.error,
            anyRequestFailed: requests.contains { !$0.contentShown }, stateDirty: stateDirty, stateLost: stateLost,
            sceneRecreated: sceneRecreated, cachedScreen: cachedScreen, hingeEffectDriven: hingeEffectDriven,
            cameraViewShown: cameraViewShown, captureRunning: captureRunning, cameraSide: cameraSide,
            splitCloseUnknown: splitCloseUnknown, accessorySessionsUnknown: accessorySessionsUnknown,
            accessoryAvailable: accessorySession != nil, sheetPresented: sheetPresented, pipDisplay: pipDisplay,
            pipUnknown: pipUnknown, pipMoved: pipMoved, newWindowDisplay: newWindowDisplay,
            newWindowInLandscape: newWindowInLandscape, placementInferred: placementInferred,
            savedSessions: savedSessions.count)
    }
}

extension Observable {
    /// Counts that grow along a path: an exploration state does not carry them, so invariants cannot use them.
    var isPathCount: Bool {
        switch self {
        case .eventsGeometryUpdates, .eventsScreenChanges, .eventsPhaseChanges, .eventsSessionsDiscarded, .accessorySessions,
            .hingeCalls:
            true
        default: false
        }
    }
}

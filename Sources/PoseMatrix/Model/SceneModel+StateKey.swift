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

/// Hashing a state key field by field hashed each enum's raw string and each Bool apart: half
/// of an exploration's time went into `Set<StateKey>.insert`. The hash packs the fields into a
/// few words instead; equal keys still hash alike (every word is made from the fields alone),
/// and `==` stays the synthesized comparison of every field.
extension SceneModel.StateKey {
    func hash(into hasher: inout Hasher) {
        // No arrays here: an array literal is an allocation for every hash.
        var bits: UInt64 = flipped ? 1 : 0
        bits = bits << 1 | (crashed ? 1 : 0)
        bits = bits << 1 | (placementUnknown ? 1 : 0)
        bits = bits << 1 | (anyRequestFailed ? 1 : 0)
        bits = bits << 1 | (stateDirty ? 1 : 0)
        bits = bits << 1 | (stateLost ? 1 : 0)
        bits = bits << 1 | (sceneRecreated ? 1 : 0)
        bits = bits << 1 | (hingeEffectDriven ? 1 : 0)
        bits = bits << 1 | (cameraViewShown ? 1 : 0)
        bits = bits << 1 | (captureRunning ? 1 : 0)
        bits = bits << 1 | (splitCloseUnknown ? 1 : 0)
        bits = bits << 1 | (accessorySessionsUnknown ? 1 : 0)
        bits = bits << 1 | (accessoryAvailable ? 1 : 0)
        bits = bits << 1 | (sheetPresented ? 1 : 0)
        bits = bits << 1 | (pipUnknown ? 1 : 0)
        bits = bits << 1 | (pipMoved ? 1 : 0)
        bits = bits << 1 | (newWindowInLandscape ? 1 : 0)
        bits = bits << 1 | (placementInferred ? 1 : 0)
        var tags = UInt64(Self.tag(display))
        tags = tags &* 31 &+ UInt64(Self.tag(held))
        tags = tags &* 31 &+ UInt64(Self.tag(split))
        tags = tags &* 31 &+ UInt64(Self.tag(lastResult))
        tags = tags &* 31 &+ UInt64(Self.tag(lastError))
        tags = tags &* 31 &+ UInt64(Self.tag(cachedScreen))
        tags = tags &* 31 &+ UInt64(Self.tag(cameraSide))
        tags = tags &* 31 &+ UInt64(Self.tag(pipDisplay))
        tags = tags &* 31 &+ UInt64(Self.tag(newWindowDisplay))
        hasher.combine(angle)
        hasher.combine(bits)
        hasher.combine(tags)
        hasher.combine(savedSessions)
        var windowBits: UInt64 = UInt64(windows.count)
        for window in windows {
            windowBits = windowBits &* 37 &+ UInt64(Self.tag(window.phase)) &* 2 &+ (window.visible ? 1 : 0)
            windowBits = windowBits &* 2 &+ (window.registering ? 1 : 0)
        }
        hasher.combine(windowBits)
    }

    /// A small number from an enum's raw value: its length and first byte, the same for equal values.
    private static func tag<Value: RawRepresentable>(_ value: Value?) -> UInt16 where Value.RawValue == String {
        guard let raw = value?.rawValue.utf8 else { return 0 }
        return UInt16(truncatingIfNeeded: raw.count) << 8 | UInt16(raw.first ?? 0)
    }
}

/// What tells two model states apart for exploration: everything an invariant can observe
/// except counts that grow along a path (events, sessions), so that paths meet again.
///
/// Speed: an exploration makes a key for every successor and inserts it into a set (263,289
/// states from 3.0 million successors at depth 12). A key of named fields with an array of
/// windows allocated the array for each successor, retained and released it at each copy and
/// hashed it window by window: 41 % of the time went into `Set.insert`. The key is now five
/// words and no reference, so it is copied, hashed and compared as plain bytes: each field is
/// packed with a fixed width (an enum by its case's ordinal, not its raw string), which keeps
/// packing one to one, so keys are equal exactly when every field is.
extension SceneModel {
    struct StateKey: Hashable, Sendable {
        /// The hinge angle last requested.
        var angle: Double
        /// Every other field but the windows, packed by ``stateKey``.
        var fields: UInt64
        /// Each window's code (``windowCodeWidth`` bits), window 0 in the low bits of `windows0`,
        /// ``windowsPerWord`` windows to a word; the window count is in ``fields``.
        var windows0: UInt64
        var windows1: UInt64
        var windows2: UInt64
    }

    /// The bits of one window's code: phase, visibility, whether it registered the accessory, `@SceneStorage`.
    static let windowCodeWidth = 7
    static let windowsPerWord = 64 / windowCodeWidth
    /// The most windows a key holds. Each step opens or brings back one window at most, so an
    /// exploration meets at most the `windows` axis's 2, its start pose's steps and its depth
    /// (StateKeyTests checks that the catalogue and the deepest exploration stay within it).
    static let stateKeyWindowCapacity = 3 * windowsPerWord

    /// The key of this state: its values and what each rests on, so that states whose values are the
    /// same but rest on different provenance levels are two.
    func stateKey() -> StateKey {
        precondition(windows.count <= Self.stateKeyWindowCapacity, "a state key holds \(Self.stateKeyWindowCapacity) windows")
        var fields = BitPacker()
        fields.add(display)
        fields.add(heldOrientation)
        fields.add(flipped)
        fields.add(splitSide)
        fields.add(crashed)
        fields.add(placementUnknown)
        fields.add(requests.last?.result)
        fields.add(requests.last?.error)
        fields.add(requests.contains { !$0.contentShown })
        fields.add(stateDirty)
        fields.add(stateLost)
        fields.add(sceneRecreated)
        fields.add(cachedScreen)
        fields.add(hingeEffectDriven)
        fields.add(cameraViewShown)
        fields.add(captureRunning)
        fields.add(cameraSide)
        fields.add(splitCloseUnknown)
        fields.add(accessorySessionsUnknown)
        fields.add(accessorySession != nil)
        fields.add(sheetPresented)
        fields.add(pipDisplay)
        fields.add(pipUnknown)
        fields.add(pipMoved)
        fields.add(newWindowDisplay)
        fields.add(newWindowInLandscape)
        fields.add(placementInferred)
        addProvenance(to: &fields)
        fields.add(UInt64(windows.count), width: 5)
        // Sessions saved are at most the sessions ever made, which the window capacity bounds.
        fields.add(UInt64(savedSessions.count), width: 5)
        return StateKey(
            angle: requestedAngle, fields: fields.word, windows0: windowWord(0), windows1: windowWord(1), windows2: windowWord(2))
    }

    /// What decides a value's provenance, which `--trust` evaluates or leaves not run: with it in
    /// the key, states that differ only here are told apart, or an invariant would read "held"
    /// where the same value rests on a level the run does not trust, and what a held invariant
    /// rests on would miss the levels of the states merged away (the reference matrix's exploration
    /// meets 122,763 states; 64,134 without the provenance).
    private func addProvenance(to fields: inout BitPacker) {
        fields.add(displayHandoffMeasured)
        fields.add(phaseInferred)
        // The requests' provenance as observations read it: the first failed one's
        // (`content.reachable`), the weakest (`content.reachable`), the last one's and its error's
        // (`newWindow.result`, `newWindow.error`).
        let code = Provenance.requestCode
        fields.add(code(requests.first { !$0.contentShown }?.provenance), width: 3)
        let weakest = requests.isEmpty ? nil : requests.map(\.provenance).reduce(Provenance.apple) { $0.weakest($1) }
        fields.add(code(weakest), width: 3)
        fields.add(code(requests.last?.provenance), width: 3)
        fields.add(code(requests.last?.errorProvenance?.provenance), width: 3)
    }

    /// The codes of the windows a key's `word`-th windows word holds.
    private func windowWord(_ word: Int) -> UInt64 {
        var bits: UInt64 = 0
        let first = word * Self.windowsPerWord
        for index in stride(from: min(first + Self.windowsPerWord, windows.count) - 1, through: first, by: -1) {
            let window = windows[index]
            var code = BitPacker()
            code.add(window.phase)
            code.add(window.visible)
            code.add(window.session == 1)
            code.add(window.storage)
            assert(code.used == Self.windowCodeWidth, "a window's code is \(Self.windowCodeWidth) bits")
            bits = bits << UInt64(Self.windowCodeWidth) | code.word
        }
        return bits
    }
}

/// Fields packed into one word, each at a fixed width, so that different values give different words.
private struct BitPacker {
    private(set) var word: UInt64 = 0
    private(set) var used = 0

    mutating func add(_ value: UInt64, width: Int) {
        precondition(value >> UInt64(width) == 0 && used + width <= 64, "a state key field does not fit its bits")
        word = word << UInt64(width) | value
        used += width
    }

    mutating func add(_ flag: Bool) { add(flag ? 1 : 0, width: 1) }

    mutating func add<Value: StateCoded>(_ value: Value) { add(value.stateCode, width: Value.stateCodeWidth) }

    /// Nil is 0; a value is its code plus one, one bit wider.
    mutating func add<Value: StateCoded>(_ value: Value?) {
        add(value.map { $0.stateCode + 1 } ?? 0, width: Value.stateCodeWidth + 1)
    }
}

/// An enum a state key holds by its case's ordinal, in as few bits as its cases need.
private protocol StateCoded {
    static var stateCodeWidth: Int { get }
    var stateCode: UInt64 { get }
}

extension SceneModel.Display: StateCoded {
    static var stateCodeWidth: Int { 1 }
    var stateCode: UInt64 { self == .outer ? 0 : 1 }
}

extension Orientation: StateCoded {
    static var stateCodeWidth: Int { 1 }
    var stateCode: UInt64 { self == .portrait ? 0 : 1 }
}

extension SplitSide: StateCoded {
    static var stateCodeWidth: Int { 1 }
    var stateCode: UInt64 { self == .left ? 0 : 1 }
}

extension SceneModel.WindowRequest.Result: StateCoded {
    static var stateCodeWidth: Int { 3 }
    var stateCode: UInt64 {
        switch self {
        case .opened: 0
        case .failed: 1
        case .alternate: 2
        case .hidden: 3
        case .ignored: 4
        case .crashed: 5
        }
    }
}

extension SceneModel.WindowRequest.Failure: StateCoded {
    static var stateCodeWidth: Int { 2 }
    var stateCode: UInt64 {
        switch self {
        case .none: 0
        case .multipleScenesNotSupported: 1
        case .requestDenied: 2
        }
    }
}

extension Provenance {
    /// A request's provenance in three bits, nil as 0: a request to open a window rests on Apple,
    /// a measurement, an inference or an unverified claim, never on a step's own meaning, so the
    /// four fit where five levels would not (the key's word is full).
    static func requestCode(_ level: Provenance?) -> UInt64 {
        switch level {
        case nil: 0
        case .apple: 1
        case .measured: 2
        case .inference: 3
        case .unverified: 4
        case .definition: preconditionFailure("a window request never rests on a definition")
        }
    }
}

extension AppWindow.Phase: StateCoded {
    static var stateCodeWidth: Int { 2 }
    var stateCode: UInt64 {
        switch self {
        case .active: 0
        case .inactive: 1
        case .background: 2
        }
    }
}

extension AppWindow.Storage: StateCoded {
    static var stateCodeWidth: Int { 3 }
    var stateCode: UInt64 {
        switch self {
        case .kept: 0
        case .fresh: 1
        case .restored: 2
        case .restoredOnOuterDevice: 3
        case .reconnected: 4
        }
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

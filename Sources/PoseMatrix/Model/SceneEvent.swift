/// Something the app is told or that happens to its scenes, in the order it happens (README "What the model covers").
public struct SceneEvent: Sendable, Hashable {
    /// What kind of thing happened.
    public enum Kind: String, Sendable {
        /// A hinge update: old (nil on the first call) and new status@angle. [M AX-PR]
        case hinge
        /// `windowScene(_:didUpdateEffectiveGeometry:)`. [A DocUIK]
        case geometryUpdate
        /// `windowScene.screen` changed.
        case screenChange
        case phaseChange
        case sessionConnected
        case sessionDiscarded
        case windowRequest
        case crash
    }

    public var kind: Kind
    /// The scene session it concerns (0 when it concerns the app as a whole).
    public var session: Int
    public var from: String?
    public var to: String
    public var provenance: Provenance
    public var source: String

    /// "geometryUpdate #1 466x678 → 951x669 (measured: M S0)".
    public var description: String {
        var text = kind.rawValue
        if session > 0 { text += " #\(session)" }
        text += " " + (from.map { "\($0) → " } ?? "") + to
        return text + " (\(provenance.rawValue): \(source))"
    }
}

/// One scene of the app's (role `windowApplication`).
struct AppWindow: Sendable, Hashable {
    enum Phase: String, Sendable {
        case active
        case inactive
        case background
    }

    /// What the window's `@SceneStorage` holds (`window.sceneStorage`). [M S0]
    enum Storage: Sendable, Hashable {
        /// Its own values: it has been there since it connected.
        case kept
        /// A new window's: the defaults.
        case fresh
        /// Its saved session's values, brought back by `restoreWindow`.
        case restored
        /// The same, on the device's outer display, where no source says a session can be activated.
        case restoredOnOuterDevice
        /// Its saved session's values, reconnected by a relaunch.
        case reconnected
    }

    var session: Int
    var phase: Phase = .active
    var visible = true
    var storage = Storage.kept
}

extension Provenance {
    /// How firmly a fact stands: Apple's word, then a measurement, then inference, then an
    /// unverified claim. A value resting on Apple's word and a measurement is as firm as the
    /// measurement, so that trusting `apple` alone never admits it.
    var strength: Int {
        switch self {
        case .apple: 3
        case .measured: 2
        case .inference: 1
        case .unverified: 0
        }
    }

    /// The weaker of two provenances: a value resting on both is only as firm as the weaker.
    func weakest(_ other: Provenance) -> Provenance {
        other.strength < strength ? other : self
    }
}

/// How many events of each kind, and the least firm of them: what the `events.*` counts
/// read, kept without an event log so a run's thousands of cases allocate nothing for it.
struct EventTallies: Sendable {
    struct Tally: Sendable {
        var count = 0
        /// The least firm event's provenance and source.
        var weakest: (Provenance, String)?

        mutating func add(_ provenance: (Provenance, String)) {
            count += 1
            if let strength = weakest?.0.strength, provenance.0.strength >= strength { return }
            weakest = provenance
        }
    }

    private var tallies: (Tally, Tally, Tally, Tally, Tally, Tally, Tally, Tally) = (
        .init(), .init(), .init(), .init(), .init(), .init(), .init(), .init()
    )

    subscript(kind: SceneEvent.Kind) -> Tally {
        get {
            switch kind {
            case .hinge: tallies.0
            case .geometryUpdate: tallies.1
            case .screenChange: tallies.2
            case .phaseChange: tallies.3
            case .sessionConnected: tallies.4
            case .sessionDiscarded: tallies.5
            case .windowRequest: tallies.6
            case .crash: tallies.7
            }
        }
        set {
            switch kind {
            case .hinge: tallies.0 = newValue
            case .geometryUpdate: tallies.1 = newValue
            case .screenChange: tallies.2 = newValue
            case .phaseChange: tallies.3 = newValue
            case .sessionConnected: tallies.4 = newValue
            case .sessionDiscarded: tallies.5 = newValue
            case .windowRequest: tallies.6 = newValue
            case .crash: tallies.7 = newValue
            }
        }
    }

    /// Counts one event in place: reading the tally out and writing it back copied it for every event.
    mutating func add(_ kind: SceneEvent.Kind, _ provenance: (Provenance, String)) {
        switch kind {
        case .hinge: tallies.0.add(provenance)
        case .geometryUpdate: tallies.1.add(provenance)
        case .screenChange: tallies.2.add(provenance)
        case .phaseChange: tallies.3.add(provenance)
        case .sessionConnected: tallies.4.add(provenance)
        case .sessionDiscarded: tallies.5.add(provenance)
        case .windowRequest: tallies.6.add(provenance)
        case .crash: tallies.7.add(provenance)
        }
    }
}

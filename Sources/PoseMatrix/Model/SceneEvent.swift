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

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

/// Something the app is told or that happens to its scenes, in the order it happens (README "What the model covers").
struct SceneEvent: Sendable, Hashable {
    /// What kind of thing happened.
    enum Kind: String, Sendable {
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

    var kind: Kind
    /// The scene session it concerns (0 when it concerns the app as a whole).
    var session: Int
    var from: String?
    var to: String
    var provenance: Provenance
    var source: String

    /// "geometryUpdate #1 466x678 → 951x669 (measured: M S0)".
    var description: String {
        var text = kind.rawValue
        if session > 0 { text += " #\(session)" }
        text += " " + (from.map { "\($0) → " } ?? "") + to
        return text + " (\(provenance.rawValue): \(source))"
    }
}

/// The one rule that decides how firm a simulator measurement is in the model's current state.
///
/// The simulator was measured in three states only: closed on the outer display in portrait,
/// open flat and folded as a book at 90° on the inner display in landscape, left to right, with
/// Reduce Transparency off, for an app linked against 27.1 (duo-facts Gaps; [M S0], [M AX-DGb],
/// [M AX-PR]). A measured fact is `measured` only there and only in the simulator profile; elsewhere
/// it is carried over, so it is `inference` and its source names the measurement it rests on.
extension SceneModel {
    /// A state in which somebody measured the simulator.
    enum MeasuredState: String, Sendable {
        /// Closed, outer display, held in portrait (P1). [M S0, AX-DGb, AX-PR]
        case closed
        /// Open flat at 180°, inner display, landscape (P3). [M S0, AX-DGb, AX-PR]
        case flat
        /// Partially open at 90°, inner display, landscape (P5). [M AX-DGb, AX-PR]
        case book
        /// Any angle of the hinge sweep from 180° to 0°, the device held as at launch. [M AX-PR]
        case sweep
    }

    /// Every measured state.
    static let everyMeasuredState: Set<MeasuredState> = [.closed, .flat, .book]

    /// Whether the conditions every measurement shared hold: left to right, Reduce Transparency
    /// off, linked against 27.1, one app full screen, not turned round.
    var measuredConditions: Bool {
        settings.layoutDirection == .leftToRight && !settings.reduceTransparency && settings.linkedSDK == .v27_1
            && !flipped && splitSide == nil && !splitCloseUnknown
    }

    /// The measured state the model is in, or nil when no measurement covers the current state.
    var measuredState: MeasuredState? {
        guard measuredConditions else { return nil }
        switch display {
        case .outer:
            return heldOrientation == .portrait && hingeStatus == .closed ? .closed : nil
        case .inner:
            guard physicalOrientation == .landscape else { return nil }
            if requestedAngle == 180 { return .flat }
            return requestedAngle == Self.partialFoldAngle ? .book : nil
        }
    }

    /// A fact measured in the simulator in `states`: `measured` there in the simulator profile;
    /// everywhere else `inference`, its source saying which measurement it is carried over from.
    func measured(
        _ value: ObservedValue, _ source: String, in states: Set<MeasuredState> = everyMeasuredState
    ) -> Observation {
        let (provenance, cited) = measuredProvenance(source, in: states)
        return .fact(value, provenance, cited)
    }

    /// The provenance of a fact measured in the simulator in `states`, in the current state and profile.
    func measuredProvenance(
        _ source: String, in states: Set<MeasuredState> = everyMeasuredState
    ) -> (Provenance, String) {
        guard settings.profile == .simulator else { return (.inference, "I from \(source) (simulator)") }
        if let state = measuredState, states.contains(state) { return (.measured, source) }
        if states.contains(.sweep), measuredConditions, heldOrientation == .portrait { return (.measured, source) }
        let measuredIn = states.map(\.rawValue).sorted().joined(separator: ", ")
        return (.inference, "I from \(source) (simulator, measured \(measuredIn) only)")
    }
}

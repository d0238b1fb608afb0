/// The one rule that decides how firm a simulator measurement is in the model's current state.
///
/// The simulator was measured in three states only: closed on the outer display in portrait,
/// open flat and folded as a book at 90° on the inner display in landscape, left to right, with
/// Reduce Transparency off, for an app linked against 27.1 (duo-facts Gaps; [M S0], [M AX-DGb],
/// [M AX-PR]). A measured fact is `measured` only there and only in the simulator profile; elsewhere
/// it is carried over, so it is `inference` and its source names the measurement it rests on.
extension SceneModel {
    /// A state in which somebody measured the simulator.
    enum MeasuredState: Sendable {
        /// Closed, outer display, held in portrait (P1). [M S0, AX-DGb, AX-PR]
        case closed
        /// Open flat at 180°, inner display, landscape (P3). [M S0, AX-DGb, AX-PR]
        case flat
        /// Partially open at 90°, inner display, landscape (P5). [M AX-DGb, AX-PR]
        case book
    }

    /// The states one measurement covers; `sweep` is any angle of the hinge sweep from 180° to 0°,
    /// the device held as at launch. [M AX-PR]
    struct MeasuredStates: OptionSet, Sendable {
        let rawValue: UInt8
        static let closed = MeasuredStates(rawValue: 1)
        static let flat = MeasuredStates(rawValue: 2)
        static let book = MeasuredStates(rawValue: 4)
        static let sweep = MeasuredStates(rawValue: 8)

        /// "book, closed, flat", as sources name them.
        var names: String {
            [(Self.book, "book"), (.closed, "closed"), (.flat, "flat"), (.sweep, "sweep")].filter { contains($0.0) }
                .map(\.1).joined(separator: ", ")
        }
    }

    /// A simulator measurement, with the source strings it is cited by in each case worked out
    /// once: a model makes millions of citations, and building them per call doubled its time.
    struct Measurement: Sendable {
        let source: String
        let states: MeasuredStates
        /// How the device profile cites it.
        let onDevice: String
        /// How the simulator profile cites it outside the states measured.
        let elsewhere: String

        init(_ source: String, in states: MeasuredStates) {
            self.source = source
            self.states = states
            onDevice = "I from \(source) (simulator)"
            elsewhere = "I from \(source) (simulator, measured \(states.names) only)"
        }

        static let accessoryClosed = Measurement("M S0", in: [.closed])
        static let accessoryOnOuterDisplay = Measurement("M S0: on the outer display", in: [.closed, .flat])
        static let axDGb = Measurement("M AX-DGb", in: [.closed, .flat, .book])
        static let axPR = Measurement("M AX-PR", in: [.closed, .flat, .book])
        static let backgroundGlitch = Measurement("M S0: 5 of 6 runs", in: [.closed, .flat])
        static let crashed = Measurement("M S0: the app crashed", in: [.closed, .flat])
        static let displayHandoff = Measurement("M AX-DGb, SIN", in: [.sweep])
        static let hingeSweep = Measurement("M AX-PR, AX-DGb", in: [.sweep])
        static let noEventsOnFolds = Measurement("M AX-PR, S0", in: [.closed, .flat, .book])
        static let relaunchEvent = Measurement("M S0, AX-PTMd", in: [.closed, .flat])
        static let relaunched = Measurement("M S0, AX-PTMd: relaunched", in: [.closed, .flat])
        static let s0 = Measurement("M S0", in: [.closed, .flat])
        static let s0Open = Measurement("M S0", in: [.flat])
        static let shortFormCrash = Measurement("M S0: the short form raises at run time", in: [.closed, .flat])
    }

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

    /// Whether a measurement covering `states` covers the current state in the simulator profile.
    func isMeasured(in states: MeasuredStates) -> Bool {
        guard settings.profile == .simulator, measuredConditions else { return false }
        if states.contains(.sweep) && heldOrientation == .portrait { return true }
        switch measuredState {
        case .closed: return states.contains(.closed)
        case .flat: return states.contains(.flat)
        case .book: return states.contains(.book)
        case nil: return false
        }
    }

    /// A fact measured in the simulator: `measured` where the measurement covers the current
    /// state; everywhere else `inference`, its source saying which measurement it is carried over from.
    func measured(_ value: ObservedValue, _ measurement: Measurement) -> Observation {
        .fact(value, measuredProvenance(measurement))
    }

    /// The same for a measurement cited once, off the hot path (layout observables are read only
    /// when a matrix expects them).
    func measured(_ value: ObservedValue, _ source: String, in states: MeasuredStates) -> Observation {
        measured(value, Measurement(source, in: states))
    }

    /// The provenance and source of a simulator measurement in the current state and profile.
    func measuredProvenance(_ measurement: Measurement) -> Citation {
        if settings.profile == .device { return Citation(.inference, measurement.onDevice) }
        return isMeasured(in: measurement.states)
            ? Citation(.measured, measurement.source) : Citation(.inference, measurement.elsewhere)
    }
}

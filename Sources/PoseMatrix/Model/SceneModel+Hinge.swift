/// The hinge and the display hand-off: two separate state machines ([I] Docs/facts.md E, invariants).
extension SceneModel {
    /// The outer display is held at or below this angle.
    static let outerHoldAngle = DeviceFact.outerHoldAngle.quantity.number
    /// The inner display takes over at or above this angle when opening.
    static let innerHoldAngle = DeviceFact.innerHoldAngle.quantity.number
    /// The simulator reports closed at or below this angle.
    static let simulatorClosedAngle = DeviceFact.simulatorClosedAngle.quantity.number

    /// Sets the hinge: logs the update, drives a hinge effect on the way, and hands the
    /// scenes to the other display when the angle passes a hold. [M AX-PR; M SIN]
    mutating func setHinge(_ angle: Double) {
        let oldAngle = requestedAngle
        requestedAngle = angle
        if angle != oldAngle {
            lastStepMovedHinge = true
            let (from, to) = recordsEventDetail ? (hingeDescription(at: oldAngle), hingeDescription) : (nil, "")
            log(.hinge, session: 0, from: from, to: to, hingeProvenance)
        }
        // Moving between two angles passes through the partially open range, which drives
        // a hinge effect; so does resting in it. [M AX-PR: closed → partiallyOpen → fullyOpen]
        let low = min(oldAngle, angle)
        let high = max(oldAngle, angle)
        if (low != high && high > Self.simulatorClosedAngle && low < 180) || hingeStatus == .partiallyOpen {
            hingeEffectDriven = true
        }
        let before = geometryState
        if flipped && hingeStatus == .closed { flipped = false }
        handOffDisplay()
        if display != before.display {
            moveScenes(from: before)
        } else if angle != oldAngle {
            foldedInPlace = true
        }
    }

    /// Moves the scene between displays with hysteresis, separately from the hinge status. [M SIN; M AX-DGb]
    mutating func handOffDisplay() {
        guard !flipped else { return }
        // Measured: closed on the outer display, fully open on the inner one, and 180° down to
        // 90° keeping the inner one [M AX-DGb]. The holds of 40° and 108° are hold angles, not
        // where an opening hands off [M SIN], so other angles rest on inference.
        let measuredHere =
            requestedAngle == 0 || requestedAngle == 180
            || (display == .inner && requestedAngle == Self.partialFoldAngle && displayHandoffMeasured)
        switch display {
        case .outer where requestedAngle >= Self.innerHoldAngle: display = .inner
        case .inner where requestedAngle <= Self.outerHoldAngle: display = .outer
        default: break
        }
        displayHandoffMeasured = measuredHere
    }

    /// Turning the open device round moves a capturing camera app to the outer display, and back. [A T65]
    mutating func flip() {
        guard hingeStatus != .closed, cameraViewShown, app.camera.uses != .none else { return }
        let before = geometryState
        flipped.toggle()
        display = flipped ? .outer : .inner
        if !flipped { handOffDisplay() }
        if display != before.display { moveScenes(from: before) }
    }

    /// "status@angle", as hinge events show it.
    var hingeDescription: String { hingeDescription(at: requestedAngle) }

    /// "status@angle" had the hinge been at another angle.
    func hingeDescription(at angle: Double) -> String {
        var other = self
        other.requestedAngle = angle
        return other.hingeText
    }

    private var hingeText: String {
        "\(hingeStatus.rawValue)@\(observeHingeAngle().value?.description ?? "?")"
    }

    var hingeProvenance: Citation {
        measuredProvenance(.hingeSweep)
    }

    /// The active display: which one, measured where the simulator hand-off was timed.
    func observeDisplay() -> Observation {
        // [M AX-DGb] screenID 1 is the outer display, 3 the inner; hand-off angles [M SIN].
        if flipped {
            return .fact(.text(display.rawValue), .inference, "I from A T65: turning the device round can move a camera app")
        }
        return displayHandoffMeasured
            ? measured(.text(display.rawValue), .displayHandoff)
            : .fact(.text(display.rawValue), .inference, "I from M SIN: the holds at 40° and 108°")
    }

    /// The screen's name in the simulator metadata. [M AX-DGb]
    func observeScreen() -> Observation {
        let name = display == .outer ? "primary" : "primary-1"
        return measured(.text(name), .axDGb)
    }

    /// The angle the app is told. The simulator was measured at 0°, 90°, 175°, 178°, 179° and 180°
    /// [M AX-PR, AX-DGb]; between two of them the reading is interpolated, which keeps it monotonic
    /// [I]; past 179° nobody measured it, and nobody measured a device's smoothing: unknown there.
    func observeHingeAngle() -> Observation {
        let angle = requestedAngle
        guard let reported = reportedAngle else {
            return .unknown(
                "no source gives hinge.angle for a request of \(formatNumber(angle))° "
                    + (settings.profile == .device
                        ? "on a device (its smoothing was never measured)"
                        : "in the simulator (measured up to 179° and at 180°)"))
        }
        if Self.measuredAngles.contains(where: { $0.requested == angle }) {
            return measured(.number(reported), .hingeSweep)
        }
        return .fact(.number(reported), .inference, "I from M AX-PR, AX-DGb: interpolated between measured requests")
    }

    /// The hinge status the app is told. The simulator's thresholds were measured on a sweep in the
    /// held orientation (closed at or below 19.2°, fully open only at 180°) [M AX-PR, AX-DGb]; the
    /// status also depends on the device's orientation [A DeviceHinge via AX-SRC], so a turned
    /// device rests on inference. A device's thresholds are the system's call and unknown (E#10);
    /// only the three canonical angles (0°, 90°, 180° [APM]) carry over from the simulator.
    func observeHingeStatus() -> Observation {
        let status = hingeStatus
        if settings.profile == .device && !Self.canonicalAngles.contains(requestedAngle) {
            return .unknown(
                "no source gives hinge.status for a device \(Self.offCanonicalAngle) "
                    + "(its thresholds are the system's call, duo-facts E#10)")
        }
        // The sweep read closed at 19.2° somewhere between requests of 20° and 15°: in between, inferred.
        if settings.profile == .simulator && requestedAngle > 15 && requestedAngle < 20 {
            return .fact(
                .text(status.rawValue), .inference, "I from M AX-PR, AX-DGb: closed at a reading of 19.2°, between 20° and 15°")
        }
        return measured(.text(status.rawValue), .hingeSweep)
    }

    /// Where a device's status is unknown. The reason names no angle: the case's values give it,
    /// and one reason for every such case keeps results.jsonl to one shared record and report.md
    /// to one row, where a reason per angle made a record per case on a sweep.
    static let offCanonicalAngle = "at an angle other than 0°, 90° and 180°"

    /// Whether the status the app is told is known: always in the simulator; on a device only at
    /// the canonical angles, since its thresholds are the system's call (E#10).
    var hingeStatusKnown: Bool {
        settings.profile == .simulator || Self.canonicalAngles.contains(requestedAngle)
    }

    /// Why what depends on the hinge status is unknown on a device at this angle.
    func unknownHingeStatus(_ observable: Observable) -> Observation {
        .unknown(
            "no source gives \(observable.rawValue) for a device \(Self.offCanonicalAngle): it depends on "
                + "whether the device counts as closed or open there, the system's call (duo-facts E#10)")
    }

    /// The status by the simulator's thresholds: the model's working state on either profile.
    var hingeStatus: HingeStatus {
        if requestedAngle == 180 { return .fullyOpen }
        return requestedAngle <= Self.simulatorClosedAngle ? .closed : .partiallyOpen
    }

    /// Closed, partially open and fully open as every tool requests them. [APM; M AX-PR, AX-DGb]
    /// An array: three comparisons cost less than hashing a Double, and every case asks.
    static let canonicalAngles: [Double] = [0, 90, 180]

    /// The requests the simulator was measured at and what it reported. [M AX-PR, AX-DGb]
    static let measuredAngles: [(requested: Double, reported: Double)] = [
        (0, 0), (90, 90), (175, 170.3), (178, 173.1), (179, 174.1), (180, 180),
    ]

    /// The angle the app is told: measured points and straight lines between them in the simulator;
    /// nil past 179° and on a device away from the canonical angles.
    var reportedAngle: Double? {
        let angle = requestedAngle
        let points = Self.measuredAngles
        if settings.profile == .device { return Self.canonicalAngles.contains(angle) ? angle : nil }
        guard let upper = points.firstIndex(where: { $0.requested >= angle }) else { return nil }
        if points[upper].requested == angle { return points[upper].reported }
        guard upper > 0, points[upper].requested != 180 else { return nil }
        let low = points[upper - 1]
        let high = points[upper]
        let reported = low.reported + (angle - low.requested) / (high.requested - low.requested) * (high.reported - low.reported)
        return (reported * 10).rounded() / 10
    }

    /// The division region: none on the outer display, inactive when flat, active when partially open. [M AX-DGb; A T63]
    func observeFoldRegion() -> Observation {
        guard display == .inner else { return measured(.text("none"), .axPR) }
        guard hingeStatusKnown else { return unknownHingeStatus(.foldRegion) }
        let state = hingeStatus == .partiallyOpen ? "active" : "inactive"
        if inSplitView { return .fact(.text(state), .unverified, "U Flutter package: the fold at a window edge") }
        // Apple documents the region inactive when flat and active partially open [A T63]; the
        // simulator measured both in landscape [M AX-DGb].
        guard settings.profile == .simulator else { return .fact(.text(state), .apple, "A T63") }
        if physicalOrientation == .landscape && isMeasured(in: [.flat, .book]) { return measured(.text(state), .axDGb) }
        return .fact(.text(state), .apple, "A T63")
    }

    /// The fold line runs across the short side: vertical in landscape (40×669 band), horizontal in portrait.
    func observeFoldAxis() -> Observation {
        guard display == .inner else { return measured(.text("none"), .axPR) }
        if physicalOrientation == .landscape { return measured(.text("vertical"), .axDGb) }
        return .fact(.text("horizontal"), .inference, "I from M AX-DGb; AX-LC")
    }
}

/// The hinge status an app is told (`UIHinge.Status`, `DeviceHinge.Status`). [A SDK]
enum HingeStatus: String, Sendable, CaseIterable {
    case closed
    case partiallyOpen
    case fullyOpen
}

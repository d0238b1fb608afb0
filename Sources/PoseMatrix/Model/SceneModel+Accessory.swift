/// The camera capture accessory (P10): available only while every condition holds. [A T64, DocCCA]
extension SceneModel {

    /// Whether the accessory is available now, and on whose word.
    enum AccessoryVerdict: Equatable {
        case available(Provenance, String)
        case withdrawn(reason: String, Provenance, String)
        /// No source says; the reason names the gap.
        case unknown(String)
    }

    /// Apple's conditions [A T64, DocCCA], checked first those that hold in every pose, then the hinge.
    /// The simulator was measured closed, fully open without capture, and with a second window in
    /// front [M S0]; its other answers are Apple's rule carried over.
    var accessoryVerdict: AccessoryVerdict {
        let accessory = app.cameraAccessory
        if accessory.registeredOn == .none { return .withdrawn(reason: "the app registers no accessory", .apple, "A DocCCA") }
        if crashed { return .withdrawn(reason: "the app crashed", .inference, "I: no process, no registration") }
        if !hingeStatusKnown {
            return .unknown(
                "no source gives accessory.available for a device \(Self.offCanonicalAngle) (duo-facts E#10)")
        }
        if hingeStatus == .closed {
            let citation = settings.profile == .device ? Citation(.apple, "A DocCCA") : measuredProvenance(.accessoryClosed)
            return .withdrawn(reason: "the device is closed", citation.provenance, citation.source)
        }
        if display != .inner { return appleRule("the app is not on the inner display") }
        if inSplitView { return appleRule("the app is not full screen") }
        // The registering view must be on screen: the camera view, or the root view always. [A DocCCA]
        if accessory.registeredOn == .cameraView && !cameraViewShown { return appleRule("the registering view is not on screen") }
        guard let front = frontWindow, front.session == 1 else {
            // A second window in front withdraws the first window's accessory. [M S0]
            let citation =
                settings.profile == .device ? Citation(.inference, "I from M S0 (simulator)") : measuredProvenance(.s0Open)
            return .withdrawn(reason: "the registering window is not in front", citation.provenance, citation.source)
        }
        if front.phase != .active { return appleRule("the app is not in the foreground") }
        // The device needs a running capture session; the simulator shows the accessory without one. [A; M S0, E#4]
        if settings.profile == .device && !captureRunning {
            return .withdrawn(reason: "no capture session is running", .apple, "A T64, DocCCA")
        }
        if hingeStatus == .partiallyOpen {
            // "Device is open" [A DocCCA] or "fully open" [A overview; S0]: E#5 leaves it open.
            return .unknown("no source gives accessory.available while the device is partially open (duo-facts E#5)")
        }
        if settings.profile == .device { return .available(.apple, "A T64, DocCCA: every condition holds") }
        // S0 measured the simulator's accessory without a capture session and without a camera. [M S0]
        if captureRunning { return .available(.inference, "I from M S0 (simulator, measured without capture only)") }
        let citation = measuredProvenance(.s0Open)
        return .available(citation.provenance, citation.source)
    }

    /// A condition of Apple's: its word on the device, carried over to the simulator.
    private func appleRule(_ reason: String) -> AccessoryVerdict {
        settings.profile == .device
            ? .withdrawn(reason: reason, .apple, "A T64, DocCCA")
            : .withdrawn(reason: reason, .inference, "I from A T64, DocCCA (device rule)")
    }

    /// Connects an accessory scene when the accessory becomes available and discards its
    /// session when it is withdrawn; coming back makes a new one. [M S0; A DocCCA] While
    /// availability is unknown, so is every session count from then on.
    mutating func settleAccessory() {
        // An app that registers none has nothing to settle; saying so up front skips the verdict on every step.
        if app.cameraAccessory.registeredOn == .none && accessorySession == nil { return }
        let verdict = accessoryVerdict
        if case .unknown = verdict {
            accessorySessionsUnknown = true
            return
        }
        let available = if case .available = verdict { true } else { false }
        if available && accessorySession == nil {
            let session = nextSession
            nextSession += 1
            accessorySession = session
            accessorySessionsCreated += 1
            log(
                .sessionConnected, session: session, from: nil, to: "windowCameraCaptureAccessory on primary", accessoryProvenance
            )
        } else if !available, let session = accessorySession {
            accessorySession = nil
            log(.sessionDiscarded, session: session, from: nil, to: "windowCameraCaptureAccessory", accessoryProvenance)
        }
    }

    /// Accessory sessions (a new one on every return, the old one discarded) were measured in the
    /// simulator only [M S0]; on a device they are carried over.
    var accessoryProvenance: Citation {
        measuredProvenance(.s0)
    }

    /// Why accessory observables are unknown now, if they are.
    var accessoryUnknownReason: String? {
        if case .unknown(let reason) = accessoryVerdict { return reason }
        return accessorySessionsUnknown ? Self.sessionsUnknown : nil
    }

    static let sessionsUnknown =
        "accessory availability was unknown during the steps (partially open), so its sessions are unknown"

    func observeAccessory(_ observable: Observable) -> Observation {
        let verdict = accessoryVerdict
        if case .unknown(let reason) = verdict { return .unknown(reason) }
        if observable == .accessorySessions && accessorySessionsUnknown { return .unknown(Self.sessionsUnknown) }
        let available = accessorySession != nil
        switch (observable, verdict) {
        case (.accessoryAvailable, .available(let provenance, let source)):
            return .fact(.bool(true), provenance, source)
        case (.accessoryAvailable, .withdrawn(let reason, let provenance, let source)):
            return .fact(.bool(false), provenance, source + ": " + reason)
        case (.accessoryDisplay, _):
            // It appears on the outer display [A DocCCA], as the simulator showed [M S0].
            if settings.profile == .device { return .fact(.text(available ? "outer" : "none"), .apple, "A DocCCA") }
            return measured(.text(available ? "outer" : "none"), .accessoryOnOuterDisplay)
        case (.accessorySize, _):
            guard available else { return .fact(.text("0x0"), .definition, "D: no accessory scene") }
            if captureRunning && settings.profile == .simulator {
                return .fact(
                    .text(DeviceFact.accessorySize.text), .inference, "I from M S0 (simulator, measured without capture only)")
            }
            return reading(.accessorySize)
        default:
            let citation = accessoryProvenance
            return .fact(
                .number(Double(accessorySessionsCreated)), citation.provenance,
                citation.source + ": a new session on every return")
        }
    }
}

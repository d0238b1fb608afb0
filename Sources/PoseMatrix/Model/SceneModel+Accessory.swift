/// The camera capture accessory (P10): available only while every condition holds. [A T64, DocCCA]
extension SceneModel {
    /// The accessory's size on the outer display. [M S0: 466×678 pt]
    static let accessorySize = "466x678"

    /// Why the accessory is unavailable now, or nil when every condition holds.
    var accessoryBlocker: String? {
        let accessory = app.cameraAccessory
        if accessory.registeredOn == .none { return "the app registers no accessory" }
        if crashed { return "the app crashed" }
        // Fully open, not merely open: the overview and S0 say fully open (duo-facts E#5).
        if hingeStatus != "fullyOpen" { return "the device is not fully open" }
        if display != .inner { return "the app is not on the inner display" }
        if inSplitView { return "the app is not full screen" }
        // The registering view must be on screen: the camera view, or the root view always. [A DocCCA]
        if accessory.registeredOn == .cameraView && !cameraViewShown { return "the registering view is not on screen" }
        // A second window in front withdraws the first window's accessory. [M S0]
        guard let front = frontWindow, front.session == 1, front.phase == .active else {
            return "the registering window is not in front and active"
        }
        // The device needs a running capture session; the simulator shows the accessory without one. [A; M S0, E#4]
        if settings.profile == .device && !(cameraViewShown && accessory.capture == .running) {
            return "no capture session is running"
        }
        return nil
    }

    /// Connects an accessory scene when the accessory becomes available and discards its
    /// session when it is withdrawn; coming back makes a new one. [M S0; A DocCCA]
    mutating func settleAccessory() {
        let available = accessoryBlocker == nil
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

    /// The simulator's accessory behaviour was measured; the device's is Apple's word. [M S0; A DocCCA]
    var accessoryProvenance: (Provenance, String) {
        settings.profile == .simulator ? (.measured, "M S0") : (.apple, "A T64, DocCCA")
    }

    func observeAccessory(_ observable: Observable) -> Observation {
        let (provenance, source) = accessoryProvenance
        let available = accessorySession != nil
        switch observable {
        case .accessoryAvailable:
            return .fact(.bool(available), provenance, source + (accessoryBlocker.map { ": \($0)" } ?? ""))
        case .accessoryDisplay:
            return .fact(.text(available ? "outer" : "none"), provenance, source + ": on the outer display")
        case .accessorySize:
            guard available else { return .fact(.text("0x0"), .inference, "I: no accessory scene") }
            return settings.profile == .simulator
                ? .fact(.text(Self.accessorySize), .measured, "M S0")
                : .fact(.text(Self.accessorySize), .inference, "I from M S0")
        default:
            return .fact(.number(Double(accessorySessionsCreated)), provenance, source + ": a new session on every return")
        }
    }
}

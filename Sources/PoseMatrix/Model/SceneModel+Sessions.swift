/// Per-window `@SceneStorage` and bringing a saved session back (P9).
extension SceneModel {
    /// The app activates its other saved session with `UISceneSessionActivationRequest(session:)`
    /// rather than making a duplicate [A via S0], and the window comes back with its `@SceneStorage`
    /// values [M S0]. The simulator shows it in place of the visible window, as it does a new one
    /// [I from M S0]; where a device puts it is unknown (duo-facts E#2).
    mutating func restoreWindow() {
        guard windows.count > 1 || !savedSessions.isEmpty else { return }
        var window: AppWindow
        if windows.count > 1 {
            window = windows.remove(at: windows.count - 2)
        } else {
            window = AppWindow(session: savedSessions.removeLast())
            log(
                .sessionConnected, session: window.session, from: nil, to: "windowApplication (restored)",
                measuredProvenance(.s0))
        }
        if settings.profile == .simulator {
            for index in windows.indices where windows[index].visible {
                windows[index].visible = false
                sendToBackground(windowAt: index)
            }
            placementInferred = true
        } else {
            placementUnknown = true
        }
        for phase in [AppWindow.Phase.inactive, .active] where window.phase != phase {
            log(
                .phaseChange, session: window.session, from: window.phase.rawValue, to: phase.rawValue,
                Citation(.inference, "I from M S0: going to the background, reversed"))
            window.phase = phase
            phaseInferred = true
        }
        splitSide = nil
        window.visible = true
        window.storage = settings.profile == .device && display == .outer ? .restoredOnOuterDevice : .restored
        windows.append(window)
    }

    /// What the `@SceneStorage` of the window opened or brought back last holds: a new window's
    /// starts from the defaults while the first keeps its own, and activating the other saved
    /// session brings its values back. [M S0]
    func observeSceneStorage() -> Observation {
        guard let window = windows.last else { return .unknown("the app has no window") }
        switch window.storage {
        case .kept where windows.count == 1 && savedSessions.isEmpty:
            // S0 compared storage across a new window and a restore, not across folds or rotations.
            return .fact(.text("kept"), .inference, "I from M S0: a window keeps its own values (measured beside a new window)")
        case .kept: return measured(.text("kept"), .s0)
        case .fresh: return measured(.text("fresh"), .s0)
        case .restored where settings.profile == .device:
            return .fact(
                .text("restored"), .inference, "I from M S0 (simulator); A via S0: UISceneSessionActivationRequest(session:)")
        case .restored: return measured(.text("restored"), .s0)
        case .restoredOnOuterDevice:
            return .unknown(
                "no source says whether a device brings a saved session back on the outer display, where it refuses new windows (A T64)"
            )
        case .reconnected:
            return .fact(
                .text("restored"), .inference,
                "I from M S0: only the last window used reconnects, and SwiftUI restores its @SceneStorage")
        }
    }
}

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

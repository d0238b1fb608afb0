/// One scene of the app's (role `windowApplication`).
struct AppWindow: Sendable, Hashable {
    enum Phase: String, Sendable {
        case active
        case inactive
        case background
    }

    var session: Int
    var phase: Phase = .active
    var visible = true
}

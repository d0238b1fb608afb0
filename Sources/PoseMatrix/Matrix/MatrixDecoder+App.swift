/// The `app` block: what the app declared and chose.
extension MatrixDecoder {
    static let appKeys = [
        "multipleScenes", "requiresFullScreen", "orientations", "linkedSDK", "newWindow", "state", "hingeEffect",
        "cameraAccessory", "camera", "layout", "scan",
    ]

    mutating func decodeApp(_ node: JSONNode, _ path: KeyPath) -> App {
        var app = App()
        guard let members = object(node, path, allowed: Self.appKeys) else { return app }
        for member in members.values.sorted(by: { $0.keyPosition < $1.keyPosition }) {
            let value = member.value
            let here = path.appending(member.key)
            switch member.key {
            case "multipleScenes": app.multipleScenes = bool(value, here) ?? app.multipleScenes
            case "requiresFullScreen": app.requiresFullScreen = bool(value, here) ?? app.requiresFullScreen
            case "orientations": app.orientations = decodeOrientations(value, here) ?? app.orientations
            case "linkedSDK": app.linkedSDK = choice(value, here, as: LinkedSDK.self) ?? app.linkedSDK
            case "newWindow": decodeNewWindow(value, here, into: &app.newWindow)
            case "state": decodeState(value, here, into: &app.state)
            case "layout": decodeLayout(value, here, into: &app.layout)
            case "hingeEffect":
                guard let fields = object(value, here, allowed: ["resetsOutsidePartiallyOpen"]) else { break }
                if let field = fields["resetsOutsidePartiallyOpen"] {
                    app.hingeEffect.resetsOutsidePartiallyOpen =
                        bool(field.value, here.appending(field.key)) ?? app.hingeEffect.resetsOutsidePartiallyOpen
                }
            case "cameraAccessory":
                guard let fields = object(value, here, allowed: ["registeredOn", "capture"]) else { break }
                if let field = fields["registeredOn"] {
                    app.cameraAccessory.registeredOn =
                        choice(field.value, here.appending(field.key), as: App.CameraAccessory.RegisteredOn.self)
                        ?? app.cameraAccessory.registeredOn
                }
                if let field = fields["capture"] {
                    app.cameraAccessory.capture =
                        choice(field.value, here.appending(field.key), as: App.CameraAccessory.Capture.self)
                        ?? app.cameraAccessory.capture
                }
            case "camera":
                guard let fields = object(value, here, allowed: ["uses", "mirroring"]) else { break }
                if let field = fields["uses"] {
                    app.camera.uses = choice(field.value, here.appending(field.key), as: App.Camera.Uses.self) ?? app.camera.uses
                }
                if let field = fields["mirroring"] {
                    app.camera.mirroring =
                        choice(field.value, here.appending(field.key), as: App.Camera.Mirroring.self) ?? app.camera.mirroring
                }
            default: break
            }
        }
        return app
    }

    private mutating func decodeOrientations(_ node: JSONNode, _ path: KeyPath) -> Set<Orientation>? {
        guard let items = array(node, path, nonEmpty: true) else { return nil }
        var orientations: Set<Orientation> = []
        for (index, item) in items.enumerated() {
            if let orientation = choice(item, path.appending(index: index), as: Orientation.self) {
                orientations.insert(orientation)
            }
        }
        return orientations
    }

    private mutating func decodeNewWindow(_ node: JSONNode, _ path: KeyPath, into newWindow: inout App.NewWindow) {
        guard let fields = object(node, path, allowed: ["via", "alternate", "errorHandler", "shortForm"]) else { return }
        if let field = fields["via"] {
            newWindow.via = choice(field.value, path.appending(field.key), as: App.NewWindow.Via.self) ?? newWindow.via
        }
        if let field = fields["alternate"] {
            newWindow.alternate =
                choice(field.value, path.appending(field.key), as: App.NewWindow.Fallback.self) ?? newWindow.alternate
        }
        if let field = fields["errorHandler"] {
            newWindow.errorHandler =
                choice(field.value, path.appending(field.key), as: App.NewWindow.Fallback.self) ?? newWindow.errorHandler
        }
        if let field = fields["shortForm"] {
            newWindow.shortForm = bool(field.value, path.appending(field.key)) ?? newWindow.shortForm
        }
    }

    private mutating func decodeState(_ node: JSONNode, _ path: KeyPath, into state: inout App.StateChoices) {
        guard let fields = object(node, path, allowed: ["savesOn", "cachesScreen"]) else { return }
        if let field = fields["savesOn"] {
            state.savesOn = choice(field.value, path.appending(field.key), as: App.StateChoices.SavesOn.self) ?? state.savesOn
        }
        if let field = fields["cachesScreen"] {
            state.cachesScreen = bool(field.value, path.appending(field.key)) ?? state.cachesScreen
        }
    }
}

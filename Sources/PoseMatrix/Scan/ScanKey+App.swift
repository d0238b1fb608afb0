/// The scanned keys against a matrix's `App`: what the matrix says for a key, and the drift between the two.
extension ScanKey {
    /// The matrix's value for this key, as a scan writes it.
    func value(in app: App) -> ScanValue {
        switch self {
        case .multipleScenes: .bool(app.multipleScenes)
        case .requiresFullScreen: .bool(app.requiresFullScreen)
        case .orientations: .list(Orientation.allCases.filter(app.orientations.contains).map(\.rawValue))
        case .linkedSDK: .choice(app.linkedSDK.rawValue)
        case .newWindowVia: .choice(app.newWindow.via.rawValue)
        case .newWindowAlternate: .choice(app.newWindow.alternate.rawValue)
        case .newWindowErrorHandler: .choice(app.newWindow.errorHandler.rawValue)
        case .newWindowShortForm: .bool(app.newWindow.shortForm)
        case .stateSavesOn: .choice(app.state.savesOn.rawValue)
        case .stateCachesScreen: .bool(app.state.cachesScreen)
        case .hingeEffectReset: .bool(app.hingeEffect.resetsOutsidePartiallyOpen)
        case .cameraAccessoryRegisteredOn: .choice(app.cameraAccessory.registeredOn.rawValue)
        case .cameraAccessoryCapture: .choice(app.cameraAccessory.capture.rawValue)
        case .cameraUses: .choice(app.camera.uses.rawValue)
        case .cameraMirroring: .choice(app.camera.mirroring.rawValue)
        }
    }
}

/// A key whose value in a matrix differs from the code's.
struct ScanDrift: Sendable, Hashable, CustomStringConvertible {
    var key: ScanKey
    var matrixValue: ScanValue
    var evidence: ScanEvidence

    var description: String {
        "\(key.rawValue): matrix \(matrixValue), code \(evidence.value) (\(evidence.location.shortEvidence))"
    }
}

extension ScanResult {
    /// Every settled key whose value in `app` differs from the code's, in key order.
    func drift(from app: App) -> [ScanDrift] {
        evidence.compactMap { item in
            let stated = item.key.value(in: app)
            return stated == item.value ? nil : ScanDrift(key: item.key, matrixValue: stated, evidence: item)
        }
    }
}

extension ScanKey {
    /// Sets this key of `app` to a scanned value; a value the model has no case for leaves it as it is.
    func apply(_ value: ScanValue, to app: inout App) {
        switch (self, value) {
        case (.multipleScenes, .bool(let flag)): app.multipleScenes = flag
        case (.requiresFullScreen, .bool(let flag)): app.requiresFullScreen = flag
        case (.orientations, .list(let names)): app.orientations = Set(names.compactMap(Orientation.init(rawValue:)))
        case (.newWindowVia, .choice(let name)): app.newWindow.via = App.NewWindow.Via(rawValue: name) ?? app.newWindow.via
        case (.newWindowAlternate, .choice(let name)):
            app.newWindow.alternate = App.NewWindow.Fallback(rawValue: name) ?? app.newWindow.alternate
        case (.newWindowErrorHandler, .choice(let name)):
            app.newWindow.errorHandler = App.NewWindow.Fallback(rawValue: name) ?? app.newWindow.errorHandler
        case (.newWindowShortForm, .bool(let flag)): app.newWindow.shortForm = flag
        case (.stateSavesOn, .choice(let name)): app.state.savesOn = App.StateChoices.SavesOn(rawValue: name) ?? app.state.savesOn
        case (.hingeEffectReset, .bool(let flag)): app.hingeEffect.resetsOutsidePartiallyOpen = flag
        case (.cameraAccessoryRegisteredOn, .choice(let name)):
            app.cameraAccessory.registeredOn =
                App.CameraAccessory.RegisteredOn(rawValue: name) ?? app.cameraAccessory.registeredOn
        case (.cameraUses, .choice(let name)): app.camera.uses = App.Camera.Uses(rawValue: name) ?? app.camera.uses
        case (.cameraMirroring, .choice(let name)):
            app.camera.mirroring = App.Camera.Mirroring(rawValue: name) ?? app.camera.mirroring
        default: break
        }
    }
}

extension ScanResult {
    /// The scanned values under the keys the matrix does not state: the matrix wins.
    func overlay(on app: App, stated: Set<String>) -> App {
        var result = app
        for item in evidence where !stated.contains(item.key.rawValue) { item.key.apply(item.value, to: &result) }
        return result
    }
}

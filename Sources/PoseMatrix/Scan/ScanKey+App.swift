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
public struct ScanDrift: Sendable, Hashable, CustomStringConvertible {
    public var key: ScanKey
    public var matrixValue: ScanValue
    public var evidence: ScanEvidence

    public var description: String {
        "\(key.rawValue): matrix \(matrixValue), code \(evidence.value) (\(evidence.location.shortEvidence))"
    }
}

extension ScanResult {
    /// Every settled key whose value in `app` differs from the code's, in key order.
    public func drift(from app: App) -> [ScanDrift] {
        evidence.compactMap { item in
            let stated = item.key.value(in: app)
            return stated == item.value ? nil : ScanDrift(key: item.key, matrixValue: stated, evidence: item)
        }
    }
}

/// The keys of the matrix's `app` block the scan reports on, in the block's order.
enum ScanKey: String, CaseIterable, Sendable, Comparable {
    case multipleScenes
    case requiresFullScreen
    case orientations
    case linkedSDK
    case newWindowVia = "newWindow.via"
    case newWindowAlternate = "newWindow.alternate"
    case newWindowErrorHandler = "newWindow.errorHandler"
    case newWindowShortForm = "newWindow.shortForm"
    case stateSavesOn = "state.savesOn"
    case stateCachesScreen = "state.cachesScreen"
    case hingeEffectReset = "hingeEffect.resetsOutsidePartiallyOpen"
    case cameraAccessoryRegisteredOn = "cameraAccessory.registeredOn"
    case cameraAccessoryCapture = "cameraAccessory.capture"
    case cameraUses = "camera.uses"
    case cameraMirroring = "camera.mirroring"

    static func < (lhs: ScanKey, rhs: ScanKey) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The object the key sits in (`newWindow`), or nil at the top of the block.
    var group: String? {
        rawValue.contains(".") ? String(rawValue.split(separator: ".")[0]) : nil
    }

    /// The key's name inside its object.
    var field: String {
        String(rawValue.split(separator: ".").last!)
    }
}

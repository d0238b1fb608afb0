/// `camera` and `cameraAccessory`: which camera the app opens, how it mirrors, where it registers the accessory.
extension SourceFacts {
    /// Words naming a camera by what it is rather than where it points; the model has no value for them.
    static let physicalFrontCameras: Set<String> = ["builtInInnerUltraWideCamera", "builtInOuterUltraWideCamera"]

    mutating func readCamera(_ file: SourceFile, _ index: Int) {
        let word = file[index]
        switch word {
        case "front", "back":
            // `position: .front` chooses a camera; `position == .front` only asks about one.
            guard file[index - 1] == ".", file[index - 2] == ":", file[index - 3] == "position" else { return }
            add(.cameraUses, .choice(word == "front" ? "virtualFront" : "rear"), file.location(index))
        case "AVCaptureDevicePositionFront", "AVCaptureDevicePositionBack":
            guard file[index - 1] == ":" else { return }
            add(.cameraUses, .choice(word.hasSuffix("Front") ? "virtualFront" : "rear"), file.location(index))
        case "default"
        where file[index + 1] == "(" && file[index + 2] == "for" && file[index + 5] == "video"
            && file[index + 6] == ")":
            add(.cameraUses, .choice("rear"), file.location(index))
        case _ where Self.physicalFrontCameras.contains(word):
            add(.cameraUses, .choice("physical"), file.location(index))
        case "isVideoMirrored", "videoMirrored", "setVideoMirrored":
            guard (file[index + 1] == "=" && file[index + 2] != "=") || file[index + 1] == ":" else { return }
            readMirroring(file, index)
        case "sceneAccessory", "CameraCaptureAccessory", "registerSceneAccessory":
            readAccessory(file, index)
        case "cameraCapture" where file[index - 2] == "UISceneAccessory":
            readAccessory(file, index)
        default: break
        }
    }

    /// Mirroring decided from `position` (DUO013) or from a direction coordinator, judged from the
    /// assignment and the three lines before it.
    private mutating func readMirroring(_ file: SourceFile, _ index: Int) {
        let line = file.tokens[index].line
        let near = file.tokens.indices.filter { file.tokens[$0].line >= line - 3 && file.tokens[$0].line <= line }
        let window = near.map { file[$0] }
        let location = file.location(index)
        // `device.position` read, not the `position:` label that chose the camera.
        if near.contains(where: { file[$0] == "position" && file[$0 - 1] == "." }) {
            add(.cameraMirroring, .choice("byPosition"), location)
            find(.DUO013, location, "mirroring decided by the camera's position: both front cameras are .front")
        } else if window.contains(where: { $0.lowercased().contains("direction") || $0 == "forward" }) {
            add(.cameraMirroring, .choice("byDirection"), location)
        } else {
            unsettled.insert(.cameraMirroring)
        }
    }

    /// The accessory on the root (an `App`'s scene or a scene delegate) or on a view that shows the camera.
    private mutating func readAccessory(_ file: SourceFile, _ index: Int) {
        let location = file.location(index)
        guard let type = file.enclosingType[index] else {
            unsettled.insert(.cameraAccessoryRegisteredOn)
            return
        }
        let rootWords: Set<String> = ["App", "UIWindowSceneDelegate", "UIApplicationDelegate"]
        let cameraWords: Set<String> = ["AVCaptureSession", "AVCaptureVideoPreviewLayer", "AVCaptureDevice"]
        let typeWords = Set(file.tokens.indices.filter { file.enclosingType[$0]?.name == type.name }.map { file[$0] })
        if type.header.contains(where: rootWords.contains) || type.name.hasSuffix("SceneDelegate") {
            add(.cameraAccessoryRegisteredOn, .choice("rootView"), location)
        } else if !typeWords.isDisjoint(with: cameraWords) {
            add(.cameraAccessoryRegisteredOn, .choice("cameraView"), location)
        } else {
            unsettled.insert(.cameraAccessoryRegisteredOn)
        }
    }
}

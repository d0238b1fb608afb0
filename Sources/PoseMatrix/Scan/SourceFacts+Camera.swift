/// `camera` and `cameraAccessory`: which camera the app opens, how it mirrors, where it registers the accessory.
extension SourceFacts {
    /// Words naming a camera by what it is rather than where it points; the model has no value for them.
    static let physicalFrontCameras: Set<String> = ["builtInInnerUltraWideCamera", "builtInOuterUltraWideCamera"]
    /// Words only a capture session with a camera uses: an audio-only session is no camera's.
    static let videoWords: Set<String> = [
        "AVCaptureVideoPreviewLayer", "AVCaptureVideoDataOutput", "AVCapturePhotoOutput", "AVCaptureMovieFileOutput",
        "builtInWideAngleCamera", "builtInDualCamera", "builtInDualWideCamera", "builtInTripleCamera",
        "builtInTrueDepthCamera", "builtInTelephotoCamera", "builtInUltraWideCamera",
    ]

    mutating func readCamera(_ file: SourceFile, _ index: Int) {
        let word = file[index]
        switch word {
        case "front", "back":
            guard choosesPosition(file, index) else { return }
            fileUsesVideo = true
            add(.cameraUses, .choice(word == "front" ? "virtualFront" : "rear"), file.location(index))
        case _ where Self.videoWords.contains(word):
            usesVideo = true
            fileUsesVideo = true
        case "startRunning" where fileSessionStart == nil && (file[index + 1] == "(" || file[index + 1] == "]"):
            fileSessionStart = file.location(index)
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
        case "camera" where file[index - 1] == "." && Self.picksCamera(file, index),
            "UIImagePickerControllerSourceTypeCamera":
            // The system's camera picker, whose camera the person flips, unless the app fixes it.
            if let fixed = Self.fixedPickerCamera(file, around: index) {
                add(.cameraUses, .choice(fixed), file.location(index))
            } else {
                doubt(
                    .cameraUses, "a system camera picker, whose camera the person chooses",
                    "system camera pickers, whose camera the person chooses", file.location(index))
            }
        case "sceneAccessory", "CameraCaptureAccessory", "registerSceneAccessory":
            readAccessory(file, index)
        case "cameraCapture" where file[index - 2] == "UISceneAccessory":
            readAccessory(file, index)
        default: break
        }
    }

    /// Whether `.front` or `.back` at `index`, a branch of `condition ? .front : .back`, is
    /// assigned to a `…position` or passed as `position:` (`devicePosition = devicePosition ==
    /// .back ? .front : .back`, a flip: both branches are chosen), looking back at most 16 tokens
    /// and a line, not past the statement's start.
    private static func ternaryChoosesPosition(_ file: SourceFile, _ index: Int) -> Bool {
        var at = index - 2
        let line = file.tokens[index].line
        while at >= 0 && at > index - 16 && !["{", "}", ";", "let", "var", "return"].contains(file[at])
            && file.tokens[at].line >= line - 1
        {
            let assigned =
                file[at] == "=" && !["=", "!", "<", ">"].contains(file[at - 1]) && file[at + 1] != "="
                && file[at - 1].lowercased().hasSuffix("position")
            if assigned || (file[at] == ":" && file[at - 1] == "position") { return true }
            at -= 1
        }
        return false
    }

    /// The camera a picker set up within 64 tokens of `index` is fixed to: its `cameraDevice` set
    /// (`.front`, `.rear`, or Objective-C's constants) and its controls hidden
    /// (`showsCameraControls = false`), so that the person cannot flip it; nil otherwise.
    private static func fixedPickerCamera(_ file: SourceFile, around index: Int) -> String? {
        var device: String?
        var controlsHidden = false
        for at in max(0, index - 64)..<min(file.tokens.count, index + 64) where file[at + 1] == "=" && file[at + 2] != "=" {
            switch (file[at], file[at + 2], file[at + 3]) {
            case ("showsCameraControls", "false", _), ("showsCameraControls", "NO", _): controlsHidden = true
            case ("cameraDevice", ".", "front"), ("cameraDevice", "UIImagePickerControllerCameraDeviceFront", _):
                device = device == nil || device == "virtualFront" ? "virtualFront" : "both"
            case ("cameraDevice", ".", "rear"), ("cameraDevice", "UIImagePickerControllerCameraDeviceRear", _):
                device = device == nil || device == "rear" ? "rear" : "both"
            default: break
            }
        }
        guard controlsHidden, let device, device != "both" else { return nil }
        return device
    }

    /// Whether `.camera` at `index` is an image picker's source: `sourceType = .camera`,
    /// `sourceType: .camera`, `isSourceTypeAvailable(.camera)`, `UIImagePickerController.SourceType.camera`.
    private static func picksCamera(_ file: SourceFile, _ index: Int) -> Bool {
        let before = file[index - 2]
        return ((before == "=" || before == ":") && file[index - 3] == "sourceType")
            || (before == "(" && file[index - 3] == "isSourceTypeAvailable") || before == "SourceType"
    }

    /// Whether `.front` or `.back` at `index` chooses a camera: `position: .front` (a discovery
    /// session, a default device), an assignment to a `…position` (`cameraPosition = .front`, as
    /// WebRTC's capturer takes it), or `position == .front` as the test of `first(where:)` or
    /// `filter` over devices. A comparison anywhere else only asks about a camera.
    private func choosesPosition(_ file: SourceFile, _ index: Int) -> Bool {
        guard file[index - 1] == "." else { return false }
        if file[index - 2] == "?" || (file[index - 2] == ":" && file[index - 3] != "position") {
            return Self.ternaryChoosesPosition(file, index)
        }
        if file[index - 2] == ":" { return file[index - 3] == "position" }
        guard file[index - 2] == "=" else { return false }
        if file[index - 3] != "=" {
            return file[index - 3] != "!" && file[index - 3].lowercased().hasSuffix("position")
        }
        guard file[index - 4] == "position" else { return false }
        let closure = file.brackets.parent[index]
        guard closure >= 0, file[closure] == "{" else { return false }
        let before = file[closure - 1] == "(" ? closure - 2 : closure - 1
        return file[before] == "filter" || (file[before] == ":" && file[before - 1] == "where" && file[before - 3] == "first")
    }

    /// Mirroring decided from `position` (DUO013) or from a direction coordinator, judged from the
    /// assignment and the three lines before it.
    private mutating func readMirroring(_ file: SourceFile, _ index: Int) {
        let line = file.tokens[index].line
        let near = tables.tokens(onLines: line - 3, line)
        let location = file.location(index)
        // `device.position` read, not the `position:` label that chose the camera.
        if tables.positionReads.count(in: near) > 0 {
            add(.cameraMirroring, .choice("byPosition"), location)
            find(.DUO013, location, "mirroring decided by the camera's position: both front cameras are .front")
        } else if tables.directionWords.count(in: near) > 0 {
            add(.cameraMirroring, .choice("byDirection"), location)
        } else {
            doubt(
                .cameraMirroring, "a mirroring assignment with no position or direction read near it",
                "mirroring assignments with no position or direction read near them", location)
        }
    }

    /// The accessory on the root (an `App`'s scene or a scene delegate) or on a view that shows the camera.
    private mutating func readAccessory(_ file: SourceFile, _ index: Int) {
        let location = file.location(index)
        let elsewhere = (
            "an accessory registered neither on the root nor on a camera view",
            "accessories registered neither on the root nor on a camera view"
        )
        guard let type = file.enclosingType(index) else {
            return doubt(.cameraAccessoryRegisteredOn, elsewhere.0, elsewhere.1, location)
        }
        let rootWords: Set<String> = ["App", "UIWindowSceneDelegate", "UIApplicationDelegate"]
        let cameraWords: Set<String> = ["AVCaptureSession", "AVCaptureVideoPreviewLayer", "AVCaptureDevice"]
        if type.header.contains(where: rootWords.contains) || type.name.hasSuffix("SceneDelegate") {
            add(.cameraAccessoryRegisteredOn, .choice("rootView"), location)
        } else if tables.types(holding: cameraWords).contains(type.name) {
            add(.cameraAccessoryRegisteredOn, .choice("cameraView"), location)
        } else {
            doubt(.cameraAccessoryRegisteredOn, elsewhere.0, elsewhere.1, location)
        }
    }
}

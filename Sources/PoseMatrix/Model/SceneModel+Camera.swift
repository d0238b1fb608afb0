/// Camera direction (P13): which camera streams, which cameras face the person, and whether
/// previews are mirrored the right way. [A T65]
extension SceneModel {
    /// A camera of iPhone Duo, as reports name it.
    enum Camera: String {
        case inner
        case outerFront
        case rear

        /// `AVCaptureDevice.Position`: both front cameras are `.front`; position is not direction. [A T65]
        var isFrontPosition: Bool { self != .rear }
    }

    /// The cameras facing a person who looks at a display. [A T65]
    func forwardCameras(for display: Display) -> [Camera] {
        switch display {
        case .inner: [.inner]
        // Open, the outer display faces the same way as the rear cameras [A DocCCA]; the outer
        // coordinator reports them as forward-facing [A T65].
        case .outer: hingeStatus == .closed ? [.outerFront] : [.outerFront, .rear]
        }
    }

    /// The camera the app streams: the virtual front camera follows the display [A T65]; the
    /// rear camera is the rear camera.
    var streamingCamera: Camera? {
        switch app.camera.uses {
        case .none: nil
        case .rear: .rear
        case .virtualFront: display == .inner ? .inner : .outerFront
        }
    }

    func observeCamera(_ observable: Observable) -> Observation {
        // On the outer display, which cameras face the person depends on closed or open.
        if display == .outer && !hingeStatusKnown && observable != .cameraFrontConstituent {
            return unknownHingeStatus(observable)
        }
        switch observable {
        case .cameraFrontConstituent:
            guard app.camera.uses == .virtualFront else { return .fact(.text("none"), .apple, "A T65: no virtual front camera") }
            // Inner when open, outer when closed [A T65]; the outer one when turned round [I].
            return .fact(.text(display == .inner ? "inner" : "outer"), flipped ? .inference : .apple, "A T65")
        case .cameraForwardFacing:
            return .fact(.list(forwardCameras(for: display).map(\.rawValue).sorted()), .apple, "A T65")
        default:
            return observeMirroring()
        }
    }

    /// Every preview is mirrored exactly when its camera faces the person looking at it. An app
    /// that mirrors by position mirrors the front cameras and never the rear one. [A T65, AX-SRC]
    func observeMirroring() -> Observation {
        guard let camera = streamingCamera else { return .unknown("the app shows no camera preview") }
        var previews = [display]
        if accessorySession != nil { previews.append(.outer) }  // the accessory previews for the subject [I from A DocCCA]
        let correct = previews.allSatisfy { preview in
            let shouldMirror = forwardCameras(for: preview).contains(camera)
            let mirrors = app.camera.mirroring == .byDirection ? shouldMirror : camera.isFrontPosition
            return mirrors == shouldMirror
        }
        return previews.count > 1
            ? .fact(.bool(correct), .inference, "I from A T65, AX-SRC, DocCCA: the accessory previews too")
            : .fact(.bool(correct), .apple, "A T65, AX-SRC")
    }
}

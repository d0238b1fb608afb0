/// Sheets and picture in picture across folds: a presented sheet stays up [A-fwd 848034; M AX-PR],
/// and on closing picture in picture moves to the outer display under the system's control. [A-fwd 847644 via S1]
extension SceneModel {
    /// Moves picture in picture with the scenes: to the outer display when the device closes;
    /// where it goes when the device opens, no source says.
    mutating func movePictureInPicture() {
        guard pipDisplay != nil else { return }
        if display == .outer && hingeStatus == .closed {
            pipDisplay = .outer
            pipMoved = true
            pipUnknown = false
        } else {
            pipUnknown = true
        }
    }

    /// Whether the presented sheet is still up: folds, opening and closing keep it. [A-fwd 848042, 848034 via AX-PTMd; M AX-PR]
    func observeSheetPresented() -> Observation {
        guard sheetPresented else { return .fact(.bool(false), .definition, "D: no sheet is up") }
        if sceneRecreated {
            return .unknown("no source says whether a presented sheet comes back after a relaunch")
        }
        return .fact(.bool(true), .apple, "A-fwd 848042, 848034 via AX-PTMd; M AX-PR")
    }

    /// The display picture in picture shows on. [A-fwd 847644 via S1]
    func observePiP() -> Observation {
        guard let pipDisplay else { return .fact(.text("none"), .definition, "D: no picture in picture was started") }
        if pipUnknown || sceneRecreated {
            return .unknown("no source says where picture in picture goes when the device opens or the app relaunches")
        }
        guard pipMoved else { return .fact(.text(pipDisplay.rawValue), .inference, "I: it starts on the display in use") }
        return .fact(.text(pipDisplay.rawValue), .apple, "A-fwd 847644 via S1")
    }
}

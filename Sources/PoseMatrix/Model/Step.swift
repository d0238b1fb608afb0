/// One thing the runner does to the model, written in a matrix as a string. A step that cannot
/// apply in the state it meets (``SceneModel/stepProblem``) makes the case an error, never a no-op.
enum Step: Sendable, Hashable, CustomStringConvertible {
    /// Hinge to 180°.
    case open
    /// Hinge to 0°.
    case close
    /// Hinge to the partial-fold angle (90° unless the `hingeAngle` axis says), inner display landscape.
    case book
    /// Hinge to the partial-fold angle, inner display portrait (laptop).
    case tabletop
    case hinge(Double)
    /// Turn the device: portrait, or landscape with the outer camera on the left or right side
    /// (as `UIDeviceOrientation` names them), or landscape without saying which way.
    case rotate(Rotation)
    /// Turn the open device round so that a capturing camera app faces the outer display; needs
    /// the device open and the camera view on screen.
    case flip
    /// The person puts another app beside this one; needs the inner display.
    case splitView(SplitSide)
    /// The app takes the whole display again; needs Split View.
    case leaveSplitView
    case newWindow
    case background
    case foreground
    /// The camera view appears and, if the app runs one, its capture session starts.
    case startCapture
    /// The capture session stops; the camera view stays on screen. Needs a running session.
    case stopCapture
    /// The camera view leaves the screen, and its capture session stops with it. Needs the camera view.
    case closeCamera
    case relaunch
    /// The app presents a default page sheet.
    case presentSheet
    /// The presented sheet goes away. Needs a presented sheet.
    case dismissSheet
    /// A video goes into picture in picture.
    case startPiP
    /// The app brings back its other saved session with `UISceneSessionActivationRequest(session:)`.
    /// Needs a second session: a window opened before, or one saved by a relaunch.
    case restoreWindow

    /// The step names, for messages and suggestions.
    static let vocabulary = [
        "open", "close", "book", "tabletop", "hinge(DEGREES)", "rotate(portrait|landscape|landscapeLeft|landscapeRight)",
        "flip", "splitView(left|right)", "leaveSplitView", "newWindow", "background", "foreground", "startCapture",
        "stopCapture", "closeCamera", "relaunch", "presentSheet", "dismissSheet", "startPiP", "restoreWindow",
    ]

    var description: String {
        switch self {
        case .open: "open"
        case .close: "close"
        case .book: "book"
        case .tabletop: "tabletop"
        case .hinge(let angle): "hinge(\(formatNumber(angle)))"
        case .rotate(let rotation): "rotate(\(rotation.rawValue))"
        case .flip: "flip"
        case .splitView(let side): "splitView(\(side.rawValue))"
        case .leaveSplitView: "leaveSplitView"
        case .closeCamera: "closeCamera"
        case .newWindow: "newWindow"
        case .background: "background"
        case .foreground: "foreground"
        case .startCapture: "startCapture"
        case .stopCapture: "stopCapture"
        case .relaunch: "relaunch"
        case .presentSheet: "presentSheet"
        case .dismissSheet: "dismissSheet"
        case .startPiP: "startPiP"
        case .restoreWindow: "restoreWindow"
        }
    }

    /// Reads a step as a matrix writes it; the error says what was expected.
    static func parse(_ text: String) -> Result<Step, StepParseError> {
        let plain: [String: Step] = [
            "open": .open, "close": .close, "book": .book, "tabletop": .tabletop, "flip": .flip,
            "newWindow": .newWindow, "background": .background, "foreground": .foreground,
            "startCapture": .startCapture, "stopCapture": .stopCapture, "closeCamera": .closeCamera,
            "leaveSplitView": .leaveSplitView, "relaunch": .relaunch, "presentSheet": .presentSheet,
            "dismissSheet": .dismissSheet, "startPiP": .startPiP, "restoreWindow": .restoreWindow,
        ]
        if let step = plain[text] { return .success(step) }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            let names = plain.keys.sorted() + ["hinge", "rotate", "splitView"]
            return .failure(StepParseError(message: "unknown step \(quoted(text))", suggestion: suggest(text, from: names)))
        }
        let name = String(text[..<open])
        let argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        switch name {
        case "hinge":
            guard let angle = Double(argument), (0...180).contains(angle) else {
                return .failure(StepParseError(message: "hinge takes a number of degrees from 0 to 180, not \(quoted(argument))"))
            }
            return .success(.hinge(angle))
        case "rotate":
            guard let rotation = Rotation(rawValue: argument) else {
                return .failure(
                    StepParseError(
                        message: "rotate takes portrait, landscape, landscapeLeft or landscapeRight, not \(quoted(argument))",
                        suggestion: suggest(argument, from: Rotation.allCases.map(\.rawValue))))
            }
            return .success(.rotate(rotation))
        case "splitView":
            guard let side = SplitSide(rawValue: argument) else {
                return .failure(
                    StepParseError(
                        message: "splitView takes left or right, not \(quoted(argument))",
                        suggestion: suggest(argument, from: SplitSide.allCases.map(\.rawValue))))
            }
            return .success(.splitView(side))
        default:
            return .failure(
                StepParseError(
                    message: "unknown step \(quoted(text))", suggestion: suggest(name, from: ["hinge", "rotate", "splitView"])))
        }
    }
}

/// Why a step string could not be read.
struct StepParseError: Error, Sendable, Equatable {
    var message: String
    var suggestion: String?
}

/// Which way the device is turned. Landscape's two directions put the outer camera on the left or
/// the right side, as `UIDeviceOrientation.landscapeLeft` and `.landscapeRight` do; plain
/// `landscape` leaves the direction open, so what depends on it (the outer display's bar edge) is unknown.
enum Rotation: String, CaseIterable, Sendable {
    case portrait
    case landscape
    case landscapeLeft
    case landscapeRight

    /// Portrait or landscape.
    var orientation: Orientation { self == .portrait ? .portrait : .landscape }

    /// The side the outer camera ends up on, when the rotation says.
    var cameraSide: SplitSide? {
        switch self {
        case .landscapeLeft: .left
        case .landscapeRight: .right
        case .portrait, .landscape: nil
        }
    }
}

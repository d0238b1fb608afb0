/// One thing the runner does to the model (README "The app's choices", steps), written in a matrix as a string.
public enum Step: Sendable, Hashable, CustomStringConvertible {
    /// Hinge to 180°.
    case open
    /// Hinge to 0°.
    case close
    /// Hinge to the partial-fold angle (90° unless the `hingeAngle` axis says), inner display landscape.
    case book
    /// Hinge to the partial-fold angle, inner display portrait (laptop).
    case tabletop
    case hinge(Double)
    case rotate(Orientation)
    /// Turn the open device round so that the app faces the outer display.
    case flip
    case splitView(SplitSide)
    case newWindow
    case background
    case foreground
    case startCapture
    case stopCapture
    case relaunch

    /// The step names, for messages and suggestions.
    public static let vocabulary = [
        "open", "close", "book", "tabletop", "hinge(DEGREES)", "rotate(portrait|landscape)", "flip",
        "splitView(left|right)", "newWindow", "background", "foreground", "startCapture", "stopCapture", "relaunch",
    ]

    public var description: String {
        switch self {
        case .open: "open"
        case .close: "close"
        case .book: "book"
        case .tabletop: "tabletop"
        case .hinge(let angle): "hinge(\(formatNumber(angle)))"
        case .rotate(let orientation): "rotate(\(orientation.rawValue))"
        case .flip: "flip"
        case .splitView(let side): "splitView(\(side.rawValue))"
        case .newWindow: "newWindow"
        case .background: "background"
        case .foreground: "foreground"
        case .startCapture: "startCapture"
        case .stopCapture: "stopCapture"
        case .relaunch: "relaunch"
        }
    }

    /// Reads a step as a matrix writes it; the error says what was expected.
    public static func parse(_ text: String) -> Result<Step, StepParseError> {
        let plain: [String: Step] = [
            "open": .open, "close": .close, "book": .book, "tabletop": .tabletop, "flip": .flip,
            "newWindow": .newWindow, "background": .background, "foreground": .foreground,
            "startCapture": .startCapture, "stopCapture": .stopCapture, "relaunch": .relaunch,
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
            guard let orientation = Orientation(rawValue: argument) else {
                return .failure(
                    StepParseError(
                        message: "rotate takes portrait or landscape, not \(quoted(argument))",
                        suggestion: suggest(argument, from: Orientation.allCases.map(\.rawValue))))
            }
            return .success(.rotate(orientation))
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
public struct StepParseError: Error, Sendable, Equatable {
    public var message: String
    public var suggestion: String?
}

/// A pose of the iPhone Duo checklist: a named state and the steps that reach it (Docs/facts.md, section A).
struct Pose: Sendable, Hashable {
    /// "P1" … "P13".
    var id: String
    /// The state in the checklist's words.
    var state: String
    /// The steps from the launch state (closed at 0°, held in portrait, one window, active).
    var steps: [Step]
    /// Axis values the pose itself sets (P11 is right-to-left); a matrix cannot vary them.
    var fixed: [Axis: AxisValue]
    /// Profiles in which the pose cannot be evaluated, with the reason.
    var notRunIn: [Profile: String] = [:]

    /// The pose's number, for ordering P2 before P10.
    var number: Int { Int(id.dropFirst()) ?? 0 }

    /// The catalogue, in order.
    static let catalogue: [Pose] = [
        Pose(id: "P1", state: "Closed, outer display, portrait", steps: []),
        Pose(id: "P2", state: "Closed, outer display, landscape", steps: [.rotate(.landscape)]),
        Pose(id: "P3", state: "Open flat, inner display, landscape", steps: [.open]),
        Pose(id: "P4", state: "Open flat, inner display, portrait", steps: [.open, .rotate(.portrait)]),
        Pose(id: "P5", state: "Partially folded, book", steps: [.open, .book]),
        Pose(id: "P6", state: "Partially folded, tabletop", steps: [.open, .tabletop]),
        Pose(id: "P7", state: "Transitions close↔open, fold↔flat", steps: [.open, .book, .open, .close]),
        Pose(id: "P8", state: "Split View on the inner display", steps: [.open, .splitView(.left)]),
        Pose(id: "P9", state: "Multiple windows", steps: [.newWindow, .open, .newWindow]),
        Pose(id: "P10", state: "Camera capture accessory", steps: [.open, .startCapture, .close, .open]),
        Pose(
            id: "P11", state: "Right-to-left on the inner display", steps: [.open],
            fixed: [.layoutDirection: .text(LayoutDirection.rightToLeft.rawValue)]),
        Pose(
            id: "P12", state: "Reduce Transparency on", steps: [],
            fixed: [.reduceTransparency: .bool(true)]),
        Pose(
            id: "P13", state: "Camera direction changes", steps: [.startCapture, .open, .close],
            notRunIn: [.simulator: noCamera]),
    ]

    /// Why camera facts cannot be evaluated in the simulator profile. [S0: "closed and fully open, no camera"]
    static let noCamera = "the simulator has no camera"

    /// The catalogue pose with this id.
    static func named(_ id: String) -> Pose? {
        catalogue.first { $0.id == id }
    }

    /// The one message for an id that names no pose, wherever one is given: with the pose it
    /// probably means and the ids there are.
    static func unknownMessage(_ id: String) -> String {
        "unknown pose \(quoted(id))" + didYouMean(suggestion(for: id))
            + " (expected \(catalogue[0].id) to \(catalogue[catalogue.count - 1].id))"
    }

    /// The pose a misspelt id means, when it differs only in case or spacing ("p5", "P 5");
    /// ids are too short for edit distance to guess well.
    static func suggestion(for id: String) -> String? {
        let folded = id.uppercased().filter { !$0.isWhitespace }
        return catalogue.first { $0.id == folded }?.id
    }

    init(
        id: String, state: String, steps: [Step], fixed: [Axis: AxisValue] = [:],
        notRunIn: [Profile: String] = [:]
    ) {
        self.id = id
        self.state = state
        self.steps = steps
        self.fixed = fixed
        self.notRunIn = notRunIn
    }
}

/// A matrix's `explore` block: from a start state, every sequence of the allowed steps up to
/// a depth, with invariants that must hold after every step.
public struct Exploration: Sendable {
    /// The pose whose catalogue steps lead to the start state; nil for the launch state.
    public var start: Pose?
    public var steps: [Step]
    public var depth: Int
    /// Axis values the exploration runs with (profile, layout direction, …).
    public var when: [Axis: AxisValue]
    public var invariants: [Invariant]

    /// Every step of the catalogue's vocabulary, one value each where a step takes an argument.
    public static let catalogueSteps: [Step] = [
        .open, .close, .book, .tabletop, .rotate(.portrait), .rotate(.landscapeLeft), .rotate(.landscapeRight), .flip,
        .splitView(.left), .leaveSplitView,
        .splitView(.right), .newWindow, .background, .foreground, .startCapture, .stopCapture, .closeCamera, .relaunch,
    ]

    /// The deepest exploration a matrix may ask for.
    public static let maximumDepth = 16
}

/// Something that must hold after every step: `expect`, in every state where `if` holds.
public struct Invariant: Sendable {
    public var name: String
    public var condition: [Expectation]
    public var expect: [Expectation]
    /// Where the matrix states it, which CI annotations point at when it breaks.
    public var line: Int? = nil
}

/// A matrix's `explore` block: from a start state, every sequence of the allowed steps up to
/// a depth, with invariants that must hold after every step.
struct Exploration: Sendable {
    /// The pose whose catalogue steps lead to the start state; nil for the launch state.
    var start: Pose?
    var steps: [Step]
    var depth: Int
    /// Axis values the exploration runs with (profile, layout direction, …).
    var when: [Axis: AxisValue]
    var invariants: [Invariant]

    /// Every step of the catalogue's vocabulary, one value each where a step takes an argument.
    static let catalogueSteps: [Step] = [
        .open, .close, .book, .tabletop, .rotate(.portrait), .rotate(.landscapeLeft), .rotate(.landscapeRight), .flip,
        .splitView(.left), .leaveSplitView,
        .splitView(.right), .newWindow, .background, .foreground, .startCapture, .stopCapture, .closeCamera, .relaunch,
    ]

    /// The deepest exploration a matrix may ask for.
    static let maximumDepth = 16
}

/// Something that must hold after every step: `expect`, in every state where `if` holds.
struct Invariant: Sendable {
    var name: String
    var condition: [Expectation]
    var expect: [Expectation]
    /// Where the matrix states it, which CI annotations point at when it breaks.
    var line: Int? = nil
}

/// What became of one invariant of a matrix's exploration. Invariants are a result stream of
/// their own beside the cases: an invariant is checked in every state an exploration finds, not
/// in one pose with one set of axis values, so it has no pose, values or plan index.
struct InvariantResult: Sendable, Equatable {
    /// How an invariant fared.
    enum Status: String, Sendable, CaseIterable {
        /// Checked in every state it applies to, and never broken.
        case held
        /// A state breaks it: ``InvariantResult/path`` leads there.
        case broken
        /// Not broken, but not every state it applies to could be checked: a value no source
        /// gives, or one resting on an untrusted level. Not held, any more than a case is passed.
        case notRun
    }

    var name: String
    var status: Status
    /// The pose whose steps lead to the exploration's first state, or nil for the launch state.
    var start: String?
    /// The states the exploration found and the depth it reached: the same for every invariant of a run.
    var states: Int
    var depth: Int
    /// In how many of those states the invariant's `if` held, so that it was checked (or could not
    /// be); for a broken invariant, in how many up to the state that broke it.
    var applies: Int
    /// For an invariant not run: how many of the states it applies to could not be checked, and why the first could not.
    var unchecked = 0
    var reason: String?
    /// For a broken invariant: the shortest step sequence from the start that breaks it, and what failed after it.
    var path: [Step] = []
    var failures: [CaseResult.Failure] = []
    /// The line of the matrix that states it (in results that record it), where CI annotations point.
    var line: Int?
    /// For a held invariant: the levels of every value it was checked on, in every state, so that a
    /// sign-off can apply its own trust; nil in results that do not record it (written before 0.2.0).
    var rests: Rests?
    /// The axis values the exploration ran with (its `when`), which drawing its states needs;
    /// nil in results that do not record them (written before 0.3.0).
    var when: [Axis: AxisValue]?

    init(name: String, status: Status, start: String?, states: Int, depth: Int, applies: Int) {
        self.name = name
        self.status = status
        self.start = start
        self.states = states
        self.depth = depth
        self.applies = applies
    }

    /// What reports say of it: "held in all 772 states to depth 4", "broken by P3 → close →
    /// newWindow (shortest; 707 states to depth 12)", or, not run, how many states could be checked and why not the rest.
    var detail: String {
        let scope = "\(states) states to depth \(depth)"
        switch status {
        case .held where applies < states:
            return "held in all \(applies) of the \(scope) where its condition holds"
        case .held:
            return "held in all \(scope)"
        case .broken:
            return "broken by " + ([start ?? "launch"] + path.map(\.description)).joined(separator: " → ")
                + " (shortest; \(scope))"
        case .notRun where applies == 0:
            return "its condition held in none of the \(scope), so it was never checked"
        case .notRun:
            return "checked in \(applies - unchecked) of the \(applies) states it applies to (\(scope)); " + (reason ?? "")
        }
    }
}

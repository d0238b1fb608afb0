/// What an exploration found: how many states, and for each invariant the shortest step
/// sequence that breaks it, if any.
struct ExplorationOutcome: Sendable {
    /// The shortest step sequence that breaks an invariant, and how it fails.
    struct Violation: Sendable {
        var path: [Step]
        var failures: [CaseResult.Failure]
    }

    var statesExplored: Int
    var depth: Int
    /// By invariant index.
    var violations: [Int: Violation]
    /// By invariant index: in how many states it applied, and the first reason it could not be
    /// checked in one of them (a value no source gives, or one resting on an untrusted level).
    var gaps: [Int: (states: Int, reason: String)] = [:]
    /// By invariant index: in how many states it applied.
    var applied: [Int: Int] = [:]
    /// By invariant index: the levels of every value it was checked on, over every state.
    var rests: [Int: Rests] = [:]

    /// How each invariant fared, in the matrix's order: broken where a state breaks it, not run
    /// where some state it applies to could not be checked, held otherwise.
    func results(of exploration: Exploration) -> [InvariantResult] {
        exploration.invariants.indices.map { index in
            var result = InvariantResult(
                name: exploration.invariants[index].name, status: .held, start: exploration.start?.id,
                states: statesExplored, depth: depth, applies: applied[index, default: 0])
            result.rests = rests[index, default: Rests()]
            result.line = exploration.invariants[index].line
            result.when = exploration.when
            if let violation = violations[index] {
                result.status = .broken
                result.path = violation.path
                result.failures = violation.failures
            } else if let gap = gaps[index] {
                result.status = .notRun
                result.unchecked = gap.states
                result.reason = gap.reason
            } else if result.applies == 0 {
                // An `if` that held nowhere checked nothing: not "held in all states".
                result.status = .notRun
                result.reason = "its condition held in no state"
            }
            return result
        }
    }
}

/// Breadth-first exploration of the model's states, with a visited set so that each state is
/// expanded once; the first violation found of an invariant has the shortest step sequence.
enum Explorer {
    /// Explores from the start state and checks every invariant in every state found.
    static func explore(_ exploration: Exploration, app: App, trust: Trust = .everything) -> ExplorationOutcome {
        let model = startState(exploration.start, when: exploration.when, app: app, eventDetail: false)

        // Parents and steps of every state found, to rebuild paths; models only for the frontier.
        // Int32 halves them (2³¹ states would need 80 GB of visited keys first).
        var parents: [Int32] = [-1]
        var stepIndices: [Int32] = [-1]
        var visited = VisitedStates()
        // States whose values are the same but rest on other levels are told apart even when every level is
        // trusted: what a held invariant rests on is the union over all of them, so that a sign-off that
        // trusts fewer levels than the run judges it as a run with its trust would have.
        _ = visited.insert(model.stateKey())
        var frontier: [Node] = [Node(state: 0, model: model)]
        var outcome = ExplorationOutcome(statesExplored: 0, depth: 0, violations: [:])
        check(model, state: 0, exploration, trust: trust, parents: parents, stepIndices: stepIndices, into: &outcome)
        var depth = 0
        var previousLevel = 1
        while depth < exploration.depth, !frontier.isEmpty, outcome.violations.count < exploration.invariants.count {
            depth += 1
            // The last level's states are checked but not expanded: their models need not be kept.
            let expands = depth < exploration.depth
            let expected = nextLevel(after: frontier.count, previousLevel: previousLevel, steps: exploration.steps.count)
            visited.reserveCapacity(visited.count + expected)
            previousLevel = frontier.count
            var next: [Node] = []
            if expands { next.reserveCapacity(expected) }
            for node in frontier {
                for (stepIndex, step) in exploration.steps.enumerated() {
                    var successor = node.model
                    successor.apply(step)
                    guard visited.insert(successor.stateKey()) else { continue }
                    parents.append(node.state)
                    stepIndices.append(Int32(stepIndex))
                    let index = parents.count - 1
                    check(
                        successor, state: index, exploration, trust: trust, parents: parents, stepIndices: stepIndices,
                        into: &outcome)
                    if expands { next.append(Node(state: Int32(index), model: successor)) }
                }
            }
            frontier = next
        }
        outcome.statesExplored = parents.count
        outcome.depth = depth
        return outcome
    }

    /// The exploration's first state: the launch state, or the state after the start pose's steps,
    /// with the exploration's axis values and the start pose's own. A report replays a
    /// counterexample from here.
    static func startState(_ start: Pose?, when: [Axis: AxisValue], app: App, eventDetail: Bool = true) -> SceneModel {
        var settings = CaseSettings(values: when, app: app)
        if let start { for (axis, value) in start.fixed { settings.set(axis, value) } }
        var model = SceneModel(settings: settings, app: app, eventDetail: eventDetail)
        for step in start?.steps ?? [] { model.apply(step) }
        return model
    }

    /// A state of the frontier: its index among the states found, and its model.
    private struct Node {
        var state: Int32
        var model: SceneModel
    }

    /// How many states the next level will find, guessing that it grows from this one as this
    /// one grew from the last. The visited set and the next frontier make room for them before
    /// the level starts, rather than doubling and copying during it (a guess too small only
    /// leaves the doubling to them).
    private static func nextLevel(after level: Int, previousLevel: Int, steps: Int) -> Int {
        let growth = min(Double(level) / Double(max(previousLevel, 1)), Double(steps))
        return Int(Double(level) * growth)
    }

    /// Records the invariants this state breaks that no shorter path broke.
    private static func check(
        _ model: SceneModel, state: Int, _ exploration: Exploration, trust: Trust, parents: [Int32], stepIndices: [Int32],
        into outcome: inout ExplorationOutcome
    ) {
        for (index, invariant) in exploration.invariants.enumerated() where outcome.violations[index] == nil {
            let applies = invariant.condition.allSatisfy { expectation in
                model.observe(expectation.observable).value.map(expectation.condition.holds) ?? false
            }
            guard applies else { continue }
            outcome.applied[index, default: 0] += 1
            var failures: [CaseResult.Failure] = []
            var gap: String?
            var rests = Rests()
            for expectation in invariant.expect {
                let observation = model.observe(expectation.observable)
                let admitted = trust.trusts(observation.provenance) && expectation.rests?.trusts(observation.provenance) != false
                guard let value = observation.value, admitted else {
                    gap =
                        gap
                        ?? (observation.value == nil
                            ? "\(expectation.observable.rawValue): \(observation.source)"
                            : "\(expectation.observable.rawValue) rests on \(observation.provenance.rawValue) "
                                + "(\(observation.source))" + (expectation.rests.map { ", its expectation on \($0)" } ?? ""))
                    continue
                }
                rests.insert(observation.provenance)
                guard !expectation.condition.holds(for: value) else { continue }
                failures.append(
                    CaseResult.Failure(
                        observable: expectation.observable, expected: expectation.condition, actual: value,
                        provenance: observation.provenance, source: observation.source))
            }
            outcome.rests[index, default: Rests()].formUnion(rests)
            if let gap {
                let previous = outcome.gaps[index]
                outcome.gaps[index] = ((previous?.states ?? 0) + 1, previous?.reason ?? gap)
            }
            if !failures.isEmpty {
                outcome.violations[index] = ExplorationOutcome.Violation(
                    path: path(to: state, parents: parents, stepIndices: stepIndices).map { exploration.steps[$0] },
                    failures: failures)
            }
        }
    }

    private static func path(to state: Int, parents: [Int32], stepIndices: [Int32]) -> [Int] {
        var steps: [Int] = []
        var current = state
        while parents[current] >= 0 {
            steps.append(Int(stepIndices[current]))
            current = Int(parents[current])
        }
        return steps.reversed()
    }
}

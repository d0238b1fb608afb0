/// What an exploration found: how many states, and for each invariant the shortest step
/// sequence that breaks it, if any.
public struct ExplorationOutcome: Sendable {
    /// The shortest step sequence that breaks an invariant, and how it fails.
    public struct Violation: Sendable {
        public var path: [Step]
        public var failures: [CaseResult.Failure]
    }

    public var statesExplored: Int
    public var depth: Int
    /// By invariant index.
    public var violations: [Int: Violation]
    /// By invariant index: in how many states it applied, and the first reason it could not be
    /// checked in one of them (a value no source gives, or one resting on an untrusted level).
    public var gaps: [Int: (states: Int, reason: String)] = [:]
    /// By invariant index: in how many states it applied.
    public var applied: [Int: Int] = [:]

    /// How each invariant fared, in the matrix's order: broken where a state breaks it, not run
    /// where some state it applies to could not be checked, held otherwise.
    func results(of exploration: Exploration) -> [InvariantResult] {
        exploration.invariants.indices.map { index in
            var result = InvariantResult(
                name: exploration.invariants[index].name, status: .held, start: exploration.start?.id,
                states: statesExplored, depth: depth, applies: applied[index, default: 0])
            if let violation = violations[index] {
                result.status = .broken
                result.path = violation.path
                result.failures = violation.failures
            } else if let gap = gaps[index] {
                result.status = .notRun
                result.unchecked = gap.states
                result.reason = gap.reason
            }
            return result
        }
    }
}

/// Breadth-first exploration of the model's states, with a visited set so that each state is
/// expanded once; the first violation found of an invariant has the shortest step sequence.
public enum Explorer {
    /// Explores from the start state and checks every invariant in every state found.
    public static func explore(_ exploration: Exploration, app: App, trust: Trust = .everything) -> ExplorationOutcome {
        var settings = CaseSettings(values: exploration.when, app: app)
        if let start = exploration.start { for (axis, value) in start.fixed { settings.set(axis, value) } }
        var model = SceneModel(settings: settings, app: app, eventDetail: false)
        for step in exploration.start?.steps ?? [] { model.apply(step) }

        // Parents and steps of every state found, to rebuild paths; models only for the frontier.
        var parents: [Int] = [-1]
        var stepIndices: [Int] = [-1]
        var visited: Set<SceneModel.StateKey> = [model.stateKey]
        var frontier: [(state: Int, model: SceneModel)] = [(0, model)]
        var outcome = ExplorationOutcome(statesExplored: 0, depth: 0, violations: [:])
        check(model, state: 0, exploration, trust: trust, parents: parents, stepIndices: stepIndices, into: &outcome)
        var depth = 0
        while depth < exploration.depth, !frontier.isEmpty, outcome.violations.count < exploration.invariants.count {
            depth += 1
            var next: [(state: Int, model: SceneModel)] = []
            for (state, current) in frontier {
                for (stepIndex, step) in exploration.steps.enumerated() {
                    var successor = current
                    successor.apply(step)
                    guard visited.insert(successor.stateKey).inserted else { continue }
                    parents.append(state)
                    stepIndices.append(stepIndex)
                    let index = parents.count - 1
                    check(
                        successor, state: index, exploration, trust: trust, parents: parents, stepIndices: stepIndices,
                        into: &outcome)
                    next.append((index, successor))
                }
            }
            frontier = next
        }
        outcome.statesExplored = parents.count
        outcome.depth = depth
        return outcome
    }

    /// Records the invariants this state breaks that no shorter path broke.
    private static func check(
        _ model: SceneModel, state: Int, _ exploration: Exploration, trust: Trust, parents: [Int], stepIndices: [Int],
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
            for expectation in invariant.expect {
                let observation = model.observe(expectation.observable)
                guard let value = observation.value, trust.trusts(observation.provenance) else {
                    gap =
                        gap
                        ?? (observation.value == nil
                            ? "\(expectation.observable.rawValue): \(observation.source)"
                            : "\(expectation.observable.rawValue) rests on \(observation.provenance.rawValue) "
                                + "(\(observation.source))")
                    continue
                }
                guard !expectation.condition.holds(for: value) else { continue }
                failures.append(
                    CaseResult.Failure(
                        observable: expectation.observable, expected: expectation.condition, actual: value,
                        provenance: observation.provenance, source: observation.source))
            }
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

    private static func path(to state: Int, parents: [Int], stepIndices: [Int]) -> [Int] {
        var steps: [Int] = []
        var current = state
        while parents[current] >= 0 {
            steps.append(stepIndices[current])
            current = parents[current]
        }
        return steps.reversed()
    }
}

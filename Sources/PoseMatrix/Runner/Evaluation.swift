/// Runs one case on a fresh scene model and checks its expectations.
public enum Evaluation {
    /// The reason given to a case that expects nothing: it would pass without checking anything.
    static let nothingExpected = "nothing expected for this combination"

    /// Evaluates a case; the result's duration is left at 0 for the caller to fill. A case fails when a
    /// trusted, known expectation fails (naming any it could not evaluate); it is not run when none
    /// fails and some are unknown or untrusted (naming them and those that held); otherwise it passes.
    /// A step that cannot apply makes it an error.
    /// Evaluates a case on the model, trusting every provenance: the library's entry point for a
    /// runner of its own (Benchmarks/Peer evaluates a plan's cases one by one through it).
    public static func evaluate(_ testCase: TestCase, app: App) -> CaseResult {
        evaluate(testCase, app: app, trust: .everything, source: .model)
    }

    static func evaluate(
        _ testCase: TestCase, app: App, trust: Trust = .everything, source: ObservationSource = .model
    ) -> CaseResult {
        var result = evaluateUnpinned(testCase, app: app, trust: trust, source: source)
        if let pin = testCase.entry.expectStatus {
            Pinning(testCase: testCase, app: app, source: source).apply(pin, to: &result)
        }
        return result
    }

    private static func evaluateUnpinned(
        _ testCase: TestCase, app: App, trust: Trust, source: ObservationSource
    ) -> CaseResult {
        let entry = testCase.entry
        let settings = testCase.settings(app: app)
        var result = CaseResult(
            index: testCase.index, id: testCase.id, pose: entry.pose.id, title: entry.title,
            values: testCase.entries,
            status: .notRun, reason: nil, failures: [], assumptions: [], duration: 0)
        result.idIsDerived = true  // the plan makes every case's id from its entry's label and values
        result.line = entry.place?.position.line  // where reports point for a case that does not pass
        if let reason = ruledOut(entry, settings: settings) {
            result.reason = reason
            return result
        }
        let expectations = self.expectations(for: entry, settings: settings)
        guard !expectations.isEmpty else {
            result.reason = nothingExpected
            return result
        }
        var verdicts = Verdicts()
        switch source {
        case .model:
            var model = SceneModel(settings: settings, app: app, eventDetail: false)
            for step in entry.effectiveSteps { model.apply(step) }
            if let problem = model.stepProblem {
                result.status = .error
                result.reason = problem
                return result
            }
            // Called directly, not through a closure: capturing the model copied it into a box for every case.
            for expectation in expectations {
                verdicts.check(expectation, against: model.observe(expectation.observable), trust: trust, into: &result)
            }
        case .recorded(let recording):
            for expectation in expectations {
                let observation = recording.observation(for: testCase, expectation.observable)
                verdicts.check(expectation, against: observation, trust: trust, into: &result)
            }
        }
        verdicts.conclude(&result, expectations: expectations)
        // A pass keeps its line only where it rests on assumptions, which a sign-off may not trust.
        if result.status == .passed && result.assumptions.isEmpty { result.line = nil }
        return result
    }

    /// Why the matrix or the pose leaves a case not run before anything is evaluated: a `notRun` rule
    /// that matches it, or a profile the pose cannot be evaluated in.
    private static func ruledOut(_ entry: PoseEntry, settings: CaseSettings) -> String? {
        if let rule = entry.notRun.first(where: { $0.when.matches(settings) }) { return rule.reason }
        guard !entry.pose.notRunIn.isEmpty else { return nil }  // most poses have none: no hashing
        return entry.pose.notRunIn[settings.profile]
    }

    /// What became of each expectation of a case that is not simply passed or failed.
    struct Verdicts {
        /// Unknown values: each reason with the observables it leaves unknown, in order.
        var unknown: [(reason: String, observables: [Observable])] = []
        /// Values on an untrusted level, by level.
        var untrusted: [Provenance: [String]] = [:]
        /// Values on a level their expectation's `rests` leaves out.
        var refused: [String] = []
        /// Observables not evaluated (unknown or untrusted); kept only then, so a passing case allocates nothing here.
        var skipped: [Observable] = []

        /// Checks one expectation, adding a failure or an assumption to the result.
        mutating func check(
            _ expectation: Expectation, against observation: Observation, trust: Trust, into result: inout CaseResult
        ) {
            let observable = expectation.observable
            guard let value = observation.value else {
                skipped.append(observable)
                if let index = unknown.firstIndex(where: { $0.reason == observation.source }) {
                    unknown[index].observables.append(observable)
                } else {
                    unknown.append((observation.source, [observable]))
                }
                return
            }
            guard trust.trusts(observation.provenance) else {
                skipped.append(observable)
                untrusted[observation.provenance, default: []].append("\(observable.rawValue) (\(observation.source))")
                return
            }
            if let rests = expectation.rests, !rests.trusts(observation.provenance) {
                skipped.append(observable)
                refused.append(
                    "\(observable.rawValue) rests on \(observation.provenance.rawValue) (\(observation.source)), "
                        + "its expectation on \(rests)")
                return
            }
            if !expectation.condition.holds(for: value) {
                result.failures.append(
                    CaseResult.Failure(
                        observable: observable, expected: expectation.condition, actual: value,
                        provenance: observation.provenance, source: observation.source))
                return
            }
            if observation.provenance == .inference || observation.provenance == .unverified {
                result.assumptions.append(
                    CaseResult.Assumption(observable: observable, provenance: observation.provenance, source: observation.source))
            }
        }

        /// Sets the status and reason once every expectation was checked.
        func conclude(_ result: inout CaseResult, expectations: [Expectation]) {
            if !result.failures.isEmpty {
                result.status = .failed
                result.reason = notEvaluated.map { "also not evaluated: " + $0 }
            } else if let notEvaluated {
                result.reason = notEvaluated + heldNote(of: expectations)
            } else {
                result.status = .passed
            }
        }

        /// Every expectation not evaluated, with its reason: unknown values first, then untrusted levels.
        var notEvaluated: String? {
            let unknownParts = unknown.map { entry in
                entry.observables.map(\.rawValue).joined(separator: ", ") + ": " + entry.reason
            }
            let untrustedParts = Provenance.allCases.compactMap { level in
                untrusted[level].map { "rests on \(level.rawValue): " + $0.joined(separator: ", ") }
            }
            let parts = unknownParts + untrustedParts + refused
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }

        /// The expectations that held, for a case not run: in such a case none failed, so every
        /// expectation not skipped held.
        func heldNote(of expectations: [Expectation]) -> String {
            let held = expectations.map(\.observable).filter { !skipped.contains($0) }
            return held.isEmpty ? "" : "; held: " + held.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// The entry's expectations with the matching `where` clauses applied; a clause's
    /// expectation replaces the entry's for the same observable. Sorted by observable.
    static func expectations(for entry: PoseEntry, settings: CaseSettings) -> [Expectation] {
        var expectations = entry.expect
        var added = false
        for clause in entry.whereClauses where clause.when.matches(settings) {
            for expectation in clause.expect {
                if let index = expectations.firstIndex(where: { $0.observable == expectation.observable }) {
                    expectations[index] = expectation
                } else {
                    expectations.append(expectation)
                    added = true
                }
            }
        }
        // The decoder keeps `expect` sorted; only added observables need sorting again.
        return added ? expectations.sorted { $0.observable < $1.observable } : expectations
    }
}

/// Runs one case on a fresh scene model and checks its expectations.
public enum Evaluation {
    /// The reason given to a case that expects nothing: it would pass without checking anything.
    public static let nothingExpected = "nothing expected for this combination"

    /// Evaluates a case; the result's duration is left at 0 for the caller to fill.
    public static func evaluate(_ testCase: TestCase, app: App, source: ObservationSource = .model) -> CaseResult {
        let entry = testCase.entry
        let settings = testCase.settings(app: app)
        var result = CaseResult(
            index: testCase.index, id: testCase.id, pose: entry.pose.id, title: entry.title,
            values: zip(testCase.values, testCase.texts).map { AxisEntry(axis: $0.0.rawValue, value: $1) },
            status: .notRun, reason: nil, failures: [], assumptions: [], duration: 0)

        if let rule = entry.notRun.first(where: { $0.when.matches(settings) }) {
            result.reason = rule.reason
            return result
        }
        if let reason = entry.pose.notRunIn[settings.profile] {
            result.reason = reason
            return result
        }
        let expectations = self.expectations(for: entry, settings: settings)
        guard !expectations.isEmpty else {
            result.reason = nothingExpected
            return result
        }
        let observe: (Observable) -> Observation
        switch source {
        case .model:
            var model = SceneModel(settings: settings, app: app, eventDetail: false)
            for step in entry.effectiveSteps { model.apply(step) }
            observe = { [model] in model.observe($0) }
        case .recorded(let recording):
            observe = { recording.observation(for: testCase, $0) }
        }
        var unknown: [String] = []
        for expectation in expectations {
            let observation = observe(expectation.observable)
            guard let value = observation.value else {
                if !unknown.contains(observation.source) { unknown.append(observation.source) }
                continue
            }
            if !expectation.condition.holds(for: value) {
                result.failures.append(
                    CaseResult.Failure(
                        observable: expectation.observable, expected: expectation.condition.description,
                        actual: value.description, provenance: observation.provenance, source: observation.source))
            } else if observation.provenance == .inference || observation.provenance == .unverified {
                result.assumptions.append(
                    CaseResult.Assumption(
                        observable: expectation.observable, provenance: observation.provenance, source: observation.source))
            }
        }
        if !result.failures.isEmpty {
            result.status = .failed
        } else if !unknown.isEmpty {
            result.reason = unknown.joined(separator: "; ")
        } else {
            result.status = .passed
        }
        return result
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

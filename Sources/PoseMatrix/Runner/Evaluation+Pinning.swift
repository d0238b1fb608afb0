/// `expectStatus`: a case pinned to the status it comes back with today passes, pinned; one that
/// comes back otherwise fails (or stays an error) and says what changed: `now known: VALUE
/// (provenance: source)` for a case pinned not run, `now runs` for one pinned to an error.
struct Pinning {
    let testCase: TestCase
    let app: App
    let source: ObservationSource

    func apply(_ pin: PinnedStatus, to result: inout CaseResult) {
        result.pinned = pin
        result.line = testCase.entry.place?.position.line  // reports point at a pinned case either way
        switch (pin, result.status) {
        case (.notRun, .notRun), (.error, .error):
            result.status = .passed
        case (.notRun, .passed):
            result.status = .failed
            result.assumptions = []  // what a pass rests on; this is no pass
            result.reason = "now known: " + nowKnown()
        case (.notRun, .failed):
            result.reason = "now known: " + nowKnown() + (result.reason.map { "; " + $0 } ?? "")
        case (.notRun, .error):
            result.reason = "pinned not run, now an error: " + (result.reason ?? "")
        case (.error, _):
            let was = result.status == .notRun ? result.reason.map { "; not run: " + $0 } : result.reason.map { "; " + $0 }
            result.status = .failed
            result.assumptions = []
            result.reason = "now runs" + (was ?? "")
        }
    }

    /// Each expectation's value now: `scene.size 466x678 (apple: A T61)`, in the order of the expectations.
    private func nowKnown() -> String {
        let settings = testCase.settings(app: app)
        let expectations = Evaluation.expectations(for: testCase.entry, settings: settings)
        var model = SceneModel(settings: settings, app: app, eventDetail: false)
        if case .model = source {
            for step in testCase.entry.effectiveSteps { model.apply(step) }
        }
        return expectations.map { expectation in
            let observation: Observation
            switch source {
            case .model: observation = model.observe(expectation.observable)
            case .recorded(let recording): observation = recording.observation(for: testCase, expectation.observable)
            }
            guard let value = observation.value else { return "\(expectation.observable.rawValue) unknown" }
            return "\(expectation.observable.rawValue) \(value) (\(observation.provenance.rawValue): \(observation.source))"
        }.joined(separator: ", ")
    }
}

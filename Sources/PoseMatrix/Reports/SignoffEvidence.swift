/// What sign-off trusts, and what the passes of each pose rest on.
///
/// Results record, for each pass, the observables that rest on inference or an unverified claim
/// (its assumptions); the rest of a pass rests on Apple's word or a measurement. Sign-off reads
/// that back: a pass resting on a level it does not trust counts as not run, and each checklist
/// item shows the weakest level its passes rest on.
struct SignoffEvidence: Sendable {
    /// The default for `signoff`: everything but unverified third-party claims.
    static let defaultTrust = Trust([.apple, .measured, .inference])

    /// The levels sign-off trusts.
    var trust: Trust
    /// The weakest level of any pass, by pose; absent where the passes rest on Apple or measurements only.
    private var weakest: [String: Provenance] = [:]
    /// Poses with at least one pass.
    private var passedPoses: Set<String> = []

    init(trust: Trust) {
        self.trust = trust
    }

    /// The case as sign-off counts it: a pass that rests on an untrusted level is not run.
    mutating func admit(_ result: CaseResult) -> CaseResult {
        guard result.status == .passed else { return result }
        // A known unknown passes a run, pinned; a release does not go out on it unless waived.
        if let pin = result.pinned {
            var unknown = result
            unknown.status = .notRun
            unknown.reason = "pinned \(pin.rawValue) (expectStatus): " + (result.reason ?? "")
            return unknown
        }
        let untrusted = result.assumptions.filter { !trust.trusts($0.provenance) }
        guard untrusted.isEmpty else {
            var demoted = result
            demoted.status = .notRun
            demoted.reason =
                "sign-off does not trust "
                + untrusted.map { "\($0.observable.rawValue) (\($0.provenance.rawValue))" }
                .joined(separator: ", ")
            return demoted
        }
        passedPoses.insert(result.pose)
        for assumption in result.assumptions {
            let current = weakest[result.pose]
            if current == nil || assumption.provenance.strength < current!.strength {
                weakest[result.pose] = assumption.provenance
            }
        }
        return result
    }

    /// Why sign-off cannot take a held invariant as passed, if it cannot: it rests on a level sign-off
    /// does not trust (admission, `Trust.untrusted(in:)`). Results written before invariants recorded
    /// what they rest on pass only when the run trusted no level that sign-off does not.
    func distrust(held invariant: InvariantResult, runTrust: Trust) -> String? {
        guard invariant.status == .held else { return nil }
        if let rests = invariant.rests {
            let untrusted = trust.untrusted(in: rests)
            guard !untrusted.isEmpty else { return nil }
            return "rests on " + untrusted.map(\.rawValue).joined(separator: ", ") + ", which sign-off does not trust"
        }
        guard !runTrust.levels.isSubset(of: trust.levels) else { return nil }
        return "explored trusting \(runTrust), and these results do not record what a held invariant rests on: "
            + "run again with this version of duo-pose, or with --trust \(trust)"
    }

    /// The weakest level an item's passes rest on: "apple or measured", "inference", "unverified", or "—" without passes.
    func weakest(of item: ChecklistItem) -> String {
        let poses = item.poses.filter(passedPoses.contains)
        guard !poses.isEmpty else { return "—" }
        let levels = poses.compactMap { weakest[$0] }
        guard let lowest = levels.min(by: { $0.strength < $1.strength }) else { return "apple or measured" }
        return lowest.rawValue
    }
}

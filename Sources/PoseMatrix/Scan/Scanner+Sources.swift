/// Settles the keys the sources decide: `newWindow`, `camera`, `cameraAccessory`, `state` and `hingeEffect`.
extension Scanner {
    static func settleWindow(_ settlement: inout Settlement) {
        let facts = settlement.facts
        let vias = facts.candidates[.newWindowVia] ?? []
        guard !vias.isEmpty else {
            settlement.absent(.newWindowVia, .choice("none"), what: "openWindow, activateSceneSession or ActivationAction")
            settlement.notApplicable([.newWindowAlternate, .newWindowErrorHandler, .newWindowShortForm], byAbsence: true)
            return
        }
        guard let via = agreed(vias) else { return }
        settlement.found(.newWindowVia, via.value, via.location)
        if via.value != .choice("activateSceneSession") { settlement.notApplicable([.newWindowErrorHandler]) }
        if via.value != .choice("activationAction") { settlement.notApplicable([.newWindowAlternate, .newWindowShortForm]) }
        for key in [ScanKey.newWindowErrorHandler, .newWindowAlternate] {
            let candidates = facts.candidates[key] ?? []
            // One request that shows nothing is enough to lose a window; "shows in place" needs every one.
            if let none = candidates.first(where: { $0.value == .choice("none") }) {
                settlement.found(key, none.value, none.location)
            } else if let all = agreed(candidates), !facts.unsettled.contains(key) {
                settlement.unlessSourcesUnread(key, all.value, all.location)
            }
        }
        let forms = facts.candidates[.newWindowShortForm] ?? []
        if let short = forms.first(where: { $0.value == .bool(true) }) {
            settlement.found(.newWindowShortForm, short.value, short.location)
        } else if let long = forms.first {
            settlement.unlessSourcesUnread(.newWindowShortForm, long.value, long.location)
        }
    }

    static func settleCamera(_ settlement: inout Settlement) {
        let facts = settlement.facts
        if facts.inventory["scene accessory"] == nil {
            settlement.absent(.cameraAccessoryRegisteredOn, .choice("none"), what: "sceneAccessory or registerSceneAccessory")
            settlement.notApplicable([.cameraAccessoryCapture], byAbsence: true)
        } else if let on = agreed(facts.candidates[.cameraAccessoryRegisteredOn]),
            !facts.unsettled.contains(.cameraAccessoryRegisteredOn)
        {
            settlement.found(.cameraAccessoryRegisteredOn, on.value, on.location)
        }
        let uses = facts.candidates[.cameraUses] ?? []
        if uses.isEmpty && facts.inventory["AVCaptureSession"] == nil {
            settlement.absent(.cameraUses, .choice("none"), what: "AVCaptureSession or capture device")
            settlement.notApplicable([.cameraMirroring], byAbsence: true)
            return
        }
        if let camera = agreed(uses), camera.value != .choice("physical") {
            settlement.found(.cameraUses, camera.value, camera.location)
        }
        let mirroring = facts.candidates[.cameraMirroring] ?? []
        if let position = mirroring.first(where: { $0.value == .choice("byPosition") }) {
            settlement.found(.cameraMirroring, position.value, position.location)
        } else if let direction = agreed(mirroring), !facts.unsettled.contains(.cameraMirroring) {
            settlement.unlessSourcesUnread(.cameraMirroring, direction.value, direction.location)
        }
    }

    /// Saving on `.inactive` at all is what loses work, so an inactive save settles the key; a
    /// background save holds only if no source saves on inactive. Without a hinge API the hinge
    /// key does not apply.
    static func settleState(_ settlement: inout Settlement) {
        let facts = settlement.facts
        if let candidates = facts.candidates[.stateSavesOn] {
            if let inactive = candidates.first(where: { $0.value == .choice("inactive") }) {
                settlement.found(.stateSavesOn, inactive.value, inactive.location)
            } else {
                settlement.unlessSourcesUnread(.stateSavesOn, candidates[0].value, candidates[0].location)
            }
        }
        if facts.inventory["hinge"] == nil {
            settlement.notApplicable([.hingeEffectReset], byAbsence: true)
        } else if let first = facts.candidates[.hingeEffectReset]?.first, !facts.unsettled.contains(.hingeEffectReset) {
            settlement.found(.hingeEffectReset, first.value, first.location)
        }
    }

    /// The one value all candidates agree on, or nil when they disagree or there are none.
    static func agreed(_ candidates: [ScanEvidence]?) -> ScanEvidence? {
        guard let first = candidates?.first, candidates!.allSatisfy({ $0.value == first.value }) else { return nil }
        return first
    }
}

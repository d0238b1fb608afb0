/// Settles the keys the sources decide: `newWindow`, `camera`, `cameraAccessory`, `state` and `hingeEffect`.
extension Scanner {
    /// The forms asking for a window, and an `openWindow` declared in one file and called in
    /// another (an extension of its type), at the first call.
    private static func windowRequests(_ facts: SourceFacts) -> [ScanEvidence] {
        var vias = facts.candidates[.newWindowVia] ?? []
        if facts.unusedWindowDeclarations.contains(where: { $0.name == "openWindow" }),
            let use = facts.openWindowUses.min(by: { Settlement.precedes($0, $1) })
        {
            vias.append(ScanEvidence(key: .newWindowVia, value: .choice("openWindow"), location: use))
        }
        return vias
    }

    /// Leaves the keys that depend on the way a window is asked for unknown, for the reason `via` is:
    /// which of them apply, and how, depends on the way.
    private static func unknownWithVia(_ settlement: inout Settlement) {
        guard let why = settlement.unsettled[.newWindowVia] else { return }
        for key in [ScanKey.newWindowAlternate, .newWindowErrorHandler, .newWindowShortForm] {
            settlement.unknown(key, why)
        }
    }

    static func settleWindow(_ settlement: inout Settlement) {
        let facts = settlement.facts
        let vias = windowRequests(facts)
        guard !vias.isEmpty else {
            let unused = facts.unusedWindowDeclarations
            guard unused.isEmpty else {
                // Declared and used nowhere: asked for nowhere an iPhone build compiles, or in a way the rules do not follow.
                settlement.unknown(.newWindowVia, "openWindow declared and used nowhere in its file", at: unused.map(\.location))
                return unknownWithVia(&settlement)
            }
            settlement.absent(.newWindowVia, .choice("none"), what: "openWindow, activateSceneSession or ActivationAction")
            settlement.notApplicable([.newWindowAlternate, .newWindowErrorHandler, .newWindowShortForm], byAbsence: true)
            return
        }
        guard settlement.settles(.newWindowVia, vias, differing: "ways to ask for a window") else {
            return unknownWithVia(&settlement)
        }
        let via = vias[0]
        settlement.found(.newWindowVia, via.value, via.location)
        if via.value != .choice("activateSceneSession") { settlement.notApplicable([.newWindowErrorHandler]) }
        if via.value != .choice("activationAction") { settlement.notApplicable([.newWindowAlternate, .newWindowShortForm]) }
        for key in [ScanKey.newWindowErrorHandler, .newWindowAlternate] {
            let candidates = facts.candidates[key] ?? []
            // One request that shows nothing is enough to lose a window; "shows in place" needs every one.
            if let none = candidates.first(where: { $0.value == .choice("none") }) {
                settlement.found(key, none.value, none.location)
            } else if settlement.settles(key, candidates, differing: "handlers"), let all = candidates.first {
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
        } else {
            let on = facts.candidates[.cameraAccessoryRegisteredOn] ?? []
            if settlement.settles(.cameraAccessoryRegisteredOn, on, differing: "accessory registrations"), let first = on.first {
                settlement.found(.cameraAccessoryRegisteredOn, first.value, first.location)
            }
        }
        let uses = facts.candidates[.cameraUses] ?? []
        // A form the rules cannot judge (a system camera picker) leaves the key unknown, with or
        // without a capture of the app's own.
        let doubts = facts.doubts[.cameraUses] ?? []
        settlement.doubted(.cameraUses, doubts)
        if uses.isEmpty && facts.inventory["AVCaptureSession"] == nil {
            if doubts.isEmpty { settlement.absent(.cameraUses, .choice("none"), what: "AVCaptureSession or capture device") }
            settlement.notApplicable([.cameraMirroring], byAbsence: true)
            return
        }
        if doubts.isEmpty { settleCameraUses(uses, &settlement) }
        let mirroring = facts.candidates[.cameraMirroring] ?? []
        // One assignment by position is enough for byPosition (DUO013), as one request without a handler is for `none`.
        if let position = mirroring.first(where: { $0.value == .choice("byPosition") }) {
            settlement.found(.cameraMirroring, position.value, position.location)
        } else if settlement.settles(.cameraMirroring, mirroring, differing: "mirrorings"), let direction = mirroring.first {
            settlement.unlessSourcesUnread(.cameraMirroring, direction.value, direction.location)
        }
    }

    /// A direction, unless two are chosen (a rear QR scanner beside front video calls) or a camera
    /// is named by what it is (`builtInInnerUltraWideCamera`), which the model has no value for.
    private static func settleCameraUses(_ uses: [ScanEvidence], _ settlement: inout Settlement) {
        let directions = uses.filter { $0.value != .choice("physical") }
        let physical = uses.filter { $0.value == .choice("physical") }.map(\.location)
        let agreed = settlement.settles(.cameraUses, directions, differing: "camera directions")
        if !physical.isEmpty {
            let what =
                physical.count == 1
                ? "a physical camera, which the model has no value for"
                : Settlement.spelled(physical.count) + " physical cameras, which the model has no value for"
            settlement.unknown(.cameraUses, what, at: physical)
        } else if agreed, let camera = directions.first {
            settlement.found(.cameraUses, camera.value, camera.location)
        }
    }

    /// Saving on `.inactive` at all is what loses work, so an inactive save settles the key; a
    /// background save holds only if no source saves on inactive. Without a hinge API the hinge
    /// key does not apply.
    static func settleState(_ settlement: inout Settlement) {
        let facts = settlement.facts
        let candidates = facts.candidates[.stateSavesOn] ?? []
        if let inactive = candidates.first(where: { $0.value == .choice("inactive") }) {
            settlement.found(.stateSavesOn, inactive.value, inactive.location)
        } else {
            // A handler named by selector may save on inactive, which would beat a background save;
            // on background it adds nothing to a background save found.
            let doubts = facts.doubts[.stateSavesOn] ?? []
            let open = candidates.isEmpty ? doubts : doubts.filter { $0.value == .choice("inactive") }
            settlement.doubted(.stateSavesOn, open)
            if open.isEmpty, let background = candidates.first {
                settlement.unlessSourcesUnread(.stateSavesOn, background.value, background.location)
            }
        }
        if facts.inventory["hinge"] == nil {
            settlement.notApplicable([.hingeEffectReset], byAbsence: true)
        } else {
            let resets = facts.candidates[.hingeEffectReset] ?? []
            if settlement.settles(.hingeEffectReset, resets, differing: "hinge effects"), let first = resets.first {
                settlement.found(.hingeEffectReset, first.value, first.location)
            }
        }
    }
}

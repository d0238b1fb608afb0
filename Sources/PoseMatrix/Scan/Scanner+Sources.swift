/// Settles the keys the sources decide: `newWindow`, `camera` and `cameraAccessory`.
extension Scanner {
    typealias Setter = (ScanKey, ScanValue, ScanLocation) -> Void

    static func settleWindow(
        _ facts: SourceFacts, set: Setter, absent: (String) -> ScanLocation, notApplicable: inout Set<ScanKey>
    ) {
        let vias = facts.candidates[.newWindowVia] ?? []
        guard !vias.isEmpty else {
            set(.newWindowVia, .choice("none"), absent("openWindow, activateSceneSession or ActivationAction"))
            notApplicable.formUnion([.newWindowAlternate, .newWindowErrorHandler, .newWindowShortForm])
            return
        }
        guard let via = agreed(vias) else { return }
        set(.newWindowVia, via.value, via.location)
        if via.value != .choice("activateSceneSession") { notApplicable.insert(.newWindowErrorHandler) }
        if via.value != .choice("activationAction") { notApplicable.formUnion([.newWindowAlternate, .newWindowShortForm]) }
        for key in [ScanKey.newWindowErrorHandler, .newWindowAlternate] {
            let candidates = facts.candidates[key] ?? []
            // One request that shows nothing is enough to lose a window; "shows in place" needs every one.
            if let none = candidates.first(where: { $0.value == .choice("none") }) {
                set(key, none.value, none.location)
            } else if let all = agreed(candidates), !facts.unsettled.contains(key) {
                set(key, all.value, all.location)
            }
        }
        let forms = facts.candidates[.newWindowShortForm] ?? []
        if let short = forms.first(where: { $0.value == .bool(true) }) ?? forms.first {
            set(.newWindowShortForm, short.value, short.location)
        }
    }

    static func settleCamera(
        _ facts: SourceFacts, set: Setter, absent: (String) -> ScanLocation, notApplicable: inout Set<ScanKey>
    ) {
        if facts.inventory["scene accessory"] == nil {
            set(.cameraAccessoryRegisteredOn, .choice("none"), absent("sceneAccessory or registerSceneAccessory"))
            notApplicable.insert(.cameraAccessoryCapture)
        } else if let on = agreed(facts.candidates[.cameraAccessoryRegisteredOn]),
            !facts.unsettled.contains(.cameraAccessoryRegisteredOn)
        {
            set(.cameraAccessoryRegisteredOn, on.value, on.location)
        }
        let uses = facts.candidates[.cameraUses] ?? []
        if uses.isEmpty && facts.inventory["AVCaptureSession"] == nil {
            set(.cameraUses, .choice("none"), absent("AVCaptureSession or capture device"))
            notApplicable.insert(.cameraMirroring)
            return
        }
        if let camera = agreed(uses), camera.value != .choice("physical") { set(.cameraUses, camera.value, camera.location) }
        let mirroring = facts.candidates[.cameraMirroring] ?? []
        if let position = mirroring.first(where: { $0.value == .choice("byPosition") }) {
            set(.cameraMirroring, position.value, position.location)
        } else if let direction = agreed(mirroring), !facts.unsettled.contains(.cameraMirroring) {
            set(.cameraMirroring, direction.value, direction.location)
        }
    }
}

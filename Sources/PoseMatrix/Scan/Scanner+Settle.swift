/// Turns what was read into the app block: one value per key with its evidence, or unknown.
extension Scanner {
    static func settle(_ result: inout ScanResult, plist: [String: PlistEntry]?, target: AppTarget, facts: SourceFacts) {
        var settled: [ScanKey: ScanEvidence] = [:]
        var notApplicable: Set<ScanKey> = []
        func set(_ key: ScanKey, _ value: ScanValue, _ location: ScanLocation) {
            settled[key] = ScanEvidence(key: key, value: value, location: location)
        }
        func absent(_ what: String) -> ScanLocation {
            ScanLocation(file: "", line: 0, text: "no \(what) in \(counted(facts.sourceFiles, "source file"))")
        }
        if let plist { settlePlist(&result, plist: plist, target: target, set: set) }
        settleWindow(facts, set: set, absent: absent, notApplicable: &notApplicable)
        settleCamera(facts, set: set, absent: absent, notApplicable: &notApplicable)
        // Saving on `.inactive` at all is what loses work, so an inactive save settles the key.
        if let candidates = facts.candidates[.stateSavesOn] {
            let chosen = candidates.first { $0.value == .choice("inactive") } ?? candidates[0]
            set(.stateSavesOn, chosen.value, chosen.location)
        }
        if facts.inventory["hinge"] == nil {
            notApplicable.insert(.hingeEffectReset)
        } else if let first = facts.candidates[.hingeEffectReset]?.first, !facts.unsettled.contains(.hingeEffectReset) {
            set(.hingeEffectReset, first.value, first.location)
        }
        result.evidence = settled.values.sorted { $0.key < $1.key }
        result.unknown = ScanKey.allCases.filter { settled[$0] == nil && !notApplicable.contains($0) }
        result.findings += facts.findings
        if let session = facts.inventory["AVCaptureSession"], facts.inventory["direction coordinator"] == nil {
            result.findings.append(
                ScanFinding(
                    rule: .DUO014, location: session.location,
                    message:
                        "AVCaptureSession without an AVCaptureDeviceDirectionCoordinator: a fold changes the camera's direction unseen"
                ))
        }
        result.findings.sort { ($0.location.file, $0.location.line, $0.rule) < ($1.location.file, $1.location.line, $1.rule) }
        result.inventory += facts.inventory.values
        result.inventory.sort { $0.name < $1.name }
    }

    /// `multipleScenes`, `requiresFullScreen` and `orientations` from the target's Info.plist entries; DUO015.
    static func settlePlist(_ result: inout ScanResult, plist: [String: PlistEntry], target: AppTarget, set: Setter) {
        let declared =
            target.settings["INFOPLIST_FILE"]?.location ?? target.settings["GENERATE_INFOPLIST_FILE"]?.location
            ?? target.infoPlistDeclaration ?? ScanLocation(file: target.projectFile, line: 1, text: "")
        let scenes = plist[InfoPlist.multipleScenes] ?? PlistEntry(value: .bool(false), location: declared)
        set(.multipleScenes, scenes.value, scenes.location)
        if scenes.value == .bool(false) {
            result.findings.append(
                ScanFinding(
                    rule: .DUO015, location: scenes.location,
                    message:
                        "the app target \(target.name) does not set UIApplicationSupportsMultipleScenes: it gets one window"))
        } else {
            result.inventory.append(
                InventoryItem(name: "UIApplicationSupportsMultipleScenes", location: scenes.location, count: 1))
        }
        let fullScreen = plist[InfoPlist.requiresFullScreen] ?? PlistEntry(value: .bool(false), location: declared)
        set(.requiresFullScreen, fullScreen.value, fullScreen.location)
        if let entry = plist[InfoPlist.iPhoneOrientations] ?? plist[InfoPlist.orientations],
            case .list(let names) = entry.value
        {
            let found = Orientation.allCases.filter { orientation in
                names.contains { $0.lowercased().contains(orientation.rawValue) }
            }
            if !found.isEmpty { set(.orientations, .list(found.map(\.rawValue)), entry.location) }
        }

    }

    /// The one value all candidates agree on, or nil when they disagree or there are none.
    static func agreed(_ candidates: [ScanEvidence]?) -> ScanEvidence? {
        guard let first = candidates?.first, candidates!.allSatisfy({ $0.value == first.value }) else { return nil }
        return first
    }
}

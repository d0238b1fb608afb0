/// Turns what was read into the app block: one value per key with its evidence, or unknown.
extension Scanner {
    static func settle(
        _ result: inout ScanResult, plist: [String: PlistEntry]?, target: AppTarget, settlement: inout Settlement
    ) {
        if let plist { settlePlist(&result, plist: plist, target: target, settlement: &settlement) }
        settleWindow(&settlement)
        settleCamera(&settlement)
        settleState(&settlement)
        let facts = settlement.facts
        result.evidence = settlement.settled.values.sorted { $0.key < $1.key }
        result.unknown = ScanKey.allCases.filter {
            settlement.settled[$0] == nil && !settlement.notApplicable.contains($0)
        }
        result.unsettled = result.unknown.compactMap { settlement.unsettled[$0] }
        result.findings += facts.findings
        let camera = facts.usesVideo || facts.candidates[.cameraUses] != nil
        if let session = facts.inventory["AVCaptureSession"], camera, facts.inventory["direction coordinator"] == nil {
            // At the session that streams, where one is started; a session only named may be a capability probe.
            let which =
                facts.firstSessionStart == nil
                ? "AVCaptureSession (none is started with startRunning)" : "this capture session starts"
            result.findings.append(
                ScanFinding(
                    rule: .DUO014, location: facts.firstSessionStart ?? session.location,
                    message:
                        "\(which) without an AVCaptureDeviceDirectionCoordinator: a fold changes the camera's direction unseen"
                ))
        }
        result.findings.sort { ($0.location.file, $0.location.line, $0.rule) < ($1.location.file, $1.location.line, $1.rule) }
        result.inventory += facts.inventory.values
        result.inventory.sort { $0.name < $1.name }
    }

    /// `multipleScenes`, `requiresFullScreen` and `orientations` from the target's Info.plist entries; DUO015.
    /// A key the entries lack is `false` (orientations: unknown), unless the file was not read.
    static func settlePlist(
        _ result: inout ScanResult, plist: [String: PlistEntry], target: AppTarget, settlement: inout Settlement
    ) {
        let declared =
            target.settings["INFOPLIST_FILE"]?.location ?? target.settings["GENERATE_INFOPLIST_FILE"]?.location
            ?? target.infoPlistDeclaration ?? ScanLocation(file: target.projectFile, line: 1, text: "")
        if let scenes = plist[InfoPlist.multipleScenes] {
            settlement.found(.multipleScenes, scenes.value, scenes.location)
        } else {
            settlement.unlessPlistUnread(.multipleScenes, .bool(false), declared)
        }
        if let scenes = settlement.settled[.multipleScenes] {
            if scenes.value == .bool(false) {
                let sets = plist[InfoPlist.multipleScenes] == nil ? "does not set" : "sets NO for"
                result.findings.append(
                    ScanFinding(
                        rule: .DUO015, location: scenes.location,
                        message: "the app target \(target.name) \(sets) UIApplicationSupportsMultipleScenes: it gets one window"))
            } else {
                result.inventory.append(
                    InventoryItem(name: "UIApplicationSupportsMultipleScenes", location: scenes.location, count: 1))
            }
        }
        if let fullScreen = plist[InfoPlist.requiresFullScreen] {
            settlement.found(.requiresFullScreen, fullScreen.value, fullScreen.location)
        } else {
            settlement.unlessPlistUnread(.requiresFullScreen, .bool(false), declared)
        }
        settleOrientations(plist, settlement: &settlement)
    }

    /// The `~iphone` list over the generic one; the file's list and the generated one are combined,
    /// so a generated list alone is unknown when the file was not read.
    private static func settleOrientations(_ plist: [String: PlistEntry], settlement: inout Settlement) {
        guard let entry = plist[InfoPlist.iPhoneOrientations] ?? plist[InfoPlist.orientations],
            case .list(let names) = entry.value
        else { return settlement.plistUnread(.orientations) }
        let found = Orientation.allCases.filter { orientation in
            names.contains { $0.lowercased().contains(orientation.rawValue) }
        }
        if !found.isEmpty { settlement.unlessPlistUnread(.orientations, .list(found.map(\.rawValue)), entry.location) }
    }
}

/// What the app's layout choices (`app.layout`) lead to: content over the fold or under an
/// occlusion region, where a split's divider, a sheet, alerts and controls go.
extension SceneModel {
    /// Whether the front scene is the inner display in landscape, full screen, as measured. [M AX-DGb]
    private var innerLandscape: Bool {
        display == .inner && physicalOrientation == .landscape && !inSplitView && !placementUnknown
    }

    /// Content of an app that lays out by the safe area alone spans an active fold: the fold frame
    /// lies inside the safe area (455.5 to 495.5 of 0 to 867). [M AX-DGb; A T63]
    func observeContentOverFold() -> Observation {
        if placementUnknown { return reading(.newWindowPlacement) }
        if inSplitView {
            return .unknown("no source gives content.overFold for a Split View half (the fold may fall at its edge)")
        }
        guard display == .inner else { return .fact(.bool(false), .inference, "I from M AX-PR: no fold on the outer display") }
        guard foldActive else { return .fact(.bool(false), .inference, "I from M AX-DGb; A T63: the fold is inactive") }
        if app.layout.readsReservedRegions {
            return .fact(.bool(false), .inference, "I from M AX-PR: the app reads reservedRegions and lays out again")
        }
        return physicalOrientation == .landscape
            ? .fact(.bool(true), .inference, "I from M AX-DGb: the fold frame lies inside the safe area")
            : .fact(.bool(true), .inference, "I from M AX-DGb: the landscape band turned a quarter crosses the scene")
    }

    /// Content centred in the bounds (not the safe area) lies under an active occlusion region
    /// unless the app reads the regions; the safe area leaves out the bar strip and the camera
    /// hole within it. [M AX-PR, AX-DGb]
    func observeContentUnder(_ observable: Observable) -> Observation {
        let region: ReservedRegion.Name = observable == .contentUnderCameraHole ? .cameraHole : .barStrip
        if display == .inner && region == .cameraHole {
            return .fact(.bool(false), .inference, "I from M AX-DGb: no camera hole on the inner display")
        }
        if settings.linkedSDK == .v26 || (settings.linkedSDK == .v27_0 && display == .inner) {
            return .fact(.bool(false), .inference, "I from A T61: the scene stops beside the bar strip and camera")
        }
        if let unknown = regionsUnknown(observable) { return unknown }
        let covered = app.layout.centersIn == .bounds && !app.layout.readsReservedRegions
        return region == .cameraHole
            ? .fact(.bool(covered), .inference, "I from M AX-PR: the camera hole lies in the bar strip, outside the safe area")
            : .fact(.bool(covered), .inference, "I from M AX-PR, AX-DGb: the safe area's trailing inset is the bar strip")
    }

    /// A split arrangement's divider moves onto the fold, overriding its ratio: the leading pane is
    /// 455.5 pt wide and the trailing 371.5 pt. Flat, it keeps its own ratio, which no fact gives. [M AX-PR]
    func observeDivider() -> Observation {
        guard app.layout.arrangement == .split else {
            return .unknown("the app has no split arrangement (app.layout.arrangement \(app.layout.arrangement.rawValue))")
        }
        guard innerLandscape, foldActive, settings.linkedSDK == .v27_1 else {
            return .unknown("no source gives arrangement.divider unless the device is folded as a book (the app's own ratio)")
        }
        return observeFold(.foldBefore).replacingSource("M AX-PR", in: [.book], by: self)
    }

    /// A default page sheet moves to the leading side of the fold in book pose (x 8–467) and is
    /// centred when flat (x 149–802). [M AX-PR; A-fwd 848034, 847797]
    func observeSheetSpan() -> Observation {
        guard app.layout.sheetStyle == .pageSheet else {
            return .unknown(
                "no source gives sheet.span for a \(app.layout.sheetStyle.rawValue) sheet (only page sheets were measured)")
        }
        guard innerLandscape, settings.linkedSDK == .v27_1, settings.layoutDirection == .leftToRight else {
            return .unknown("no source gives sheet.span outside the inner display in landscape, left to right")
        }
        return reading(foldActive ? .bookSheetSpan : .flatSheetSpan)
    }

    /// System components move off the fold: alerts to the trailing side in book pose, interactive
    /// elements to the bottom half in tabletop. [A T63, T66]
    func observeSystemPlacement(_ observable: Observable) -> Observation {
        let tabletop = display == .inner && physicalOrientation == .portrait && foldActive && !inSplitView && !placementUnknown
        switch observable {
        case .alertSide where innerLandscape && foldActive: return .fact(.text("trailing"), .apple, "A T63, T66")
        case .controlsHalf where tabletop: return .fact(.text("bottom"), .apple, "A T63, T66")
        case .alertSide: return .unknown("no source gives alert.side unless the device is folded as a book")
        default: return .unknown("no source gives controls.half unless the device is folded as a tabletop")
        }
    }
}

extension Observation {
    /// The same value, with the provenance of a measurement in `states` by `source` in the model's state.
    func replacingSource(_ source: String, in states: SceneModel.MeasuredStates, by model: SceneModel) -> Observation {
        guard let value else { return self }
        return model.measured(value, source, in: states)
    }
}

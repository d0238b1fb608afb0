/// The rows of the device table. Each states a value once; Docs/facts.md "The device table"
/// repeats it in the same form, checked by `DeviceTableTests`.
extension DeviceFact {
    var definition: Row {
        switch self {
        case .outerSize: .published("outer.size", .size(width: 466, height: 678), "M AX-DGb; A App Store Connect", in: [.closed])
        case .innerSize:
            .published("inner.size", .size(width: 951, height: 669), "M AX-DGb; A App Store Connect", in: [.flat, .book])
        case .splitHalfSize:
            .stated("inner.splitHalf.size", .size(width: 475.5, height: 669), .inference, "I from A T66: half of 951x669")
        case .barStripWidth: .measured("barStrip.width", .number(84), "M AX-PR", in: [.closed, .flat, .book])
        case .outerBarStrip: .measured("outer.barStrip.frame", .frame(Frame(382, 0, 84, 170)), "M AX-PR", in: [.closed])
        case .outerCameraHole: .measured("outer.cameraHole.frame", .frame(Frame(399.7, 29.3, 37, 37)), "M AX-PR", in: [.closed])
        case .innerBarStrip: .measured("inner.barStrip.frame", .frame(Frame(867, 0, 84, 120)), "M AX-DGb", in: [.flat])
        case .innerCamera: .measured("inner.innerCamera.frame", .frame(Frame(677.3, 21, 58, 37)), "M AX-DGb", in: [.flat])
        case .foldFrame: .measured("inner.fold.frame", .frame(Frame(455.5, 0, 40, 669)), "M AX-DGb", in: [.flat, .book])
        case .foldMargin: .measured("inner.fold.margin", .number(20), "M AX-DGb", in: [.flat, .book])
        case .regionArrivalPass: .measured("regions.arrivalPass", .number(4), "M AX-PR", in: [.closed])
        case .safeArea:
            .measured(
                "safeArea", .insets(top: 0, left: 0, bottom: 34, right: 84), "M AX-DGb, AX-PR", in: [.closed, .flat, .book])
        case .outerLandscapeSafeArea:
            .stated(
                "outer.landscape.safeArea", .insets(top: 0, left: 0, bottom: 0, right: 84), .unverified,
                "U MIR-DP design kit; not measured (AX-DGb)")
        case .innerPortraitSafeArea:
            .stated(
                "inner.portrait.safeArea", .insets(top: 84, left: 0, bottom: 95, right: 0), .unverified,
                "U MIR-DP design kit; not measured (AX-DGb)")
        default: guidesAndSteps
        }
    }

    /// The rows of layout guides, steps and hinge thresholds.
    private var guidesAndSteps: Row {
        switch self {
        case .trailingBarSlot: .measured("inner.barSlot.trailing", .span(from: 875, to: 931), "M AX-PR", in: [.flat])
        case .bottomBarSlot:
            .stated(
                "inner.barSlot.bottom", .span(from: 593, to: 649), .inference,
                "I from M AX-PR: 20 pt above the scene's bottom (669), extent 56")
        case .horizontalCornerMargins:
            .measured("inner.margins.horizontalCorner", .insets(top: 0, left: 16, bottom: 34, right: 84), "M AX-PR", in: [.flat])
        case .verticalCornerMargins:
            .measured("inner.margins.verticalCorner", .insets(top: 16, left: 0, bottom: 34, right: 84), "M AX-PR", in: [.flat])
        case .flatSheetSpan: .measured("inner.sheet.span.flat", .span(from: 149, to: 802), "M AX-PR", in: [.flat])
        case .bookSheetSpan: .measured("inner.sheet.span.book", .span(from: 8, to: 467), "M AX-PR", in: [.book])
        case .newWindowFirstLayout:
            .measured("outer.newWindow.firstLayout", .size(width: 466, height: 562), "M S0", in: [.closed])
        case .newWindowSecondLayout:
            .measured("outer.newWindow.secondLayout", .size(width: 382, height: 644), "M S0", in: [.closed])
        case .accessorySize: .measured("accessory.size", .size(width: 466, height: 678), "M S0", in: [.flat])
        case .hingeCalls: .measured("hinge.calls", .span(from: 7, to: 10), "M AX-PR", in: [.sweep])
        case .outerHoldAngle: .measured("hinge.outerHold", .number(40), "M SIN DuoMotion.swift", in: [.sweep])
        case .innerHoldAngle: .measured("hinge.innerHold", .number(108), "M SIN: failed at 105°, passed at 108°", in: [.sweep])
        case .simulatorClosedAngle: .measured("hinge.simulatorClosed", .number(19.2), "M AX-PR, AX-DGb", in: [.sweep])
        default: unknownRow
        }
    }

    /// The values the facts leave unknown, each with its reason.
    private var unknownRow: Row {
        switch self {
        case .newWindowPlacement:
            .unknown("device.newWindow.placement", "no source says where a new window goes on the device (duo-facts E#2)")
        case .newWindowVisibility:
            .unknown(
                "device.newWindow.visible",
                "no source says whether a device shows a new window beside the old one (duo-facts E#2)")
        case .splitClose:
            .unknown("splitClose.window", "no source says which Split View window moves to the outer display on close (U S0)")
        case .portraitSplitSize:
            .unknown(
                "inner.portrait.splitHalf.size", "no source gives scene.size for Split View on the inner display in portrait")
        case .fullScreenSize:
            .unknown(
                "inner.requiresFullScreen.size",
                "no source gives scene.size for an app that requires full screen on the inner display: it is scaled (A T61), to no size given"
            )
        case .pictureInPictureSize:
            .unknown(
                "inner.partiallyFolded.pictureInPicture.size",
                "no source gives scene.size partially folded with picture in picture: the app resizes to the half the video leaves (A T66), to no size given"
            )
        case .deviceHingeCalls:
            .unknown(
                "device.hinge.calls",
                "no source gives hinge.calls on a device: the update rate is the system's policy (A DeviceHinge); 7-10 was measured in the simulator (M AX-PR)"
            )
        default: preconditionFailure("\(self) has no row")
        }
    }
}

extension DeviceFact.Row {
    /// A value measured in the simulator in `states`, carried over as an inference elsewhere.
    static func measured(_ key: String, _ value: Quantity, _ source: String, in states: SceneModel.MeasuredStates) -> Self {
        Self(
            key: key, value: .known(value, Citation(.measured, source)), elsewhere: .carriedOver,
            measurement: SceneModel.Measurement(source, in: states))
    }

    /// A value measured in `states` that Apple also publishes: Apple's word everywhere else.
    static func published(_ key: String, _ value: Quantity, _ source: String, in states: SceneModel.MeasuredStates) -> Self {
        Self(
            key: key, value: .known(value, Citation(.measured, source)), elsewhere: .apple,
            measurement: SceneModel.Measurement(source, in: states))
    }

    /// A value nobody measured, as firm as `provenance` everywhere.
    static func stated(_ key: String, _ value: Quantity, _ provenance: Provenance, _ source: String) -> Self {
        Self(key: key, value: .known(value, Citation(provenance, source)), elsewhere: .same, measurement: nil)
    }

    /// A value no source gives, with the reason.
    static func unknown(_ key: String, _ reason: String) -> Self {
        Self(key: key, value: .unknown(reason: reason), elsewhere: .same, measurement: nil)
    }
}

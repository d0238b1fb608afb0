/// Reserved regions and the fold in the scene's coordinate space. Measured closed on the outer
/// display in portrait [M AX-PR] and open on the inner display in landscape [M AX-DGb], flat and
/// at 90° for the fold; everything else is carried over or unknown.
extension SceneModel {
    /// The camera hole and the bar strip of the closed outer display, both active.
    static let outerRegions = [
        ReservedRegion(name: .barStrip, frame: DeviceFact.outerBarStrip.quantity.frame, active: true),
        ReservedRegion(name: .cameraHole, frame: DeviceFact.outerCameraHole.quantity.frame, active: true),
    ]
    /// The fold of the inner display in landscape, with its margins each side.
    static let foldFrame = DeviceFact.foldFrame.quantity.frame
    static let foldMargin = DeviceFact.foldMargin.quantity.number
    /// The occlusion regions of the inner display in landscape: the inner camera is inactive. [M AX-DGb]
    static let innerOcclusions = [
        ReservedRegion(name: .barStrip, frame: DeviceFact.innerBarStrip.quantity.frame, active: true),
        ReservedRegion(name: .innerCamera, frame: DeviceFact.innerCamera.quantity.frame, active: false),
    ]

    /// Why no source gives a region observable in this state, or nil when one does.
    func regionsUnknown(_ observable: Observable) -> Observation? {
        let name = observable.rawValue
        if placementUnknown { return reading(.newWindowPlacement) }
        if inSplitView { return .unknown("no source gives \(name) for a Split View half (the fold may fall at its edge)") }
        if settings.linkedSDK != .v27_1 {
            return .unknown("no source gives \(name) for an app linked against SDK \(settings.linkedSDK.rawValue)")
        }
        switch (display, physicalOrientation, interfaceOrientation) {
        case (.outer, .portrait, .portrait), (.inner, .landscape, _): return nil
        case (_, _, _) where observable.isFoldGeometry: return nil
        case (.outer, _, _): return .unknown("no source gives \(name) for the outer display in landscape")
        case (.inner, _, _): return .unknown("no source gives \(name) for the inner display in portrait")
        }
    }

    /// The fold is active while the hinge is partially open. [M AX-DGb; A T63]
    var foldActive: Bool { hingeStatus == .partiallyOpen }

    /// The regions in physical (left-to-right) coordinates, in the current state.
    var physicalRegions: [ReservedRegion] {
        guard display == .inner else { return Self.outerRegions }
        let fold = ReservedRegion(name: .fold, frame: Self.foldFrame, active: foldActive)
        return (Self.innerOcclusions + [fold]).sorted { $0.name.rawValue < $1.name.rawValue }
    }

    /// The scene's width in points, across which right-to-left mirrors frames.
    var sceneWidth: Double {
        let size = (display == .outer ? DeviceFact.outerSize : .innerSize).quantity.size
        return display == .outer || physicalOrientation == .landscape ? size.width : size.height
    }

    /// Whether region frames are mirrored: right-to-left with the default `.mirrors`. [A ReservedRegion via AX-LAY]
    var mirrorsRegions: Bool { settings.layoutDirection == .rightToLeft && app.layout.regionDirection == .mirrors }

    /// A region fact measured in `states`, marked with the right-to-left rule when it applied. [A ReservedRegion via AX-LAY]
    func regionFact(_ value: ObservedValue, _ source: String, in states: MeasuredStates) -> Observation {
        directed(measured(value, source, in: states))
    }

    /// An observation of a region frame, its source naming the right-to-left rule when it applied.
    func directed(_ observation: Observation) -> Observation {
        var observation = observation
        if settings.layoutDirection == .rightToLeft {
            observation.source += "; A ReservedRegion via AX-LAY: " + app.layout.regionDirection.rawValue
        }
        return observation
    }

    /// The occlusion and division regions: their names, the active ones, or one region's frame.
    func observeRegions(_ observable: Observable) -> Observation {
        if let unknown = regionsUnknown(observable) { return unknown }
        let (source, states): (String, MeasuredStates) = display == .outer ? ("M AX-PR", [.closed]) : ("M AX-DGb", [.flat])
        let regions = physicalRegions
        switch observable {
        case .regions: return measured(.list(regions.map(\.name.rawValue)), source, in: states)
        case .regionsActive: return measured(.list(regions.filter(\.active).map(\.name.rawValue)), source, in: states)
        case .regionsArrivalPass: return reading(.regionArrivalPass)
        default:
            let name: ReservedRegion.Name =
                observable == .cameraHoleFrame ? .cameraHole : observable == .barStripFrame ? .barStrip : .innerCamera
            guard let region = regions.first(where: { $0.name == name }) else {
                return regionFact(.text("none"), source, in: states)
            }
            let frame = mirrorsRegions ? region.frame.mirrored(within: sceneWidth) : region.frame
            return regionFact(.text(frame.description), source, in: states)
        }
    }
}

/// The observables of layout, regions, callbacks and presentations, read in their own files.
extension SceneModel {
    /// Reads a layout, region, callback or presentation observable.
    func observeLayout(_ observable: Observable) -> Observation {
        switch observable {
        case .regions, .regionsActive, .regionsArrivalPass, .cameraHoleFrame, .barStripFrame, .innerCameraFrame:
            observeRegions(observable)
        case .foldFrame, .foldLine, .foldMargins, .foldBefore, .foldAfter, .safeAreaCenter: observeFold(observable)
        case .contentOverFold: observeContentOverFold()
        case .contentUnderCameraHole, .contentUnderBarStrip: observeContentUnder(observable)
        case .arrangementDivider: observeDivider()
        case .sheetSpan: observeSheetSpan()
        case .margins, .marginsHorizontalCorner, .marginsVerticalCorner, .barSlotTrailing, .barSlotBottom:
            observeGuide(observable)
        case .alertSide, .controlsHalf: observeSystemPlacement(observable)
        case .hingeFirstOld: observeFirstOld()
        case .hingeCalls: observeHingeCalls()
        case .sceneScaled: observeScaled()
        case .appSupportsMultipleScenes: observeSupportsMultipleScenes()
        case .appSupportsMultipleWindows: observeSupportsMultipleWindows()
        case .sheetPresented: observeSheetPresented()
        case .pipDisplay: observePiP()
        case .newWindowFirstLayout, .newWindowSecondLayout: observeNewWindowLayout(observable)
        case .windowSceneStorage: observeSceneStorage()
        default: .unknown("the model does not observe \(observable.rawValue)")
        }
    }
}

/// The front scene's geometry: size, safe area and size classes, by display, orientation,
/// Split View and linked SDK.
extension SceneModel {
    /// The width of the side bar strip on both displays, in whole points.
    static let barStripWidth = Int(DeviceFact.barStripWidth.quantity.number)

    /// Whether the app's scene covers the side bar strip: only apps linked against 27.1 go
    /// edge to edge; earlier SDKs get the space beside it. [A T61]
    var extendsUnderBars: Bool { settings.linkedSDK == .v27_1 }

    /// Whether the front scene is half of the inner display in Split View.
    var inSplitView: Bool { splitSide != nil && display == .inner }

    /// The inputs the front scene's geometry depends on, kept before a change so that the
    /// update can say what it changed from.
    struct GeometryState: Equatable {
        var display: Display
        var held: Orientation
        var split: SplitSide?
        var placementUnknown: Bool
        /// Which side the outer camera is on, when a rotation said (landscape left or right).
        var cameraSide: SplitSide?
    }

    var geometryState: GeometryState {
        GeometryState(
            display: display, held: heldOrientation, split: splitSide, placementUnknown: placementUnknown,
            cameraSide: cameraSide)
    }

    /// The model as it was in an earlier geometry state.
    func at(_ state: GeometryState) -> SceneModel {
        var copy = self
        copy.display = state.display
        copy.heldOrientation = state.held
        copy.splitSide = state.split
        copy.placementUnknown = state.placementUnknown
        copy.cameraSide = state.cameraSide
        return copy
    }

    /// What the app sees of its geometry: the display, the interface orientation (in landscape,
    /// which way, where a rotation said: landscape left and right are two interface orientations,
    /// and the bars move sides between them) and the half of Split View.
    struct EffectiveGeometry: Equatable {
        var display: Display
        var orientation: Orientation
        var landscapeSide: SplitSide?
        var split: SplitSide?
        var placementUnknown: Bool
    }

    var effectiveGeometry: EffectiveGeometry { effectiveGeometry(of: geometryState) }

    /// What the app saw in a geometry state, computed without copying the model.
    func effectiveGeometry(of state: GeometryState) -> EffectiveGeometry {
        let physical = state.display == .outer ? state.held : state.held.rotated
        let honoured = state.display == .inner || app.orientations.contains(physical) || app.orientations.isEmpty
        let orientation = honoured ? physical : physical.rotated
        return EffectiveGeometry(
            display: state.display, orientation: orientation,
            landscapeSide: orientation == .landscape ? state.cameraSide : nil,
            split: state.display == .inner ? state.split : nil, placementUnknown: state.placementUnknown)
    }

    /// The scene size as events show it.
    var sizeText: String { observeSceneSize().value?.description ?? "unknown" }

    /// The scene size in points. [M AX-DGb; A App Store Connect sizes; A T61 for the SDK rule]
    func observeSceneSize() -> Observation {
        let landscape = interfaceOrientation == .landscape
        if inSplitView {
            // A 50/50 split of the inner display [A T66]; the half is derived [I, AX-PTM0 "≈ 475 × 669"].
            // Split View in inner portrait exists [U MacRumors via FLT], but no source gives its size.
            return reading(landscape ? .splitHalfSize : .portraitSplitSize)
        }
        if placementUnknown { return reading(.newWindowPlacement) }
        if let unknown = sizeNotGiven { return unknown }
        switch (display, landscape, settings.linkedSDK) {
        case (.inner, _, .v26):
            return .unknown(
                "no source gives the scene size on the inner display for an app linked against SDK 26 "
                    + "(\"a familiar size and aspect ratio\" [A T61])")
        case (.outer, false, .v27_1): return reading(.outerSize)
        case (.outer, true, .v27_1): return .fact(.text(DisplaySize.outerLandscape), .inference, "I: P1 rotated")
        case (.inner, true, .v27_1): return reading(.innerSize)
        case (.inner, false, _): return .fact(.text(DisplaySize.innerPortrait), .inference, "I: P3 rotated")
        case (.outer, _, _):
            return .fact(.text(DisplaySize.besideBars(.outerSize, landscape: landscape)), .inference, "I from A T61")
        case (.inner, true, _):
            return .fact(.text(DisplaySize.besideBars(.innerSize, landscape: true)), .inference, "I from A T61")
        }
    }

    /// Why no source gives the scene size where Apple says it changes but gives no number: an app
    /// that requires full screen is scaled on the inner display [A T61], and partially folded with
    /// picture in picture the app resizes to the half the video leaves [A T66].
    private var sizeNotGiven: Observation? {
        if app.requiresFullScreen && display == .inner { return reading(.fullScreenSize) }
        if display == .inner && pipDisplay == .inner && !pipUnknown && hingeStatusKnown && hingeStatus == .partiallyOpen {
            return reading(.pictureInPictureSize)
        }
        return nil
    }

    /// The safe-area insets as top,leading,bottom,trailing.
    func observeSafeArea() -> Observation {
        if placementUnknown { return reading(.newWindowPlacement) }
        let landscape = interfaceOrientation == .landscape
        // Physical insets: top, left, bottom, right. The side strip is on the right. [M AX-PR]
        var insets: (top: Int, left: Int, bottom: Int, right: Int)
        var observation: Observation
        switch (display, landscape) {
        case (.inner, true) where inSplitView:
            // Each half's bar strip is on its outer edge, so the insets are asymmetric. [A T61, T66; I]
            let (strip, bottom) = (Self.barStripWidth, DeviceFact.safeArea.wholeInsets.bottom)
            insets = splitSide == .left ? (0, strip, bottom, 0) : (0, 0, bottom, strip)
            observation = .fact(.text(""), .inference, "I from A T61, T66 and M AX-DGb")
        case (.inner, false) where inSplitView:
            return .unknown("no source gives the safe area of a Split View half in portrait")
        case (.outer, false), (.inner, true):
            insets = DeviceFact.safeArea.wholeInsets
            observation = reading(.safeArea)
        case (.outer, true):
            insets = DeviceFact.outerLandscapeSafeArea.wholeInsets
            observation = reading(.outerLandscapeSafeArea)
        case (.inner, false):
            insets = DeviceFact.innerPortraitSafeArea.wholeInsets
            observation = reading(.innerPortraitSafeArea)
        }
        if display == .inner && settings.linkedSDK == .v26 {
            return .unknown("no source gives the safe area on the inner display for an app linked against SDK 26")
        }
        if !extendsUnderBars && (insets.right == Self.barStripWidth || insets.left == Self.barStripWidth) {
            insets.right = 0
            insets.left = 0
            observation = .fact(.text(""), .inference, "I from A T61: the scene stops beside the bar strip")
        }
        // The strip stays on the same hardware side under right-to-left; leading becomes the right. [A T62; I]
        let rightToLeft = settings.layoutDirection == .rightToLeft
        let (leading, trailing) = rightToLeft ? (insets.right, insets.left) : (insets.left, insets.right)
        observation.value = .text("\(insets.top),\(leading),\(insets.bottom),\(trailing)")
        if rightToLeft && leading != trailing && observation.provenance != .unverified {
            let basis = observation.source.hasPrefix("I from ") ? String(observation.source.dropFirst(7)) : observation.source
            observation = .fact(observation.value!, .inference, "I from A T62, " + basis)
        }
        return observation
    }

    /// Size classes: compact width on the outer display, regular both ways on the inner one. [A T61; M]
    func observeSizeClass() -> Observation {
        if inSplitView {
            // Nobody measured a Split View half (duo-facts E#16); ACC estimates compact × regular.
            guard interfaceOrientation == .landscape else {
                return .unknown("no source gives the size class of a Split View half in portrait")
            }
            return .fact(.text("compact/regular"), .unverified, "U ACC estimate; I compact width")
        }
        switch (display, interfaceOrientation) {
        case (.outer, .portrait): return .fact(.text("compact/regular"), .apple, "A T61; M hSize=1 vSize=2")
        case (.outer, .landscape): return .fact(.text("compact/compact"), .apple, "A T61")
        case (.inner, _): return .fact(.text("regular/regular"), .apple, "A T61; M")
        }
    }
}

/// A scene value the model reports and a matrix can expect (README "A matrix"; facts in Docs/facts.md).
enum Observable: String, CaseIterable, Sendable, Comparable, Codable {
    case display
    case screen
    case screenStale = "screen.stale"
    case sceneSize = "scene.size"
    case sceneSafeArea = "scene.safeArea"
    case sceneSizeClass = "scene.sizeClass"
    case scenePhase = "scene.phase"
    case sceneRecreated = "scene.recreated"
    case statePreserved = "state.preserved"
    case barsAxis = "bars.axis"
    case barsEdge = "bars.edge"
    case barsSide = "bars.side"
    case barsBackground = "bars.background"
    case hingeStatus = "hinge.status"
    case hingeAngle = "hinge.angle"
    case foldRegion = "fold.region"
    case foldAxis = "fold.axis"
    case eventsGeometryUpdates = "events.geometryUpdates"
    case eventsScreenChanges = "events.screenChanges"
    case eventsPhaseChanges = "events.phaseChanges"
    case eventsSessionsDiscarded = "events.sessionsDiscarded"
    case windowsCount = "windows.count"
    case windowsVisible = "windows.visible"
    case newWindowResult = "newWindow.result"
    case newWindowError = "newWindow.error"
    case contentReachable = "content.reachable"
    case accessoryAvailable = "accessory.available"
    case accessoryDisplay = "accessory.display"
    case accessorySize = "accessory.size"
    case accessorySessions = "accessory.sessions"
    case cameraFrontConstituent = "camera.frontConstituent"
    case cameraForwardFacing = "camera.forwardFacing"
    case cameraMirrored = "camera.mirrored"
    case hingeEffectReset = "hingeEffect.reset"
    case regions
    case regionsActive = "regions.active"
    case regionsArrivalPass = "regions.arrivalPass"
    case cameraHoleFrame = "cameraHole.frame"
    case barStripFrame = "barStrip.frame"
    case innerCameraFrame = "innerCamera.frame"
    case foldFrame = "fold.frame"
    case foldLine = "fold.line"
    case foldMargins = "fold.margins"
    case foldBefore = "fold.before"
    case foldAfter = "fold.after"
    case safeAreaCenter = "safeArea.center"
    case contentOverFold = "content.overFold"
    case contentUnderCameraHole = "content.underCameraHole"
    case contentUnderBarStrip = "content.underBarStrip"
    case arrangementDivider = "arrangement.divider"
    case sheetSpan = "sheet.span"
    case margins
    case marginsHorizontalCorner = "margins.horizontalCorner"
    case marginsVerticalCorner = "margins.verticalCorner"
    case barSlotTrailing = "barSlot.trailing"
    case barSlotBottom = "barSlot.bottom"
    case alertSide = "alert.side"
    case controlsHalf = "controls.half"
    case hingeFirstOld = "hinge.firstOld"
    case hingeCalls = "hinge.calls"
    case sceneScaled = "scene.scaled"
    case appSupportsMultipleScenes = "app.supportsMultipleScenes"
    case appSupportsMultipleWindows = "app.supportsMultipleWindows"
    case sheetPresented = "sheet.presented"
    case pipDisplay = "pip.display"
    case newWindowFirstLayout = "newWindow.firstLayout"
    case newWindowSecondLayout = "newWindow.secondLayout"
    case windowSceneStorage = "window.sceneStorage"

    /// The registry: one row per observable, its kind of value and its meaning. The decoder,
    /// `show`, `list`, the README's observable table and Matrices/schema.json all read it (a test
    /// holds the README and the schema to it); the values themselves are the model's, with their
    /// facts in Docs/facts.md.
    var spec: ObservableSpec {
        switch self {
        case .display: ObservableSpec(.choice(["outer", "inner", "none"]), "the display the app's main scene is on")
        case .screen: ObservableSpec(.choice(["primary", "primary-1"]), "the screen's name in the simulator metadata")
        case .screenStale:
            ObservableSpec(.bool, "whether the screen the app uses differs from the one its scene is on (a cached UIScreen)")
        case .sceneSize: ObservableSpec(.size, "the main scene's size in points, width x height")
        case .sceneSafeArea: ObservableSpec(.insets, "the main scene's safe-area insets: top,leading,bottom,trailing")
        case .sceneSizeClass: ObservableSpec(.sizeClass, "horizontal/vertical size class")
        case .scenePhase: ObservableSpec(.choice(["active", "inactive", "background"]), "the main scene's phase")
        case .sceneRecreated: ObservableSpec(.bool, "whether the main scene was torn down and made again during the steps")
        case .statePreserved: ObservableSpec(.bool, "whether the app's state survived the steps")
        case .barsAxis:
            ObservableSpec(.choice(["vertical", "horizontal"]), "whether the bars are vertical (side stack) or horizontal")
        case .barsEdge:
            ObservableSpec(
                .choice(["leading", "trailing", "none"]),
                "the vertical bar's edge in layout terms (leading/trailing), none for horizontal bars")
        case .barsSide:
            ObservableSpec(
                .choice(["left", "right", "top", "bottom"]),
                "the physical side of the bars: the vertical strip's side, or bottom for horizontal bars")
        case .barsBackground: ObservableSpec(.bool, "whether the bars draw a background")
        case .hingeStatus:
            ObservableSpec(.choice(["closed", "partiallyOpen", "fullyOpen", "none"]), "the hinge status the app is told")
        case .hingeAngle: ObservableSpec(.number, "the hinge angle the app is told, in degrees")
        case .foldRegion:
            ObservableSpec(
                .choice(["none", "inactive", "active"]), "the division (fold) reserved region: none, inactive or active")
        case .foldAxis:
            ObservableSpec(.choice(["vertical", "horizontal", "none"]), "the direction of the fold line across the scene")
        case .eventsGeometryUpdates: ObservableSpec(.count, "effective-geometry updates to the app's windows during the steps")
        case .eventsScreenChanges: ObservableSpec(.count, "moves of the app's windows between screens during the steps")
        case .eventsPhaseChanges: ObservableSpec(.count, "phase changes of the app's windows during the steps")
        case .eventsSessionsDiscarded: ObservableSpec(.count, "scene sessions discarded during the steps")
        case .windowsCount: ObservableSpec(.count, "app windows connected")
        case .windowsVisible: ObservableSpec(.count, "app windows visible")
        case .newWindowResult:
            ObservableSpec(
                .choice(["opened", "failed", "alternate", "hidden", "ignored", "crashed"]),
                "what became of the last new-window request")
        case .newWindowError:
            ObservableSpec(
                .choice(["none", "multipleScenesNotSupported", "requestDenied"]), "the error the last new-window request reported"
            )
        case .contentReachable: ObservableSpec(.bool, "whether what the person asked for is shown somewhere")
        case .accessoryAvailable: ObservableSpec(.bool, "whether the camera capture accessory is available")
        case .accessoryDisplay: ObservableSpec(.choice(["outer", "inner", "none"]), "the display the accessory scene is on")
        case .accessorySize: ObservableSpec(.size, "the accessory scene's size in points")
        case .accessorySessions: ObservableSpec(.count, "accessory sessions created during the steps")
        case .cameraFrontConstituent:
            ObservableSpec(.choice(["inner", "outer", "none"]), "the camera the virtual front camera streams from")
        case .cameraForwardFacing: ObservableSpec(.list, "the cameras facing the person, sorted")
        case .cameraMirrored:
            ObservableSpec(.bool, "whether every preview (the app's and the accessory's) is mirrored correctly for its direction")
        case .hingeEffectReset: ObservableSpec(.bool, "whether a hinge-driven effect was reset outside the partially open status")
        case .regions:
            ObservableSpec(
                .names(ReservedRegion.Name.allCases.map(\.rawValue)),
                "the reserved regions present, active or not: barStrip, cameraHole, fold, innerCamera")
        case .regionsActive:
            ObservableSpec(.names(ReservedRegion.Name.allCases.map(\.rawValue)), "the reserved regions that are active")
        case .regionsArrivalPass:
            ObservableSpec(.count, "the layout pass on which the reserved regions arrive (the first three see none)")
        case .cameraHoleFrame: ObservableSpec(.frame, "the outer camera hole's frame, x,y,width,height in the scene, or none")
        case .barStripFrame: ObservableSpec(.frame, "the side bar strip's frame, x,y,width,height in the scene, or none")
        case .innerCameraFrame: ObservableSpec(.frame, "the inner camera's frame, x,y,width,height in the scene, or none")
        case .foldFrame: ObservableSpec(.frame, "the fold (division region) frame with its margins, x,y,width,height, or none")
        case .foldLine: ObservableSpec(.frame, "the zero-width fold line, x,y,width,height, or none")
        case .foldMargins: ObservableSpec(.number, "the fold frame's margin on each side of the line, in points")
        case .foldBefore: ObservableSpec(.number, "the safe area's width before the fold frame (its leading side), in points")
        case .foldAfter: ObservableSpec(.number, "the safe area's width after the fold frame (its trailing side), in points")
        case .safeAreaCenter:
            ObservableSpec(
                .number, "how far the safe area's middle lies from the crease, in points, negative toward the leading edge")
        case .contentOverFold:
            ObservableSpec(.bool, "whether the app's content spans an active fold (app.layout.readsReservedRegions keeps it off)")
        case .contentUnderCameraHole:
            ObservableSpec(.bool, "whether the app's content lies under the outer camera hole (app.layout.centersIn bounds)")
        case .contentUnderBarStrip:
            ObservableSpec(.bool, "whether the app's content lies under the side bar strip (app.layout.centersIn bounds)")
        case .arrangementDivider:
            ObservableSpec(.number, "the leading pane's width when a split arrangement's divider sits on the fold, in points")
        case .sheetSpan: ObservableSpec(.span, "the horizontal span of a default page sheet, from-to in points")
        case .margins: ObservableSpec(.insets, "the layout margins guide's insets: top,leading,bottom,trailing")
        case .marginsHorizontalCorner:
            ObservableSpec(.insets, "the margins guide's insets with cornerAdaptation .horizontal: top,leading,bottom,trailing")
        case .marginsVerticalCorner:
            ObservableSpec(.insets, "the margins guide's insets with cornerAdaptation .vertical: top,leading,bottom,trailing")
        case .barSlotTrailing:
            ObservableSpec(.span, "the horizontal span of the trailing bar slot guide (extent 56), from-to in points")
        case .barSlotBottom:
            ObservableSpec(.span, "the vertical span of the bottom bar slot guide (extent 56), from-to in points")
        case .alertSide: ObservableSpec(.choice(["leading", "trailing"]), "the side of the fold alerts go to")
        case .controlsHalf:
            ObservableSpec(.choice(["top", "bottom"]), "the half of the display system components move interactive elements to")
        case .hingeFirstOld:
            ObservableSpec(
                .choice(["nil", "closed", "partiallyOpen", "fullyOpen"]),
                "the old value the first hinge callback after launch carries")
        case .hingeCalls:
            ObservableSpec(.span, "hinge callbacks with equal old and new values during the last step, when it moved the hinge")
        case .sceneScaled: ObservableSpec(.bool, "whether the system scales the app (UIRequiresFullScreen on the inner display)")
        case .appSupportsMultipleScenes: ObservableSpec(.bool, "UIApplication.supportsMultipleScenes as the system reports it")
        case .appSupportsMultipleWindows: ObservableSpec(.bool, "UIApplication.supportsMultipleWindows as the system reports it")
        case .sheetPresented: ObservableSpec(.bool, "whether the sheet the app presented (presentSheet) is still up")
        case .pipDisplay:
            ObservableSpec(.choice(["outer", "inner", "none"]), "the display picture in picture shows on, none before startPiP")
        case .newWindowFirstLayout: ObservableSpec(.size, "the size a new window first lays out at, before it settles")
        case .newWindowSecondLayout: ObservableSpec(.size, "the size a new window lays out at next, after newWindow.firstLayout")
        case .windowSceneStorage:
            ObservableSpec(
                .choice(["kept", "fresh", "restored"]),
                "the @SceneStorage of the window opened or brought back last: kept (its own), fresh (defaults) or restored")
        }
    }

    /// The kind of value the observable takes, which decides how expectations are read.
    var kind: ValueKind { spec.kind }

    /// A one-line meaning for `duo-pose show` and the schema.
    var summary: String { spec.summary }

    static func < (lhs: Observable, rhs: Observable) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// One observable's row in the registry.
struct ObservableSpec: Sendable {
    /// How its values are written and compared.
    let kind: ValueKind
    /// A one-line meaning.
    let summary: String

    init(_ kind: ValueKind, _ summary: String) {
        self.kind = kind
        self.summary = summary
    }
}

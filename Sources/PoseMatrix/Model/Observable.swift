/// A scene value the model reports and a matrix can expect (README "A matrix"; facts in Docs/facts.md).
public enum Observable: String, CaseIterable, Sendable, Comparable, Codable {
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

    /// The kind of value the observable takes, which decides how expectations are read.
    public var kind: ValueKind {
        switch self {
        case .display, .accessoryDisplay: .choice(["outer", "inner", "none"])
        case .screen: .choice(["primary", "primary-1"])
        case .sceneSize, .accessorySize: .size
        case .sceneSafeArea: .insets
        case .sceneSizeClass: .sizeClass
        case .scenePhase: .choice(["active", "inactive", "background"])
        case .barsAxis: .choice(["vertical", "horizontal"])
        case .barsEdge: .choice(["leading", "trailing", "none"])
        case .barsSide: .choice(["left", "right", "top", "bottom"])
        case .hingeStatus: .choice(["closed", "partiallyOpen", "fullyOpen", "none"])
        case .hingeAngle: .number
        case .foldRegion: .choice(["none", "inactive", "active"])
        case .foldAxis: .choice(["vertical", "horizontal", "none"])
        case .eventsGeometryUpdates, .eventsScreenChanges, .eventsPhaseChanges, .eventsSessionsDiscarded,
            .windowsCount, .windowsVisible, .accessorySessions:
            .count
        case .newWindowResult: .choice(["opened", "failed", "alternate", "hidden", "ignored", "crashed"])
        case .newWindowError: .choice(["none", "multipleScenesNotSupported", "requestDenied"])
        case .cameraFrontConstituent: .choice(["inner", "outer", "none"])
        case .cameraForwardFacing: .list
        case .regions, .regionsActive: .names(ReservedRegion.Name.allCases.map(\.rawValue))
        case .regionsArrivalPass: .count
        case .cameraHoleFrame, .barStripFrame, .innerCameraFrame, .foldFrame, .foldLine: .frame
        case .foldMargins, .foldBefore, .foldAfter, .safeAreaCenter, .arrangementDivider: .number
        case .contentOverFold, .contentUnderCameraHole, .contentUnderBarStrip: .bool
        case .sheetSpan, .hingeCalls, .barSlotTrailing, .barSlotBottom: .span
        case .margins, .marginsHorizontalCorner, .marginsVerticalCorner: .insets
        case .hingeFirstOld: .choice(["nil", "closed", "partiallyOpen", "fullyOpen"])
        case .sceneScaled, .appSupportsMultipleScenes, .appSupportsMultipleWindows, .sheetPresented: .bool
        case .pipDisplay: .choice(["outer", "inner", "none"])
        case .newWindowFirstLayout, .newWindowSecondLayout: .size
        case .windowSceneStorage: .choice(["kept", "fresh", "restored"])
        case .alertSide: .choice(["leading", "trailing"])
        case .controlsHalf: .choice(["top", "bottom"])
        case .sceneRecreated, .statePreserved, .screenStale, .barsBackground, .contentReachable, .accessoryAvailable,
            .cameraMirrored, .hingeEffectReset:
            .bool
        }
    }

    /// A one-line meaning for `duo-pose show` and the schema.
    public var summary: String {
        switch self {
        case .display: "the display the app's main scene is on"
        case .screen: "the screen's name in the simulator metadata"
        case .screenStale: "whether the screen the app uses differs from the one its scene is on (a cached UIScreen)"
        case .sceneSize: "the main scene's size in points, width x height"
        case .sceneSafeArea: "the main scene's safe-area insets: top,leading,bottom,trailing"
        case .sceneSizeClass: "horizontal/vertical size class"
        case .scenePhase: "the main scene's phase"
        case .sceneRecreated: "whether the main scene was torn down and made again during the steps"
        case .statePreserved: "whether the app's state survived the steps"
        case .barsAxis: "whether the bars are vertical (side stack) or horizontal"
        case .barsEdge: "the vertical bar's edge in layout terms (leading/trailing), none for horizontal bars"
        case .barsSide: "the physical side of the bars: the vertical strip's side, or bottom for horizontal bars"
        case .barsBackground: "whether the bars draw a background"
        case .hingeStatus: "the hinge status the app is told"
        case .hingeAngle: "the hinge angle the app is told, in degrees"
        case .foldRegion: "the division (fold) reserved region: none, inactive or active"
        case .foldAxis: "the direction of the fold line across the scene"
        case .eventsGeometryUpdates: "effective-geometry updates to the app's windows during the steps"
        case .eventsScreenChanges: "moves of the app's windows between screens during the steps"
        case .eventsPhaseChanges: "phase changes of the app's windows during the steps"
        case .eventsSessionsDiscarded: "scene sessions discarded during the steps"
        case .windowsCount: "app windows connected"
        case .windowsVisible: "app windows visible"
        case .newWindowResult: "what became of the last new-window request"
        case .newWindowError: "the error the last new-window request reported"
        case .contentReachable: "whether what the person asked for is shown somewhere"
        case .accessoryAvailable: "whether the camera capture accessory is available"
        case .accessoryDisplay: "the display the accessory scene is on"
        case .accessorySize: "the accessory scene's size in points"
        case .accessorySessions: "accessory sessions created during the steps"
        case .cameraFrontConstituent: "the camera the virtual front camera streams from"
        case .cameraForwardFacing: "the cameras facing the person, sorted"
        case .cameraMirrored: "whether every preview (the app's and the accessory's) is mirrored correctly for its direction"
        case .hingeEffectReset: "whether a hinge-driven effect was reset outside the partially open status"
        case .regions: "the reserved regions present, active or not: barStrip, cameraHole, fold, innerCamera"
        case .regionsActive: "the reserved regions that are active"
        case .regionsArrivalPass: "the layout pass on which the reserved regions arrive (the first three see none)"
        case .cameraHoleFrame: "the outer camera hole's frame, x,y,width,height in the scene, or none"
        case .barStripFrame: "the side bar strip's frame, x,y,width,height in the scene, or none"
        case .innerCameraFrame: "the inner camera's frame, x,y,width,height in the scene, or none"
        case .foldFrame: "the fold (division region) frame with its margins, x,y,width,height, or none"
        case .foldLine: "the zero-width fold line, x,y,width,height, or none"
        case .foldMargins: "the fold frame's margin on each side of the line, in points"
        case .foldBefore: "the safe area's width before the fold frame (its leading side), in points"
        case .foldAfter: "the safe area's width after the fold frame (its trailing side), in points"
        case .contentOverFold: "whether the app's content spans an active fold (app.layout.readsReservedRegions keeps it off)"
        case .contentUnderCameraHole: "whether the app's content lies under the outer camera hole (app.layout.centersIn bounds)"
        case .contentUnderBarStrip: "whether the app's content lies under the side bar strip (app.layout.centersIn bounds)"
        case .arrangementDivider: "the leading pane's width when a split arrangement's divider sits on the fold, in points"
        case .sheetSpan: "the horizontal span of a default page sheet, from-to in points"
        case .margins: "the layout margins guide's insets: top,leading,bottom,trailing"
        case .marginsHorizontalCorner: "the margins guide's insets with cornerAdaptation .horizontal: top,leading,bottom,trailing"
        case .marginsVerticalCorner: "the margins guide's insets with cornerAdaptation .vertical: top,leading,bottom,trailing"
        case .barSlotTrailing: "the horizontal span of the trailing bar slot guide (extent 56), from-to in points"
        case .barSlotBottom: "the vertical span of the bottom bar slot guide (extent 56), from-to in points"
        case .alertSide: "the side of the fold alerts go to"
        case .controlsHalf: "the half of the display system components move interactive elements to"
        case .hingeFirstOld: "the old value the first hinge callback after launch carries"
        case .hingeCalls: "hinge callbacks with equal old and new values during the last step, when it moved the hinge"
        case .sceneScaled: "whether the system scales the app (UIRequiresFullScreen on the inner display)"
        case .appSupportsMultipleScenes: "UIApplication.supportsMultipleScenes as the system reports it"
        case .appSupportsMultipleWindows: "UIApplication.supportsMultipleWindows as the system reports it"
        case .sheetPresented: "whether the sheet the app presented (presentSheet) is still up"
        case .pipDisplay: "the display picture in picture shows on, none before startPiP"
        case .newWindowFirstLayout: "the size a new window first lays out at, before it settles"
        case .newWindowSecondLayout: "the size a new window lays out at next, after newWindow.firstLayout"
        case .windowSceneStorage:
            "the @SceneStorage of the window opened or brought back last: kept (its own), fresh (defaults) or restored"
        case .safeAreaCenter: "how far the safe area's middle lies from the crease, in points, negative toward the leading edge"
        }
    }

    public static func < (lhs: Observable, rhs: Observable) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// How an observable's values are written and compared.
public enum ValueKind: Sendable, Equatable {
    case choice([String])
    case size
    case insets
    case sizeClass
    case bool
    case number
    case count
    case list
    /// An array of names from a fixed set, compared as a set.
    case names([String])
    /// A frame `x,y,width,height` in points, or `none`.
    case frame
    /// A span of numbers `from-to`, such as `8-467` or `7-10`.
    case span

    /// Whether `>=` and `<=` apply.
    public var isNumeric: Bool { self == .number || self == .count }

    /// What a value of this kind looks like, for messages.
    public var expectation: String {
        switch self {
        case .choice(let values): "one of " + values.map { quoted($0) }.joined(separator: ", ")
        case .size: "a size such as \"466x678\" or \"475.5x669\""
        case .insets: "insets such as \"0,0,34,84\" (top,leading,bottom,trailing)"
        case .sizeClass: "a size class such as \"compact/regular\""
        case .bool: "true or false"
        case .number: "a number"
        case .count: "a whole number of 0 or more"
        case .list: "an array of strings"
        case .names(let names): "an array of " + names.map { quoted($0) }.joined(separator: ", ")
        case .span: "a span such as \"8-467\" (from-to)"
        case .frame: "a frame such as \"455.5,0,40,669\" (x,y,width,height) or \"none\""
        }
    }
}

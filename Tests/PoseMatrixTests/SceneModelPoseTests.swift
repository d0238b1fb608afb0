import Testing

@testable import PoseMatrix

extension App {
    /// An app with one choice changed from the defaults.
    static func with(_ change: (inout App) -> Void) -> App {
        var app = App()
        change(&app)
        return app
    }

    static func newWindow(_ via: NewWindow.Via, alternate: NewWindow.Fallback = .none, errorHandler: NewWindow.Fallback = .none)
        -> App
    {
        App.with {
            $0.multipleScenes = true
            $0.newWindow = NewWindow(via: via, alternate: alternate, errorHandler: errorHandler)
        }
    }
    static let cameraApp = App.with {
        $0.cameraAccessory.registeredOn = .cameraView
        $0.cameraAccessory.capture = .running
        $0.camera.uses = .virtualFront
    }
    static func camera(
        _ uses: Camera.Uses, _ mirroring: Camera.Mirroring, registeredOn: CameraAccessory.RegisteredOn = .cameraView
    )
        -> App
    {
        App.with {
            $0.cameraAccessory.registeredOn = registeredOn
            $0.camera = Camera(uses: uses, mirroring: mirroring)
        }
    }
}

typealias Fact = SceneModelTests.Fact

/// Facts of P7–P10 and P13, and section E's conflicts in both profiles, each named after its source key.
@Suite("Scene model, transitions, windows and cameras")
struct SceneModelPoseTests {
    static let p7: [Step] = [.open, .book, .open, .close]
    static let p8: [Step] = [.open, .splitView(.left)]
    static let p10: [Step] = [.open, .startCapture, .close, .open]

    static let transitions: [Fact] = [
        Fact(
            name: "[I from A DocUIK] landscape left then right: two interface orientations, two geometry updates",
            steps: [.rotate(.landscapeLeft), .rotate(.landscapeRight)], profile: .device, observable: .eventsGeometryUpdates,
            value: "2", provenance: .inference, source: "I from A DocUIK: effective geometry includes the orientation"),
        Fact(
            name: "[I from A DocUIK] landscape left twice: one update",
            steps: [.rotate(.landscapeLeft), .rotate(.landscapeLeft)],
            profile: .device, observable: .eventsGeometryUpdates, value: "1", provenance: .inference,
            source: "I from A DocUIK: effective geometry includes the orientation"),
        Fact(
            name: "[A DocUIK] opening moves the scene between screens once", steps: [.open], observable: .eventsScreenChanges,
            value: "1", provenance: .apple, source: "A DocUIK; M S0"),
        Fact(
            name: "[A DocUIK] opening sends exactly one geometry update", steps: [.open], observable: .eventsGeometryUpdates,
            value: "1", provenance: .apple, source: "A DocUIK; M S0"),
        Fact(
            name: "[M AX-PR] flat to book to flat adds no geometry update to the opening's one", steps: [.open, .book, .open],
            observable: .eventsGeometryUpdates, value: "1", provenance: .measured, source: "M AX-PR, S0"),
        Fact(
            name: "[M AX-PR, S0] on a device, none on a fold was measured in the simulator only", steps: [.open, .book],
            profile: .device, observable: .eventsGeometryUpdates, value: "1", provenance: .inference,
            source: "I from M AX-PR, S0 (simulator)"),
        Fact(
            name: "[A DocUIK] on a device, opening alone is Apple's word", steps: [.open], profile: .device,
            observable: .eventsGeometryUpdates, value: "1", provenance: .apple, source: "A DocUIK; M S0"),
        Fact(
            name: "[A T62] on a device the vertical bar's trailing edge is Apple's word", steps: [.open], profile: .device,
            observable: .barsEdge, value: "trailing", provenance: .apple, source: "A T62"),
        Fact(
            name: "[M AX-PR] in the simulator the trailing edge was measured", steps: [.open],
            observable: .barsEdge, value: "trailing", provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M S0] the scene stays active through close and open", steps: p7, observable: .eventsPhaseChanges, value: "0",
            provenance: .measured, source: "M AX-PR, S0"),
        Fact(
            name: "[M S0] P7 ends active", steps: p7, observable: .scenePhase, value: "active", provenance: .measured,
            source: "M S0"),
        Fact(
            name: "[A T61] a fold never recreates the scene", steps: p7, observable: .sceneRecreated, value: "false",
            provenance: .apple, source: "A T61, A-fwd 847644; M S0"),
        Fact(
            name: "[A-fwd 848042] work survives closing and opening", steps: p7, observable: .statePreserved, value: "true",
            provenance: .apple, source: "A-fwd 848042, 848034 via AX-PTMd; M AX-PR"),
        Fact(
            name: "[I from M S0] an app that saves on inactive loses work across P7", steps: p7,
            app: .with { $0.state.savesOn = .inactive }, observable: .statePreserved, value: "false", provenance: .inference,
            source: "I from M S0: no .inactive on a fold; saves on inactive"),
        Fact(
            name: "[I from A T61] a cached UIScreen goes stale when the phone opens", steps: [.open],
            app: .with { $0.state.cachesScreen = true }, observable: .screenStale, value: "true", provenance: .inference,
            source: "I from A T61: UIScreen cached at launch"),
        Fact(
            name: "[A T61] windowScene.screen never goes stale", steps: [.open], observable: .screenStale, value: "false",
            provenance: .apple, source: "A T61: the app reads windowScene.screen"),
        Fact(
            name: "[M S0] going to the background is inactive, then background", steps: [.background],
            observable: .eventsPhaseChanges, value: "2", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0, E#14] the simulator adds two geometry updates on backgrounding", steps: [.background],
            observable: .eventsGeometryUpdates, value: "2", provenance: .measured, source: "M S0: 5 of 6 runs"),
        Fact(
            name: "[A DocUIK, E#14] the device adds none on backgrounding", steps: [.background], profile: .device,
            observable: .eventsGeometryUpdates, value: "0", provenance: .inference, source: "I from M AX-PR, S0 (simulator)"),
        Fact(
            name: "[M S0] a relaunch makes a new scene", steps: [.relaunch], observable: .sceneRecreated, value: "true",
            provenance: .measured, source: "M S0, AX-PTMd: relaunched"),
        Fact(
            name: "[I] a relaunch before a save loses work", steps: [.relaunch], observable: .statePreserved, value: "false",
            provenance: .inference, source: "I from M S0: no .inactive on a fold; saves on background"),
        Fact(
            name: "[S0 rule 7] saving on background keeps work across a relaunch", steps: [.background, .relaunch],
            observable: .statePreserved, value: "true", provenance: .inference,
            source: "A-fwd 848042, 848034 via AX-PTMd; M AX-PR"),
        Fact(
            name: "[S2] a hinge effect that is never reset stays stale once open", steps: [.open],
            app: .with { $0.hingeEffect.resetsOutsidePartiallyOpen = false }, observable: .hingeEffectReset, value: "false",
            provenance: .inference, source: "I from A UIKit header via AX-SRC; S2"),
        Fact(
            name: "[S2] a hinge effect may stay while partially open", steps: [.open, .book],
            app: .with { $0.hingeEffect.resetsOutsidePartiallyOpen = false }, observable: .hingeEffectReset, value: "true",
            provenance: .inference, source: "I from A UIKit header via AX-SRC; S2"),
        Fact(
            name: "[S2] a hinge effect with an else branch is reset", steps: p7, observable: .hingeEffectReset, value: "true",
            provenance: .inference, source: "I from A UIKit header via AX-SRC; S2"),
    ]

    static let splitView: [Fact] = [
        Fact(
            name: "[A T66, E#18] Split View halves the inner display", steps: p8, observable: .sceneSize, value: "475.5x669",
            provenance: .inference, source: "I from A T66: half of 951x669"),
        Fact(
            name: "[A T66, E#18] Split View halves the inner display on the device too", steps: p8, profile: .device,
            observable: .sceneSize, value: "475.5x669", provenance: .inference, source: "I from A T66: half of 951x669"),
        Fact(
            name: "[A T66, HIG] the left half keeps its bars on the left", steps: p8, observable: .barsSide, value: "left",
            provenance: .apple, source: "A T66, HIG: each app's bars on its outer edge"),
        Fact(
            name: "[A T66, HIG] the right half keeps its bars on the right", steps: [.open, .splitView(.right)],
            observable: .barsSide, value: "right", provenance: .apple, source: "A T66, HIG: each app's bars on its outer edge"),
        Fact(
            name: "[I from A T66] the left half's bar edge is leading", steps: p8, observable: .barsEdge, value: "leading",
            provenance: .inference, source: "I from A T66: the bar on the half's outer edge"),
        Fact(
            name: "[A T61] the left half's safe area is asymmetric", steps: p8, observable: .sceneSafeArea, value: "0,84,34,0",
            provenance: .inference, source: "I from A T61, T66 and M AX-DGb"),
        Fact(
            name: "[U ACC, E#16] a half is compact width in the simulator profile", steps: p8, observable: .sceneSizeClass,
            value: "compact/regular", provenance: .unverified, source: "U ACC estimate; I compact width"),
        Fact(
            name: "[U ACC, E#16] a half is compact width in the device profile", steps: p8, profile: .device,
            observable: .sceneSizeClass, value: "compact/regular", provenance: .unverified,
            source: "U ACC estimate; I compact width"),
        Fact(
            name: "[A T64] the accessory is unavailable in Split View", steps: [.open, .startCapture, .splitView(.left)],
            app: .cameraApp, observable: .accessoryAvailable, value: "false", provenance: .inference,
            source: "I from A T64, DocCCA (device rule): the app is not full screen"),
        Fact(
            name: "[U S0] after closing from Split View no source says which window is in front", steps: p8 + [.close],
            observable: .sceneSize, value: "", provenance: .unverified,
            source:
                "no source says which Split View window moves to the outer display on close (U S0), so none gives scene.size after it"
        ),
        Fact(
            name: "[U S0] after closing from Split View the display is unknown too", steps: p8 + [.close],
            observable: .display, value: "", provenance: .unverified,
            source:
                "no source says which Split View window moves to the outer display on close (U S0), so none gives display after it"
        ),
        Fact(
            name: "[I] Split View adds no screen change to the opening's one", steps: [.open, .splitView(.left)],
            observable: .eventsScreenChanges, value: "1", provenance: .apple, source: "A DocUIK; M S0"),
        Fact(
            name: "[I] Split View adds one geometry update to the opening's one", steps: [.open, .splitView(.left)],
            observable: .eventsGeometryUpdates, value: "2", provenance: .inference,
            source: "I from A T64, T66: the scene resizes to its half"),
    ]

    static let windows: [Fact] = [
        Fact(
            name: "[M S0] two new windows on one fact cite it once (it read \"M S0; M S0\")",
            steps: [.open, .newWindow, .newWindow], app: .newWindow(.openWindow), observable: .contentReachable, value: "true",
            provenance: .measured, source: "M S0"),
        Fact(
            name: "[A T64, E#1] the device refuses a new window on the outer display", steps: [.newWindow], profile: .device,
            app: .newWindow(.activateSceneSession, errorHandler: .showInPlace), observable: .newWindowResult, value: "alternate",
            provenance: .apple, source: "A T64 refuses; the handler shows it in place"),
        Fact(
            name: "[U, E#1] the device's error code is likely multipleScenesNotSupported", steps: [.newWindow], profile: .device,
            app: .newWindow(.activateSceneSession, errorHandler: .showInPlace), observable: .newWindowError,
            value: "multipleScenesNotSupported", provenance: .unverified, source: "U: the code a device returns; A DocUIK"),
        Fact(
            name: "[I AX-DC] without an error handler the request silently fails on the device", steps: [.newWindow],
            profile: .device, app: .newWindow(.activateSceneSession), observable: .contentReachable, value: "false",
            provenance: .inference, source: "A T64 refuses; I AX-DC: fails silently"),
        Fact(
            name: "[M S0, E#1] the closed simulator opens the new window", steps: [.newWindow],
            app: .newWindow(.activateSceneSession), observable: .newWindowResult, value: "opened", provenance: .measured,
            source: "M S0"),
        Fact(
            name: "[M S0, E#2] the simulator's new window replaces the visible one", steps: [.newWindow],
            app: .newWindow(.openWindow), observable: .windowsVisible, value: "1", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] the replaced window stays connected", steps: [.newWindow], app: .newWindow(.openWindow),
            observable: .windowsCount, value: "2", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] the replaced window goes inactive, then background", steps: [.newWindow], app: .newWindow(.openWindow),
            observable: .eventsPhaseChanges, value: "2", provenance: .measured, source: "M S0"),
        Fact(
            name: "[A doc via S0] openWindow is ignored on the device's outer display", steps: [.newWindow], profile: .device,
            app: .newWindow(.openWindow), observable: .newWindowResult, value: "ignored", provenance: .apple,
            source: "A T64; A doc via S0: no error callback"),
        Fact(
            name: "[A T64] the device opens a new window on the inner display", steps: [.open, .newWindow], profile: .device,
            app: .newWindow(.openWindow), observable: .windowsCount, value: "2", provenance: .apple, source: "A T64"),
        Fact(
            name: "[E#2] where the device puts a new window is unknown", steps: [.open, .newWindow], profile: .device,
            app: .newWindow(.openWindow), observable: .windowsVisible, value: "", provenance: .unverified,
            source: "no source says whether a device shows a new window beside the old one (duo-facts E#2)"),
        Fact(
            name: "[A T64, E#3] ActivationAction hides itself on the device's outer display", steps: [.newWindow],
            profile: .device, app: .newWindow(.activationAction), observable: .newWindowResult, value: "hidden",
            provenance: .apple, source: "A T64, DocUIK; M S0"),
        Fact(
            name: "[M S0, E#3] ActivationAction is missing on the closed simulator", steps: [.newWindow],
            app: .newWindow(.activationAction), observable: .newWindowResult, value: "hidden", provenance: .apple,
            source: "A T64, DocUIK; M S0"),
        Fact(
            name: "[M S0] the alternate replaces a hidden ActivationAction", steps: [.newWindow],
            app: .newWindow(.activationAction, alternate: .showInPlace), observable: .newWindowResult, value: "alternate",
            provenance: .apple, source: "A T64, DocUIK; M S0"),
        Fact(
            name: "[E#3] ActivationAction opens on the inner display in both profiles", steps: [.open, .newWindow],
            profile: .device, app: .newWindow(.activationAction), observable: .newWindowResult, value: "opened",
            provenance: .apple, source: "A T64: new windows on the inner display"),
        Fact(
            name: "[A T64] a hidden action without an alternate leaves the content unreachable", steps: [.newWindow],
            app: .newWindow(.activationAction), observable: .contentReachable, value: "false", provenance: .apple,
            source: "A T64, DocUIK; M S0"),
        Fact(
            name: "[M S0, E#13] the short form crashes in the simulator", steps: [.open, .newWindow],
            app: .with {
                $0.multipleScenes = true
                $0.newWindow = .init(via: .activationAction, shortForm: true)
            }, observable: .newWindowResult, value: "crashed", provenance: .measured,
            source: "M S0: the short form raises at run time"),
        Fact(
            name: "[M S0, E#13] after the crash nothing is reachable, on the device too", steps: [.open, .newWindow],
            profile: .device,
            app: .with {
                $0.multipleScenes = true
                $0.newWindow = .init(via: .activationAction, shortForm: true)
            }, observable: .contentReachable, value: "false", provenance: .inference,
            source: "I from M S0: the app crashed (simulator)"),
        Fact(
            name: "[A DocUIK] an app without the scene manifest key gets multipleScenesNotSupported", steps: [.open, .newWindow],
            app: .with { $0.newWindow = .init(via: .activateSceneSession, errorHandler: .showInPlace) },
            observable: .newWindowError, value: "multipleScenesNotSupported", provenance: .apple, source: "A DocUIK"),
        Fact(
            name: "[I from M S0] the windows axis adds a window in the background", steps: [.open, .newWindow],
            app: .newWindow(.openWindow), windows: 2, observable: .windowsCount, value: "3", provenance: .measured, source: "M S0"
        ),
    ]

    static let accessory: [Fact] = [
        Fact(
            name: "[A DocCCA] the accessory appears fully open while capturing on the camera view",
            steps: [.open, .startCapture], profile: .device, app: .cameraApp, observable: .accessoryAvailable, value: "true",
            provenance: .apple, source: "A T64, DocCCA: every condition holds"),
        Fact(
            name: "[A DocCCA, E#4] the device needs a running capture session", steps: [.open, .startCapture], profile: .device,
            app: .camera(.virtualFront, .byDirection).changing { $0.cameraAccessory.capture = .stopped },
            observable: .accessoryAvailable, value: "false", provenance: .apple,
            source: "A T64, DocCCA: no capture session is running"),
        Fact(
            name: "[M S0, E#4] the simulator shows the accessory without capture", steps: [.open, .startCapture],
            app: .camera(.virtualFront, .byDirection).changing { $0.cameraAccessory.capture = .stopped },
            observable: .accessoryAvailable, value: "true", provenance: .measured, source: "M S0"),
        Fact(
            name: "[E#5] in book pose no source gives the accessory's availability on the device",
            steps: [.open, .startCapture, .book], profile: .device, app: .cameraApp, observable: .accessoryAvailable,
            value: "", provenance: .unverified,
            source: "no source gives accessory.available while the device is partially open (duo-facts E#5)"),
        Fact(
            name: "[E#5] in book pose no source gives the accessory's availability in the simulator",
            steps: [.open, .startCapture, .book], app: .cameraApp, observable: .accessoryAvailable, value: "",
            provenance: .unverified,
            source: "no source gives accessory.available while the device is partially open (duo-facts E#5)"),
        Fact(
            name: "[E#5] after book pose the accessory's session count is unknown", steps: [.open, .startCapture, .book, .open],
            app: .cameraApp, observable: .accessorySessions, value: "", provenance: .unverified,
            source: "accessory availability was unknown during the steps (partially open), so its sessions are unknown"),
        Fact(
            name: "[M S0] the accessory is on the outer display", steps: [.open, .startCapture], app: .cameraApp,
            observable: .accessoryDisplay, value: "outer", provenance: .measured, source: "M S0: on the outer display"),
        Fact(
            name: "[I from M S0] while capturing, the accessory scene is 466x678", steps: [.open, .startCapture], app: .cameraApp,
            observable: .accessorySize, value: "466x678", provenance: .inference,
            source: "I from M S0 (simulator, measured without capture only)"),
        Fact(
            name: "[M S0] closing discards the accessory session", steps: [.open, .startCapture, .close], app: .cameraApp,
            observable: .eventsSessionsDiscarded, value: "1", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] reopening makes a new accessory session", steps: p10, app: .cameraApp, observable: .accessorySessions,
            value: "2", provenance: .measured, source: "M S0: a new session on every return"),
        Fact(
            name: "[M S0] launched closed, the accessory stays unavailable", steps: [.startCapture], app: .cameraApp,
            observable: .accessoryAvailable, value: "false", provenance: .measured, source: "M S0: the device is closed"),
        Fact(
            name: "[M S0] a second window in front withdraws the accessory", steps: [.open, .startCapture, .newWindow],
            app: .cameraApp.changing {
                $0.multipleScenes = true
                $0.newWindow.via = .openWindow
            }, observable: .accessoryAvailable, value: "false", provenance: .measured,
            source: "M S0: the registering window is not in front"),
        Fact(
            name: "[A DocCCA] leaving the foreground withdraws the accessory", steps: [.open, .startCapture, .background],
            profile: .device, app: .cameraApp, observable: .accessoryAvailable, value: "false", provenance: .apple,
            source: "A T64, DocCCA: the app is not in the foreground"),
        Fact(
            name: "[A DocCCA] coming back restores it", steps: [.open, .startCapture, .background, .foreground], profile: .device,
            app: .cameraApp, observable: .accessoryAvailable, value: "true", provenance: .apple,
            source: "A T64, DocCCA: every condition holds"),
        Fact(
            name: "[S0 rule 6] registered on the root view, the simulator shows it before the camera", steps: [.open],
            app: .camera(.virtualFront, .byDirection, registeredOn: .rootView), observable: .accessoryAvailable, value: "true",
            provenance: .measured, source: "M S0"),
        Fact(
            name: "[A DocCCA] registered on the camera view, it waits for the camera", steps: [.open], app: .cameraApp,
            observable: .accessoryAvailable, value: "false", provenance: .inference,
            source: "I from A T64, DocCCA (device rule): the registering view is not on screen"),
    ]

    static let cameras: [Fact] = [
        Fact(
            name: "[A T65] the virtual front camera streams from the inner camera when open", steps: [.startCapture, .open],
            profile: .device, app: .cameraApp, observable: .cameraFrontConstituent, value: "inner", provenance: .apple,
            source: "A T65"),
        Fact(
            name: "[A T65] and from the outer camera when closed", steps: [.startCapture, .open, .close], profile: .device,
            app: .cameraApp, observable: .cameraFrontConstituent, value: "outer", provenance: .apple, source: "A T65"),
        Fact(
            name: "[A T65] closed, the outer front camera faces the person", steps: [], profile: .device, app: .cameraApp,
            observable: .cameraForwardFacing, value: "[outerFront]", provenance: .apple, source: "A T65"),
        Fact(
            name: "[A T65] open, the inner camera faces the person", steps: [.open], profile: .device, app: .cameraApp,
            observable: .cameraForwardFacing, value: "[inner]", provenance: .apple, source: "A T65"),
        Fact(
            name: "[A T65, E#17] flipped open, the rear and outer front cameras face the person",
            steps: [.open, .startCapture, .flip], profile: .device, app: .cameraApp, observable: .cameraForwardFacing,
            value: "[outerFront, rear]", provenance: .apple, source: "A T65"),
        Fact(
            name: "[A T65, E#17] flipping moves a capturing camera app to the outer display (device)",
            steps: [.open, .startCapture, .flip], profile: .device, app: .cameraApp, observable: .display, value: "outer",
            provenance: .inference, source: "I from A T65: turning the device round can move a camera app"),
        Fact(
            name: "[I] flipping does not move an app that is not capturing", steps: [.open, .flip], profile: .device,
            app: .cameraApp, observable: .display, value: "inner", provenance: .inference,
            source: "I from M AX-DGb, SIN (simulator)"),
        Fact(
            name: "[A T65] mirroring by direction is right when flipped", steps: [.open, .startCapture, .flip], profile: .device,
            app: .camera(.rear, .byDirection), observable: .cameraMirrored, value: "true", provenance: .apple,
            source: "A T65, AX-SRC"),
        Fact(
            name: "[A T65] mirroring by position is wrong for the rear camera facing the person",
            steps: [.open, .startCapture, .flip], profile: .device, app: .camera(.rear, .byPosition), observable: .cameraMirrored,
            value: "false", provenance: .apple, source: "A T65, AX-SRC"),
        Fact(
            name: "[A T65] mirroring by position is right while position and direction agree", steps: [.startCapture, .open],
            profile: .device, app: .camera(.virtualFront, .byPosition).changing { $0.cameraAccessory.registeredOn = .none },
            observable: .cameraMirrored, value: "true", provenance: .apple, source: "A T65, AX-SRC"),
        Fact(
            name: "[A T65, DocCCA] the accessory preview of the inner camera must not be mirrored",
            steps: [.open, .startCapture], profile: .device, app: .camera(.virtualFront, .byPosition),
            observable: .cameraMirrored, value: "false", provenance: .inference,
            source: "I from A T65, AX-SRC, DocCCA: the accessory previews too"),
    ]

    /// Docs/facts.md section E: each conflict the model holds, in both profiles.
    static let conflicts: [Fact] = [
        Fact(
            name: "[E#6] bottom inset 34 in the simulator (measured)", steps: [], observable: .sceneSafeArea, value: "0,0,34,84",
            provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[E#6] bottom inset 34 on the device (the simulator's, by inference; the kit's 0 is flagged)", steps: [],
            profile: .device, observable: .sceneSafeArea, value: "0,0,34,84", provenance: .inference,
            source: "I from M AX-DGb, AX-PR (simulator)"),
        Fact(
            name: "[E#8] flat, the fold region is inactive in the simulator", steps: [.open], observable: .foldRegion,
            value: "inactive", provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[E#8] flat, the fold region is inactive on the device, as Apple says", steps: [.open], profile: .device,
            observable: .foldRegion, value: "inactive", provenance: .apple, source: "A T63"),
        Fact(
            name: "[A T63] book, the fold region is active on the device, as Apple says", steps: [.open, .book],
            profile: .device, observable: .foldRegion, value: "active", provenance: .apple, source: "A T63"),
        Fact(
            name: "[E#9] the inner display is 951x669 in the simulator", steps: [.open], observable: .sceneSize, value: "951x669",
            provenance: .measured, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[E#9] the inner display is 951x669 on the device (App Store Connect)", steps: [.open], profile: .device,
            observable: .sceneSize, value: "951x669", provenance: .apple, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[E#10] the simulator is closed at 19 degrees", steps: [.hinge(19)], observable: .hingeStatus, value: "closed",
            provenance: .inference, source: "I from M AX-PR, AX-DGb: closed at a reading of 19.2°, between 20° and 15°"),
        Fact(
            name: "[E#10] the device's threshold is the system's call: unknown at 19 degrees", steps: [.hinge(19)],
            profile: .device, observable: .hingeStatus, value: "", provenance: .unverified,
            source:
                "no source gives hinge.status for a device at an angle other than 0°, 90° and 180° (its thresholds are the system's call, duo-facts E#10)"
        ),
        Fact(
            name: "[E#11] the simulator hands off to the inner display at 108 degrees", steps: [.hinge(108)],
            observable: .display, value: "inner", provenance: .inference, source: "I from M SIN: the holds at 40° and 108°"),
        Fact(
            name: "[E#11] the device's hand-off angle is undocumented: the simulator's, by inference", steps: [.hinge(108)],
            profile: .device, observable: .display, value: "inner", provenance: .inference,
            source: "I from M SIN: the holds at 40° and 108°"),
        Fact(
            name: "[E#15] the device's outer display honours a portrait-only app", steps: [.rotate(.landscape)], profile: .device,
            orientations: [.portrait], observable: .sceneSize, value: "466x678", provenance: .apple,
            source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[E#15] the device's inner display ignores a portrait-only app", steps: [.open], profile: .device,
            orientations: [.portrait], observable: .sceneSize, value: "951x669", provenance: .apple,
            source: "M AX-DGb; A App Store Connect"),
    ]

    @Test("holds each conflict of section E in both profiles", arguments: conflicts)
    func conflict(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("observes each fact with its provenance", arguments: transitions + splitView + windows + accessory + cameras)
    func fact(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("[S0: no camera] the simulator profile reports no camera facts")
    func simulatorHasNoCamera() {
        var fact = Self.cameras[0]
        fact.profile = .simulator
        let observation = SceneModelTests.model(for: fact).observe(.cameraMirrored)
        #expect(observation.value == nil)
        #expect(observation.source == "the simulator has no camera")
    }

    @Test("[M AX-PR, A DocUIK] P7 logs hinge updates, screen changes and geometry updates in order")
    func eventLog() {
        var model = SceneModel(settings: CaseSettings(), app: App())
        for step in Self.p7 { model.apply(step) }
        #expect(
            model.events.map(\.description) == [
                "hinge closed@0 (inference: I from M AX-PR, AX-DGb (simulator))",
                "hinge closed@0 → fullyOpen@180 (inference: I from M AX-PR, AX-DGb (simulator))",
                "screenChange #1 primary → primary-1 (apple: A DocUIK; M S0)",
                "geometryUpdate #1 466x678 → 951x669 (apple: A DocUIK; M S0)",
                "hinge fullyOpen@180 → partiallyOpen@90 (inference: I from M AX-PR, AX-DGb (simulator))",
                "hinge partiallyOpen@90 → fullyOpen@180 (inference: I from M AX-PR, AX-DGb (simulator))",
                "hinge fullyOpen@180 → closed@0 (inference: I from M AX-PR, AX-DGb (simulator))",
                "screenChange #1 primary-1 → primary (apple: A DocUIK; M S0)",
                "geometryUpdate #1 951x669 → 466x678 (apple: A DocUIK; M S0)",
            ])
    }

    @Test("[M S0] the accessory session is connected on availability and discarded on close")
    func accessorySessions() {
        var settings = CaseSettings()
        settings.profile = .simulator
        var model = SceneModel(settings: settings, app: .cameraApp)
        for step in Self.p10 { model.apply(step) }
        let sessions = model.events.filter { $0.kind == .sessionConnected || $0.kind == .sessionDiscarded }
        #expect(
            sessions.map(\.description) == [
                "sessionConnected #2 windowCameraCaptureAccessory on primary (measured: M S0)",
                "sessionDiscarded #2 windowCameraCaptureAccessory (measured: M S0)",
                "sessionConnected #3 windowCameraCaptureAccessory on primary (measured: M S0)",
            ])
    }
}

extension App {
    /// A copy with one more choice changed.
    func changing(_ change: (inout App) -> Void) -> App {
        var app = self
        change(&app)
        return app
    }
}

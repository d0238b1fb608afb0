import Foundation
import Testing

@testable import PoseMatrix

/// Hinge callbacks, `UIRequiresFullScreen` and the scene flags the system reports.
@Suite("Hinge callbacks and app flags")
struct CallbackModelTests {
    typealias Fact = SceneModelTests.Fact
    static let fullScreen = App().changing { $0.requiresFullScreen = true }
    static let multipleScenes = App().changing { $0.multipleScenes = true }
    static let opensWindows = App().changing {
        $0.multipleScenes = true
        $0.newWindow.via = .openWindow
    }

    static let facts: [Fact] = [
        Fact(
            name: "[A T61] UIRequiresFullScreen: scaled on the inner display, to no size given", steps: [.open], profile: .device,
            app: fullScreen, observable: .sceneSize, value: "", provenance: .unverified,
            source:
                "no source gives scene.size for an app that requires full screen on the inner display: it is scaled (A T61), "
                + "to no size given"),
        Fact(
            name: "[A T61] UIRequiresFullScreen keeps the outer display's size", steps: [], profile: .device, app: fullScreen,
            observable: .sceneSize, value: "466x678", provenance: .apple, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[M AX-PR] the first hinge callback's old value is nil", steps: [], observable: .hingeFirstOld,
            value: "nil", provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] the device's first old value rests on the simulator", steps: [], profile: .device,
            observable: .hingeFirstOld, value: "nil", provenance: .inference, source: "I from M AX-PR (simulator)"),
        Fact(
            name: "[M AX-PR] opening brings 7 to 10 equal callbacks", steps: [.open], observable: .hingeCalls, value: "7-10",
            provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[A DeviceHinge] a device's update rate is the system's policy: no count", steps: [.open], profile: .device,
            observable: .hingeCalls, value: "", provenance: .unverified,
            source:
                "no source gives hinge.calls on a device: the update rate is the system's policy (A DeviceHinge); "
                + "7-10 was measured in the simulator (M AX-PR)"),
        Fact(
            name: "a last step that does not move the hinge gives no count", steps: [.open, .background],
            observable: .hingeCalls, value: "", provenance: .unverified,
            source: "no source gives hinge.calls for a last step that did not move the hinge"),
        Fact(
            name: "[A T61] UIRequiresFullScreen: scaled on the inner display", steps: [.open], app: fullScreen,
            observable: .sceneScaled, value: "true", provenance: .apple, source: "A T61"),
        Fact(
            name: "[A T61] UIRequiresFullScreen: scaled in Split View too", steps: [.open, .splitView(.left)],
            app: fullScreen, observable: .sceneScaled, value: "true", provenance: .apple, source: "A T61"),
        Fact(
            name: "[A T61] UIRequiresFullScreen: the scene resizes on open, scaled, to no size given (it read 951x669)",
            steps: [.open], app: fullScreen, observable: .sceneSize, value: "", provenance: .unverified,
            source:
                "no source gives scene.size for an app that requires full screen on the inner display: it is scaled (A T61), "
                + "to no size given"),
        Fact(
            name: "[A T61] UIRequiresFullScreen: not scaled on the outer display", steps: [], app: fullScreen,
            observable: .sceneScaled, value: "false", provenance: .inference,
            source: "I from A T61: scaled on the inner display only"),
        Fact(
            name: "[M AX-DGb] without it the scene takes the display's size", steps: [.open], observable: .sceneScaled,
            value: "false", provenance: .inference, source: "I from M AX-DGb: the scene takes the display's own size"),
        Fact(
            name: "SDK 26: no source says whether the inner display scales the app", steps: [.open], sdk: .v26,
            observable: .sceneScaled, value: "", provenance: .unverified,
            source: "no source says whether an app linked against SDK 26 is scaled on the inner display"),
        Fact(
            name: "[M S0] closed, the simulator reports multiple scenes", steps: [], app: multipleScenes,
            observable: .appSupportsMultipleScenes, value: "true", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] closed, the simulator reports multiple windows", steps: [], app: multipleScenes,
            observable: .appSupportsMultipleWindows, value: "true", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] open, the simulator's flag rests on the closed measurement", steps: [.open], app: multipleScenes,
            observable: .appSupportsMultipleWindows, value: "true", provenance: .inference,
            source: "I from M S0 (simulator, measured closed only)"),
        Fact(
            name: "[E#12] a device's multiple-windows flag is unknown", steps: [], profile: .device, app: multipleScenes,
            observable: .appSupportsMultipleWindows, value: "", provenance: .unverified,
            source:
                "no source gives app.supportsMultipleWindows on a device: Apple documents it for iPadOS and macOS, "
                + "the simulator reports true (duo-facts E#12)"),
        Fact(
            name: "[A T64] a device follows the Info.plist key", steps: [], profile: .device, app: multipleScenes,
            observable: .appSupportsMultipleScenes, value: "true", provenance: .apple, source: "A T64"),
        Fact(
            name: "[M S0] a new window on the outer display first lays out at 466x562", steps: [.newWindow],
            app: opensWindows, observable: .newWindowFirstLayout, value: "466x562", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] opened on the inner display, no source gives the first layout", steps: [.open, .newWindow],
            app: opensWindows, observable: .newWindowFirstLayout, value: "", provenance: .unverified,
            source: "no source gives newWindow.firstLayout for a window opened on the inner display"),
        Fact(
            name: "[M S0] then it lays out at 382x644", steps: [.newWindow], app: opensWindows,
            observable: .newWindowSecondLayout, value: "382x644", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] turned to landscape, the second layout rests on the closed portrait measurement",
            steps: [.newWindow, .rotate(.landscape)], app: opensWindows, observable: .newWindowSecondLayout,
            value: "382x644", provenance: .inference, source: "I from M S0 (simulator, measured closed only)"),
        Fact(
            name: "[M S0] opened on the inner display, no source gives the second layout", steps: [.open, .newWindow],
            app: opensWindows, observable: .newWindowSecondLayout, value: "", provenance: .unverified,
            source: "no source gives newWindow.secondLayout for a window opened on the inner display"),
        Fact(
            name: "opened held in landscape, no source gives the first layout", steps: [.rotate(.landscape), .newWindow],
            app: opensWindows, observable: .newWindowFirstLayout, value: "", provenance: .unverified,
            source: "no source gives newWindow.firstLayout for a window opened with the device held in landscape"),
        Fact(
            name: "without a new window there is no second layout", steps: [], observable: .newWindowSecondLayout,
            value: "", provenance: .unverified, source: "no new window opened, so no source gives newWindow.secondLayout"),
        Fact(
            name: "without a new window there is no first layout", steps: [.newWindow], observable: .newWindowFirstLayout,
            value: "", provenance: .unverified, source: "no new window opened, so no source gives newWindow.firstLayout"),
        Fact(
            name: "[A T64] without the key, no multiple scenes", steps: [], observable: .appSupportsMultipleScenes,
            value: "false", provenance: .apple, source: "A T64: without UIApplicationSupportsMultipleScenes, one window"),
    ]

    @Test("observes each callback and flag with its provenance", arguments: facts)
    func fact(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("show lines up every value, however long the observable's name")
    func showColumns() async {
        let result = await duoPose(["show", "P1"])
        let lines = result.stdout.split(separator: "\n").filter { line in
            Observable.allCases.contains { line.hasPrefix($0.rawValue + " ") }
        }
        #expect(lines.count == Observable.allCases.count)
        let columns = Set(
            lines.map { line in
                line.firstIndex(of: " ").map {
                    line[$0...].prefix { $0 == " " }.count + line.distance(from: line.startIndex, to: $0)
                } ?? 0
            })
        #expect(columns.count == 1, "value columns: \(columns.sorted())")
    }
}

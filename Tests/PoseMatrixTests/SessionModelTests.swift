import Foundation
import Testing

@testable import PoseMatrix

/// Per-window `@SceneStorage` and restoring a saved session (P9).
@Suite("Windows and sessions")
struct SessionModelTests {
    typealias Fact = SceneModelTests.Fact
    static let opensWindows = CallbackModelTests.opensWindows

    static let facts: [Fact] = [
        Fact(
            name: "[I from M S0] the launch window keeps its own values: S0 compared them beside a new window only",
            steps: [], observable: .windowSceneStorage, value: "kept", provenance: .inference,
            source: "I from M S0: a window keeps its own values (measured beside a new window)"),
        Fact(
            name: "[M S0] a new window's @SceneStorage starts from the defaults", steps: [.open, .newWindow],
            app: opensWindows, observable: .windowSceneStorage, value: "fresh", provenance: .measured, source: "M S0"),
        Fact(
            name: "[M S0] activating the other saved session brings its values back",
            steps: [.open, .newWindow, .restoreWindow], app: opensWindows, observable: .windowSceneStorage,
            value: "restored", provenance: .measured, source: "M S0"),
        Fact(
            name: "[I from M S0] the restored window replaces the new one in front, placed as a new window is",
            steps: [.open, .newWindow, .restoreWindow], app: opensWindows, observable: .windowsVisible, value: "1",
            provenance: .inference, source: "I from M S0: a restored window is taken to be placed as a new window is"),
        Fact(
            name: "[I from M AX-DGb] the restored window's size rests on the same inference",
            steps: [.open, .newWindow, .restoreWindow], app: opensWindows, observable: .sceneSize, value: "951x669",
            provenance: .inference,
            source: "I from M AX-DGb; A App Store Connect: a restored window is taken to be placed as a new window is"),
        Fact(
            name: "[A via S0] a device restores the window; its values rest on the simulator",
            steps: [.open, .newWindow, .restoreWindow], profile: .device, app: opensWindows,
            observable: .windowSceneStorage, value: "restored", provenance: .inference,
            source: "I from M S0 (simulator); A via S0: UISceneSessionActivationRequest(session:)"),
        Fact(
            name: "[A T64] on a device's outer display, no source says a session comes back", steps: [.restoreWindow],
            profile: .device, windows: 2, observable: .windowSceneStorage, value: "", provenance: .unverified,
            source:
                "no source says whether a device brings a saved session back on the outer display, where it refuses new windows (A T64)"
        ),
        Fact(
            name: "[M S0] after a relaunch only the last window used reconnects", steps: [.open, .newWindow, .relaunch],
            app: opensWindows, observable: .windowsCount, value: "1", provenance: .measured,
            source: "M S0"),
        Fact(
            name: "[M S0] the reconnected window's @SceneStorage is restored", steps: [.open, .newWindow, .relaunch],
            app: opensWindows, observable: .windowSceneStorage, value: "restored", provenance: .inference,
            source: "I from M S0: only the last window used reconnects, and SwiftUI restores its @SceneStorage"),
        Fact(
            name: "[M S0] after a relaunch the other saved session can be brought back",
            steps: [.open, .newWindow, .relaunch, .restoreWindow], app: opensWindows, observable: .windowsCount, value: "2",
            provenance: .measured, source: "M S0"),
    ]

    @Test("observes each session fact with its provenance", arguments: facts)
    func fact(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("restoring with no other session is a step that cannot apply, never a silent no-op")
    func restoreWithoutSession() {
        var model = SceneModel(settings: CaseSettings(), app: Self.opensWindows)
        model.apply(.open)
        model.apply(.restoreWindow)
        #expect(model.stepProblem == "step 2 restoreWindow cannot apply: the app has no other saved session to restore")
        #expect(model.observe(.windowsCount).value?.description == "1")
    }

    @Test("the restored session is the first window's, and it connects again after a relaunch")
    func restoredSession() throws {
        var model = SceneModel(settings: CaseSettings(), app: Self.opensWindows)
        for step in [Step.open, .newWindow, .relaunch, .restoreWindow] { model.apply(step) }
        #expect(model.stepProblem == nil)
        #expect(model.windows.map(\.session) == [2, 1])
        #expect(model.events.last { $0.kind == .sessionConnected }?.to == "windowApplication (restored)")
        #expect(try Step.parse("restoreWindow").get() == .restoreWindow)
    }
}

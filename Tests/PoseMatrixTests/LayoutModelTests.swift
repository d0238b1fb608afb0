import Foundation
import Testing

@testable import PoseMatrix

/// The app's layout choices and what the facts say they lead to: content over the fold or under
/// an occlusion region, a split's divider, a sheet, alerts and controls.
@Suite("Layout consequences")
struct LayoutModelTests {
    typealias Fact = SceneModelTests.Fact
    static let p1 = SceneModelTests.p1
    static let p3 = SceneModelTests.p3
    static let p5 = SceneModelTests.p5
    static let p6 = SceneModelTests.p6
    static let readsRegions = App().changing { $0.layout.readsReservedRegions = true }
    static let bounds = App().changing { $0.layout.centersIn = .bounds }
    static let split = App().changing { $0.layout.arrangement = .split }
    static let formSheet = App().changing { $0.layout.sheetStyle = .formSheet }
    static let multipleScenes = App().changing {
        $0.multipleScenes = true
        $0.newWindow.via = .openWindow
    }

    static let facts: [Fact] = [
        Fact(
            name: "[M AX-DGb] book: content centred in the safe area spans the fold", steps: p5, observable: .contentOverFold,
            value: "true", provenance: .inference, source: "I from M AX-DGb: the fold frame lies inside the safe area"),
        Fact(
            name: "[M AX-PR] book: an app that reads the regions keeps content off the fold", steps: p5, app: readsRegions,
            observable: .contentOverFold, value: "false", provenance: .inference,
            source: "I from M AX-PR: the app reads reservedRegions and lays out again"),
        Fact(
            name: "[A T63] flat: the inactive fold is no obstacle", steps: p3, observable: .contentOverFold, value: "false",
            provenance: .inference, source: "I from M AX-DGb; A T63: the fold is inactive"),
        Fact(
            name: "[I] tabletop: content spans the horizontal fold too", steps: p6, observable: .contentOverFold,
            value: "true", provenance: .inference,
            source: "I from M AX-DGb: the landscape band turned a quarter crosses the scene"),
        Fact(
            name: "Split View: no source gives content over the fold", steps: [.open, .splitView(.left), .book],
            observable: .contentOverFold, value: "", provenance: .unverified,
            source: "no source gives content.overFold for a Split View half (the fold may fall at its edge)"),
        Fact(
            name: "[M AX-PR] P1: nothing under the camera hole for a safe-area app", steps: p1,
            observable: .contentUnderCameraHole, value: "false", provenance: .inference,
            source: "I from M AX-PR: the camera hole lies in the bar strip, outside the safe area"),
        Fact(
            name: "[M AX-PR] P1: content centred in the bounds lies under the camera hole", steps: p1, app: bounds,
            observable: .contentUnderCameraHole, value: "true", provenance: .inference,
            source: "I from M AX-PR: the camera hole lies in the bar strip, outside the safe area"),
        Fact(
            name: "[M AX-DGb] open: content centred in the bounds lies under the bar strip", steps: p3, app: bounds,
            observable: .contentUnderBarStrip, value: "true", provenance: .inference,
            source: "I from M AX-PR, AX-DGb: the safe area's trailing inset is the bar strip"),
        Fact(
            name: "[A T61] SDK 26: the scene stops beside the bar strip", steps: p1, sdk: .v26, app: bounds,
            observable: .contentUnderBarStrip, value: "false", provenance: .inference,
            source: "I from A T61: the scene stops beside the bar strip and camera"),
        Fact(
            name: "[M AX-PR] book: a split's divider moves onto the fold", steps: p5, app: split,
            observable: .arrangementDivider, value: "455.5", provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] book, device: the divider rests on the simulator", steps: p5, profile: .device, app: split,
            observable: .arrangementDivider, value: "455.5", provenance: .inference, source: "I from M AX-PR (simulator)"),
        Fact(
            name: "flat: no source gives the split's own ratio", steps: p3, app: split, observable: .arrangementDivider,
            value: "", provenance: .unverified,
            source: "no source gives arrangement.divider unless the device is folded as a book (the app's own ratio)"),
        Fact(
            name: "an app without a split has no divider", steps: p5, observable: .arrangementDivider, value: "",
            provenance: .unverified, source: "the app has no split arrangement (app.layout.arrangement none)"),
        Fact(
            name: "[M AX-PR] book: the sheet moves to the leading side", steps: p5, observable: .sheetSpan, value: "8-467",
            provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] flat: the sheet is centred", steps: p3, observable: .sheetSpan, value: "149-802",
            provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "a form sheet's place was never measured", steps: p5, app: formSheet, observable: .sheetSpan, value: "",
            provenance: .unverified, source: "no source gives sheet.span for a formSheet sheet (only page sheets were measured)"),
        Fact(
            name: "right-to-left: no source gives the sheet's place", steps: p5, direction: .rightToLeft,
            observable: .sheetSpan, value: "", provenance: .unverified,
            source: "no source gives sheet.span outside the inner display in landscape, left to right"),
        Fact(
            name: "[E#2] after a device's new window, no source gives the sheet's place",
            steps: [.open, .newWindow, .book], profile: .device, app: multipleScenes, observable: .sheetSpan, value: "",
            provenance: .unverified,
            source: "no source gives sheet.span outside the inner display in landscape, left to right"),
        Fact(
            name: "[E#2] after a device's new window, no source gives the alert's side",
            steps: [.open, .newWindow, .book], profile: .device, app: multipleScenes, observable: .alertSide, value: "",
            provenance: .unverified, source: "no source gives alert.side unless the device is folded as a book"),
        Fact(
            name: "[A T63, T66] book: alerts go to the trailing side", steps: p5, observable: .alertSide, value: "trailing",
            provenance: .apple, source: "A T63, T66"),
        Fact(
            name: "flat: no source gives the alert's side", steps: p3, observable: .alertSide, value: "",
            provenance: .unverified, source: "no source gives alert.side unless the device is folded as a book"),
        Fact(
            name: "[A T63, T66] tabletop: controls go to the bottom half", steps: p6, observable: .controlsHalf,
            value: "bottom", provenance: .apple, source: "A T63, T66"),
    ]

    @Test("observes each layout consequence with its provenance", arguments: facts)
    func fact(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("the app.layout block decodes every key")
    func decodes() throws {
        let text = #"""
            { "formatVersion": 1, "name": "Layout", "app": { "layout": { "readsReservedRegions": true, "centersIn": "bounds",
              "arrangement": "overlay", "regionDirection": "fixed", "sheetStyle": "fullScreen" } }, "poses": [{ "pose": "P5" }] }
            """#
        let layout = try MatrixLoader.load(path: try TestFiles.writeTemporary(text)).matrix.app.layout
        #expect(layout.readsReservedRegions)
        #expect(layout.centersIn == .bounds)
        #expect(layout.arrangement == .overlay)
        #expect(layout.regionDirection == .fixed)
        #expect(layout.sheetStyle == .fullScreen)
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// Reserved regions and the fold as observables: value, provenance and exact source, per profile.
@Suite("Reserved regions and the fold")
struct RegionModelTests {
    typealias Fact = SceneModelTests.Fact
    static let p1 = SceneModelTests.p1
    static let p3 = SceneModelTests.p3
    static let p5 = SceneModelTests.p5
    static let p6 = SceneModelTests.p6
    static let fixed = App().changing { $0.layout.regionDirection = .fixed }

    static let facts: [Fact] = [
        Fact(
            name: "[M AX-PR] closed: the camera hole and the bar strip", steps: p1, observable: .regions,
            value: "[barStrip, cameraHole]", provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] closed: the camera hole is 37x37 at 399.7, 29.3", steps: p1, observable: .cameraHoleFrame,
            value: "399.7,29.3,37,37", provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] closed: the bar strip is 84x170 at 382, 0", steps: p1, observable: .barStripFrame,
            value: "382,0,84,170", provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] the device's closed regions rest on the simulator", steps: p1, profile: .device,
            observable: .cameraHoleFrame, value: "399.7,29.3,37,37", provenance: .inference,
            source: "I from M AX-PR (simulator)"),
        Fact(
            name: "[M AX-PR] closed: no fold", steps: p1, observable: .foldFrame, value: "none", provenance: .measured,
            source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] closed: no fold, so no content either side of it", steps: p1, observable: .foldBefore, value: "",
            provenance: .unverified,
            source: "there is no fold on the outer display, so no fold.before (fold.region none)"),
        Fact(
            name: "[M AX-PR] regions arrive on the fourth layout pass", steps: p1, observable: .regionsArrivalPass,
            value: "4", provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] open, the arrival pass rests on the closed measurement", steps: p3,
            observable: .regionsArrivalPass, value: "4", provenance: .inference,
            source: "I from M AX-PR (simulator, measured closed only)"),
        Fact(
            name: "[M AX-DGb] flat: bar strip, fold and inner camera", steps: p3, observable: .regions,
            value: "[barStrip, fold, innerCamera]", provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat: only the bar strip is active", steps: p3, observable: .regionsActive, value: "[barStrip]",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat: the inner camera is 58x37 at 677.3, 21", steps: p3, observable: .innerCameraFrame,
            value: "677.3,21,58,37", provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat: the bar strip shrinks to 84x120", steps: p3, observable: .barStripFrame,
            value: "867,0,84,120", provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat: the fold frame is 40 wide at 455.5", steps: p3, observable: .foldFrame,
            value: "455.5,0,40,669", provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat: the fold line has no width, at 475.5", steps: p3, observable: .foldLine,
            value: "475.5,0,0,669", provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat: 20 pt margins each side", steps: p3, observable: .foldMargins, value: "20",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat: 455.5 pt before the fold", steps: p3, observable: .foldBefore, value: "455.5",
            provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[M AX-DGb] flat: 371.5 pt after the fold", steps: p3, observable: .foldAfter, value: "371.5",
            provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[M AX-DGb] flat: the safe area's middle is 42 pt before the crease", steps: p3,
            observable: .safeAreaCenter, value: "-42", provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[M AX-DGb] book: the fold keeps its frame", steps: p5, observable: .foldFrame, value: "455.5,0,40,669",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] book: the fold is active", steps: p5, observable: .regionsActive, value: "[barStrip, fold]",
            provenance: .inference, source: "I from M AX-DGb (simulator, measured flat only)"),
        Fact(
            name: "[M AX-PR] book: the divider's sides were measured", steps: p5, observable: .foldAfter, value: "371.5",
            provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[M AX-DGb] book: the crease offset rests on the frame and safe area measured there, as fold.before does",
            steps: p5, observable: .safeAreaCenter, value: "-42", provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[I] tabletop: the band turned a quarter", steps: p6, observable: .foldFrame, value: "0,455.5,669,40",
            provenance: .inference, source: "I from M AX-DGb: the landscape band turned a quarter"),
        Fact(
            name: "tabletop: no source gives the occlusion regions", steps: p6, observable: .regions, value: "",
            provenance: .unverified, source: "no source gives regions for the inner display in portrait"),
        Fact(
            name: "tabletop: no source gives the content before the fold", steps: p6, observable: .foldBefore, value: "",
            provenance: .unverified, source: "no source gives fold.before for the inner display in portrait"),
        Fact(
            name: "outer landscape: no source gives the camera hole", steps: SceneModelTests.p2,
            observable: .cameraHoleFrame, value: "", provenance: .unverified,
            source: "no source gives cameraHole.frame for the outer display in landscape"),
        Fact(
            name: "Split View: no source gives the fold frame", steps: [.open, .splitView(.left)], observable: .foldFrame,
            value: "", provenance: .unverified,
            source: "no source gives fold.frame for a Split View half (the fold may fall at its edge)"),
        Fact(
            name: "SDK 27.0: no source gives the regions", steps: p3, sdk: .v27_0, observable: .barStripFrame, value: "",
            provenance: .unverified, source: "no source gives barStrip.frame for an app linked against SDK 27.0"),
    ]

    /// Right-to-left mirrors region frames by default; `.fixed` keeps them. [A ReservedRegion via AX-LAY]
    static let rightToLeft: [Fact] = [
        Fact(
            name: "[A ReservedRegion] closed, right-to-left: the camera hole mirrors", steps: p1, direction: .rightToLeft,
            observable: .cameraHoleFrame, value: "29.3,29.3,37,37", provenance: .inference,
            source: "I from M AX-PR (simulator, measured closed only); A ReservedRegion via AX-LAY: mirrors"),
        Fact(
            name: "[A ReservedRegion] open, right-to-left: the bar strip mirrors to x 0", steps: p3, direction: .rightToLeft,
            observable: .barStripFrame, value: "0,0,84,120", provenance: .inference,
            source: "I from M AX-DGb (simulator, measured flat only); A ReservedRegion via AX-LAY: mirrors"),
        Fact(
            name: "[A ReservedRegion] open, right-to-left: the inner camera mirrors", steps: p3, direction: .rightToLeft,
            observable: .innerCameraFrame, value: "215.7,21,58,37", provenance: .inference,
            source: "I from M AX-DGb (simulator, measured flat only); A ReservedRegion via AX-LAY: mirrors"),
        Fact(
            name: "[A ReservedRegion] .fixed keeps the camera hole where it is", steps: p1, direction: .rightToLeft,
            app: fixed, observable: .cameraHoleFrame, value: "399.7,29.3,37,37", provenance: .inference,
            source: "I from M AX-PR (simulator, measured closed only); A ReservedRegion via AX-LAY: fixed"),
        Fact(
            name: "right-to-left: the leading side of the fold is the short one", steps: p3, direction: .rightToLeft,
            observable: .foldBefore, value: "371.5", provenance: .inference,
            source: "I from M AX-DGb, AX-PR (simulator, measured book, flat only)"),
        Fact(
            name: "right-to-left: the safe area's middle lies toward the trailing edge", steps: p3,
            direction: .rightToLeft, observable: .safeAreaCenter, value: "42", provenance: .inference,
            source: "I from M AX-DGb, AX-PR (simulator, measured book, flat only)"),
    ]

    @Test("observes each region fact with its provenance", arguments: facts)
    func fact(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("right-to-left mirrors region frames unless the app says fixed", arguments: rightToLeft)
    func mirroring(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("a frame reads and writes one text form")
    func frameText() {
        #expect(Frame(455.5, 0, 40, 669).description == "455.5,0,40,669")
        #expect(Frame(399.7, 29.3, 37, 37).mirrored(within: 466).description == "29.3,29.3,37,37")
        #expect(numbers(in: "455.5,0,40,669") == [455.5, 0, 40, 669])
        #expect(numbers(in: "475.5x669") == [475.5, 669])
        #expect(numbers(in: "455.5,,40,669") == nil)
    }
}

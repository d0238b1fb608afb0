import Foundation
import Testing

@testable import PoseMatrix

/// Sheets and picture in picture: the steps that start them and what folds do to them.
@Suite("Sheets and picture in picture")
struct PresentationModelTests {
    typealias Fact = SceneModelTests.Fact

    static let facts: [Fact] = [
        Fact(
            name: "[A-fwd 848034] a presented sheet stays up through a fold", steps: [.open, .presentSheet, .book],
            observable: .sheetPresented, value: "true", provenance: .apple,
            source: "A-fwd 848042, 848034 via AX-PTMd; M AX-PR"),
        Fact(
            name: "[A-fwd 848042] and through closing", steps: [.open, .presentSheet, .close], observable: .sheetPresented,
            value: "true", provenance: .apple, source: "A-fwd 848042, 848034 via AX-PTMd; M AX-PR"),
        Fact(
            name: "a dismissed sheet is gone", steps: [.open, .presentSheet, .dismissSheet], observable: .sheetPresented,
            value: "false", provenance: .inference, source: "I: no sheet was presented"),
        Fact(
            name: "after a relaunch no source says whether the sheet comes back", steps: [.presentSheet, .relaunch],
            observable: .sheetPresented, value: "", provenance: .unverified,
            source: "no source says whether a presented sheet comes back after a relaunch"),
        Fact(
            name: "no picture in picture before startPiP", steps: [.open], observable: .pipDisplay, value: "none",
            provenance: .inference, source: "I: no picture in picture was started"),
        Fact(
            name: "picture in picture starts on the display in use", steps: [.open, .startPiP], observable: .pipDisplay,
            value: "inner", provenance: .inference, source: "I: it starts on the display in use"),
        Fact(
            name: "[A-fwd 847644] on closing, picture in picture moves to the outer display",
            steps: [.open, .startPiP, .close], observable: .pipDisplay, value: "outer", provenance: .apple,
            source: "A-fwd 847644 via S1"),
        Fact(
            name: "on opening, no source says where picture in picture goes", steps: [.startPiP, .open],
            observable: .pipDisplay, value: "", provenance: .unverified,
            source: "no source says where picture in picture goes when the device opens or the app relaunches"),
    ]

    @Test("observes each presentation fact with its provenance", arguments: facts)
    func fact(_ fact: Fact) {
        SceneModelTests.check(fact)
    }

    @Test("dismissing with no sheet is a step that cannot apply, never a silent no-op")
    func dismissWithoutSheet() {
        var model = SceneModel(settings: CaseSettings(), app: App())
        model.apply(.open)
        model.apply(.dismissSheet)
        #expect(model.stepProblem == "step 2 dismissSheet cannot apply: no sheet is presented")
    }

    @Test("the new steps read and write as matrices spell them")
    func parse() throws {
        for step in [Step.presentSheet, .dismissSheet, .startPiP] {
            #expect(try Step.parse(step.description).get() == step)
        }
    }
}

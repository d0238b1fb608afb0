import Foundation
import Testing

@testable import PoseMatrix

/// Sheets and picture in picture: the steps that start them and what folds do to them.
@Suite("Sheets and picture in picture")
struct PresentationModelTests {
    typealias Fact = SceneModelTests.Fact

    static let facts: [Fact] = [
        Fact(
            name: "[A T66] partially folded with picture in picture the app resizes to no size given",
            steps: [.open, .startPiP, .tabletop], profile: .device, observable: .sceneSize, value: "", provenance: .unverified,
            source:
                "no source gives scene.size partially folded with picture in picture: the app resizes to the half the video "
                + "leaves (A T66), to no size given"),
        Fact(
            name: "[A T66] the same in book pose, started after folding", steps: [.open, .book, .startPiP], profile: .device,
            observable: .sceneSize, value: "", provenance: .unverified,
            source:
                "no source gives scene.size partially folded with picture in picture: the app resizes to the half the video "
                + "leaves (A T66), to no size given"),
        Fact(
            name: "[A-fwd 848034] a presented sheet stays up through a fold", steps: [.open, .presentSheet, .book],
            observable: .sheetPresented, value: "true", provenance: .apple,
            source: "A-fwd 848042, 848034 via AX-PTMd; M AX-PR"),
        Fact(
            name: "[A-fwd 848042] and through closing", steps: [.open, .presentSheet, .close], observable: .sheetPresented,
            value: "true", provenance: .apple, source: "A-fwd 848042, 848034 via AX-PTMd; M AX-PR"),
        Fact(
            name: "[D] a dismissed sheet is gone, by the step's meaning", steps: [.open, .presentSheet, .dismissSheet],
            observable: .sheetPresented, value: "false", provenance: .definition, source: "D: no sheet is up"),
        Fact(
            name: "after a relaunch no source says whether the sheet comes back", steps: [.presentSheet, .relaunch],
            observable: .sheetPresented, value: "", provenance: .unverified,
            source: "no source says whether a presented sheet comes back after a relaunch"),
        Fact(
            name: "[D] no picture in picture before startPiP", steps: [.open], observable: .pipDisplay, value: "none",
            provenance: .definition, source: "D: no picture in picture was started"),
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

@Suite("Values true by definition")
struct DefinitionTests {
    /// P3 with a sheet presented and dismissed: `sheet.presented` is false by the step's meaning.
    static let matrix = """
        { formatVersion: 1, name: "D", axes: { profile: ["simulator"] },
          poses: [{ pose: "P3", steps: ["open", "presentSheet", "dismissSheet"], expect: { "sheet.presented": false } }] }
        """

    @Test(
        "a definition is trusted wherever apple is, and --trust names it on its own",
        arguments: [("apple", "passed"), ("definition", "passed"), ("measured", "notRun"), ("apple,measured", "passed")])
    func trusted(_ example: (trust: String, status: String)) async throws {
        let out = try TestFiles.temporaryFolder()
        let path = try TestFiles.writeTemporary(Self.matrix)
        _ = await duoPose(["run", path, "--trust", example.trust, "--out", out.path, "--quiet"])
        let reader = try ResultsReader(path: out.appendingPathComponent(ReportSet.resultsName).path)
        let result = try #require(try reader.next())
        #expect(result.status.rawValue == example.status)
        if result.status == .notRun {
            #expect(result.reason == "rests on definition: sheet.presented (D: no sheet is up)")
        }
    }
}

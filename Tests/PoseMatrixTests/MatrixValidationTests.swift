import Foundation
import Testing

@testable import PoseMatrix

@Suite("Matrix validation")
struct MatrixValidationTests {
    /// A bad matrix and the exact error lines it gets; FILE stands for the file's path.
    struct BadMatrix: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var errors: [String]
        var testDescription: String { name }
    }

    static let one = #"[{ "pose": "P1", "expect": { "display": "outer" } }]"#

    /// A P3 matrix with these expectations.
    static func geometry(_ expect: String) -> String {
        #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P3", "expect": "# + expect + " }] }"
    }

    static let badMatrices: [BadMatrix] = [
        BadMatrix(
            name: "syntax error names its line",
            text: "{\n  \"formatVersion\": 1,\n  \"name\": \"Bad\"\n  \"poses\": []\n}",
            errors: ["FILE:4:3: unexpected character '\"' in an object; expected ',' or '}'"]),
        BadMatrix(
            name: "wrong type",
            text: #"{ "formatVersion": 1, "name": 5, "poses": \#(one) }"#,
            errors: ["FILE:1:31: name: expected a string, found a number 5"]),
        BadMatrix(
            name: "unknown key, suggested once",
            text: #"{ "formatVersion": 1, "nmae": "Bad", "poses": \#(one) }"#,
            errors: [
                "FILE:1:23: unknown key \"nmae\"; did you mean \"name\"? (expected \"$schema\", \"formatVersion\", \"name\", "
                    + "\"trust\", \"app\", \"axes\", \"poses\", \"checklist\", \"explore\")"
            ]),
        BadMatrix(
            name: "unknown pose",
            text: #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "p5", "expect": { "display": "inner" } }] }"#,
            errors: ["FILE:1:58: poses[0].pose: unknown pose \"p5\"; did you mean \"P5\"? (expected P1 to P13)"]),
        BadMatrix(
            name: "misspelt observable",
            text:
                "{\n  \"formatVersion\": 1,\n  \"name\": \"Bad\",\n  \"poses\": [\n    { \"pose\": \"P1\", \"expect\": { \"scene.sise\": \"466x678\" } }\n  ]\n}",
            errors: [
                "FILE:5:33: poses[0].expect: unknown observable \"scene.sise\"; did you mean \"scene.size\"? (see 'duo-pose show' for the list)"
            ]),
        BadMatrix(
            name: "unknown axis value",
            text: #"{ "formatVersion": 1, "name": "Bad", "axes": { "profile": ["devise"] }, "poses": \#(one) }"#,
            errors: [
                "FILE:1:60: axes.profile[0]: unknown value \"devise\" for axis profile; did you mean \"device\"? (expected one of \"device\", \"simulator\")"
            ]),
        BadMatrix(
            name: "unknown axis name",
            text: #"{ "formatVersion": 1, "name": "Bad", "axes": { "profiles": ["device"] }, "poses": \#(one) }"#,
            errors: [
                "FILE:1:48: axes: unknown key \"profiles\"; did you mean \"profile\"? (expected \"profile\", \"layoutDirection\", "
                    + "\"reduceTransparency\", \"linkedSDK\", \"hingeAngle\", \"splitSide\", \"windows\")"
            ]),
        BadMatrix(
            name: "empty axis list",
            text: #"{ "formatVersion": 1, "name": "Bad", "axes": { "profile": [] }, "poses": \#(one) }"#,
            errors: ["FILE:1:59: axes.profile: expected at least one value, found an empty array"]),
        BadMatrix(
            name: "a title that could spell another case's id",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P5", "title": "x [hingeAngle=90]", "expect": { "display": "inner" } }] }"#,
            errors: [
                #"FILE:1:73: poses[0].title: "x [hingeAngle=90]" holds [ or ], which mark a case's values in its id: "#
                    + "another case's id could read the same"
            ]),
        BadMatrix(
            name: "duplicate pose and title",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P9", "title": "outer", "expect": { "display": "outer" } }, { "pose": "P9", "title": "outer" }] }"#,
            errors: [
                "FILE:1:118: poses[1]: P9 with title \"outer\" is listed twice (first at poses[0]); give each entry of a pose its own title"
            ]),
        BadMatrix(
            name: "format version 2",
            text: #"{ "formatVersion": 2, "name": "Bad", "poses": \#(one) }"#,
            errors: ["FILE:1:20: formatVersion: format version 2 is not supported; this duo-pose reads format version 1"]),
        BadMatrix(
            name: "missing name",
            text: #"{ "formatVersion": 1, "poses": \#(one) }"#,
            errors: ["FILE:1:1: missing required key \"name\""]),
        BadMatrix(
            name: "hinge angle out of range",
            text: #"{ "formatVersion": 1, "name": "Bad", "axes": { "hingeAngle": [90, 200] }, "poses": \#(one) }"#,
            errors: [
                "FILE:1:67: axes.hingeAngle[1]: invalid value 200 for axis hingeAngle (expected a number of degrees from 0 to 180)"
            ]),
        BadMatrix(
            name: "misspelt step",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P3", "steps": ["opne"], "expect": { "display": "inner" } }] }"#,
            errors: [
                "FILE:1:74: poses[0].steps[0]: unknown step \"opne\"; did you mean \"open\"? (steps: open, close, book, tabletop, "
                    + "hinge(DEGREES), rotate(portrait|landscape|landscapeLeft|landscapeRight), flip, splitView(left|right), "
                    + "leaveSplitView, newWindow, background, foreground, startCapture, stopCapture, closeCamera, relaunch, "
                    + "presentSheet, dismissSheet, startPiP, restoreWindow)"
            ]),
        BadMatrix(
            name: "malformed size",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P1", "expect": { "scene.size": "466 by 678" } }] }"#,
            errors: [
                "FILE:1:90: poses[0].expect[\"scene.size\"]: invalid value \"466 by 678\" for scene.size (expected a size such as \"466x678\" or \"475.5x669\")"
            ]),
        BadMatrix(
            name: "misspelt observable value",
            text: #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P1", "expect": { "display": "iner" } }] }"#,
            errors: [
                "FILE:1:87: poses[0].expect.display: unknown value \"iner\" for display; did you mean \"inner\"? (expected one of \"outer\", \"inner\", \"none\")"
            ]),
        BadMatrix(
            name: "numeric operator on a choice",
            text: #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P1", "expect": { "display": { ">=": 3 } } }] }"#,
            errors: [
                "FILE:1:89: poses[0].expect.display: >= applies to numbers; display takes one of \"outer\", \"inner\", \"none\""
            ]),
        BadMatrix(
            name: "unknown operator",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P1", "expect": { "display": { "=!": "outer" } } }] }"#,
            errors: [
                "FILE:1:89: poses[0].expect.display: unknown operator \"=!\"; did you mean \"==\"? (expected \"==\", \"!=\", \"in\", "
                    + "\">=\", \"<=\", \"≈\", \"contains\")"
            ]),
        BadMatrix(
            name: "≈ without a tolerance",
            text: geometry(#"{ "fold.frame": { "≈": "455.5,0,40,669" } }"#),
            errors: ["FILE:1:90: poses[0].expect[\"fold.frame\"]: \"≈\" needs a \"tolerance\" (a number of 0 or more)"]),
        BadMatrix(
            name: "a tolerance without ≈",
            text: geometry(#"{ "fold.frame": { "tolerance": 0.5 } }"#),
            errors: ["FILE:1:90: poses[0].expect[\"fold.frame\"]: \"tolerance\" goes with \"≈\""]),
        BadMatrix(
            name: "≈ on a choice",
            text: geometry(#"{ "display": { "≈": "inner", "tolerance": 1 } }"#),
            errors: [
                "FILE:1:89: poses[0].expect.display: ≈ applies to numbers, sizes, insets and frames; display takes one of \"outer\", \"inner\", \"none\""
            ]),
        BadMatrix(
            name: "a negative tolerance",
            text: geometry(#"{ "fold.before": { "≈": 455, "tolerance": -1 } }"#),
            errors: [
                "FILE:1:116: poses[0].expect[\"fold.before\"].tolerance: invalid tolerance -1 (expected a number of 0 or more)"
            ]),
        BadMatrix(
            name: "an extra key beside ≈",
            text: geometry(#"{ "fold.before": { "≈": 455, "tolerance": 1, "within": 2 } }"#),
            errors: [
                "FILE:1:119: poses[0].expect[\"fold.before\"]: unknown key \"within\" beside \"≈\" (expected \"≈\", \"tolerance\")"
            ]),
        BadMatrix(
            name: "a frame with three numbers",
            text: geometry(#"{ "fold.frame": { "≈": "455.5,0,40", "tolerance": 1 } }"#),
            errors: [
                "FILE:1:97: poses[0].expect[\"fold.frame\"][\"≈\"]: invalid value \"455.5,0,40\" for fold.frame (expected a frame such as \"455.5,0,40,669\" (x,y,width,height) or \"none\")"
            ]),
        BadMatrix(
            name: "contains a misspelt region",
            text: geometry(#"{ "regions": { "contains": "cameraHol" } }"#),
            errors: [
                "FILE:1:101: poses[0].expect.regions.contains: unknown value \"cameraHol\" for regions; did you mean \"cameraHole\"? (expected one of \"barStrip\", \"cameraHole\", \"fold\", \"innerCamera\")"
            ]),
        BadMatrix(
            name: "unknown layout choice",
            text: #"{ "formatVersion": 1, "name": "Bad", "app": { "layout": { "centersIn": "safearea" } }, "poses": \#(one) }"#,
            errors: [
                "FILE:1:72: app.layout.centersIn: unknown value \"safearea\"; did you mean \"safeArea\"? (expected one of \"safeArea\", \"bounds\")"
            ]),
        BadMatrix(
            name: "contains on a choice",
            text: geometry(#"{ "display": { "contains": "inner" } }"#),
            errors: [
                "FILE:1:89: poses[0].expect.display: contains applies to lists; display takes one of \"outer\", \"inner\", \"none\""
            ]),
        BadMatrix(
            name: "duplicate key",
            text: #"{ "formatVersion": 1, "name": "Bad", "name": "Again", "poses": \#(one) }"#,
            errors: ["FILE:1:38: name: duplicate key \"name\"; first given at line 1"]),
        BadMatrix(
            name: "axis the pose sets itself",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P11", "axes": { "layoutDirection": ["leftToRight"] }, "expect": { "display": "inner" } }] }"#,
            errors: [
                "FILE:1:75: poses[0].axes.layoutDirection: P11 sets layoutDirection to rightToLeft itself; remove this axis or list only that value"
            ]
        ),
        BadMatrix(
            name: "checklist pose that is no pose",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": \#(one), "checklist": [{ "id": "x", "text": "y", "poses": ["p9"] }] }"#,
            errors: ["FILE:1:151: checklist[0].poses[0]: unknown pose \"p9\"; did you mean \"P9\"? (expected P1 to P13)"]
        ),
        BadMatrix(
            name: "checklist pose missing from the matrix",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": \#(one), "checklist": [{ "id": "x", "text": "y", "poses": ["P9"] }] }"#,
            errors: ["FILE:1:151: checklist[0].poses[0]: P9 is not in the matrix's poses, so this item could never be signed off"]
        ),
        BadMatrix(
            name: "checklist id that sign-off keeps for invariants",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": \#(one), "checklist": [{ "id": "invariant:x", "text": "y", "poses": ["P9", "P77"] }] }"#,
            errors: [
                "FILE:1:123: checklist[0].id: \"invariant:x\" starts with \"invariant:\", "
                    + "which names the exploration's invariants in sign-off",
                "FILE:1:161: checklist[0].poses[0]: P9 is not in the matrix's poses, so this item could never be signed off",
                "FILE:1:167: checklist[0].poses[1]: unknown pose \"P77\" (expected P1 to P13)",
            ]
        ),
        BadMatrix(
            name: "empty poses",
            text: #"{ "formatVersion": 1, "name": "Bad", "poses": [] }"#,
            errors: ["FILE:1:47: poses: expected at least one value, found an empty array"]),
        BadMatrix(
            name: "not run without a reason",
            text:
                #"{ "formatVersion": 1, "name": "Bad", "poses": [{ "pose": "P13", "notRun": { "when": { "profile": "simulator" } } }] }"#,
            errors: ["FILE:1:75: poses[0].notRun: missing required key \"reason\""]),
        BadMatrix(
            name: "unknown app value",
            text: #"{ "formatVersion": 1, "name": "Bad", "app": { "linkedSDK": "27.2" }, "poses": \#(one) }"#,
            errors: [
                "FILE:1:60: app.linkedSDK: unknown value \"27.2\"; did you mean \"27.0\"? (expected one of \"26\", \"27.0\", \"27.1\")"
            ]),
        BadMatrix(
            name: "every error at once, in file order",
            text:
                "{\n  \"formatVersion\": 1,\n  \"name\": \"\",\n  \"poses\": [{ \"pose\": \"P1\", \"expect\": { \"bars.axis\": \"diagonal\", \"hinge.angle\": \"90\" } }]\n}",
            errors: [
                "FILE:3:11: name: expected a non-empty string",
                "FILE:4:54: poses[0].expect[\"bars.axis\"]: unknown value \"diagonal\" for bars.axis (expected one of \"vertical\", \"horizontal\")",
                "FILE:4:81: poses[0].expect[\"hinge.angle\"]: invalid value \"90\" for hinge.angle (expected a number)",
            ]),
        BadMatrix(
            name: "empty file",
            text: "",
            errors: ["FILE:1:1: the file is empty; expected a JSON object"]),
        BadMatrix(
            name: "not an object",
            text: "[1, 2]",
            errors: ["FILE:1:1: expected an object, found an array"]),
    ]

    @Test("a bad matrix exits 65 with exact errors and writes nothing", arguments: badMatrices)
    func badMatrix(_ example: BadMatrix) async throws {
        let path = try TestFiles.writeTemporary(example.text)
        let out = try TestFiles.temporaryFolder().appendingPathComponent("out").path
        let result = await duoPose(["run", path, "--out", out])
        let expected = example.errors.map { "Error: " + $0.replacingOccurrences(of: "FILE", with: path) + "\n" }.joined()
        #expect(result.code == 65)
        #expect(result.stderr == expected)
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: out), "an invalid matrix must not create the output folder")
    }

    @Test("a file that is not UTF-8 is named with the line and column of its first bad byte")
    func invalidUTF8() async throws {
        #expect(
            throws: MatrixErrors(errors: [
                MatrixError(
                    file: "bin.json", position: SourcePosition(line: 1, column: 11),
                    message: "the file is not valid UTF-8 (byte 0xFF)")
            ])
        ) {
            try MatrixLoader.load(bytes: Array("{\"name\": \"".utf8) + [0xFF, 0x22, 0x7D], path: "bin.json")
        }
        // Columns count characters, as the JSON5 reader's do: "é" is one.
        let path = try TestFiles.writeTemporary("")
        try Data(Array("{\n  \"name\": \"é".utf8) + [0x80, 0x22, 0x7D]).write(to: URL(fileURLWithPath: path))
        let result = await duoPose(["validate", path])
        #expect(result.code == 65)
        #expect(result.stderr == "Error: \(path):2:13: the file is not valid UTF-8 (byte 0x80)\n")
    }

    @Test("a missing file and a folder are named as such")
    func missingFile() async throws {
        let folder = try TestFiles.temporaryFolder().path
        let result = await duoPose(["validate", "/nonexistent/duo.json", folder])
        #expect(result.code == 65)
        #expect(result.stderr == "Error: /nonexistent/duo.json: no such file\nError: \(folder): is a folder, not a matrix file\n")
    }

    @Test("validate reports a valid matrix with its case count")
    func validMatrix() async throws {
        let path = TestFiles.fixture("small.json")
        let result = await duoPose(["validate", path])
        #expect(result.code == 0)
        #expect(result.stdout == "\(path): valid, 6 pose entries, 14 cases\n")
        #expect(result.stderr == "")
    }

    @Test("decodes the app block, operators, where clauses and not-run rules")
    func decodesEverything() throws {
        let loaded = try MatrixLoader.load(path: TestFiles.fixture("small.json"))
        let matrix = loaded.matrix
        #expect(matrix.name == "Small | test <matrix>")
        #expect(matrix.app.newWindow.via == .activationAction)
        #expect(matrix.app.orientations == [.portrait])
        #expect(matrix.axes == [AxisSpec(axis: .profile, values: [.text("device"), .text("simulator")])])
        let p5 = try #require(matrix.poses.first { $0.pose.id == "P5" })
        #expect(p5.axes == [AxisSpec(axis: .hingeAngle, values: [.number(90), .number(120)])])
        #expect(
            p5.whereClauses.first?.expect == [
                Expectation(observable: .foldRegion, condition: .equals(.text("active"))),
                Expectation(observable: .hingeAngle, condition: .atLeast(90)),
            ])
        let p1 = try #require(matrix.poses.first { $0.pose.id == "P1" })
        #expect(p1.expect.contains(Expectation(observable: .display, condition: .oneOf([.text("outer")]))))
        #expect(p1.whereClauses.count == 1)
        #expect(loaded.sha256.count == 64)
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// Precision before recall: a key whose evidence does not settle it is unknown,
/// and says why, naming each place. Each app under `Fixtures/unknown/` must leave one key unknown.
@Suite("duo-pose scan: keys that must be unknown")
struct ScanUnknownTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The folder under `Fixtures/unknown/`.
        var app: String
        var key: ScanKey
        /// The reason `--json` and the block give, or, for a key a file not read leaves unknown, `not read: ` and the file.
        var reason: String
        /// Every settled key (`key=value`) and every unknown one, so a key beside it that the code
        /// settles is seen to stay settled.
        var summary: String
        var testDescription: String { app }
    }

    /// The Info.plist keys each fixture generates, and the keys no source form settles.
    static let plist = #"multipleScenes=true requiresFullScreen=false orientations=["portrait"]"#
    static let noCamera = #"cameraAccessory.registeredOn="none" camera.uses="none""#

    static let cases: [Case] = [
        Case(
            app: "TwoCameraDirections", key: .cameraUses,
            reason: "two camera directions: App/QRScanner.swift:5 and App/VideoCall.swift:5",
            summary:
                #"\#(plist) newWindow.via="none" cameraAccessory.registeredOn="none" unknown: linkedSDK,state.savesOn,state.cachesScreen,camera.uses,camera.mirroring"#
        ),
        Case(
            app: "PhysicalCamera", key: .cameraUses,
            reason: "a physical camera, which the model has no value for: App/Camera.swift:4",
            summary:
                #"\#(plist) newWindow.via="none" cameraAccessory.registeredOn="none" unknown: linkedSDK,state.savesOn,state.cachesScreen,camera.uses,camera.mirroring"#
        ),
        Case(
            app: "TwoWindowRequests", key: .newWindowVia,
            reason: "two ways to ask for a window: App/ContentView.swift:5 and App/LegacyOpener.swift:5",
            summary:
                #"\#(plist) \#(noCamera) unknown: linkedSDK,newWindow.via,newWindow.alternate,newWindow.errorHandler,newWindow.shortForm,state.savesOn,state.cachesScreen"#
        ),
        Case(
            app: "HandlerByName", key: .newWindowErrorHandler,
            reason: "an errorHandler passed by name: App/Opener.swift:11",
            summary:
                #"\#(plist) newWindow.via="activateSceneSession" \#(noCamera) unknown: linkedSDK,newWindow.errorHandler,state.savesOn,state.cachesScreen"#
        ),
        Case(
            app: "TwoAccessoryPlaces", key: .cameraAccessoryRegisteredOn,
            reason: "two accessory registrations: App/CameraView.swift:8 and App/NotesApp.swift:7",
            summary:
                #"\#(plist) newWindow.via="none" unknown: linkedSDK,state.savesOn,state.cachesScreen,cameraAccessory.registeredOn,cameraAccessory.capture,camera.uses,camera.mirroring"#
        ),
        Case(
            app: "MirroringUndecided", key: .cameraMirroring,
            reason: "a mirroring assignment with no position or direction read near it: App/CameraController.swift:13",
            summary:
                #"\#(plist) newWindow.via="none" cameraAccessory.registeredOn="none" camera.uses="virtualFront" unknown: linkedSDK,state.savesOn,state.cachesScreen,camera.mirroring"#
        ),
        Case(
            app: "InactiveSaveBySelector", key: .stateSavesOn,
            reason: "an inactive notification handled by a selector: App/Autosave.m:5",
            summary: #"\#(plist) newWindow.via="none" \#(noCamera) unknown: linkedSDK,state.savesOn,state.cachesScreen"#),
        Case(
            app: "HingeHandlerByName", key: .hingeEffectReset,
            reason: "a hinge handler not written as a closure: App/ReaderView.swift:5",
            summary:
                #"\#(plist) newWindow.via="none" \#(noCamera) unknown: linkedSDK,state.savesOn,state.cachesScreen,hingeEffect.resetsOutsidePartiallyOpen"#
        ),
        Case(
            app: "UnresolvedInfoPlist", key: .requiresFullScreen,
            reason:
                "not read: App.xcodeproj/project.pbxproj:27 (INFOPLIST_FILE holds $(SOMETHING_UNDEFINED), which the target's settings do not give)",
            summary:
                #"newWindow.via="openWindow" \#(noCamera) unknown: multipleScenes,requiresFullScreen,orientations,linkedSDK,state.savesOn,state.cachesScreen"#
        ),
    ]

    @Test("each app leaves its key unknown, with the reason naming each place, and the other keys as they are", arguments: cases)
    func mustBeUnknown(_ testCase: Case) throws {
        let result = try Scanner.scan(TestFiles.fixture("unknown/" + testCase.app))
        #expect(result.value(testCase.key) == nil)
        #expect(result.unknown.contains(testCase.key))
        #expect(Self.reason(testCase.key, in: result) == testCase.reason)
        #expect(Self.summary(result) == testCase.summary)
    }

    @Test("the block says why beside the plain unknown keys; --json and --check --json give the reason and its places")
    func outputs() async throws {
        let app = TestFiles.fixture("unknown/TwoCameraDirections")
        let why = "two camera directions: App/QRScanner.swift:5 and App/VideoCall.swift:5"
        let block = await duoPose(["scan", app])
        #expect(block.code == 0)
        let unknownLines = block.stdout.split(separator: "\n").filter { $0.hasPrefix("// unknown") }
        #expect(
            unknownLines == [
                "// unknown: linkedSDK, state.savesOn, state.cachesScreen, camera.mirroring",
                "// unknown: camera.uses (\(why))",
            ])
        let unsettled =
            #""unsettled":[{"key":"camera.uses","places":[{"file":"App/QRScanner.swift","line":5},"#
            + #"{"file":"App/VideoCall.swift","line":5}],"reason":"\#(why)"}]}"# + "\n"
        let json = await duoPose(["scan", app, "--json"])
        #expect(json.stdout.hasSuffix(#""unread":[],"# + unsettled))
        // A matrix stating the key is not checked against it: the code does not settle it.
        let matrix = try TestFiles.writeTemporary(
            #"{ formatVersion: 1, name: "calls", app: { camera: { uses: "rear" } }, poses: [{ pose: "P1" }] }"#)
        let check = await duoPose(["scan", app, "--check", matrix, "--json"])
        #expect(check.code == 1, "the defaults of multipleScenes and orientations differ from the code's")
        #expect(check.stdout.contains(#""checked":["multipleScenes","requiresFullScreen","orientations","newWindow.via","#))
        #expect(
            check.stdout.hasSuffix(
                #""unknown":["linkedSDK","state.savesOn","state.cachesScreen","camera.uses","#
                    + #""camera.mirroring"],"unread":[],"# + unsettled))
    }

    @Test("openWindow declared in one file and called in another (an extension of its type) is settled at the call")
    func openWindowAcrossFiles() throws {
        let app = try TemporaryApp(files: [
            "App/Main.swift": "@main struct Notes: App {\n    @Environment(\\.openWindow) var openWindow\n}\n",
            "App/Main+Menu.swift": "extension Notes {\n    func menu() {\n        openWindow(id: \"main\")\n    }\n}\n",
        ])
        let result = try app.scan()
        let via = try #require(result.evidence.first { $0.key == .newWindowVia })
        #expect(via.value == .choice("openWindow"))
        #expect("\(via.location.file):\(via.location.line)" == "App/Main+Menu.swift:3")
        // Without the call, nothing asks for a window through the declaration: unknown, with where it is.
        let alone = try TemporaryApp(files: [
            "App/Main.swift": "@main struct Notes: App {\n    @Environment(\\.openWindow) var openWindow\n}\n"
        ])
        #expect(
            try alone.scan().unsettled.first { $0.key == .newWindowVia }?.reason
                == "openWindow declared and used nowhere in its file: App/Main.swift:2")
    }

    @Test("three values are counted; places are sorted, each line once; two kinds of doubt are two reasons after ;")
    func reasonWording() throws {
        let three = try TemporaryApp(files: [
            "App/B.swift":
                "func a() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }\n",
            "App/A.swift":
                "let x = 1\nstruct V: View { @Environment(\\.openWindow) var openWindow; "
                + "func go() { openWindow(id: \"a\") } }\n",
            "App/C.swift": "let action = ActivationAction(title: \"New\") { config in }\n",
        ]).scan()
        let via = "three ways to ask for a window: App/A.swift:2, App/B.swift:1 and App/C.swift:1"
        #expect(three.unsettled.map(\.reason) == [via, via, via, via])
        #expect(three.unsettled.map(\.key) == [.newWindowVia, .newWindowAlternate, .newWindowErrorHandler, .newWindowShortForm])
        let request = "app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler:"
        let doubts = try TemporaryApp(files: [
            "App/Main.swift": """
            func a() { \(request) handle); \(request) handle) }
            func b() { \(request) onFailure) }
            func c() { \(request) { _ in self.failed = true }) }
            """
        ]).scan()
        #expect(
            doubts.unsettled.map(\.reason) == [
                "two errorHandlers passed by name: App/Main.swift:1 and App/Main.swift:2; "
                    + "an errorHandler that neither presents nor only logs: App/Main.swift:3"
            ])
        #expect(doubts.unsettled.first?.places.map(\.line) == [1, 2, 3])
    }

    /// The key's reason, or the files not read that leave it unknown; nil for a key unknown with no reason.
    static func reason(_ key: ScanKey, in result: ScanResult) -> String? {
        if let unsettled = result.unsettled.first(where: { $0.key == key }) { return unsettled.reason }
        let files = result.unread.filter { $0.keys.contains(key) }
        return files.isEmpty ? nil : "not read: " + files.map(\.description).joined(separator: ", ")
    }

    static func summary(_ result: ScanResult) -> String {
        let values = result.evidence.map { "\($0.key.rawValue)=\($0.value)" }
        return (values + ["unknown: " + result.unknown.map(\.rawValue).joined(separator: ",")]).joined(separator: " ")
    }
}

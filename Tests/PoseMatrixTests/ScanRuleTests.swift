import Foundation
import Testing

@testable import PoseMatrix

@Suite("duo-pose scan: source rules")
struct ScanRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var file = "App/Main.swift"
        var expected: String
        var testDescription: String { name }
    }

    static let unknownBase = "orientations,linkedSDK,state.savesOn,state.cachesScreen"
    static let noCamera = #"cameraAccessory.registeredOn="none" camera.uses="none""#

    static let cases: [Case] = [
        Case(
            name: "errorHandler: nil is DUO010",
            source:
                "func open() { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: a, options: nil, errorHandler: nil) }",
            expected:
                #"newWindow.via="activateSceneSession" newWindow.errorHandler="none" \#(noCamera) unknown: \#(unknownBase) DUO010"#
        ),
        Case(
            name: "no error handler at all is DUO010",
            source: "func open() { UIApplication.shared.activateSceneSession(for: request) }",
            expected:
                #"newWindow.via="activateSceneSession" newWindow.errorHandler="none" \#(noCamera) unknown: \#(unknownBase) DUO010"#
        ),
        Case(
            name: "a trailing handler that presents shows in place",
            source: "func open() { app.activateSceneSession(for: request) { error in self.present(alert, animated: true) } }",
            expected:
                #"newWindow.via="activateSceneSession" newWindow.errorHandler="showInPlace" \#(noCamera) unknown: \#(unknownBase)"#
        ),
        Case(
            name: "a handler that only logs is none, DUO012",
            source:
                "func open() { app.activateSceneSession(for: request, errorHandler: { error in logger.error(\"\\(error)\") }) }",
            expected:
                #"newWindow.via="activateSceneSession" newWindow.errorHandler="none" \#(noCamera) unknown: \#(unknownBase) DUO012"#
        ),
        Case(
            name: "a trailing handler with a capture list that only logs is none, DUO012",
            source:
                "func open() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil) { [logger] error in logger.error(\"\\(error)\") } }",
            expected:
                #"newWindow.via="activateSceneSession" newWindow.errorHandler="none" \#(noCamera) unknown: \#(unknownBase) DUO012"#
        ),
        Case(
            name: "a handler passed by name is unknown",
            source: "func open() { app.activateSceneSession(for: request, errorHandler: handleFailure) }",
            expected:
                #"newWindow.via="activateSceneSession" \#(noCamera) unknown: orientations,linkedSDK,newWindow.errorHandler,state.savesOn,state.cachesScreen"#
        ),
        Case(
            name: "Objective-C errorHandler:nil is DUO010",
            source: "- (void)open { [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:nil]; }",
            file: "App/Opener.m",
            expected:
                #"newWindow.via="activateSceneSession" newWindow.errorHandler="none" \#(noCamera) unknown: \#(unknownBase) DUO010"#
        ),
        Case(
            name: "an ActivationAction with an alternate that shows",
            source: """
                let action = UIWindowScene.ActivationAction({ _ in configuration }, alternate: UIAction(title: "Show") { _ in
                    self.show(detail, sender: nil)
                })
                """,
            expected:
                #"newWindow.via="activationAction" newWindow.alternate="showInPlace" newWindow.shortForm=false \#(noCamera) unknown: \#(unknownBase)"#
        ),
        Case(
            name: "the short form is DUO011",
            source: #"let action = UIWindowScene.ActivationAction(title: "Open") { _ in configuration }"#,
            expected:
                #"newWindow.via="activationAction" newWindow.alternate="none" newWindow.shortForm=true \#(noCamera) unknown: \#(unknownBase) DUO011"#
        ),
        Case(
            name: "names in comments and strings do not count",
            source: """
                // UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil)
                /* let a = UIWindowScene.ActivationAction(title: "x") { _ in nil } /* nested */ openWindow */
                let text = "activateSceneSession(for: request)"
                let raw = #"openWindow "\\.openWindow" isVideoMirrored = position"#
                let multi = \"""
                    ActivationAction(title: "x") { }
                    \"""
                """,
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "macOS, Mac Catalyst and visionOS code does not count; iOS code does",
            source: """
                #if os(macOS) || targetEnvironment(macCatalyst)
                func a() { app.activateSceneSession(for: request) }
                #elseif os(visionOS)
                let b = UIWindowScene.ActivationAction(title: "x") { _ in nil }
                #else
                @Environment(\\.openWindow) var openWindow
                func go() { openWindow(id: "a") }
                #endif
                #if !os(iOS)
                func c() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }
                #endif
                """,
            expected: #"newWindow.via="openWindow" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            // The declaration asks for nothing: the use does, and is cited.
            name: "openWindow declared and called is settled at the call",
            source:
                "struct V: View {\n @Environment(\\.openWindow) private var openWindow\n\n"
                + " func go() { openWindow(id: \"a\") } }",
            expected: #"newWindow.via="openWindow" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            // IceCubesApp's shape: every use of the declared action is for visionOS or Mac Catalyst only.
            name: "openWindow declared and used only where an iPhone build does not compile is unknown, not openWindow",
            source: """
                struct V: View {
                    @Environment(\\.openWindow) var openWindow
                    var body: some View {
                        #if os(visionOS)
                        Button("Open") { openWindow(id: "a") }
                        #endif
                    }
                }
                """,
            expected:
                #"\#(noCamera) unknown: orientations,linkedSDK,newWindow.via,newWindow.alternate,newWindow.errorHandler,newWindow.shortForm,state.savesOn,state.cachesScreen"#
        ),
        Case(
            name: "openWindow stored as an action counts",
            source:
                "struct V: View {\n @Environment(\\.openWindow) private var open\n func go() { let action = open; action(id: \"a\") } }",
            expected: #"newWindow.via="openWindow" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "two ways of asking for a window leave via unknown",
            source:
                "@Environment(\\.openWindow) var openWindow\nfunc a() { app.activateSceneSession(for: r) { _ in self.present(x, animated: true) }; openWindow(id: \"b\") }",
            expected:
                #"\#(noCamera) unknown: orientations,linkedSDK,newWindow.via,newWindow.alternate,newWindow.errorHandler,newWindow.shortForm,state.savesOn,state.cachesScreen"#
        ),
        Case(
            name: "saving on resign active is inactive",
            source:
                "class S: UIResponder, UIWindowSceneDelegate {\n func sceneWillResignActive(_ s: UIScene) { store.save() }\n}",
            expected:
                #"newWindow.via="none" state.savesOn="inactive" \#(noCamera) unknown: orientations,linkedSDK,state.cachesScreen"#),
        Case(
            name: "a template method whose comment mentions saving does not count",
            source: "class S {\n func sceneDidEnterBackground(_ s: UIScene) {\n // Save changes here.\n }\n}",
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "mirroring set without position or direction is unknown",
            source:
                "let d = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)\nc.isVideoMirrored = true",
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" camera.uses="rear" unknown: orientations,linkedSDK,state.savesOn,state.cachesScreen,camera.mirroring"#
        ),
        Case(
            name: "a physical inner camera is unknown to the model",
            source: "let s = AVCaptureSession()\nlet t: AVCaptureDevice.DeviceType = .builtInInnerUltraWideCamera",
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: orientations,linkedSDK,state.savesOn,state.cachesScreen,camera.uses,camera.mirroring DUO014"#
        ),
        Case(
            name: "an accessory registered by the scene delegate is on the root view",
            source: """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func attach(_ scene: UIWindowScene) {
                        scene.registerSceneAccessory(UISceneAccessory.cameraCapture(sceneConfiguration: c, userInfo: nil))
                    }
                }
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="rootView" camera.uses="none" unknown: orientations,linkedSDK,state.savesOn,state.cachesScreen,cameraAccessory.capture"#
        ),
        Case(
            // The type around each token is found among the tokens an iPhone build compiles: found among
            // all of them, the macOS branch's tokens shifted it, and the App's accessory read as CameraView's.
            name: "an accessory on the App after a branch an iPhone build leaves out is on the root view",
            source: """
                struct CameraView: View {
                    let session = AVCaptureSession()
                    var body: some View { Text("camera") }
                }
                #if os(macOS)
                let one = 1; let two = 2; let three = 3; let four = 4; let five = 5; let six = 6; let seven = 7
                let eight = 8; let nine = 9; let ten = 10; let eleven = 11; let twelve = 12; let thirteen = 13
                #endif
                @main
                struct DuoApp: App {
                    var body: some Scene {
                        WindowGroup { CameraView() }
                            .sceneAccessory(CameraCaptureAccessory())
                    }
                }
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="rootView" unknown: orientations,linkedSDK,state.savesOn,state.cachesScreen,cameraAccessory.capture,camera.uses,camera.mirroring"#
        ),
    ]

    @Test("each source form gives its value, unknown or finding", arguments: cases)
    func rule(_ testCase: Case) throws {
        let app = try TemporaryApp(files: [testCase.file: testCase.source + "\n"])
        let summary = try app.summary()
        #expect(summary == testCase.expected)
    }

    @Test("a finding names its rule, file, line and what is wrong")
    func findingMessage() throws {
        let app = try TemporaryApp(files: ["App/Main.swift": "\n\nfunc open() { app.activateSceneSession(for: r) }\n"])
        let finding = try #require(try app.scan().findings.first { $0.rule == .DUO010 })
        #expect(
            finding.location
                == ScanLocation(file: "App/Main.swift", line: 3, text: "func open() { app.activateSceneSession(for: r) }"))
        #expect(finding.message == "activateSceneSession has no errorHandler: a refused window shows the person nothing")
    }
}

@Suite("duo-pose scan: cut-off sources")
struct ScanCutOffTests {
    @Test(
        "a file that ends inside a call or closure is read without a crash",
        arguments: [
            "app.activateSceneSession(", "app.activateSceneSession(for: r) {", "app.activateSceneSession(for: r) { e in",
            "UIWindowScene.ActivationAction(", "UIWindowScene.ActivationAction(title: \"a\") {", "v.onHingeChange {",
            "func sceneDidEnterBackground(_ s: UIScene) {", "c.isVideoMirrored =", "[app activateSceneSessionForRequest:",
        ])
    func cutOff(_ source: String) throws {
        let app = try TemporaryApp(files: ["App/Cut.swift": source, "App/Cut.m": source])
        #expect(try app.scan().filesRead == 3)
    }
}

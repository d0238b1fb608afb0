import Foundation
import Testing

@testable import PoseMatrix

/// Forms met in public apps, one fixture each, and forms that must leave a key
/// unknown (§2): a stated value needs evidence that settles it.
@Suite("duo-pose scan: forms met in real apps")
struct ScanFormsTests {
    typealias Case = ScanRuleTests.Case

    static let noCamera = ScanRuleTests.noCamera
    static let unknownBase = ScanRuleTests.unknownBase
    static let saved = "orientations,linkedSDK,state.cachesScreen"

    static let cases: [Case] = [
        Case(
            name: "removing an observer of didEnterBackground saves nothing",
            source:
                "func stop() { NotificationCenter.default.removeObserver(self, name: UIApplication.didEnterBackgroundNotification, object: nil) }",
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "nor in Objective-C",
            source:
                "- (void)dealloc { [[NSNotificationCenter defaultCenter] removeObserver:self name:UIApplicationDidEnterBackgroundNotification object:nil]; }",
            file: "App/Main.m",
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "a willResignActive publisher whose sink stops a timer is no save",
            source: """
                func watch() {
                    NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)
                        .sink { [weak self] _ in
                            self?.idleTimer?.invalidate()
                            self?.restoreBrightness()
                        }
                        .store(in: &cancellables)
                }
                """,
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "onReceive of didEnterBackground whose closure saves saves on background",
            source:
                "let v = Text(\"a\").onReceive(NotificationCenter.default.publisher(for: UIApplication.didEnterBackgroundNotification)) { _ in model.save() }",
            expected: #"newWindow.via="none" state.savesOn="background" \#(noCamera) unknown: \#(saved)"#),
        Case(
            name: "an observer whose handler is a selector is unknown",
            source:
                "- (void)f { [NSNotificationCenter.defaultCenter addObserver:self selector:@selector(save) name:UIApplicationDidEnterBackgroundNotification object:nil]; }",
            file: "App/Main.m",
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "an audio-only capture session is no camera: no DUO014",
            source:
                "let session = AVCaptureSession()\nlet mic = AVCaptureDevice.default(for: .audio)\nfunc go() { session.startRunning() }",
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses,camera.mirroring"#
        ),
        Case(
            name: "a background callback that only stops a timer is no save: unknown",
            source:
                "class S: UIResponder, UIWindowSceneDelegate {\n func sceneDidEnterBackground(_ s: UIScene) { timer?.invalidate() }\n}",
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "a background callback that saves a context saves on background",
            source:
                "class S: UIResponder, UIWindowSceneDelegate {\n func sceneDidEnterBackground(_ s: UIScene) { try? container.viewContext.save() }\n}",
            expected: #"newWindow.via="none" state.savesOn="background" \#(noCamera) unknown: \#(saved)"#),
        Case(
            name: "phase != .active saves on inactive",
            source: """
                struct V: View {
                    @Environment(\\.scenePhase) var scenePhase
                    var body: some View { Text("a").onChange(of: scenePhase) { _, phase in if phase != .active { store.persist() } } }
                }
                """,
            expected: #"newWindow.via="none" state.savesOn="inactive" \#(noCamera) unknown: \#(saved)"#),
        Case(
            name: "case .background that resets a badge is no save",
            source: """
                struct V: View {
                    @Environment(\\.scenePhase) var scenePhase
                    func f() { switch scenePhase { case .background: badge = 0 default: break } }
                }
                """,
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "a rear QR scanner and front WebRTC calls: two directions, unknown",
            source: """
                let scanner = AVCaptureDevice.default(for: .video)
                let front = RTCCameraVideoCapturer.captureDevices().first(where: { $0.position == .front })
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses,camera.mirroring"#
        ),
        Case(
            name: "a capturer's cameraPosition = .front chooses the front camera",
            source: "func start() { capturer.cameraPosition = .front }",
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" camera.uses="virtualFront" unknown: \#(unknownBase),camera.mirroring"#
        ),
        Case(
            name: "a flip, position = position == .back ? .front : .back, chooses both: unknown",
            source: """
                var devicePosition: AVCaptureDevice.Position = .back
                func flip() { self.devicePosition = self.devicePosition == .back ? .front : .back }
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses,camera.mirroring"#
        ),
        Case(
            name: "a ternary passed as position: chooses both",
            source:
                "let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: isFront ? .front : .back)",
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses,camera.mirroring"#
        ),
        Case(
            name: "a ternary of directions that is no position chooses nothing",
            source: """
                let device = AVCaptureDevice.default(for: .video, position: .back)
                let label = isFront ? .front : .back
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" camera.uses="rear" unknown: \#(unknownBase),camera.mirroring"#
        ),
        Case(
            name: "position == .front in an if only asks: no camera chosen",
            source: "func f(_ device: AVCaptureDevice) { if device.position == .front { flip() } }",
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
        Case(
            name: "mirroring by the app's own front-camera flag is unknown on purpose",
            source: """
                let session = AVCaptureSession()
                let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .front)
                func mirror() { connection.isVideoMirrored = isFrontCamera }
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" camera.uses="virtualFront" unknown: \#(unknownBase),camera.mirroring DUO014"#
        ),
        Case(
            name: "mirroring by a position parameter compared with .front is by position, DUO013",
            source: """
                let session = AVCaptureSession()
                let device = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .front)
                func configure(_ connection: AVCaptureConnection, position: AVCaptureDevice.Position) {
                    connection.isVideoMirrored = (position == .front)
                }
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" camera.uses="virtualFront" camera.mirroring="byPosition" unknown: \#(unknownBase) DUO014 DUO013"#
        ),
        Case(
            name: "a system camera picker leaves camera.uses unknown: the person chooses the camera",
            source:
                "func take() { let picker = UIImagePickerController(); picker.sourceType = .camera; present(picker, animated: true) }",
            expected: #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses"#),
        Case(
            name: "an Objective-C camera picker, or a Swift picker asked for by availability, leaves camera.uses unknown",
            source:
                "- (void)take { if ([UIImagePickerController isSourceTypeAvailable:UIImagePickerControllerSourceTypeCamera]) { } }",
            file: "App/Picker.m",
            expected: #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses"#),
        Case(
            name: "a picker's sourceType: .camera argument, or SourceType.camera, leaves camera.uses unknown",
            source: "func take() { present(Picker(sourceType: .camera)) }\nlet s = UIImagePickerController.SourceType.camera",
            expected: #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses"#),
        Case(
            name: "a picker fixed to the front camera with its controls hidden uses the front camera",
            source: """
                func faceCam() {
                    picker.sourceType = .camera
                    picker.cameraDevice = .front
                    picker.showsCameraControls = false
                }
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" camera.uses="virtualFront" unknown: \#(unknownBase),camera.mirroring"#
        ),
        Case(
            name: "a picker set to the front camera with its controls shown: the person may flip it, unknown",
            source: "func faceCam() { picker.sourceType = .camera; picker.cameraDevice = .front }",
            expected: #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses"#),
        Case(
            name: "a camera picker beside the app's own rear capture: unknown still",
            source: """
                let device = AVCaptureDevice.default(for: .video)
                func take() { picker.sourceType = .camera }
                """,
            expected:
                #"newWindow.via="none" cameraAccessory.registeredOn="none" unknown: \#(unknownBase),camera.uses,camera.mirroring"#
        ),
        Case(
            name: "a selector named with @selector is no request",
            source: "- (void)f { SEL s = @selector(activateSceneSession:); }",
            file: "App/Main.m",
            expected: #"newWindow.via="none" \#(noCamera) unknown: \#(unknownBase)"#),
    ]

    @Test("each form gives its value, or unknown where the code does not settle it", arguments: cases)
    func form(_ testCase: Case) throws {
        let app = try TemporaryApp(files: [testCase.file: testCase.source])
        #expect(try app.summary() == testCase.expected)
    }

    @Test(
        "a scene phase tested in a case list, an if with ||, a guard, or with !=, saves on the phase the code runs on",
        arguments: [
            ("switch phase { case .inactive, .background: store.save() default: break }", "inactive"),
            ("switch phase { case .background, .inactive: store.save() default: break }", "inactive"),
            ("switch phase { case .active, .background: store.save() default: break }", "background"),
            ("if phase == .inactive || phase == .background { store.save() }", "inactive"),
            ("if let store, phase == .background { store.save() }", "background"),
            ("guard phase == .background else { return }\n store.save()", "background"),
            ("if phase != .inactive { store.persist() }", "background"),
            ("if phase != .background { store.persist() }", "inactive"),
            ("if phase != .active { store.persist() }", "inactive"),
            // A comparison assigned, a phase passed on, or code that does not save: nothing.
            ("let leaving = phase == .background\n if leaving { store.save() }", "unknown"),
            ("log(.background, store.save())", "unknown"),
            ("guard phase == .background else { store.save(); return }\n badge = 0", "unknown"),
            ("switch phase { case .inactive, .background: badge = 0 default: store.save() }", "unknown"),
        ])
    func phaseTests(_ code: String, _ expected: String) throws {
        let source = """
            struct V: View {
                @Environment(\\.scenePhase) var scenePhase
                var body: some View { Text("a").onChange(of: scenePhase) { _, phase in
                    \(code)
                } }
            }
            """
        let result = try TemporaryApp(files: ["App/V.swift": source]).scan()
        let saves = result.evidence.first { $0.key == .stateSavesOn }
        #expect(saves.map { "\($0.value)" }?.replacingOccurrences(of: "\"", with: "") ?? "unknown" == expected, "\(code)")
    }

    @Test(
        "a saving word counts where it is called (or sent; a forKey: of a setter), not where it is read or asked",
        arguments: [
            ("if viewModel.canSave { needsLogin = false }\n authenticator.logOut()", "App/S.swift", "unknown"),
            ("saveButton.isEnabled = false", "App/S.swift", "unknown"),
            ("let persisted = store.isPersisted", "App/S.swift", "unknown"),
            ("if document.hasUnsavedChanges() { badge = 1 }", "App/S.swift", "unknown"),
            ("if UserDefaults.standard.bool(forKey: \"lock\") { lock() }", "App/S.swift", "unknown"),
            ("defaults.removeObject(forKey: \"draft\")", "App/S.swift", "inactive"),
            // A badge reset that stores its count saves no state; a real save beside it does.
            ("defaults?.set(1, forKey: \"count\")\n center.setBadgeCount(0)", "App/S.swift", "unknown"),
            ("defaults?.set(1, forKey: \"count\")\n center.setBadgeCount(0)\n try? context.save()", "App/S.swift", "inactive"),
            ("try? context.save()", "App/S.swift", "inactive"),
            ("defaults.set(tab, forKey: \"tab\")", "App/S.swift", "inactive"),
            ("UserDefaults.standard.set(tab, forKey: \"tab\")", "App/S.swift", "inactive"),
        ])
    func savingCalls(_ body: String, _ file: String, _ expected: String) throws {
        let source =
            "class S: UIResponder, UIWindowSceneDelegate {\n func sceneWillResignActive(_ s: UIScene) {\n \(body)\n }\n}\n"
        let result = try TemporaryApp(files: [file: source]).scan()
        let saves = result.evidence.first { $0.key == .stateSavesOn }.map { "\($0.value)" } ?? "unknown"
        #expect(saves.replacingOccurrences(of: "\"", with: "") == expected, "\(body)")
    }

    @Test("an Objective-C message that saves counts; a message that only reads does not")
    func objectiveCMessages() throws {
        let delegate = { (body: String) in
            "@implementation AppDelegate\n- (void)applicationWillResignActive:(UIApplication *)application {\n    \(body)\n}\n@end\n"
        }
        for (body, expected) in [
            ("[self.noteEditorViewController save];", "inactive"), ("[context save:&error];", "inactive"),
            ("if ([self canSave]) { [self.timer invalidate]; }", "unknown"),
            ("[[NSUserDefaults standardUserDefaults] setBool:YES forKey:@\"dirty\"];", "inactive"),
            ("if ([[NSUserDefaults standardUserDefaults] boolForKey:@\"lock\"]) { [self lock]; }", "unknown"),
        ] {
            let result = try TemporaryApp(files: ["App/AppDelegate.m": delegate(body)]).scan()
            let saves = result.evidence.first { $0.key == .stateSavesOn }.map { "\($0.value)" } ?? "unknown"
            #expect(saves.replacingOccurrences(of: "\"", with: "") == expected, "\(body)")
        }
    }

    @Test("a watch or Mac target's file (it imports WatchKit, ClockKit, AppKit or Cocoa) is not the app's: skipped, counted")
    func otherPlatformFiles() throws {
        let watch = """
            import WatchKit
            class ExtensionDelegate: NSObject, WKApplicationDelegate {
                func applicationWillResignActive() { store.save() }
            }
            """
        let phone =
            "class S: UIResponder, UIWindowSceneDelegate {\n func sceneDidEnterBackground(_ s: UIScene) { store.persist() }\n}"
        for module in ["WatchKit", "ClockKit", "AppKit", "Cocoa", "class AppKit.NSView"] {
            let app = try TemporaryApp(files: [
                "Watch/ExtensionDelegate.swift": watch.replacingOccurrences(of: "WatchKit", with: module), "App/S.swift": phone,
            ])
            let result = try app.scan()
            #expect(result.evidence.first { $0.key == .stateSavesOn }?.value == .choice("background"), "\(module)")
            #expect(result.skipped.otherTargets == 1, "\(module)")
        }
        // Under `#if os(watchOS)` or `#if canImport(AppKit)` the import is not the iPhone build's,
        // and the file is read (an iPhone build has no AppKit or Cocoa).
        for condition in ["os(watchOS)", "canImport(AppKit)", "canImport(Cocoa)"] {
            let module = condition.contains("watch") ? "WatchKit" : "AppKit"
            let source = "#if \(condition)\nimport \(module)\n#endif\n" + phone
            let guarded = try TemporaryApp(files: ["App/Main.swift": source]).scan()
            #expect(guarded.skipped.otherTargets == 0, "\(condition)")
            #expect(guarded.evidence.first { $0.key == .stateSavesOn }?.value == .choice("background"), "\(condition)")
        }
    }

    @Test("DUO014 fires where a capture session is started, not at a probe; without a start, at the first session")
    func captureSessionStarted() throws {
        let source = """
            func probe() -> Bool { AVCaptureSession().canSetSessionPreset(.hd4K3840x2160) }
            let session = AVCaptureSession()
            func start() { session.startRunning() }
            let preview = AVCaptureVideoPreviewLayer(session: session)
            """
        let started = try TemporaryApp(files: ["App/Main.swift": source]).scan().findings.filter { $0.rule == .DUO014 }
        #expect(started.map(\.location.line) == [3])
        #expect(
            started.map(\.message) == [
                "this capture session starts without an AVCaptureDeviceDirectionCoordinator: a fold changes the camera's direction unseen"
            ])
        let audioFirst = try TemporaryApp(files: [
            "App/Audio.swift": "let mic = AVCaptureSession()\nfunc record() { mic.startRunning() }\n",
            "App/Camera.swift": "let preview = AVCaptureVideoPreviewLayer()\nfunc show() { session.startRunning() }\n",
        ]).scan()
        #expect(
            audioFirst.findings.filter { $0.rule == .DUO014 }.map { "\($0.location.file):\($0.location.line)" } == [
                "App/Camera.swift:2"
            ])
        let probe = try TemporaryApp(files: [
            "App/Main.swift": "let session = AVCaptureSession()\nlet p = AVCapturePhotoOutput()\n"
        ]).scan()
        #expect(probe.findings.filter { $0.rule == .DUO014 }.map(\.location.line) == [1])
    }

    struct PlistCase: Sendable, CustomTestStringConvertible {
        var name: String
        var settings: [String: String]
        var expected: String
        var testDescription: String { name }
    }

    static let plistCases: [PlistCase] = [
        PlistCase(name: "$(TARGET_NAME)", settings: ["INFOPLIST_FILE": "$(TARGET_NAME)/Info.plist"], expected: "App/Info.plist"),
        PlistCase(name: "${SRCROOT}", settings: ["INFOPLIST_FILE": "${SRCROOT}/App/Info.plist"], expected: "App/Info.plist"),
        PlistCase(
            name: "$(PRODUCT_NAME) set from $(TARGET_NAME)",
            settings: ["INFOPLIST_FILE": "$(SRCROOT)/$(PRODUCT_NAME)/Info.plist", "PRODUCT_NAME": "$(TARGET_NAME)"],
            expected: "App/Info.plist"),
        PlistCase(
            name: "nested $(…)",
            settings: ["INFOPLIST_FILE": "$(FOLDER_$(TARGET_NAME))/Info.plist", "FOLDER_App": "App"],
            expected: "App/Info.plist"),
        PlistCase(
            name: "a variable the settings do not give: unknown, named",
            settings: ["INFOPLIST_FILE": "App/$(CONFIGURATION)-Info.plist"],
            expected:
                "App.xcodeproj/project.pbxproj:12 (INFOPLIST_FILE holds $(CONFIGURATION), which the target's settings do not give)"
        ),
        PlistCase(
            name: "a setting naming itself: unknown",
            settings: ["INFOPLIST_FILE": "$(LOOP)/Info.plist", "LOOP": "$(LOOP)"],
            expected:
                "App.xcodeproj/project.pbxproj:12 (INFOPLIST_FILE holds $(LOOP)/Info.plist, which the target's settings do not give)"
        ),
    ]

    @Test("INFOPLIST_FILE with build-setting variables is resolved from the target's settings", arguments: plistCases)
    func plistVariables(_ testCase: PlistCase) throws {
        let plist = infoPlist("<key>UIRequiresFullScreen</key><true/>")
        let result = try TemporaryApp(settings: testCase.settings, files: ["App/Info.plist": plist]).scan()
        if testCase.expected == "App/Info.plist" {
            #expect(result.evidence.first { $0.key == .requiresFullScreen }?.location.file == testCase.expected)
            #expect(result.value(.requiresFullScreen) == .bool(true))
        } else {
            #expect(result.value(.requiresFullScreen) == nil)
            #expect(result.unread.map(\.description) == [testCase.expected])
        }
    }

    /// An XcodeGen `project.yml` with the given text, and the scan of its tree.
    static func xcodeGen(_ spec: String, files: [String: String] = [:]) throws -> ScanResult {
        let root = try TestFiles.temporaryFolder()
        for (path, text) in files.merging(["project.yml": spec], uniquingKeysWith: { $1 }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try Scanner.scan(root.path)
    }

    @Test("XcodeGen: targetTemplates merged in order, supportedDestinations, and a conditional setting beside others")
    func xcodeGenForms() throws {
        let spec = """
            targetTemplates:
              Base:
                type: application
                settings:
                  base:
                    GENERATE_INFOPLIST_FILE: YES
                    INFOPLIST_KEY_UIRequiresFullScreen: NO
              Full:
                info:
                  path: ${target_name}/Info.plist
            targets:
              Reader:
                templates: [Base, Full]
                supportedDestinations: [iOS, macOS]
                settings:
                  base:
                    ENABLE_HARDENED_RUNTIME[sdk=macosx*]: YES
                    INFOPLIST_KEY_UIApplicationSceneManifest_Generation: YES
            """
        let plist = infoPlist("<key>UIRequiresFullScreen</key><true/>")
        let result = try Self.xcodeGen(spec, files: ["Reader/Info.plist": plist])
        #expect(result.project == "project.yml")
        #expect(result.value(.multipleScenes) == .bool(true))
        #expect(result.evidence.first { $0.key == .multipleScenes }?.location.line == 18)
        #expect(result.value(.requiresFullScreen) == .bool(false), "the template's generated key over the file")
        #expect(result.unread == [])
    }

    @Test("XcodeGen: include: of another spec, settingGroups and configFiles, each value cited in its own file")
    func xcodeGenIncludes() throws {
        let spec = """
            include: [Shared/base.yml, ../outside.yml]
            settingGroups:
              scenes:
                INFOPLIST_KEY_UIApplicationSceneManifest_Generation: YES
            targets:
              App:
                settings:
                  groups: [scenes]
                configFiles:
                  Release: Config/Release.xcconfig
            """
        let files = [
            "Shared/base.yml": "targets:\n  App:\n    type: application\n    platform: iOS\n",
            "Config/Release.xcconfig": "GENERATE_INFOPLIST_FILE = YES\nINFOPLIST_KEY_UIRequiresFullScreen = YES\n",
        ]
        let result = try Self.xcodeGen(spec, files: files)
        let cited = [ScanKey.multipleScenes, .requiresFullScreen].map { key in
            result.evidence.first { $0.key == key }.map { "\($0.value)@\($0.location.file):\($0.location.line)" } ?? "unknown"
        }
        #expect(cited == ["true@project.yml:4", "true@Config/Release.xcconfig:2"])
    }
}

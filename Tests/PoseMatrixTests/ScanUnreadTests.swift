import Foundation
import Testing

@testable import PoseMatrix

/// A key is never settled by the absence of a form that a file the scan did not
/// read could hold.
@Suite("duo-pose scan: files not read")
struct ScanUnreadTests {
    static let request =
        "func open() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }\n"
    /// The keys the sources settle by the absence of a form, in key order.
    static let sourceKeys =
        "newWindow.via, newWindow.alternate, newWindow.errorHandler, newWindow.shortForm, "
        + "hingeEffect.resetsOutsidePartiallyOpen, cameraAccessory.registeredOn, cameraAccessory.capture, camera.uses, "
        + "camera.mirroring"

    /// An app whose only request is in `App/Legacy.swift`, written as the given bytes.
    static func app(legacy: [UInt8]) throws -> TemporaryApp {
        let app = try TemporaryApp(files: ["App/Main.swift": "let a = 1\n"])
        try Data(legacy).write(to: app.root.appendingPathComponent("App/Legacy.swift"))
        return app
    }

    @Test("a source not read leaves unknown what its absence would settle; the header and the unknown line name it")
    func binarySource() async throws {
        let app = try Self.app(legacy: Array("// \u{0}\n".utf8) + Array(Self.request.utf8))
        let run = await duoPose(["scan", app.root.path])
        #expect(run.code == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                // duo-pose scan \(app.root.path): App.xcodeproj/project.pbxproj, 2 files read, 1 skipped (1 binary): App/Legacy.swift (binary)
                "app": {
                  "multipleScenes": false, // App.xcodeproj/project.pbxproj:12: "GENERATE_INFOPLIST_FILE" = "YES";
                  "requiresFullScreen": false, // App.xcodeproj/project.pbxproj:12: "GENERATE_INFOPLIST_FILE" = "YES";
                },
                // unknown: orientations, linkedSDK, state.savesOn, state.cachesScreen
                // unknown, as files that could settle them were not read: \(Self.sourceKeys): App/Legacy.swift
                // DUO015 App.xcodeproj/project.pbxproj:12: the app target App does not set UIApplicationSupportsMultipleScenes: it gets one window
                // what to do about DUO015 (NoMultipleScenes): set UIApplicationSupportsMultipleScenes to YES in the scene manifest \
                (INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES for a generated Info.plist)

                """)
        let json = await duoPose(["scan", app.root.path, "--json"])
        #expect(
            json.stdout.hasSuffix(
                #""unread":[{"file":"App/Legacy.swift","keys":["newWindow.via","newWindow.alternate","newWindow.errorHandler","#
                    + #""newWindow.shortForm","hingeEffect.resetsOutsidePartiallyOpen","cameraAccessory.registeredOn","#
                    + #""cameraAccessory.capture","camera.uses","camera.mirroring"],"line":0,"reason":"binary"}],"unsettled":[]}"#
                    + "\n"))
    }

    /// How a source with one request is written, and whether the scan then reads it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var read: Bool
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "UTF-8", bytes: Array(("// café\n" + request).utf8), read: true),
        // Latin-1 `é` (0xE9) in a comment: the rules read ASCII names, so the file is read, its byte shown as U+FFFD.
        Case(
            name: "one Latin-1 byte in a comment", bytes: Array("// caf".utf8) + [0xE9] + Array(("\n" + request).utf8), read: true
        ),
        Case(name: "a NUL byte", bytes: [0] + Array(request.utf8), read: false),
        Case(
            name: "over 4 MiB", bytes: Array(request.utf8) + [UInt8](repeating: 0x20, count: SourceTree.largestFile), read: false),
    ]

    @Test("a source is read, whatever its bytes, or its absence settles nothing", arguments: cases)
    func readOrUnknown(_ testCase: Case) throws {
        let result = try Self.app(legacy: testCase.bytes).scan()
        if testCase.read {
            #expect(result.value(.newWindowVia) == .choice("activateSceneSession"))
            #expect(result.findings.map(\.rule) == [.DUO015, .DUO010])
            #expect(result.unread == [])
        } else {
            #expect(result.value(.newWindowVia) == nil)
            #expect(result.unknown.contains(.newWindowVia))
            #expect(result.unread.map(\.file) == ["App/Legacy.swift"])
            #expect(result.unread.first?.keys.map(\.rawValue).joined(separator: ", ") == Self.sourceKeys)
        }
    }

    @Test("a source whose path is longer than PATH_MAX is read")
    func pathPastPathMax() throws {
        let app = try TemporaryApp(files: ["App/Main.swift": "let a = 1\n"])
        let name = String(repeating: "d", count: 200)
        var folder = open(app.root.path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<25 {
            #expect(mkdirat(folder, name, 0o755) == 0)
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY)
            close(folder)
            folder = next
        }
        let file = openat(folder, "Deep.swift", O_WRONLY | O_CREAT, 0o644)
        close(folder)
        try #require(file >= 0)
        _ = Self.request.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress!, $0.count - 1) }
        close(file)
        let result = try app.scan()
        let path = Array(repeating: name, count: 25).joined(separator: "/") + "/Deep.swift"
        #expect(path.utf8.count > Int(PATH_MAX))
        #expect(result.evidence.first { $0.key == .newWindowVia }?.location.file == path)
        #expect(result.unread == [])
    }

    @Test("a key a form found settles stays settled when another source is not read")
    func foundStays() throws {
        let opener =
            "struct V: View {\n    @Environment(\\.openWindow) private var openWindow\n"
            + "    func go() { openWindow(id: \"a\") }\n}\n"
        let app = try TemporaryApp(files: ["App/Main.swift": opener])
        try Data([0] + Array(Self.request.utf8)).write(to: app.root.appendingPathComponent("App/Legacy.swift"))
        let result = try app.scan()
        #expect(result.value(.newWindowVia) == .choice("openWindow"))
        #expect(!result.unknown.contains(.newWindowErrorHandler), "the handler does not apply to openWindow")
        #expect(result.unknown.contains(.cameraUses))
    }

    @Test("a value any one form more would beat (showInPlace, shortForm false, byDirection, background) is unknown")
    func beatenByOneMore() throws {
        let shows = """
            func open() { app.activateSceneSession(for: r) { error in self.present(alert, animated: true) } }
            func save() { NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in store.save() } }
            func mirror() { connection.isVideoMirrored = coordinator.direction == .forward }
            let session = AVCaptureSession()
            """
        let read = try TemporaryApp(files: ["App/Main.swift": shows]).scan()
        let settled = [ScanKey.newWindowErrorHandler, .stateSavesOn, .cameraMirroring].map { read.value($0)?.description }
        #expect(settled == ["\"showInPlace\"", "\"background\"", "\"byDirection\""])
        let app = try TemporaryApp(files: ["App/Main.swift": shows])
        try Data([0]).write(to: app.root.appendingPathComponent("App/Legacy.swift"))
        let result = try app.scan()
        #expect([ScanKey.newWindowErrorHandler, .stateSavesOn, .cameraMirroring].map { result.value($0) } == [nil, nil, nil])
        #expect(result.value(.newWindowVia) == .choice("activateSceneSession"))
    }

    @Test("--check does not agree when a key rests on a file not read: exit 1, naming the keys and the file")
    func checkUnread() async throws {
        let app = try Self.app(legacy: [0] + Array(Self.request.utf8))
        let matrix = try TestFiles.writeTemporary("{ formatVersion: 1, name: \"n\", app: {}, poses: [{ pose: \"P1\" }] }")
        let run = await duoPose(["scan", app.root.path, "--check", matrix])
        #expect(run.code == 1)
        #expect(
            run.stdout == """
                not read: \(Self.sourceKeys): unknown, as App/Legacy.swift (binary) could settle them
                \(matrix): cannot tell whether the app block agrees with \(app.root.path): 9 keys rest on files not read (2 keys checked)

                """)
        let json = await duoPose(["scan", app.root.path, "--check", matrix, "--json"])
        #expect(json.code == 1)
        #expect(json.stdout.hasPrefix(#"{"agrees":false,"#))
        #expect(json.stdout.contains(#""unread":[{"file":"App/Legacy.swift","keys":["newWindow.via","#))
    }

    @Test("an Objective-C block comment does not nest: /* … Resources/*.plist */ ends at its */")
    func objectiveCComments() throws {
        let source = "/* copies Resources/*.plist */\n- (void)open { [app activateSceneSessionForRequest:r errorHandler:nil]; }\n"
        let result = try TemporaryApp(files: ["App/Opener.m": source]).scan()
        #expect(result.value(.newWindowVia) == .choice("activateSceneSession"))
        #expect(result.findings.map(\.location.line) == [12, 2])
        // Swift's nest, as the compiler reads them: the request is inside the comment.
        let swift = try TemporaryApp(files: ["App/Opener.swift": "/* Resources/*.plist */\n" + Self.request]).scan()
        #expect(swift.value(.newWindowVia) == .choice("none"))
    }

    @Test("an Info.plist not read leaves its keys unknown, naming it; a generated key still beats the file")
    func plistUnread() throws {
        let huge = infoPlist(String(repeating: " ", count: SourceTree.largestFile))
        let app = try TemporaryApp(settings: ["INFOPLIST_FILE": "App/Info.plist"], files: ["App/Info.plist": huge])
        let result = try app.scan()
        #expect(result.evidence.filter { $0.key < .linkedSDK } == [])
        #expect(
            result.unread == [
                UnreadFile(
                    file: "App/Info.plist", line: 0, reason: "over 4 MiB",
                    keys: [.multipleScenes, .requiresFullScreen, .orientations])
            ])
        #expect(!result.findings.contains { $0.rule == .DUO015 })
        let generated = try TemporaryApp(
            settings: [
                "INFOPLIST_FILE": "App/Info.plist", "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
            ],
            files: ["App/Info.plist": "<plist><dict><key>UIRequiresFullScreen</key></dict>\n"]
        ).scan()
        #expect(generated.value(.multipleScenes) == .bool(true))
        #expect(generated.value(.requiresFullScreen) == nil)
        #expect(
            generated.unread.map(\.description) == ["App/Info.plist (not a property list)"],
            "a file that is not a property list is named, not taken for one without the keys")
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// A throwaway app tree: a one-target project with the given settings, and files beside it, in
/// `folder` of a new temporary folder.
struct TemporaryApp {
    let root: URL

    init(
        folder: String = "App", settings: [String: String] = ["GENERATE_INFOPLIST_FILE": "YES"], files: [String: String] = [:]
    ) throws {
        root = try TestFiles.temporaryFolder().appendingPathComponent(folder)
        let lines = settings.sorted { $0.key < $1.key }.map { "\t\t\t\t\"\($0.key)\" = \"\($0.value)\";" }
        let project = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
            \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; targets = (T1, ); };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
            \t\tC0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
            \t\tC1 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \(lines.joined(separator: "\n"))
            \t\t\t};
            \t\t\tname = Release;
            \t\t};
            \t};
            \trootObject = P0;
            }

            """
        try write(project, to: "App.xcodeproj/project.pbxproj")
        for (path, text) in files { try write(text, to: path) }
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func scan() throws -> ScanResult { try Scanner.scan(root.path) }

    /// The settled keys, the unknown ones and the findings' rules, compactly.
    func summary() throws -> String {
        let result = try scan()
        let values = result.evidence.filter { !["multipleScenes", "requiresFullScreen"].contains($0.key.rawValue) }
            .map { "\($0.key.rawValue)=\($0.value)" }
        let rules = result.findings.filter { $0.rule != .DUO015 }.map(\.rule.rawValue)
        return (values + ["unknown: " + result.unknown.map(\.rawValue).joined(separator: ",")] + rules).joined(separator: " ")
    }
}

/// The generated-plist keys of `INFOPLIST_KEY_UIApplicationSceneManifest_Generation`, as an Info.plist writes them.
func infoPlist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>

    """
}

@Suite("duo-pose scan: fixture apps")
struct ScanFixtureTests {
    static let apps = ["SwiftUIApp", "UIKitApp", "BinaryPlistApp", "XcodeGenApp", "TuistApp"]

    /// The fixtures' root, as the header names it, made independent of where the package lives.
    static func relative(_ text: String) -> String {
        text.replacingOccurrences(of: TestFiles.fixture("apps") + "/", with: "")
    }

    @Test("the default output is the app block with evidence", arguments: apps)
    func json5(app: String) async throws {
        let run = await duoPose(["scan", TestFiles.fixture("apps/" + app)])
        #expect(run.code == 0)
        #expect(run.stderr == "")
        try expectMatchesSnapshot(Self.relative(run.stdout), named: "scan-\(app).json5")
    }

    @Test("the JSON5 block pastes into a matrix and states what the code says", arguments: apps)
    func pastes(app: String) async throws {
        let path = TestFiles.fixture("apps/" + app)
        let run = await duoPose(["scan", path])
        let matrix = "{ formatVersion: 1, name: \"pasted\",\n\(run.stdout)\n poses: [{ pose: \"P1\" }] }"
        let loaded = try MatrixLoader.load(bytes: Array(matrix.utf8), path: "pasted.json5")
        #expect(try Scanner.scan(path).drift(from: loaded.matrix.app) == [])
    }

    @Test("--json gives app, unknown, evidence, inventory and findings")
    func json() async throws {
        let run = await duoPose(["scan", TestFiles.fixture("apps/UIKitApp"), "--json"])
        #expect(run.code == 0)
        try expectMatchesSnapshot(Self.relative(run.stdout), named: "scan-UIKitApp.json")
    }

    /// `scan --json` of an app whose file name and source line need escaping, byte for byte.
    static let escapedJSON =
        #"{"app":{"camera":{"uses":"none"},"cameraAccessory":{"registeredOn":"none"},"multipleScenes":false,"#
        + #""newWindow":{"errorHandler":"none","via":"activateSceneSession"},"requiresFullScreen":false},"evidence":["#
        + #"{"file":"App.xcodeproj/project.pbxproj","key":"multipleScenes","line":12,"#
        + #""text":"\"GENERATE_INFOPLIST_FILE\" = \"YES\";","value":false},"#
        + #"{"file":"App.xcodeproj/project.pbxproj","key":"requiresFullScreen","line":12,"#
        + #""text":"\"GENERATE_INFOPLIST_FILE\" = \"YES\";","value":false},"#
        + #"{"file":"App/Fenster \"Größe\".swift","key":"newWindow.via","line":2,"#
        + #""text":"app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) "#
        + #"// \"ß\" \\ \u0001\t\u007f /\u2028","value":"activateSceneSession"},"#
        + #"{"file":"App/Fenster \"Größe\".swift","key":"newWindow.errorHandler","line":2,"#
        + #""text":"app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) "#
        + #"// \"ß\" \\ \u0001\t\u007f /\u2028","value":"none"},"#
        + #"{"file":"","key":"cameraAccessory.registeredOn","line":0,"#
        + #""text":"no sceneAccessory or registerSceneAccessory in 1 source file","value":"none"},"#
        + #"{"file":"","key":"camera.uses","line":0,"text":"no AVCaptureSession or capture device in 1 source file","value":"none"}],"#
        + #""filesRead":2,"findings":[{"file":"App.xcodeproj/project.pbxproj","line":12,"#
        + #""message":"the app target App does not set UIApplicationSupportsMultipleScenes: it gets one window","rule":"DUO015"},"#
        + #"{"file":"App/Fenster \"Größe\".swift","line":2,"#
        + #""message":"requestSceneSessionActivation passes errorHandler: nil: a refused window shows the person nothing","#
        + #""rule":"DUO010"}],"inventory":[],"project":"App.xcodeproj/project.pbxproj","#
        + #""rules":[{"fact":"a request without a handler silently fails on the outer display, where new windows cannot open","#
        + #""finding":"a scene activation request with errorHandler: nil or none","#
        + #""help":"pass an error handler that shows the content in the window at hand or tells the person why none opened","#
        + #""id":"DUO010","name":"MissingErrorHandler","source":"I AX-DC"},"#
        + #"{"fact":"without UIApplicationSupportsMultipleScenes the app gets one window","#
        + #""finding":"the app target lacks UIApplicationSupportsMultipleScenes","#
        + #""help":"set UIApplicationSupportsMultipleScenes to YES in the scene manifest "#
        + #"(INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES for a generated Info.plist)","#
        + #""id":"DUO015","name":"NoMultipleScenes","source":"A T64"}],"#
        + #""skipped":{"binary":0,"duplicates":0,"linkLoops":0,"malformed":0,"otherProjects":0,"otherTargets":0,"outsideTree":0,"#
        + #""tooLarge":0,"unreadable":0},"unknown":["orientations","linkedSDK","state.savesOn","state.cachesScreen"],"unread":[],"unsettled":[]}"#
        + "\n"

    @Test("--json escapes quotes, backslashes and controls, keeps non-ASCII and /, and reads back to the same text")
    func jsonEscapes() async throws {
        let line =
            "app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) "
            + "// \"ß\" \\ \u{1}\t\u{7F} /\u{2028}"
        let file = "App/Fenster \"Größe\".swift"
        let app = try TemporaryApp(files: [file: "func open() {\n    \(line)\n}\n"])
        let run = await duoPose(["scan", app.root.path, "--json"])
        #expect(run.code == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == Self.escapedJSON)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let evidence = try #require(object["evidence"] as? [[String: Any]])
        #expect(
            evidence.map { $0["file"] as? String } == [
                "App.xcodeproj/project.pbxproj", "App.xcodeproj/project.pbxproj", file, file, "", "",
            ])
        #expect(evidence.map { $0["text"] as? String }[2...3] == [line, line])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["file"] as? String } == ["App.xcodeproj/project.pbxproj", file])
    }

    @Test("--sarif writes SARIF 2.1.0 with each finding on its line")
    func sarif() async throws {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("scan.sarif")
        let root = TestFiles.fixture("apps/UIKitApp")
        let apps = TestFiles.fixture("apps")
        let docs = "https://example.com/duo-pose/README.md"
        let run = await duoPose(["scan", root, "--sarif", out.path, "--docs", docs, "--sarif-root", apps])
        #expect(run.code == 0)
        let text = try TestFiles.read(out).replacingOccurrences(
            of: URL(fileURLWithPath: apps, isDirectory: true).absoluteString, with: "file:///APPS/")
        try expectMatchesSnapshot(text, named: "scan-UIKitApp.sarif")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let sarifRun = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        #expect(results.count == 4)
        #expect(
            results.map(Self.codeScanningFields)
                == Array(repeating: "ruleId level uri uriBaseId startLine partialFingerprints", count: 4))
        let rules = try #require(
            ((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == ScanRule.allCases.count)
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String != nil)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains("section \"Scanning an app\"") == true)
            #expect(rule["helpUri"] as? String == docs + "#scanning-an-app")
        }
    }

    /// The fields GitHub code scanning needs to place a result, named when present and well formed.
    static func codeScanningFields(_ result: [String: Any]) -> String {
        let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
        let artifact = physical?["artifactLocation"] as? [String: Any]
        let uri = artifact?["uri"] as? String ?? ""
        let fields: [(String, Bool)] = [
            ("ruleId", (result["ruleId"] as? String)?.hasPrefix("DUO") == true),
            ("level", result["level"] as? String == "warning"),
            ("uri", !uri.isEmpty && !uri.hasPrefix("/") && !uri.contains(":") && URL(string: uri) != nil),
            ("uriBaseId", artifact?["uriBaseId"] as? String == "%SRCROOT%"),
            ("startLine", ((physical?["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1),
            (
                "partialFingerprints",
                (result["partialFingerprints"] as? [String: String])?["duoPoseFinding/v1"]?.wholeMatch(
                    of: /[0-9a-f]{64}:[1-9][0-9]*/)
                    != nil
            ),
        ]
        return fields.filter(\.1).map(\.0).joined(separator: " ")
    }

    @Test("a SARIF path with a space is a URI reference, percent-encoded; without --docs there is no helpUri")
    func sarifEncodesPaths() async throws {
        let app = try TemporaryApp(files: [
            "App/Open Window #2.swift":
                "func open() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }\n"
        ])
        let out = app.root.deletingLastPathComponent().appendingPathComponent("scan.sarif")
        #expect(await duoPose(["scan", app.root.path, "--sarif", out.path]).code == 0)
        let text = try TestFiles.read(out)
        #expect(text.contains(#""artifactLocation":{"uri":"App/Open%20Window%20%232.swift","uriBaseId":"%SRCROOT%"}"#))
        #expect(!text.contains("helpUri"))
    }

    static let opener =
        "func open() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }\n"

    /// `scan APP --sarif FILE` with more arguments: the exit code, the SARIF's `%SRCROOT%`, and its
    /// DUO010 result's artifact location as `uri from uriBaseId`.
    static func sarifPlaces(_ arguments: [String], app: TemporaryApp) async throws -> (code: Int32, root: String, path: String) {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("scan.sarif")
        let code = await duoPose(["scan", app.root.path, "--sarif", out.path] + arguments).code
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any]
        let run = (object?["runs"] as? [[String: Any]])?.first
        let root = ((run?["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String
        let result = (run?["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "DUO010" }
        let physical = (result?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        let artifact = physical?["artifactLocation"] as? [String: String]
        return (code, root ?? "none", "\(artifact?["uri"] ?? "none") from \(artifact?["uriBaseId"] ?? "none")")
    }

    @Test("SARIF paths start at the nearest folder at or above the app holding .git, a folder or a worktree's file")
    func sarifRepositoryRoot() async throws {
        for gitIsFile in [false, true] {
            let app = try TemporaryApp(folder: "ios", files: ["Notes/Opener.swift": Self.opener])
            let repository = app.root.deletingLastPathComponent()
            let git = repository.appendingPathComponent(".git")
            if gitIsFile {
                try Data("not a path git could follow\n".utf8).write(to: git)
            } else {
                try FileManager.default.createDirectory(at: git, withIntermediateDirectories: false)
            }
            let places = try await Self.sarifPlaces([], app: app)
            #expect(places.code == 0)
            #expect(places.root == URL(fileURLWithPath: repository.path, isDirectory: true).absoluteString)
            #expect(places.path == "ios/Notes/Opener.swift from %SRCROOT%")
        }
    }

    @Test("without .git above the app SARIF paths start at the app; --sarif-root names the folder instead")
    func sarifRootGiven() async throws {
        let app = try TemporaryApp(folder: "ios", files: ["Notes/Opener.swift": Self.opener])
        let repository = app.root.deletingLastPathComponent()
        let parts = repository.pathComponents
        let above = (1...parts.count).map { "/" + parts[1..<$0].joined(separator: "/") }
        try #require(
            !above.contains { FileManager.default.fileExists(atPath: $0 + "/.git") }, "a .git above the temporary folder")
        let plain = try await Self.sarifPlaces([], app: app)
        #expect(plain.code == 0)
        #expect(plain.root == URL(fileURLWithPath: app.root.path, isDirectory: true).absoluteString)
        #expect(plain.path == "Notes/Opener.swift from %SRCROOT%")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent(".git"), withIntermediateDirectories: false)
        for (given, path) in [(repository.path, "ios/Notes/Opener.swift"), (app.root.path + "/Notes/..", "Notes/Opener.swift")] {
            let places = try await Self.sarifPlaces(["--sarif-root", given], app: app)
            #expect(places.code == 0)
            #expect(places.path == path + " from %SRCROOT%")
        }
    }

    @Test("--sarif-root that does not contain the app, or without --sarif, is a usage error and writes nothing")
    func sarifRootRefused() async throws {
        let app = try TemporaryApp(folder: "ios", files: ["Notes/Opener.swift": Self.opener])
        let out = app.root.deletingLastPathComponent().appendingPathComponent("scan.sarif")
        let beside = app.root.deletingLastPathComponent().appendingPathComponent("android").path
        let outside = await duoPose(["scan", app.root.path, "--sarif", out.path, "--sarif-root", beside])
        #expect(outside.code == 64)
        #expect(
            outside.stderr
                == "Error: --sarif-root \(beside): does not contain the app folder \(app.root.path) "
                + "(SARIF paths start at or above it)\n" + ScanCommandTests.usage)
        #expect(outside.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let alone = await duoPose(["scan", app.root.path, "--sarif-root", app.root.path])
        #expect(alone.code == 64)
        #expect(alone.stderr == "Error: --sarif-root is for --sarif FILE, which is not given\n" + ScanCommandTests.usage)
    }

    /// `scan APP --sarif FILE`'s DUO010 results as `startLine fingerprint`.
    static func sarifFingerprints(_ app: TemporaryApp) async throws -> [String] {
        let out = try TestFiles.temporaryFolder().appendingPathComponent("scan.sarif")
        #expect(await duoPose(["scan", app.root.path, "--sarif", out.path]).code == 0)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any]
        let results = ((object?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        return results.filter { $0["ruleId"] as? String == "DUO010" }.map { result in
            let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let line = (physical?["region"] as? [String: Any])?["startLine"] as? Int ?? 0
            let fingerprints = result["partialFingerprints"] as? [String: String] ?? [:]
            return "\(line) " + fingerprints.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        }
    }

    @Test("each SARIF result's fingerprint hashes its rule, path and trimmed line text, not its line number")
    func sarifFingerprints() async throws {
        let app = try TemporaryApp(folder: "ios", files: ["Notes/Opener.swift": Self.opener])
        try FileManager.default.createDirectory(
            at: app.root.deletingLastPathComponent().appendingPathComponent(".git"), withIntermediateDirectories: false)
        // SHA-256 of "DUO010", NUL, "ios/Notes/Opener.swift", NUL and the line's text, worked out apart from duo-pose.
        let digest = "4c4bde40a4b6c92367ca41bee8d91b4da203b35140a9b8dba208df3bed769176"
        #expect(try await Self.sarifFingerprints(app) == ["1 duoPoseFinding/v1=\(digest):1"])
        // Lines added above move the finding, not its fingerprint; the same text again, indented, is the second.
        try app.write("import UIKit\n\n" + Self.opener + "struct Other {\n    " + Self.opener + "}\n", to: "Notes/Opener.swift")
        #expect(
            try await Self.sarifFingerprints(app) == [
                "3 duoPoseFinding/v1=\(digest):1", "5 duoPoseFinding/v1=\(digest):2",
            ])
    }

    @Test("a SARIF file duo-pose did not write is not replaced")
    func sarifRefuses() async throws {
        let out = try TestFiles.writeTemporary("notes\n", name: "notes.sarif")
        let run = await duoPose(["scan", TestFiles.fixture("apps/UIKitApp"), "--sarif", out])
        #expect(run.code == 74)
        #expect(run.stderr.hasPrefix("Error: --sarif \(out): "))
        #expect(try TestFiles.read(URL(fileURLWithPath: out)) == "notes\n")
    }
}

@Suite("duo-pose scan: command line")
struct ScanCommandTests {
    static let usage =
        "Usage: duo-pose scan APP_DIR [--json] [--sarif FILE] [--docs URL] [--sarif-root DIR] [--check MATRIX]\n"
        + "See 'duo-pose help scan'.\n"

    @Test("no folder, or two, is a usage error")
    func usage() async {
        let none = await duoPose(["scan"])
        #expect(none.code == 64)
        #expect(none.stderr == "Error: name one app folder\n" + Self.usage)
        let two = await duoPose(["scan", "a", "b"])
        #expect(two.stderr == "Error: name one app folder\n" + Self.usage)
    }

    @Test("--docs without --sarif, or not an https: URL, is a usage error")
    func docs() async throws {
        let app = TestFiles.fixture("apps/UIKitApp")
        let never = try TestFiles.temporaryFolder().appendingPathComponent("never.sarif").path
        let alone = await duoPose(["scan", app, "--docs", "https://example.com/README.md"])
        #expect(alone.code == 64)
        #expect(alone.stderr == "Error: --docs is for --sarif FILE, which is not given\n" + Self.usage)
        let relative = await duoPose(["scan", app, "--sarif", never, "--docs", "README.md"])
        #expect(relative.code == 64)
        #expect(relative.stderr == "Error: --docs README.md: not an https: URL (https://…/README.md)\n" + Self.usage)
        for address in ["javascript:alert(1)", "http://example.com/README.md", "file:///etc/passwd", "https:README.md"] {
            let refused = await duoPose(["scan", app, "--sarif", never, "--docs", address])
            #expect(refused.code == 64)
            #expect(refused.stderr == "Error: --docs \(address): not an https: URL (https://…/README.md)\n" + Self.usage)
        }
        #expect(!FileManager.default.fileExists(atPath: never))
    }

    @Test("a folder that does not exist is exit 66")
    func missing() async {
        let run = await duoPose(["scan", "/nonexistent/App"])
        #expect(run.code == 66)
        #expect(run.stderr == "Error: /nonexistent/App: no such folder\n")
        let file = TestFiles.fixture("small.json")
        let onFile = await duoPose(["scan", file])
        #expect(onFile.code == 66)
        #expect(onFile.stderr == "Error: \(file): is a file, not an app's folder\n")
    }

    @Test("a tree that is not an iOS app is exit 65, saying what was looked for")
    func notAnApp() async throws {
        let folder = try TestFiles.temporaryFolder()
        try Data("print(1)\n".utf8).write(to: folder.appendingPathComponent("main.swift"))
        let run = await duoPose(["scan", folder.path])
        #expect(run.code == 65)
        #expect(
            run.stderr
                == "Error: \(folder.path): not an iOS app: no application target for iPhone in an .xcodeproj, an XcodeGen project.yml or a Tuist Project.swift (1 file looked at)\n"
        )
        #expect(run.stdout == "")
    }

    @Test("a macOS-only app is not an iOS app")
    func macOnly() async throws {
        let app = try TemporaryApp(settings: ["SDKROOT": "macosx", "GENERATE_INFOPLIST_FILE": "YES"])
        let run = await duoPose(["scan", app.root.path])
        #expect(run.code == 65)
    }

    @Test("--check exits 1 naming each drifted key with both values and the evidence")
    func checkDrift() async throws {
        let matrix = try TestFiles.writeTemporary(
            """
            { formatVersion: 1, name: "notes",
              app: { multipleScenes: true, orientations: ["portrait", "landscape"],
                     newWindow: { via: "activateSceneSession", errorHandler: "showInPlace" },
                     camera: { uses: "virtualFront", mirroring: "byDirection" } },
              poses: [{ pose: "P1" }] }
            """)
        let run = await duoPose(["scan", TestFiles.fixture("apps/UIKitApp"), "--check", matrix])
        #expect(run.code == 1)
        let app = TestFiles.fixture("apps/UIKitApp")
        #expect(
            run.stdout == """
                drift: newWindow.errorHandler: matrix "showInPlace", code "none" (Notes/LegacyOpener.m:6: [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:^(NSError *error) {)
                drift: camera.mirroring: matrix "byDirection", code "byPosition" (Notes/NoteViewController.swift:18: connection.isVideoMirrored = device.position == .front)
                \(matrix): the app block disagrees with \(app) on 2 of 9 keys

                """)
    }

    @Test("--check exits 0 when the matrix states what the code does")
    func checkAgrees() async throws {
        let matrix = try TestFiles.writeTemporary(
            """
            { formatVersion: 1, name: "notes",
              app: { multipleScenes: true, orientations: ["portrait", "landscape"],
                     newWindow: { via: "activateSceneSession" }, camera: { uses: "virtualFront", mirroring: "byPosition" } },
              poses: [{ pose: "P1" }] }
            """)
        let app = TestFiles.fixture("apps/UIKitApp")
        let run = await duoPose(["scan", app, "--check", matrix])
        #expect(run.code == 0)
        #expect(run.stdout == "\(matrix): the app block agrees with \(app) (9 keys checked, 2 unknown)\n")
    }

    /// A matrix that scans UIKitApp itself and states only `app`'s given members.
    static func scanningMatrix(_ stated: String) throws -> String {
        try TestFiles.writeTemporary(
            """
            { formatVersion: 1, name: "notes", app: { scan: "\(TestFiles.fixture("apps/UIKitApp"))", \(stated) },
              poses: [{ pose: "P1", expect: { display: "outer" } }] }
            """)
    }

    @Test("--check on a matrix with app.scan compares only the keys it states: the keys it takes from the code are no drift")
    func checkScanningMatrix() async throws {
        let app = TestFiles.fixture("apps/UIKitApp")
        // The defaults of multipleScenes, newWindow.via and camera.uses differ from the code's, but the run takes the code's.
        let agrees = try Self.scanningMatrix(#"camera: { mirroring: "byPosition" }"#)
        let run = await duoPose(["scan", app, "--check", agrees])
        #expect(run.code == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == "\(agrees): the app block agrees with \(app) (1 key checked, 8 from the code, 2 unknown)\n")
        let drifts = try Self.scanningMatrix(#"newWindow: { errorHandler: "showInPlace" }"#)
        let drift = await duoPose(["scan", app, "--check", drifts])
        #expect(drift.code == 1)
        #expect(
            drift.stdout == """
                drift: newWindow.errorHandler: matrix "showInPlace", code "none" (Notes/LegacyOpener.m:6: [UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:^(NSError *error) {)
                \(drifts): the app block disagrees with \(app) on 1 of 1 key, 8 from the code

                """)
    }

    @Test("--check --json prints one object: agrees, app, checked, drift, fromCode, matrix, unknown; the exit code is the same")
    func checkJSON() async throws {
        let app = TestFiles.fixture("apps/UIKitApp")
        let drifts = try Self.scanningMatrix(#"newWindow: { errorHandler: "showInPlace" }"#)
        let run = await duoPose(["scan", app, "--check", drifts, "--json"])
        #expect(run.code == 1)
        #expect(run.stderr == "")
        #expect(
            run.stdout
                == #"{"agrees":false,"app":"\#(app)","checked":["newWindow.errorHandler"],"drift":[{"code":"none","#
                + #""file":"Notes/LegacyOpener.m","key":"newWindow.errorHandler","line":6,"matrix":"showInPlace","#
                + #""text":"[UIApplication.sharedApplication activateSceneSessionForRequest:request errorHandler:^(NSError *error) {"}],"#
                + #""fromCode":["multipleScenes","requiresFullScreen","orientations","newWindow.via","state.savesOn","#
                + #""cameraAccessory.registeredOn","camera.uses","camera.mirroring"],"matrix":"\#(drifts)","#
                + #""unknown":["linkedSDK","state.cachesScreen"],"unread":[],"unsettled":[]}"# + "\n")
        // Without app.scan every settled key is compared, and nothing is taken from the code.
        let plain = try TestFiles.writeTemporary(
            """
            { formatVersion: 1, name: "notes",
              app: { multipleScenes: true, orientations: ["portrait", "landscape"],
                     newWindow: { via: "activateSceneSession" }, camera: { uses: "virtualFront", mirroring: "byPosition" } },
              poses: [{ pose: "P1" }] }
            """)
        let agrees = await duoPose(["scan", app, "--check", plain, "--json"])
        #expect(agrees.code == 0)
        #expect(
            agrees.stdout
                == #"{"agrees":true,"app":"\#(app)","checked":["multipleScenes","requiresFullScreen","orientations","#
                + #""newWindow.via","newWindow.errorHandler","state.savesOn","cameraAccessory.registeredOn","camera.uses","#
                + #""camera.mirroring"],"drift":[],"fromCode":[],"matrix":"\#(plain)","unknown":["linkedSDK","state.cachesScreen"],"#
                + #""unread":[],"unsettled":[]}"# + "\n")
    }

    @Test("an invalid matrix for --check is exit 65 with its errors")
    func checkInvalid() async throws {
        let matrix = try TestFiles.writeTemporary("{ formatVersion: 1, name: \"x\", app: { via: 1 }, poses: [] }")
        let run = await duoPose(["scan", TestFiles.fixture("apps/UIKitApp"), "--check", matrix])
        #expect(run.code == 65)
        #expect(run.stderr.hasPrefix("Error: \(matrix):1:"))
    }
}

@Suite("duo-pose scan: Info.plist precedence")
struct ScanPrecedenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var settings: [String: String]
        var plist: String?
        var expected: String
        var testDescription: String { name }
    }

    static let scenesFalse =
        "<key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>"
    static let portrait =
        "<key>UISupportedInterfaceOrientations</key><array><string>UIInterfaceOrientationPortrait</string></array>"

    static let cases: [Case] = [
        Case(
            name: "a generated key beats the file's",
            settings: [
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "App/Info.plist",
                "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
            ],
            plist: scenesFalse, expected: "multipleScenes=true @App.xcodeproj/project.pbxproj"),
        Case(
            name: "INFOPLIST_KEY_* do not apply without GENERATE_INFOPLIST_FILE = YES",
            settings: ["INFOPLIST_FILE": "App/Info.plist", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"],
            plist: scenesFalse, expected: "multipleScenes=false @App/Info.plist"),
        Case(
            name: "generated and file orientations are combined",
            settings: [
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "$(SRCROOT)/App/Info.plist",
                "INFOPLIST_KEY_UISupportedInterfaceOrientations": "UIInterfaceOrientationLandscapeRight",
            ],
            plist: portrait,
            expected: #"multipleScenes=false orientations=["portrait", "landscape"] @App.xcodeproj/project.pbxproj"#),
        Case(
            name: "the _iPhone key beats the generic one",
            settings: [
                "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_KEY_UISupportedInterfaceOrientations": "UIInterfaceOrientationPortrait",
                "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone": "UIInterfaceOrientationLandscapeLeft",
            ],
            plist: nil, expected: #"multipleScenes=false orientations=["landscape"] @App.xcodeproj/project.pbxproj"#),
        Case(
            name: "an [sdk=iphoneos*] condition beats the plain key; a macOS one does not apply",
            settings: [
                "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIRequiresFullScreen": "NO",
                "INFOPLIST_KEY_UIRequiresFullScreen[sdk=iphoneos*]": "YES",
                "INFOPLIST_KEY_UIApplicationSceneManifest_Generation[sdk=macosx*]": "YES",
            ],
            plist: nil, expected: "multipleScenes=false requiresFullScreen=true @App.xcodeproj/project.pbxproj"),
        Case(
            name: "a target with no Info.plist at all leaves the plist keys unknown",
            settings: ["PRODUCT_NAME": "App"], plist: nil, expected: "unknown multipleScenes"),
    ]

    @Test("precedence as swift-build merges Info.plist sources", arguments: cases)
    func precedence(_ testCase: Case) throws {
        var files: [String: String] = [:]
        if let plist = testCase.plist { files["App/Info.plist"] = infoPlist(plist) }
        let result = try TemporaryApp(settings: testCase.settings, files: files).scan()
        guard let scenes = result.evidence.first(where: { $0.key == .multipleScenes }) else {
            #expect(testCase.expected == "unknown multipleScenes" && result.unknown.contains(.multipleScenes))
            return
        }
        var parts = ["multipleScenes=\(scenes.value)"]
        if let full = result.value(.requiresFullScreen), full != .bool(false) { parts.append("requiresFullScreen=\(full)") }
        if let orientations = result.value(.orientations) { parts.append("orientations=\(orientations)") }
        let summary = parts.joined(separator: " ") + " @" + scenes.location.file
        #expect(summary == testCase.expected)
    }
}

@Suite("duo-pose scan: robustness")
struct ScanRobustnessTests {
    @Test("binary files, huge files and link loops are skipped and counted")
    func skipped() async throws {
        let app = try TemporaryApp(files: ["App/Main.swift": "let a = 1\n"])
        try Data([0x63, 0x00, 0x01] + Array("requestSceneSessionActivation(".utf8)).write(
            to: app.root.appendingPathComponent("App/Blob.swift"))
        try Data(count: SourceTree.largestFile + 1).write(to: app.root.appendingPathComponent("App/Huge.swift"))
        try FileManager.default.createSymbolicLink(
            at: app.root.appendingPathComponent("App/loop"), withDestinationURL: app.root.appendingPathComponent("App"))
        let run = await duoPose(["scan", app.root.path])
        #expect(run.code == 0)
        #expect(
            run.stdout.split(separator: "\n").first.map(String.init)
                == "// duo-pose scan \(app.root.path): App.xcodeproj/project.pbxproj, 2 files read, 3 skipped "
                + "(1 binary, 1 too large, 1 folder entered before): App/Blob.swift (binary), App/Huge.swift (over 4 MiB)")
    }

    @Test("a link out of the tree is counted, not followed; a link inside it is followed; a link to nothing is unreadable")
    func linksOutside() async throws {
        let app = try TemporaryApp(files: ["App/Main.swift": "let a = 1\n"])
        let outside = try TestFiles.temporaryFolder()
        let opener =
            "func open() { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }\n"
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("Evil"), withIntermediateDirectories: true)
        try opener.write(to: outside.appendingPathComponent("Evil/Opener.swift"), atomically: false, encoding: .utf8)
        let links = [
            ("App/vendor", outside), ("App/Opener.swift", outside.appendingPathComponent("Evil/Opener.swift")),
            ("App/Again.swift", app.root.appendingPathComponent("App/Main.swift")),
            ("App/Gone.swift", outside.appendingPathComponent("gone.swift")),
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(at: app.root.appendingPathComponent(name), withDestinationURL: target)
        }
        let run = await duoPose(["scan", app.root.path])
        #expect(run.code == 0)
        #expect(
            run.stdout.split(separator: "\n").first.map(String.init)
                == "// duo-pose scan \(app.root.path): App.xcodeproj/project.pbxproj, 2 files read, 4 skipped "
                + "(2 outside the tree, 1 unreadable, 1 another name of a file read): App/Gone.swift (a link to nothing), "
                + "App/Opener.swift (a link out of the tree), App/vendor (a link out of the tree)")
        #expect(!run.stdout.contains("DUO010"))
        // The file and the folder out of the tree could hold a request: no key rests on their absence.
        #expect(
            run.stdout.contains(
                "// unknown, as files that could settle them were not read: newWindow.via, newWindow.alternate, "
                    + "newWindow.errorHandler, newWindow.shortForm, hingeEffect.resetsOutsidePartiallyOpen, "
                    + "cameraAccessory.registeredOn, cameraAccessory.capture, camera.uses, camera.mirroring: "
                    + "App/Opener.swift, App/vendor\n"))
        // The project file of an .xcodeproj folder, linked to another checkout's.
        let other = try TemporaryApp(settings: ["INFOPLIST_KEY_UIApplicationSupportsMultipleScenes": "YES"])
        let project = app.root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        try FileManager.default.removeItem(at: project)
        try FileManager.default.createSymbolicLink(
            at: project, withDestinationURL: other.root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let linked = await duoPose(["scan", app.root.path])
        #expect(linked.code == 65)
        #expect(linked.stdout.isEmpty)
        #expect(
            linked.stderr
                == "Error: \(app.root.path): not an iOS app: no application target for iPhone in an .xcodeproj, "
                + "an XcodeGen project.yml or a Tuist Project.swift "
                + "(1 file looked at; not read: App.xcodeproj/project.pbxproj (a link out of the tree))\n")
    }

    @Test("a folder that cannot be opened is skipped and counted", .enabled(if: getuid() != 0, "root opens every folder"))
    func unreadable() async throws {
        let app = try TemporaryApp(files: ["Locked/Main.swift": "let a = 1\n"])
        let locked = app.root.appendingPathComponent("Locked")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        let result = try app.scan()
        #expect(result.skipped.unreadable == 1)
    }
}

@Suite("duo-pose scan: a matrix that scans its app")
struct MatrixScanTests {
    static let handlerShows =
        "func open() { app.activateSceneSession(for: r) { error in self.present(alert, animated: true) } }\n"
    static let handlerNil =
        "func open() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }\n"

    static func matrix(_ app: String) -> String {
        """
        { formatVersion: 1, name: "nightly", app: \(app), axes: { profile: ["device"] },
          poses: [{ pose: "P9", title: "outer display", steps: ["newWindow"], expect: { "content.reachable": true } }] }
        """
    }

    /// Runs the matrix beside the app tree; the exit code and the results header.
    static func run(_ app: TemporaryApp, matrix: String) async throws -> (Int32, String) {
        let folder = app.root.deletingLastPathComponent()
        try Data(matrix.utf8).write(to: folder.appendingPathComponent("nightly.json5"))
        let out = folder.appendingPathComponent("Reports")
        let run = await duoPose([
            "run", folder.appendingPathComponent("nightly.json5").path, "--out", out.path, "--deterministic",
        ])
        let results = try? TestFiles.read(out.appendingPathComponent(ReportSet.resultsName))
        return (run.code, String(results?.split(separator: "\n").first ?? ""))
    }

    @Test("the run turns red the night the app drops its error handler")
    func turnsRed() async throws {
        let settings = ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]
        let app = try TemporaryApp(settings: settings, files: ["App/Opener.swift": Self.handlerShows])
        let (green, _) = try await Self.run(app, matrix: Self.matrix(#"{ scan: "App" }"#))
        #expect(green == 0)
        try app.write(Self.handlerNil, to: "App/Opener.swift")
        let (red, header) = try await Self.run(app, matrix: Self.matrix(#"{ scan: "App" }"#))
        #expect(red == 1)
        #expect(
            header.contains(
                #""appScan":{"fromMatrix":[],"path":"App","scanned":[{"file":"App.xcodeproj/project.pbxproj","key":"multipleScenes","line":"#
            ))
        #expect(
            header.contains(
                #"{"file":"App/Opener.swift","key":"newWindow.errorHandler","line":1,"text":"func open() { app.requestSceneSessionActivation(nil, userActivity: nil, options: nil, errorHandler: nil) }","value":"none"}"#
            ))
    }

    @Test("a key the matrix states wins over the code's, and the header says it came from the matrix")
    func matrixWins() async throws {
        let settings = ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]
        let app = try TemporaryApp(settings: settings, files: ["App/Opener.swift": Self.handlerNil])
        let (code, header) = try await Self.run(
            app, matrix: Self.matrix(#"{ scan: "App", newWindow: { errorHandler: "showInPlace" } }"#))
        #expect(code == 0)
        #expect(header.contains(#""fromMatrix":["newWindow.errorHandler"]"#))
        #expect(!header.contains(#""key":"newWindow.errorHandler""#))
    }

    @Test("merge refuses shards that scanned different code, naming the shard and the field")
    func mergeRefusesOtherCode() async throws {
        let settings = ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]
        let app = try TemporaryApp(settings: settings, files: ["App/Opener.swift": Self.handlerShows])
        let folder = app.root.deletingLastPathComponent()
        let matrix = folder.appendingPathComponent("nightly.json5")
        try Data(Self.matrix(#"{ scan: "App" }"#).replacingOccurrences(of: "\"device\"", with: "\"device\", \"simulator\"").utf8)
            .write(to: matrix)
        var files: [String] = []
        for index in 1...2 {
            if index == 2 { try app.write(Self.handlerNil, to: "App/Opener.swift") }
            let out = folder.appendingPathComponent("s\(index)")
            _ = await duoPose(["run", matrix.path, "--out", out.path, "--deterministic", "--quiet", "--shard", "\(index)/2"])
            files.append(out.appendingPathComponent(ReportSet.resultsName).path)
        }
        let out = folder.appendingPathComponent("merged").path
        let run = await duoPose(["merge", files[0], files[1], "--out", out])
        #expect(run.code == 65)
        #expect(
            run.stderr
                == "Error: \(files[1]):1: scanned other code than \(files[0]): appScan.scanned.newWindow.errorHandler is "
                + "\"none\" (App/Opener.swift:1: \(Self.handlerNil.dropLast())) here, "
                + "\"showInPlace\" (App/Opener.swift:1: \(Self.handlerShows.dropLast())) there: "
                + "run every shard on one checkout of the app\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("a results header whose appScan.unknown names no app key is refused, not dropped")
    func unknownKeyRefused() async throws {
        let settings = ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]
        let app = try TemporaryApp(settings: settings, files: ["App/Opener.swift": Self.handlerShows])
        let folder = app.root.deletingLastPathComponent()
        let matrix = folder.appendingPathComponent("nightly.json5")
        try Data(Self.matrix(#"{ scan: "App" }"#).utf8).write(to: matrix)
        let out = folder.appendingPathComponent("run")
        _ = await duoPose(["run", matrix.path, "--out", out.path, "--deterministic", "--quiet"])
        let results = out.appendingPathComponent(ReportSet.resultsName)
        let text = try TestFiles.read(results)
        let edited = try #require(text.range(of: #""unknown":["#)).upperBound
        try Data((String(text[..<edited]) + #""bogusKey","# + String(text[edited...])).utf8).write(to: results)
        let merged = await duoPose(["merge", results.path, "--out", folder.appendingPathComponent("merged").path])
        #expect(merged.code == 65)
        #expect(
            merged.stderr
                == "Error: \(results.path):1: appScan.unknown names \"bogusKey\", not an app key the scanner reads\n")
    }

    @Test("report.md says which app keys came from the code, with file:line, and merge writes the same bytes")
    func reportNamesScannedKeys() async throws {
        let settings = ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]
        let app = try TemporaryApp(settings: settings, files: ["App/Opener.swift": Self.handlerNil])
        let folder = app.root.deletingLastPathComponent()
        let matrix = folder.appendingPathComponent("nightly.json5")
        let block = #"{ scan: "App", state: { savesOn: "inactive" } }"#
        try Data(Self.matrix(block).replacingOccurrences(of: "\"device\"", with: "\"device\", \"simulator\"").utf8)
            .write(to: matrix)
        var shards: [String] = []
        for index in 1...2 {
            let out = folder.appendingPathComponent("s\(index)")
            _ = await duoPose(["run", matrix.path, "--out", out.path, "--deterministic", "--quiet", "--shard", "\(index)/2"])
            shards.append(out.appendingPathComponent(ReportSet.resultsName).path)
        }
        let whole = folder.appendingPathComponent("whole")
        #expect(await duoPose(["run", matrix.path, "--out", whole.path, "--deterministic", "--quiet"]).code == 1)
        let merged = folder.appendingPathComponent("merged")
        #expect(await duoPose(["merge", shards[0], shards[1], "--out", merged.path, "--quiet"]).code == 1)
        let report = try TestFiles.read(whole.appendingPathComponent(ReportSet.markdownName))
        #expect(try TestFiles.read(merged.appendingPathComponent(ReportSet.markdownName)) == report)
        let start = try #require(report.range(of: "Trusted provenance: apple, definition, measured, inference, unverified.\n\n"))
        let end = try #require(report.range(of: "## Poses\n"))
        #expect(String(report[start.upperBound..<end.lowerBound]) == Self.scannedKeysLines)
    }

    /// report.md's lines on the keys taken from App for `{ scan: "App", state: { savesOn: "inactive" } }`.
    static let scannedKeysLines = """
        App keys from the code of `App` (`app.scan`):

        - `multipleScenes` `true`: `App.xcodeproj/project.pbxproj:13`
        - `requiresFullScreen` `false`: `App.xcodeproj/project.pbxproj:12`
        - `newWindow.via` `"activateSceneSession"`: `App/Opener.swift:1`
        - `newWindow.errorHandler` `"none"`: `App/Opener.swift:1`
        - `cameraAccessory.registeredOn` `"none"`: no sceneAccessory or registerSceneAccessory in 1 source file
        - `camera.uses` `"none"`: no AVCaptureSession or capture device in 1 source file

        From the matrix: `state.savesOn`. Unknown in the code, so the matrix's default: `orientations`, `linkedSDK`, `state.cachesScreen`.


        """

    @Test("show --matrix scans the app as run does: the case the run failed shows content.reachable false")
    func showScans() async throws {
        let settings = ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]
        let app = try TemporaryApp(settings: settings, files: ["App/Opener.swift": Self.handlerNil])
        let (code, _) = try await Self.run(app, matrix: Self.matrix(#"{ scan: "App" }"#))
        #expect(code == 1)
        let matrix = app.root.deletingLastPathComponent().appendingPathComponent("nightly.json5").path
        let show = await duoPose(["show", "P9 outer display [profile=device]", "--matrix", matrix])
        #expect(show.code == 0)
        #expect(show.stderr == "")
        let reachable = show.stdout.split(separator: "\n").first { $0.hasPrefix("content.reachable ") }.map(String.init)
        #expect(reachable == Self.reachableLine)
        let json = await duoPose(["show", "P9 outer display", "--matrix", matrix, "--json"])
        #expect(json.stdout.contains(#""content.reachable": {"value": false, "#))
    }

    /// What `show` prints for content.reachable after a refused new window without a handler.
    static let reachableLine =
        "content.reachable            false             inference: A T64 refuses; I AX-DC: fails silently"

    @Test("show --matrix stops on a tree that cannot be scanned, as run does")
    func showRefusesUnscannable() async throws {
        let app = try TemporaryApp()
        let folder = app.root.deletingLastPathComponent()
        let matrixPath = folder.appendingPathComponent("nightly.json5").path
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tool"), withIntermediateDirectories: true)
        try Data("print(1)\n".utf8).write(to: folder.appendingPathComponent("Tool/main.swift"))
        for (tree, code, reason) in [
            ("Missing", Int32(66), "\(folder.path)/Missing: no such folder"),
            (
                "Tool", 65,
                "\(folder.path)/Tool: not an iOS app: no application target for iPhone in an .xcodeproj, "
                    + "an XcodeGen project.yml or a Tuist Project.swift (1 file looked at)"
            ),
        ] {
            try Data(Self.matrix("{ scan: \"\(tree)\" }").utf8).write(to: URL(fileURLWithPath: matrixPath))
            let show = await duoPose(["show", "P9", "--matrix", matrixPath])
            let run = await duoPose(["run", matrixPath, "--out", folder.appendingPathComponent("never").path])
            #expect(show.code == code)
            #expect(show.stderr == "Error: \(matrixPath): app.scan: \(reason)\n")
            #expect(show.stdout == "")
            #expect((run.code, run.stderr) == (show.code, show.stderr))
        }
    }

    @Test("a scan path that is not an app stops the run before anything is written")
    func notAnApp() async throws {
        let app = try TemporaryApp()
        let folder = app.root.deletingLastPathComponent()
        let matrixPath = folder.appendingPathComponent("nightly.json5").path
        try Data(Self.matrix(#"{ scan: "Missing" }"#).utf8).write(to: URL(fileURLWithPath: matrixPath))
        let out = folder.appendingPathComponent("Reports")
        let run = await duoPose(["run", matrixPath, "--out", out.path])
        #expect(run.code == 66)
        #expect(run.stderr == "Error: \(matrixPath): app.scan: \(folder.path)/Missing: no such folder\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// Hostile trees: deep nesting is read or refused with its file and line, never a
/// crash; nothing outside the tree is read or cited; evidence is cut. Their speed is measured by
/// Benchmarks/scan-hostile.sh, not here.
@Suite("duo-pose scan: hostile trees")
struct ScanHostileTests {
    static let request = "func open() { app.activateSceneSession(for: r, errorHandler: nil) }\n"

    /// A Swift file whose request is compiled for iPhone only when `condition` holds.
    static func guarded(_ condition: String) throws -> ScanResult {
        try TemporaryApp(files: ["App/Main.swift": "#if " + condition + "\n" + request + "#endif\n"]).scan()
    }

    @Test("#if with 200,000 ! or 60,000 ( is decided, not a stack overflow")
    func deepConditions() throws {
        let bangs = String(repeating: "!", count: 200_000)
        #expect(try Self.guarded(bangs + "os(macOS)").value(.newWindowVia) == .choice("none"))
        #expect(try Self.guarded("!" + bangs + "os(macOS)").value(.newWindowVia) == .choice("activateSceneSession"))
        let parens = String(repeating: "(", count: 60_000) + "os(macOS)" + String(repeating: ")", count: 60_000)
        #expect(try Self.guarded(parens).value(.newWindowVia) == .choice("none"))
        let unclosed = String(repeating: "(", count: 60_000) + "os(iOS)"
        #expect(try Self.guarded(unclosed).value(.newWindowVia) == .choice("activateSceneSession"))
    }

    struct Condition: Sendable, CustomTestStringConvertible {
        var text: String
        var truth: Conditions.Truth
        var testDescription: String { text }
    }

    static let conditions: [Condition] = [
        Condition(text: "os(iOS)", truth: .yes),
        Condition(text: "!os(macOS)", truth: .yes),
        Condition(text: "os(macOS) || targetEnvironment(macCatalyst)", truth: .no),
        Condition(text: "!(os(macOS) || targetEnvironment(macCatalyst))", truth: .yes),
        Condition(text: "os(iOS) && DEBUG", truth: .maybe),
        Condition(text: "os(macOS) && DEBUG", truth: .no),
        Condition(text: "DEBUG || os(iOS)", truth: .yes),
        Condition(text: "os(macOS) || os(iOS) && os(tvOS)", truth: .no),
        Condition(text: "os(iOS) || os(macOS) && os(tvOS)", truth: .yes),
        Condition(text: "swift(>=5.9) && os(macOS)", truth: .no),
        Condition(text: "compiler(>=6) || os(iOS)", truth: .yes),
        Condition(text: "!!os(iOS)", truth: .yes),
        Condition(text: "os(iOS) garbage || os(macOS)", truth: .yes),
        Condition(text: "os(macOS)) || os(iOS)", truth: .no),
        Condition(text: "", truth: .maybe),
        Condition(text: "os(iOS) &&", truth: .maybe),
        Condition(text: "TARGET_OS_IOS && !TARGET_OS_MACCATALYST", truth: .yes),
    ]

    @Test("conditions are read with !, && over ||, parentheses and calls with other arguments", arguments: conditions)
    func condition(_ testCase: Condition) {
        #expect(Conditions.evaluate(testCase.text, defined: false) == testCase.truth)
    }

    /// A Tuist manifest whose app target's `infoPlist:` is on line 2.
    static func tuist(infoPlist: String) throws -> ScanResult {
        let root = try TestFiles.temporaryFolder()
        let manifest =
            "let project = Project(name: \"App\", targets: [\n"
            + "    .target(name: \"App\", destinations: .iOS, product: .app, infoPlist: \(infoPlist)),\n])\n"
        try Data(manifest.utf8).write(to: root.appendingPathComponent("Project.swift"))
        return try Scanner.scan(root.path)
    }

    @Test("a Tuist Info.plist nested 50,000 deep is not read: its keys are unknown, naming the manifest's line")
    func deepTuistDictionary() throws {
        let plistKeys: [ScanKey] = [.multipleScenes, .requiresFullScreen, .orientations]
        for value in [String(repeating: "[", count: 50_000), String(repeating: ".dictionary([\"a\": ", count: 30_000)] {
            let result = try Self.tuist(infoPlist: ".dictionary([\"UIRequiresFullScreen\": true, \"X\": " + value)
            #expect(result.evidence.filter { plistKeys.contains($0.key) } == [])
            #expect(
                result.unread == [
                    UnreadFile(file: "Project.swift", line: 2, reason: "nested deeper than 64 levels", keys: plistKeys)
                ])
        }
        let shallow = try Self.tuist(infoPlist: ".dictionary([\"UIRequiresFullScreen\": true, \"X\": [[[\"a\"]]]])")
        #expect(shallow.value(.requiresFullScreen) == .bool(true))
        #expect(shallow.unread == [])
    }

    /// An XcodeGen project whose app target `App` ends with `tail` (lines at four spaces).
    static func xcodeGen(_ tail: String) throws -> ScanResult {
        let root = try TestFiles.temporaryFolder()
        let spec = "targets:\n  App:\n    type: application\n    platform: iOS\n" + tail
        try Data(spec.utf8).write(to: root.appendingPathComponent("project.yml"))
        return try Scanner.scan(root.path)
    }

    @Test("a project.yml nested 10,000 deep is read to the limit and names its line; flow collections nest")
    func deepYAML() throws {
        let flow = try Self.xcodeGen(
            "    settings: " + String(repeating: "{a: ", count: 10_000) + "b" + String(repeating: "}", count: 10_000) + "\n")
        #expect(flow.unread.map(\.description) == ["project.yml:5 (nested deeper than 64 levels)"])
        let dashes = try Self.xcodeGen("    sources:\n      - " + String(repeating: "- ", count: 100_000) + "a: b\n")
        #expect(dashes.unread.map(\.description) == ["project.yml:6 (nested deeper than 64 levels)"])
        // A comma inside a nested collection does not split the outer one.
        let nested = try Self.xcodeGen(
            "    info:\n      properties: {UISupportedInterfaceOrientations: [UIInterfaceOrientationPortrait, "
                + "UIInterfaceOrientationLandscapeLeft], UIRequiresFullScreen: true}\n")
        #expect(nested.value(.orientations) == .list(["portrait", "landscape"]))
        #expect(nested.value(.requiresFullScreen) == .bool(true))
        #expect(nested.unread == [])
    }

    /// A project whose Release configuration's base is `App/Base.xcconfig`.
    static let projectWithBase = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; targets = (T1, ); };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
        \t\tX1 = {isa = PBXFileReference; path = ../App/Base.xcconfig; };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
        \t\tC1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {
        \t\t\tGENERATE_INFOPLIST_FILE = YES;
        \t\t}; name = Release; };
        \t};
        \trootObject = P0;
        }

        """

    @Test("an .xcconfig is read once: an #include of itself or out of the tree is named with its line, not followed")
    func xcconfigIncludes() throws {
        let base = """
            #include "Base.xcconfig"
            #include "../../secret/Secret.xcconfig"
            #include "Shared.xcconfig"
            INFOPLIST_KEY_UIRequiresFullScreen = YES

            """
        let app = try TemporaryApp(files: [
            "App/Base.xcconfig": base, "App/Shared.xcconfig": "#include \"Base.xcconfig\"\nA = 1\n",
        ])
        try app.write(Self.projectWithBase, to: "App.xcodeproj/project.pbxproj")
        let result = try app.scan()
        #expect(result.value(.requiresFullScreen) == .bool(true))
        #expect(result.evidence.first { $0.key == .requiresFullScreen }?.location.file == "App/Base.xcconfig")
        #expect(
            result.unread.map(\.description) == [
                "App/Base.xcconfig:1 (#include of App/Base.xcconfig, which is being read: a circle)",
                "App/Base.xcconfig:2 (#include names a file outside the tree, not read)",
                "App/Shared.xcconfig:1 (#include of App/Base.xcconfig, which is being read: a circle)",
            ])
    }

    @Test("an #include of a file the tree does not hold is named with its line (not an optional #include?)")
    func xcconfigIncludeMissing() throws {
        // wireguard-apple's shape: Config.xcconfig includes Developer.xcconfig, which git ignores.
        let base = """
            #include "Developer.xcconfig"
            #include? "Local.xcconfig"
            INFOPLIST_KEY_UIRequiresFullScreen = YES

            """
        let app = try TemporaryApp(files: ["App/Base.xcconfig": base])
        try app.write(Self.projectWithBase, to: "App.xcodeproj/project.pbxproj")
        let result = try app.scan()
        #expect(result.value(.requiresFullScreen) == .bool(true))
        #expect(result.unread.map(\.description) == ["App/Base.xcconfig:1 (#include names a file the tree does not hold)"])
    }

    @Test("an #include whose name differs from the file's only in case is read, as Xcode reads it on a Mac's disk")
    func xcconfigIncludeCase() throws {
        // Simplenote's shape: "Version.public.xcconfig" names Version.Public.xcconfig.
        let base = "#include \"Version.public.xcconfig\"\n"
        let app = try TemporaryApp(files: [
            "App/Base.xcconfig": base, "App/Version.Public.xcconfig": "INFOPLIST_KEY_UIRequiresFullScreen = YES\n",
        ])
        try app.write(Self.projectWithBase, to: "App.xcodeproj/project.pbxproj")
        let result = try app.scan()
        #expect(result.value(.requiresFullScreen) == .bool(true))
        #expect(result.unread.isEmpty)
        // Two files differing only in case: which one Xcode reads depends on the disk, so neither.
        try app.write("INFOPLIST_KEY_UIRequiresFullScreen = NO\n", to: "App/VERSION.PUBLIC.xcconfig")
        let names = try FileManager.default.contentsOfDirectory(atPath: app.root.appendingPathComponent("App").path)
        guard names.count == 3 else { return }  // a disk that ignores case holds one of the two
        let twice = try app.scan()
        #expect(twice.unread.map(\.description) == ["App/Base.xcconfig:1 (#include names a file the tree does not hold)"])
    }

    @Test(
        "INFOPLIST_FILE naming a file outside the tree is neither read nor cited: the setting's line says so",
        arguments: [
            "../secret/Info.plist", "$(SRCROOT)/../secret/Info.plist", "/tmp/secret/Info.plist", "App/../../secret/Info.plist",
        ]
    )
    func plistOutside(_ setting: String) async throws {
        let app = try TemporaryApp(settings: ["INFOPLIST_FILE": setting])
        let secret = app.root.deletingLastPathComponent().appendingPathComponent("secret")
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        try Data(infoPlist("<key>UIRequiresFullScreen</key><true/>").utf8).write(to: secret.appendingPathComponent("Info.plist"))
        let result = try app.scan()
        #expect(
            result.unread == [
                UnreadFile(
                    file: "App.xcodeproj/project.pbxproj", line: 12,
                    reason: "INFOPLIST_FILE names a file outside the tree, not read",
                    keys: [.multipleScenes, .requiresFullScreen, .orientations])
            ])
        for arguments in [[], ["--json"]] {
            let run = await duoPose(["scan", app.root.path] + arguments)
            #expect(run.code == 0)
            #expect(!run.stdout.contains("secret"), "\(run.stdout)")
        }
    }

    @Test("an Info.plist that links out of the tree is not read: its keys are unknown, the link named")
    func plistLinkedOut() throws {
        let app = try TemporaryApp(settings: ["INFOPLIST_FILE": "App/Info.plist"])
        let secret = app.root.deletingLastPathComponent().appendingPathComponent("Info.plist")
        try Data(infoPlist("<key>UIRequiresFullScreen</key><true/>").utf8).write(to: secret)
        try FileManager.default.createDirectory(
            at: app.root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: app.root.appendingPathComponent("App/Info.plist").path, withDestinationPath: "../../Info.plist")
        let result = try app.scan()
        #expect(result.value(.requiresFullScreen) == nil)
        #expect(result.unread.map(\.description) == ["App/Info.plist (a link out of the tree)"])
        #expect(result.skipped.outside == 1)
    }

    @Test("evidence from a line over 800 bytes is cut to 200 characters, saying so")
    func evidenceCut() throws {
        let call = "app.activateSceneSession(for: r, errorHandler: nil); "
        let line = String(repeating: call, count: 100)
        let result = try TemporaryApp(files: ["App/Main.swift": line + "\n"]).scan()
        let text = try #require(result.evidence.first { $0.key == .newWindowVia }?.location.text)
        #expect(text == String(line.prefix(200)) + " … (cut: a line of \(line.utf8.count) bytes)")
        #expect(Set(result.findings.filter { $0.location.file == "App/Main.swift" }.map(\.location.text)) == [text])
    }

    @Test("a line feed in a folder or target name is escaped in the JSON5 block: no key and no CI command is injected")
    func injection() async throws {
        let folder = "App/Evil\n::error title=x::injected\n\"requiresFullScreen\": true,"
        let app = try TemporaryApp(files: [folder + "/Opener.swift": Self.request])
        let project = try String(contentsOf: app.root.appendingPathComponent("App.xcodeproj/project.pbxproj"), encoding: .utf8)
        try app.write(
            project.replacingOccurrences(of: "name = App;", with: "name = \"App\n::add-mask::x\";"),
            to: "App.xcodeproj/project.pbxproj")
        let run = await duoPose(["scan", app.root.path])
        #expect(run.code == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("//") || $0.hasPrefix("\"app\"") || $0.hasPrefix(" ") || $0 == "}," })
        #expect(
            lines.contains(
                #"    "via": "activateSceneSession", // App/Evil\u{A}::error title=x::injected\u{A}"requiresFullScreen": true,"#
                    + "/Opener.swift:1: " + Self.request.dropLast()))
        #expect(
            lines.contains {
                $0.hasSuffix(
                    #"the app target App\u{A}::add-mask::x does not set UIApplicationSupportsMultipleScenes: it gets one window"#)
            })
    }

    @Test("a cancelled scan stops with no result: scan exits 130 or 143, and nothing was written")
    func cancelled() async throws {
        let app = try TemporaryApp(files: ["App/Main.swift": Self.request])
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return Result { () throws(ScanError) in try Scanner.scan(app.root.path) }
        }
        task.cancel()
        guard case .failure(let error) = await task.value else { return #expect(Bool(false), "the scan ran to its end") }
        #expect(error.cause == .interrupted)
    }

    @Test(
        "SIGTERM or SIGINT stops a scan of a large tree at once with 143 or 130",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func signal(_ signal: Int32, _ code: Int32) async throws {
        let binary = TestFiles.binary
        try #require(FileManager.default.fileExists(atPath: binary.path), "no built duo-pose at \(binary.path)")
        let body = String(repeating: "let value = compute(1) // padding padding padding padding padding\n", count: 1_500)
        var files: [String: String] = [:]
        for index in 0..<400 { files["App/File\(index).swift"] = body }
        let app = try TemporaryApp(files: files)
        let sarif = app.root.deletingLastPathComponent().appendingPathComponent("out.sarif")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["scan", app.root.path, "--sarif", sarif.path]
        let stderr = Pipe()
        (process.standardOutput, process.standardError) = (FileHandle.nullDevice, stderr)
        try process.run()
        usleep(150_000)
        try #require(process.isRunning, "the scan ended before the signal: make the tree larger")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == code)
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message == "duo-pose: interrupted; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: sarif.path))
    }
}

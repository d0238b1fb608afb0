import Foundation
import Testing

@testable import PoseMatrix

/// Project forms met in public apps: a preprocessed Info.plist with indented directives
/// (ownCloud), a target without a `Release` configuration (Focus), an Info.plist that turns
/// multiple scenes off (Swiftfin).
@Suite("duo-pose scan: project forms met in real apps")
struct ScanProjectFormsTests {
    @Test("an Info.plist's preprocessor lines are blanked indented or not, as the C preprocessor takes them")
    func indentedDirectives() throws {
        let plist = infoPlist(
            """
            \t#ifndef DISABLE_PLAIN_HTTP
            \t<key>NSAppTransportSecurity</key><dict/>
              #endif
            <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/></dict>
            <key>UISupportedInterfaceOrientations</key><array><string>UIInterfaceOrientationPortrait</string></array>
            """)
        let app = try TemporaryApp(
            settings: ["INFOPLIST_FILE": "App/Info.plist", "INFOPLIST_PREPROCESS": "YES"], files: ["App/Info.plist": plist])
        let result = try app.scan()
        #expect(result.unread.isEmpty)
        #expect(result.value(.multipleScenes) == .bool(true))
        #expect(result.value(.orientations) == .list(["portrait"]))
    }

    /// A one-target project whose target has the configurations `names`, its list's default
    /// `defaultName`, each configuration's base `.xcconfig` `App/NAME.xcconfig`.
    static func project(_ names: [String], defaultName: String) -> String {
        let configs = names.enumerated().map { index, name in
            "\t\tF\(index) = {isa = PBXFileReference; path = App/\(name).xcconfig; };\n"
                + "\t\tC\(index) = {isa = XCBuildConfiguration; baseConfigurationReference = F\(index); "
                + "buildSettings = { GENERATE_INFOPLIST_FILE = YES; }; name = \(name); };\n"
        }
        let ids = names.indices.map { "C\($0), " }.joined()
        return """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = App; productType = "com.apple.product-type.application"; };
            \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; targets = (T1, ); };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (); };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (\(ids)); defaultConfigurationName = \(defaultName); };
            \(configs.joined())\t};
            \trootObject = P0;
            }

            """
    }

    @Test("without a Release configuration the list's default is read, and only its .xcconfig")
    func defaultConfiguration() throws {
        let names = ["FocusDebug", "FocusRelease", "KlarDebug"]
        let app = try TemporaryApp(files: [
            // The Debug base includes a file the tree does not hold: read, it would be listed.
            "App/FocusDebug.xcconfig": "#include \"Missing.xcconfig\"\nINFOPLIST_KEY_UIRequiresFullScreen = NO\n",
            "App/FocusRelease.xcconfig": "INFOPLIST_KEY_UIRequiresFullScreen = YES\n",
            "App/KlarDebug.xcconfig": "INFOPLIST_KEY_UIRequiresFullScreen = NO\n",
        ])
        try app.write(Self.project(names, defaultName: "FocusRelease"), to: "App.xcodeproj/project.pbxproj")
        let result = try app.scan()
        #expect(result.value(.requiresFullScreen) == .bool(true))
        #expect(result.unread.isEmpty)
        // A default the list does not hold: the first by name, as before.
        try app.write(Self.project(names, defaultName: "Gone"), to: "App.xcodeproj/project.pbxproj")
        #expect(try app.scan().value(.requiresFullScreen) == .bool(false))
    }

    /// A project in `Project/` whose app target compiles `Camera.swift` from the group `path`
    /// (`../Sources`: outside a scan of `Project/`, inside a scan of the folder above).
    static func projectCompiling(from path: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1, ); name = NL; productType = "com.apple.product-type.application"; };
        \t\tP0 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; targets = (T1, ); };
        \t\tG0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
        \t\tG1 = {isa = PBXGroup; children = (F1, ); path = \(path); sourceTree = "<group>"; };
        \t\tF1 = {isa = PBXFileReference; path = Camera.swift; sourceTree = "<group>"; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0, ); };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
        \t\tC0 = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; }; name = Release; };
        \t};
        \trootObject = P0;
        }

        """
    }

    @Test("sources the app target compiles from outside the tree leave the keys their absence would settle unknown")
    func sourcesOutsideTheTree() throws {
        let app = try TemporaryApp(
            folder: "NextLevel", files: ["Sources/Camera.swift": "let preview = AVCaptureVideoPreviewLayer()"])
        try app.write(Self.projectCompiling(from: "../Sources"), to: "Project/NL.xcodeproj/project.pbxproj")
        try FileManager.default.removeItem(at: app.root.appendingPathComponent("App.xcodeproj"))
        let inside = try app.scan()
        #expect(inside.unread.isEmpty)
        #expect(inside.value(.newWindowVia) == .choice("none"))
        // Scanning Project/ alone: Sources/ is outside, and `via: none` rests on what was not read.
        let project = try Scanner.scan(app.root.appendingPathComponent("Project").path)
        #expect(
            project.unread.map(\.description) == [
                "NL.xcodeproj/project.pbxproj:8 (the app target compiles 1 source file from outside the tree, not read)"
            ])
        #expect(project.value(.newWindowVia) == nil)
        #expect(project.unknown.contains(.newWindowVia))
    }

    @Test("DUO015 says whether the Info.plist leaves multiple scenes out or turns them off")
    func multipleScenesOff() throws {
        let plist = infoPlist(
            "<key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>")
        let off = try TemporaryApp(settings: ["INFOPLIST_FILE": "App/Info.plist"], files: ["App/Info.plist": plist]).scan()
        #expect(
            off.findings.filter { $0.rule == .DUO015 }.map(\.message) == [
                "the app target App sets NO for UIApplicationSupportsMultipleScenes: it gets one window"
            ])
        let absent = try TemporaryApp(settings: ["INFOPLIST_FILE": "App/Info.plist"], files: ["App/Info.plist": infoPlist("")])
            .scan()
        #expect(
            absent.findings.filter { $0.rule == .DUO015 }.map(\.message) == [
                "the app target App does not set UIApplicationSupportsMultipleScenes: it gets one window"
            ])
    }
}

import Foundation
import Testing

@testable import PoseMatrix

@Suite("duo-pose scan: Tuist Project.swift")
struct ScanTuistTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The app target's arguments after `name:`, one per line.
        var target: String
        var files: [String: String] = [:]
        var expected: String
        var testDescription: String { name }
    }

    /// A manifest whose line 5 opens the app target; its `infoPlist:` is on line 8 or later.
    static func manifest(_ target: String) -> String {
        """
        import ProjectDescription

        let project = Project(
            name: "App",
            targets: [
                .target(
                    name: "App",
        \(target)
                ),
            ]
        )

        """
    }

    static let cases: [Case] = [
        Case(
            name: ".extendingDefault(with:): the given keys over Tuist's iOS-app default",
            target: """
                destinations: .iOS, product: .app,
                infoPlist: .extendingDefault(with: [
                    "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": .boolean(true)],
                ])
                """,
            expected:
                #"multipleScenes=true@10 requiresFullScreen=false@9 orientations=["portrait", "landscape"]@9"#),
        Case(
            name: ".default: Tuist's default, which has no scene manifest",
            target: "platform: .iOS, product: .app, infoPlist: .default",
            expected: #"multipleScenes=false@8 requiresFullScreen=false@8 orientations=["portrait", "landscape"]@8"#),
        Case(
            name: ".dictionary: only the given keys, orientations unknown",
            target: """
                destinations: [.iPhone], product: .app,
                infoPlist: .dictionary([
                    "UIRequiresFullScreen": true,
                    "UISupportedInterfaceOrientations": [], // "UISupportedInterfaceOrientations~iphone": ["x"]
                ])
                """,
            expected: "multipleScenes=false@9 requiresFullScreen=true@10 orientations unknown"),
        Case(
            name: ".file(path:): the Info.plist it names, relative to the manifest",
            target: #"destinations: .iOS, product: .app, infoPlist: .file(path: "App/Info.plist")"#,
            files: ["App/Info.plist": infoPlist("<key>UIRequiresFullScreen</key><true/>")],
            expected: "multipleScenes=false@8 requiresFullScreen=true@App/Info.plist:4 orientations unknown"),
        Case(
            name: "a path string is .file(path:)",
            target: #"destinations: .iOS, product: .app, infoPlist: "App/Info.plist""#,
            files: ["App/Info.plist": infoPlist(ScanPrecedenceTests.portrait)],
            expected: #"multipleScenes=false@8 requiresFullScreen=false@8 orientations=["portrait"]@App/Info.plist:4"#),
        Case(
            name: "a helper's Info.plist cannot be read: unknown, not guessed",
            target: "destinations: .iOS, product: .app, infoPlist: .appDefault(scenes: true)",
            expected: "multipleScenes unknown requiresFullScreen unknown orientations unknown"),
        Case(
            name: "a helper's dictionary leaves the keys unknown, not Tuist's default",
            target: """
                destinations: .iOS, product: .app,
                infoPlist: .extendingDefault(with: InfoPlist.common)
                """,
            expected: "multipleScenes unknown requiresFullScreen unknown orientations unknown"),
        Case(
            name: "a key's value computed in code leaves the keys unknown",
            target: """
                destinations: .iOS, product: .app,
                infoPlist: .extendingDefault(with: ["UIRequiresFullScreen": .boolean(isPhoneOnly)])
                """,
            expected: "multipleScenes unknown requiresFullScreen unknown orientations unknown"),
        Case(
            name: "a macOS app is not an iPhone app",
            target: "destinations: .macOS, product: .app, infoPlist: .default",
            expected: "not an iOS app"),
        Case(
            name: "an iOS app extension is not the app",
            target: "destinations: .iOS, product: .appExtension, infoPlist: .default",
            expected: "not an iOS app"),
    ]

    @Test("each form of infoPlist: gives the app target's keys with the manifest's lines", arguments: cases)
    func forms(_ testCase: Case) throws {
        let root = try TestFiles.temporaryFolder().appendingPathComponent("Tuist App")
        let indented = testCase.target.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n")
        let files = testCase.files.merging(["Project.swift": Self.manifest(indented)]) { $1 }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let result: ScanResult
        do {
            result = try Scanner.scan(root.path)
        } catch {
            #expect(testCase.expected == "not an iOS app" && error.cause == .notAnApp)
            return
        }
        #expect(result.project == "Project.swift")
        let summary = [ScanKey.multipleScenes, .requiresFullScreen, .orientations].map { key in
            guard let evidence = result.evidence.first(where: { $0.key == key }) else { return "\(key.rawValue) unknown" }
            let file = evidence.location.file == "Project.swift" ? "" : evidence.location.file + ":"
            return "\(key.rawValue)=\(evidence.value)@\(file)\(evidence.location.line)"
        }
        #expect(summary.joined(separator: " ") == testCase.expected)
    }
}

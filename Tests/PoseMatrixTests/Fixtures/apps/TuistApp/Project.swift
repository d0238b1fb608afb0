import ProjectDescription

// A Tuist project that was never generated: no .xcodeproj, so duo-pose reads this manifest.
// .target(name: "Old", destinations: .iOS, product: .app, infoPlist: .default) is a comment, not a target.
let note = "product: .app, infoPlist: .default"

let project = Project(
    name: "Journal",
    targets: [
        .target(
            name: "JournalMac",
            destinations: .macOS,
            product: .app,
            bundleId: "com.example.journal.mac",
            infoPlist: .file(path: "JournalMac/Info.plist"),
            sources: ["JournalMac/**"]
        ),
        .target(
            name: "Journal",
            destinations: [.iPhone, .iPad],
            product: .app,
            bundleId: "com.example.journal",
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
                "UIApplicationSceneManifest": [
                    "UIApplicationSupportsMultipleScenes": true,
                    "UISceneConfigurations": [:],
                ],
                // "UIRequiresFullScreen": true,
                "UISupportedInterfaceOrientations~iphone": .array([.string("UIInterfaceOrientationPortrait")]),
                "NSCameraUsageDescription": "Photos for entries (UIRequiresFullScreen)",
            ]),
            sources: ["Journal/**"],
            dependencies: [.target(name: "JournalWidget")]
        ),
        .target(
            name: "JournalWidget",
            destinations: .iOS,
            product: .appExtension,
            bundleId: "com.example.journal.widget",
            infoPlist: .dictionary(["UIRequiresFullScreen": true]),
            sources: ["JournalWidget/**"]
        ),
    ]
)

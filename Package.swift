// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the design chooses the Swift toolchain alone, so a clone
// builds and tests with nothing else installed.
let package = Package(
    name: "duo-pose",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PoseMatrix", targets: ["PoseMatrix"]),
        .executable(name: "duo-pose", targets: ["duo-pose"]),
    ],
    targets: [
        .target(
            name: "PoseMatrix",
            // The reference matrix is compiled into the binary, so `duo-pose`
            // runs it from any folder. The file is a link to Matrices/.
            // Matrices/schema.json is generated from the observable registry and this skeleton.
            resources: [.embedInCode("Resources/duo-scenes.json"), .embedInCode("Resources/schema-skeleton.json")]
        ),
        .executableTarget(name: "duo-pose", dependencies: ["PoseMatrix"]),
        .testTarget(
            name: "PoseMatrixTests",
            dependencies: ["PoseMatrix"],
            exclude: ["Snapshots", "Fixtures"]
        ),
    ]
)

// The strict settings swift-log builds with, where they fit a package with no dependencies:
// existentials spelt `any`, and members visible only through the module that is imported.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
        ]
}

// swift-tools-version:6.0
import PackageDescription

// The peer duo-pose is measured against: a Swift Testing parameterized test over the same
// combinations, one test argument per case. It depends on the checkout by path (nothing
// is fetched) and is built only by Benchmarks/run.sh, never by CI or `swift test`.
let package = Package(
    name: "Peer",
    dependencies: [.package(name: "duo-pose", path: "../..")],
    targets: [
        .testTarget(name: "PeerTests", dependencies: [.product(name: "PoseMatrix", package: "duo-pose")])
    ]
)

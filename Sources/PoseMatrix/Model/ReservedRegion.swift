/// A reserved region of a scene (`reservedRegions`), in the scene's coordinate space.
///
/// Closed, the outer display has two occlusion regions, the camera hole and the bar strip
/// [M AX-PR]; open, the inner display has the inner camera, the bar strip and one division
/// region, the fold [M AX-DGb].
struct ReservedRegion: Sendable, Hashable {
    /// The regions the facts name.
    enum Name: String, CaseIterable, Sendable {
        case barStrip
        case cameraHole
        case fold
        case innerCamera
    }

    var name: Name
    var frame: Frame
    var active: Bool
}

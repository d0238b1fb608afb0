/// A reserved region of a scene (`reservedRegions`), in the scene's coordinate space.
///
/// Closed, the outer display has two occlusion regions, the camera hole and the bar strip
/// [M AX-PR]; open, the inner display has the inner camera, the bar strip and one division
/// region, the fold [M AX-DGb].
public struct ReservedRegion: Sendable, Hashable {
    /// The regions the facts name.
    public enum Name: String, CaseIterable, Sendable {
        case barStrip
        case cameraHole
        case fold
        case innerCamera
    }

    public var name: Name
    public var frame: Frame
    public var active: Bool
}

/// How an app lays out its content: the matrix's `app.layout` block.
public struct Layout: Sendable, Hashable {
    /// What the app centres its content in.
    public enum CentersIn: String, CaseIterable, Sendable { case safeArea, bounds }
    /// A two-pane arrangement: none, a split with a divider, or an overlay.
    public enum Arrangement: String, CaseIterable, Sendable { case none, split, overlay }
    /// How the app reads region frames under right-to-left: mirrored (the default) or fixed. [A ReservedRegion]
    public enum RegionDirection: String, CaseIterable, Sendable { case mirrors, fixed }
    /// How the app presents sheets; only the default page sheet was measured. [M AX-PR]
    public enum SheetStyle: String, CaseIterable, Sendable { case pageSheet, formSheet, fullScreen }

    /// Whether the app reads `reservedRegions` and keeps its content out of the active ones.
    public var readsReservedRegions = false
    public var centersIn: CentersIn = .safeArea
    public var arrangement: Arrangement = .none
    public var regionDirection: RegionDirection = .mirrors
    public var sheetStyle: SheetStyle = .pageSheet

    public init() {}
}

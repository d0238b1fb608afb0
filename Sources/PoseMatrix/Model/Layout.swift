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

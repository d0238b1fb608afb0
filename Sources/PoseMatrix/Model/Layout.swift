/// How an app lays out its content: the matrix's `app.layout` block.
struct Layout: Sendable, Hashable {
    /// What the app centres its content in.
    enum CentersIn: String, CaseIterable, Sendable { case safeArea, bounds }
    /// A two-pane arrangement: none, a split with a divider, or an overlay.
    enum Arrangement: String, CaseIterable, Sendable { case none, split, overlay }
    /// How the app reads region frames under right-to-left: mirrored (the default) or fixed. [A ReservedRegion]
    enum RegionDirection: String, CaseIterable, Sendable { case mirrors, fixed }
    /// How the app presents sheets; only the default page sheet was measured. [M AX-PR]
    enum SheetStyle: String, CaseIterable, Sendable { case pageSheet, formSheet, fullScreen }

    /// Whether the app reads `reservedRegions` and keeps its content out of the active ones.
    var readsReservedRegions = false
    var centersIn: CentersIn = .safeArea
    var arrangement: Arrangement = .none
    var regionDirection: RegionDirection = .mirrors
    var sheetStyle: SheetStyle = .pageSheet

    init() {}
}

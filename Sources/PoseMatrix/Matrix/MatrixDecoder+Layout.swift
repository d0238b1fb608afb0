/// The `app.layout` block: how the app lays out its content around the reserved regions.
extension MatrixDecoder {
    static let layoutKeys = ["readsReservedRegions", "centersIn", "arrangement", "regionDirection", "sheetStyle"]

    mutating func decodeLayout(_ node: JSONNode, _ path: KeyPath, into layout: inout Layout) {
        guard let fields = object(node, path, allowed: Self.layoutKeys) else { return }
        if let field = fields["readsReservedRegions"] {
            layout.readsReservedRegions = bool(field.value, path.appending(field.key)) ?? layout.readsReservedRegions
        }
        if let field = fields["centersIn"] {
            layout.centersIn = choice(field.value, path.appending(field.key), as: Layout.CentersIn.self) ?? layout.centersIn
        }
        if let field = fields["arrangement"] {
            layout.arrangement =
                choice(field.value, path.appending(field.key), as: Layout.Arrangement.self) ?? layout.arrangement
        }
        if let field = fields["regionDirection"] {
            layout.regionDirection =
                choice(field.value, path.appending(field.key), as: Layout.RegionDirection.self) ?? layout.regionDirection
        }
        if let field = fields["sheetStyle"] {
            layout.sheetStyle = choice(field.value, path.appending(field.key), as: Layout.SheetStyle.self) ?? layout.sheetStyle
        }
    }
}

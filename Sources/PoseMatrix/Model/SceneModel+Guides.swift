/// Layout guides measured open flat: the margins guide and the bar slots. [M AX-PR]
extension SceneModel {
    /// The trailing bar slot of `bar(onEdge: .trailing, extent: 56)`, open flat: x 875 to 931. [M AX-PR]
    static let trailingBarSlot = "875-931"

    /// The facts give the bottom slot as 20 pt above the bottom, not its span: the span takes the
    /// scene's bottom (669 pt) for that bottom, which no source states.
    static let bottomSlotInference = "I from M AX-PR: 20 pt above the scene's bottom (669), extent 56"

    /// The guides measured only open flat on the inner display in landscape, with their values
    /// there: the trailing slot's x span; the bottom slot of `bar(onEdge: .bottom, extent: 56)`,
    /// which sits 20 pt above the bottom (y 593 to 649 if that is the 669 pt scene's bottom, an
    /// inference); and the margins guide with corner adaptation, which adds 16 pt on the leading
    /// edge (`.horizontal`) or the top (`.vertical`) [M AX-PR]. No source says how the slots and
    /// the adaptation combine with other insets, so where the insets differ (right to left, the
    /// outer display, Split View) none of these is carried over.
    static let flatGuides: [Observable: String] = [
        .barSlotTrailing: trailingBarSlot, .barSlotBottom: "593-649", .marginsHorizontalCorner: "0,16,34,84",
        .marginsVerticalCorner: "16,0,34,84",
    ]

    /// Reads `margins` or a guide of ``flatGuides``.
    func observeGuide(_ observable: Observable) -> Observation {
        if let value = Self.flatGuides[observable] {
            // Measured flat on the inner display in landscape; a book keeps the scene, so inferred there.
            guard display == .inner, interfaceOrientation == .landscape, measuredConditions else {
                return .unknown(
                    "no source gives \(observable.rawValue) outside the inner display in landscape, left to right, full screen")
            }
            if observable == .barSlotBottom {
                return .fact(.text(value), .inference, Self.bottomSlotInference)
            }
            return measured(.text(value), "M AX-PR", in: [.flat])
        }
        // The margins guide was measured flat as t0 l0 b34 r84, the safe area's insets; elsewhere it
        // follows the safe area by inference, and is no firmer than it.
        let safeArea = observeSafeArea()
        guard let value = safeArea.value else { return .unknown("no source gives margins where the safe area is unknown") }
        if safeArea.provenance == .unverified { return .fact(value, .unverified, "I: the safe area's; " + safeArea.source) }
        return measured(value, "M AX-PR", in: [.flat])
    }
}

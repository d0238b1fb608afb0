/// Layout guides measured open flat: the margins guide and the bar slots. [M AX-PR]
extension SceneModel {
    /// The guides measured only open flat on the inner display in landscape: the trailing slot's
    /// x span; the bottom slot of `bar(onEdge: .bottom, extent: 56)`, which sits 20 pt above the
    /// bottom (its span an inference: no source says which bottom); and the margins guide with
    /// corner adaptation, which adds 16 pt on the leading edge (`.horizontal`) or the top
    /// (`.vertical`) [M AX-PR]. No source says how the slots and the adaptation combine with
    /// other insets, so where the insets differ (right to left, the outer display, Split View)
    /// none of these is carried over.
    static let flatGuides: [Observable: DeviceFact] = [
        .barSlotTrailing: .trailingBarSlot, .barSlotBottom: .bottomBarSlot, .marginsHorizontalCorner: .horizontalCornerMargins,
        .marginsVerticalCorner: .verticalCornerMargins,
    ]

    /// Reads `margins` or a guide of ``flatGuides``.
    func observeGuide(_ observable: Observable) -> Observation {
        if let fact = Self.flatGuides[observable] {
            // Measured flat on the inner display in landscape; a book keeps the scene, so inferred there.
            guard display == .inner, interfaceOrientation == .landscape, measuredConditions else {
                return .unknown(
                    "no source gives \(observable.rawValue) outside the inner display in landscape, left to right, full screen")
            }
            return reading(fact)
        }
        // The margins guide was measured flat as t0 l0 b34 r84, the safe area's insets; elsewhere it
        // follows the safe area by inference, and is no firmer than it.
        let safeArea = observeSafeArea()
        guard let value = safeArea.value else { return .unknown("no source gives margins where the safe area is unknown") }
        if safeArea.provenance == .unverified { return .fact(value, .unverified, "I: the safe area's; " + safeArea.source) }
        return measured(value, "M AX-PR", in: [.flat])
    }
}

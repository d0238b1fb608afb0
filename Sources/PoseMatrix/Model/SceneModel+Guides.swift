/// Layout guides measured open flat: the margins guide and the trailing bar slot. [M AX-PR]
extension SceneModel {
    /// The trailing bar slot of `bar(onEdge: .trailing, extent: 56)`, open flat: x 875 to 931. [M AX-PR]
    static let trailingBarSlot = "875-931"

    /// Reads `margins` or `barSlot.trailing`.
    func observeGuide(_ observable: Observable) -> Observation {
        if observable == .barSlotTrailing {
            // Measured flat on the inner display in landscape; a book keeps the scene, so inferred there.
            guard display == .inner, interfaceOrientation == .landscape, measuredConditions else {
                return .unknown(
                    "no source gives barSlot.trailing outside the inner display in landscape, left to right, full screen")
            }
            return measured(.text(Self.trailingBarSlot), "M AX-PR", in: [.flat])
        }
        // The margins guide was measured flat as t0 l0 b34 r84, the safe area's insets; elsewhere it
        // follows the safe area by inference, and is no firmer than it.
        let safeArea = observeSafeArea()
        guard let value = safeArea.value else { return .unknown("no source gives margins where the safe area is unknown") }
        if safeArea.provenance == .unverified { return .fact(value, .unverified, "I: the safe area's; " + safeArea.source) }
        return measured(value, "M AX-PR", in: [.flat])
    }
}

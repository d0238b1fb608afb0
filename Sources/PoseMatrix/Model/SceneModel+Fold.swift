/// The fold as the scene sees it: its frame with margins, the zero-width line, and the content
/// on each side. Flat and at 90° on the inner display in landscape it was measured [M AX-DGb];
/// in portrait the band is P3's turned a quarter [I, duo-facts F-P4-fold].
extension SceneModel {
    /// The fold's frame, its zero-width line or its margins; "none" on the outer display. [M AX-PR]
    func observeFold(_ observable: Observable) -> Observation {
        if let unknown = regionsUnknown(observable) { return unknown }
        guard display == .inner else {
            guard observable == .foldFrame || observable == .foldLine else { return noFold(observable) }
            return regionFact(.text("none"), "M AX-PR", in: [.closed])
        }
        guard observable == .foldFrame || observable == .foldLine || observable == .foldMargins else {
            return observeFoldSides(observable)
        }
        var frame = Self.foldFrame
        // Mirrored across the landscape width, before turning to portrait.
        if mirrorsRegions { frame = frame.mirrored(within: DeviceFact.innerSize.quantity.size.width) }
        if observable == .foldLine {
            frame = Frame(frame.x + Self.foldMargin, frame.y, 0, frame.height)
        }
        let value: ObservedValue =
            observable == .foldMargins
            ? .number(Self.foldMargin) : .text((physicalOrientation == .landscape ? frame : frame.transposed).description)
        let margins = observable == .foldMargins
        guard physicalOrientation == .landscape else {
            let turned = Observation.fact(value, .inference, "I from M AX-DGb: the landscape band turned a quarter")
            return margins ? turned : directed(turned)
        }
        return margins ? reading(.foldMargin) : directed(reading(.foldFrame, as: value))
    }

    /// Content before and after the fold inside the safe area (455.5 | 371.5), and how far the
    /// middle of the safe area misses the crease (42 pt), in the layout direction. [M AX-DGb]
    private func observeFoldSides(_ observable: Observable) -> Observation {
        guard physicalOrientation == .landscape else {
            return .unknown("no source gives \(observable.rawValue) for the inner display in portrait")
        }
        // Physically the bar strip is on the right; the fold frame spans 455.5 to 495.5. [M AX-DGb]
        let safeRight = DeviceFact.innerSize.quantity.size.width - Double(Self.barStripWidth)
        let left = Self.foldFrame.x
        let right = safeRight - (Self.foldFrame.x + Self.foldFrame.width)
        let crease = Self.foldFrame.x + Self.foldMargin
        // Positive toward the trailing edge: left of the crease is leading unless right-to-left.
        let offset = (safeRight / 2 - crease) * (settings.layoutDirection == .rightToLeft ? -1 : 1)
        let (before, after) = settings.layoutDirection == .rightToLeft ? (right, left) : (left, right)
        switch observable {
        // The three numbers come from one measured frame and safe area, so they are as firm as each other.
        case .foldBefore: return measured(.number(before), "M AX-DGb, AX-PR", in: [.flat, .book])
        case .foldAfter: return measured(.number(after), "M AX-DGb, AX-PR", in: [.flat, .book])
        default: return measured(.number(offset), "M AX-DGb, AX-PR", in: [.flat, .book])
        }
    }

    /// Numbers that need a fold, on a display that has none.
    private func noFold(_ observable: Observable) -> Observation {
        .unknown("there is no fold on the outer display, so no \(observable.rawValue) (fold.region none)")
    }
}

extension Observable {
    /// Observables of the fold itself, which the outer display and inner portrait answer too.
    var isFoldGeometry: Bool {
        switch self {
        case .foldFrame, .foldLine, .foldMargins, .foldBefore, .foldAfter, .safeAreaCenter: true
        default: false
        }
    }
}

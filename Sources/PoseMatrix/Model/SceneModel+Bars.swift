/// Bars: a vertical side stack everywhere but the inner display in portrait. [A T62, T66, HIG]
extension SceneModel {
    /// Whether the bars are vertical: apps linked against 27.1 get the side stack except in
    /// inner portrait; earlier SDKs keep horizontal bars. [A T62; A T61]
    var barsAreVertical: Bool {
        extendsUnderBars && !(display == .inner && interfaceOrientation == .portrait)
    }

    func observeBarsAxis() -> Observation {
        if !extendsUnderBars { return .fact(.text("horizontal"), .inference, "I from A T61: vertical bars come with 27.1") }
        return .fact(.text(barsAreVertical ? "vertical" : "horizontal"), .apple, "A T62, T66, HIG")
    }

    /// The physical side of the vertical strip: the right, except for the left half in Split View. [A T66, HIG]
    var stripOnLeft: Bool { inSplitView && splitSide == .left }

    /// The vertical bar's layout edge: trailing, or leading under right-to-left; none for horizontal bars.
    func observeBarsEdge() -> Observation {
        guard barsAreVertical else { return .fact(.text("none"), .inference, "I from A doc via AX-VB: .unspecified") }
        if inSplitView {
            let leading = stripOnLeft == (settings.layoutDirection == .leftToRight)
            return .fact(.text(leading ? "leading" : "trailing"), .inference, "I from A T66: the bar on the half's outer edge")
        }
        if display == .outer && interfaceOrientation == .landscape {
            // The bars keep to the outer camera's edge [A HIG; I], which the rotation's direction decides.
            guard let side = cameraSide else { return Self.unstatedDirection(.barsEdge) }
            let leading = (side == .left) == (settings.layoutDirection == .leftToRight)
            return .fact(.text(leading ? "leading" : "trailing"), .inference, "I from A HIG, T62: the outer camera's edge")
        }
        if settings.layoutDirection == .rightToLeft {
            return .fact(.text("leading"), .inference, "I from A T62: bar on the same hardware side")
        }
        // Apple documents the trailing edge [A T62]; the simulator measured it [M AX-PR].
        guard settings.profile == .simulator else { return .fact(.text("trailing"), .apple, "A T62") }
        return measured(.text("trailing"), .axPR)
    }

    /// The physical side: the strip stays on the right in either direction; horizontal bars end at the bottom.
    func observeBarsSide() -> Observation {
        guard barsAreVertical else { return .fact(.text("bottom"), .inference, "I: tab bar and toolbar at the bottom") }
        if inSplitView {
            return .fact(.text(stripOnLeft ? "left" : "right"), .apple, "A T66, HIG: each app's bars on its outer edge")
        }
        if display == .outer && interfaceOrientation == .landscape {
            guard let side = cameraSide else { return Self.unstatedDirection(.barsSide) }
            return .fact(.text(side.rawValue), .inference, "I from A HIG, T62: the outer camera's edge")
        }
        return .fact(.text("right"), .apple, "A T62, T66, HIG; M AX-PR")
    }

    /// What `rotate(landscape)` leaves open on the outer display.
    static func unstatedDirection(_ observable: Observable) -> Observation {
        .unknown(
            "no source gives \(observable.rawValue) on the outer display in landscape without its direction: "
                + "use rotate(landscapeLeft) or rotate(landscapeRight)")
    }

    /// The vertical bar gains a background with Reduce Transparency and has none by default. [A T62]
    func observeBarsBackground() -> Observation {
        let value = ObservedValue.bool(settings.reduceTransparency)
        return barsAreVertical ? .fact(value, .apple, "A T62") : .fact(value, .inference, "I: system bars go opaque")
    }
}

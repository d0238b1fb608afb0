/// What the hinge interaction's callbacks carry beyond the status and angle, and the flags the
/// system reports about the app's scenes.
extension SceneModel {
    /// The first callback after launch has no old value. [M AX-PR]
    func observeFirstOld() -> Observation {
        measured(.text("nil"), "M AX-PR", in: [.closed, .flat, .book])
    }

    /// A step that moves the hinge brings 7 to 10 callbacks with equal old and new values in the
    /// simulator [M AX-PR]; on a device the update rate is the system's policy, so no count is known.
    /// [A DeviceHinge] (F-C-policy)
    func observeHingeCalls() -> Observation {
        guard lastStepMovedHinge else {
            return .unknown("no source gives hinge.calls for a last step that did not move the hinge")
        }
        return reading(settings.profile == .simulator ? .hingeCalls : .deviceHingeCalls)
    }

    /// `UIApplication.supportsMultipleScenes` follows the Info.plist key [A T64]; closed, the
    /// simulator reported true with it set. [M S0]
    func observeSupportsMultipleScenes() -> Observation {
        guard app.multipleScenes else {
            return .fact(.bool(false), .apple, "A T64: without UIApplicationSupportsMultipleScenes, one window")
        }
        return settings.profile == .device ? .fact(.bool(true), .apple, "A T64") : measured(.bool(true), "M S0", in: [.closed])
    }

    /// `supportsMultipleWindows` was true in the closed simulator, though Apple documents it as true
    /// only on iPadOS and macOS; what a device reports is not known. [M S0] (duo-facts E#12)
    func observeSupportsMultipleWindows() -> Observation {
        guard app.multipleScenes else {
            return .fact(.bool(false), .inference, "I from A T64: without UIApplicationSupportsMultipleScenes, one window")
        }
        guard settings.profile == .simulator else {
            return .unknown(
                "no source gives app.supportsMultipleWindows on a device: Apple documents it for iPadOS and macOS, "
                    + "the simulator reports true (duo-facts E#12)")
        }
        return measured(.bool(true), "M S0", in: [.closed])
    }

    /// A new window on the outer display first lays out at 466×562 pt, then at 382×644 pt. [M S0]
    func observeNewWindowLayout(_ observable: Observable) -> Observation {
        guard let newWindowDisplay, !sceneRecreated else {
            return .unknown("no new window opened, so no source gives \(observable.rawValue)")
        }
        guard newWindowDisplay == .outer else {
            return .unknown("no source gives \(observable.rawValue) for a window opened on the inner display")
        }
        guard !newWindowInLandscape else {
            return .unknown("no source gives \(observable.rawValue) for a window opened with the device held in landscape")
        }
        return reading(observable == .newWindowFirstLayout ? .newWindowFirstLayout : .newWindowSecondLayout)
    }

    /// `UIRequiresFullScreen` is honoured, yet the app is scaled on the inner display, Split View
    /// included [A T61]; an app without it fills the inner display at its own size. [M AX-DGb]
    func observeScaled() -> Observation {
        if app.requiresFullScreen {
            return display == .inner
                ? .fact(.bool(true), .apple, "A T61")
                : .fact(.bool(false), .inference, "I from A T61: scaled on the inner display only")
        }
        if display == .inner && settings.linkedSDK == .v26 {
            return .unknown("no source says whether an app linked against SDK 26 is scaled on the inner display")
        }
        return .fact(.bool(false), .inference, "I from M AX-DGb: the scene takes the display's own size")
    }
}

/// Reading observables: one function per group, each citing its facts.
extension SceneModel {
    /// Reads one observable in the current state.
    func observe(_ observable: Observable) -> Observation {
        if placementInferred, Self.dependsOnRestoredPlacement.contains(observable) {
            return observeInState(observable).inferred("a restored window is taken to be placed as a new window is")
        }
        return observeInState(observable)
    }

    /// What the simulator's placement of a restored window decides: measured for new windows only. [M S0]
    static let dependsOnRestoredPlacement: Set<Observable> = [.windowsVisible, .sceneSize, .sceneSafeArea, .sceneSizeClass]

    private func observeInState(_ observable: Observable) -> Observation {
        if crashed, let value = afterCrash(observable) { return value }
        if splitCloseUnknown, Self.dependsOnWhichSplitWindowMoved.contains(observable) {
            return .unknown(DeviceFact.splitClose.reason + ", so none gives \(observable.rawValue) after it")
        }
        switch observable {
        case .display: return observeDisplay()
        case .screen: return observeScreen()
        case .screenStale: return observeStaleScreen()
        case .sceneSize: return observeSceneSize()
        case .sceneSafeArea: return observeSafeArea()
        case .sceneSizeClass: return observeSizeClass()
        case .scenePhase: return observePhase()
        case .sceneRecreated:
            // A fold resizes the same scene and session [A T61; M S0]; only a relaunch makes a new one.
            return sceneRecreated
                ? measured(.bool(true), .relaunched)
                : .fact(.bool(false), .apple, "A T61, A-fwd 847644; M S0")
        case .statePreserved: return observeStatePreserved()
        case .barsAxis: return observeBarsAxis()
        case .barsEdge: return observeBarsEdge()
        case .barsSide: return observeBarsSide()
        case .barsBackground: return observeBarsBackground()
        case .hingeStatus: return observeHingeStatus()
        case .hingeAngle: return observeHingeAngle()
        case .foldRegion: return observeFoldRegion()
        case .foldAxis: return observeFoldAxis()
        case .eventsGeometryUpdates: return count(.geometryUpdate)
        case .eventsScreenChanges: return count(.screenChange)
        case .eventsPhaseChanges: return count(.phaseChange)
        case .eventsSessionsDiscarded: return count(.sessionDiscarded)
        case .windowsCount:
            return .fact(.number(Double(windows.count)), windowsProvenance)
        case .windowsVisible:
            if placementUnknown { return reading(.newWindowVisibility) }
            return .fact(.number(Double(windows.filter(\.visible).count)), windowsProvenance)
        case .newWindowResult, .newWindowError: return observeRequest(observable)
        case .contentReachable: return observeContentReachable()
        case .accessoryAvailable, .accessoryDisplay, .accessorySize, .accessorySessions: return observeAccessory(observable)
        case .cameraFrontConstituent, .cameraForwardFacing, .cameraMirrored:
            guard settings.profile == .device else { return .unknown(Pose.noCamera) }
            return observeCamera(observable)
        case .hingeEffectReset: return observeHingeEffect()
        default: return observeLayout(observable)
        }
    }

    /// After a crash the app has no windows and shows nothing. [M S0]
    private func afterCrash(_ observable: Observable) -> Observation? {
        switch observable {
        case .windowsCount, .windowsVisible: measured(.number(0), .crashed)
        case .contentReachable: measured(.bool(false), .crashed)
        case .newWindowResult, .newWindowError, .eventsGeometryUpdates, .eventsScreenChanges, .eventsPhaseChanges,
            .eventsSessionsDiscarded, .hingeStatus, .hingeAngle, .display:
            nil
        default: .unknown("the app crashed before the last step")
        }
    }

    /// The front window's phase: folds leave it active [M S0: closed and open]; coming back from
    /// the background is not measured. [I]
    private func observePhase() -> Observation {
        guard let front = frontWindow else { return .unknown("no window is visible") }
        if phaseInferred { return .fact(.text(front.phase.rawValue), .inference, "I: back from the background") }
        return measured(.text(front.phase.rawValue), .s0)
    }

    /// What depends on which window stays in front when the device closes from Split View.
    static let dependsOnWhichSplitWindowMoved: Set<Observable> = [
        .display, .screen, .screenStale, .sceneSize, .sceneSafeArea, .sceneSizeClass, .scenePhase, .barsAxis,
        .barsEdge, .barsSide, .barsBackground, .foldRegion, .foldAxis, .windowsVisible, .eventsGeometryUpdates,
        .eventsScreenChanges, .regions, .regionsActive, .cameraHoleFrame, .barStripFrame, .innerCameraFrame, .foldFrame,
        .foldLine, .foldMargins, .foldBefore, .foldAfter, .safeAreaCenter, .contentOverFold, .contentUnderCameraHole,
        .contentUnderBarStrip, .arrangementDivider, .sheetSpan, .alertSide, .controlsHalf, .sceneScaled,
        .margins, .barSlotTrailing, .barSlotBottom, .marginsHorizontalCorner, .marginsVerticalCorner,
    ]

    /// A cached `UIScreen` goes stale when the scene moves to the other display. [A T61; S0 rule 7]
    private func observeStaleScreen() -> Observation {
        guard let cachedScreen else { return .fact(.bool(false), .apple, "A T61: the app reads windowScene.screen") }
        return .fact(.bool(cachedScreen != display), .inference, "I from A T61: UIScreen cached at launch")
    }

    /// Work survives folds (same scene, no teardown) [A-fwd 848042, 848034; M AX-PR]; it is lost by
    /// a relaunch before a save, or by an app that rebuilds on a size-class change expecting `.inactive`. [I]
    private func observeStatePreserved() -> Observation {
        if stateLost {
            return .fact(.bool(false), .inference, "I from M S0: no .inactive on a fold; saves on \(app.state.savesOn.rawValue)")
        }
        return .fact(.bool(true), sceneRecreated ? .inference : .apple, "A-fwd 848042, 848034 via AX-PTMd; M AX-PR")
    }

    /// Counts one kind of event; the count is as firm as its least firm event.
    private func count(_ kind: SceneEvent.Kind) -> Observation {
        if kind == .sessionDiscarded, let reason = accessoryUnknownReason { return .unknown(reason) }
        var tally = eventTallies[kind]
        // Folds call no geometry update and change no phase [M AX-PR, S0]: a count over a fold rests on that too.
        if tally.weakest == nil || (foldedInPlace && (kind == .geometryUpdate || kind == .phaseChange)) {
            tally.weaken(to: measuredProvenance(.noEventsOnFolds))
        }
        return .fact(.number(Double(tally.count)), tally.weakest ?? measuredProvenance(.noEventsOnFolds))
    }

    private var windowsProvenance: Citation {
        settings.profile == .simulator ? measuredProvenance(.s0) : Citation(.apple, "A T64")
    }

    /// The last request's result and error; with no request, what the app's choice would give now.
    private func observeRequest(_ observable: Observable) -> Observation {
        let request = requests.last ?? newWindowOutcome()
        if observable == .newWindowError {
            return .fact(.text(request.error.rawValue), request.errorProvenance ?? request.provenanceAndSource)
        }
        return .fact(.text(request.result.rawValue), request.provenance, request.source)
    }

    /// Whether every request's content was shown: opened, or shown in place by a fallback.
    private func observeContentReachable() -> Observation {
        let failed = requests.first { !$0.contentShown }
        if let failed { return .fact(.bool(false), failed.provenance, failed.source) }
        guard !requests.isEmpty else { return .fact(.bool(true), .definition, "D: nothing was requested") }
        let weakest = requests.map(\.provenance).reduce(Provenance.apple) { $0.weakest($1) }
        // Each source once, in the order the requests first cite it: two requests on one fact read "M S0", not "M S0; M S0".
        var sources: [String] = []
        for request in requests where !sources.contains(request.source) { sources.append(request.source) }
        return .fact(.bool(true), weakest, sources.joined(separator: "; "))
    }

    /// A hinge-driven effect must be put back when the hinge leaves partially open; it runs on
    /// every update [A UIKit header via AX-SRC], and an app without an else branch leaves it stale. [S2]
    private func observeHingeEffect() -> Observation {
        let reset = !hingeEffectDriven || hingeStatus == .partiallyOpen || app.hingeEffect.resetsOutsidePartiallyOpen
        return .fact(.bool(reset), .inference, "I from A UIKit header via AX-SRC; S2")
    }
}

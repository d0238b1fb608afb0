/// Scenes moving between screens, phases, Split View, new windows and relaunch (P7–P9).
extension SceneModel {
    /// A new-window request's outcome (the `newWindow.*` observables).
    struct WindowRequest: Sendable {
        enum Result: String, Sendable {
            case opened, failed, alternate, hidden, ignored, crashed
        }

        enum Failure: String, Sendable {
            case none, multipleScenesNotSupported, requestDenied
        }

        var result: Result
        var error: Failure = .none
        var provenance: Provenance
        var source: String
        /// Where the error code comes from, when it is less firm than the result.
        var errorProvenance: Citation?

        /// Whether the content the person asked for is shown somewhere afterwards.
        var contentShown: Bool { result == .opened || result == .alternate }
    }

    /// The scenes follow the display: one screen change and one geometry update per window,
    /// the same scene and session, phase untouched. [A DocUIK; A T61; M S0]
    mutating func moveScenes(from before: GeometryState) {
        movePictureInPicture()
        if display == .outer && splitSide != nil {
            // The split ends on the outer display; which window is left in front is unknown. [U S0]
            splitSide = nil
            splitCloseUnknown = true
        }
        let (from, to): (String?, String) = recordsEventDetail ? (at(before).sizeText, sizeText) : (nil, "")
        for window in windows {
            log(
                .screenChange, session: window.session, from: recordsEventDetail ? screenName(before.display) : nil,
                to: recordsEventDetail ? screenName(display) : "", Citation(.apple, "A DocUIK; M S0"))
            log(.geometryUpdate, session: window.session, from: from, to: to, Citation(.apple, "A DocUIK; M S0"))
        }
        sizeClassMayRebuild(from: before)
    }

    /// A change of geometry without a change of screen (rotation, Split View): one update if the app sees a change.
    mutating func geometryChanged(from before: GeometryState) {
        guard effectiveGeometry(of: before) != effectiveGeometry, let front = frontWindow else { return }
        // Nobody measured either: rotation changes the interface orientation the effective geometry
        // includes [A DocUIK]; Split View resizes the scene to its half [A T64, T66].
        let source =
            before.split == splitSide
            ? "I from A DocUIK: effective geometry includes the orientation" : "I from A T64, T66: the scene resizes to its half"
        log(
            .geometryUpdate, session: front.session, from: recordsEventDetail ? at(before).sizeText : nil,
            to: recordsEventDetail ? sizeText : "", Citation(.inference, source))
        sizeClassMayRebuild(from: before)
    }

    /// An app that saves on `.inactive` rebuilds from its last save when the size class changes,
    /// but a fold brings no `.inactive` [M S0], so unsaved work is lost. [I from M S0; S0 rule 7]
    mutating func sizeClassMayRebuild(from before: GeometryState) {
        guard app.state.savesOn == .inactive, stateDirty else { return }
        if at(before).observeSizeClass().value != observeSizeClass().value { stateLost = true }
    }

    func screenName(_ display: Display) -> String { display == .outer ? "primary" : "primary-1" }

    /// Split View on the inner display: the front window takes half. Elsewhere there is none. [A T64, T66]
    mutating func enterSplitView(_ side: SplitSide) {
        guard display == .inner else { return }
        let before = geometryState
        splitSide = side
        geometryChanged(from: before)
    }

    /// The other app leaves: the front window takes the whole inner display again. [A T64]
    mutating func leaveSplitView() {
        guard splitSide != nil else { return }
        let before = geometryState
        splitSide = nil
        geometryChanged(from: before)
    }

    /// The person asks for content in a new window, the way the app offers it.
    mutating func requestNewWindow() {
        let request = newWindowOutcome()
        requests.append(request)
        log(
            .windowRequest, session: 0, from: nil,
            to: request.result.rawValue + (request.error == .none ? "" : " (\(request.error.rawValue))"),
            request.provenanceAndSource)
        switch request.result {
        case .opened: openWindow()
        case .crashed:
            crashed = true
            log(
                .crash, session: 0, from: nil, to: "NSInternalInconsistencyException: Initializer is unavailable",
                measuredProvenance(.s0))
        case .failed, .alternate, .hidden, .ignored: break
        }
    }

    /// What the request gives, by the app's choice, the display and the profile (duo-facts P1, P9, E#1–3).
    func newWindowOutcome() -> WindowRequest {
        let choice = app.newWindow
        let refusedOnOuter = display == .outer && settings.profile == .device  // [A T64]; the simulator opens [M S0]
        switch choice.via {
        case .none:
            return WindowRequest(result: .alternate, provenance: .inference, source: "I: the app shows the content in place")
        case .openWindow:
            if !app.multipleScenes {
                return WindowRequest(result: .ignored, provenance: .apple, source: "A doc via S0: ignored, logs an error")
            }
            if refusedOnOuter {
                return WindowRequest(result: .ignored, provenance: .apple, source: "A T64; A doc via S0: no error callback")
            }
            return opened()
        case .activateSceneSession:
            let fallback: WindowRequest.Result = choice.errorHandler == .showInPlace ? .alternate : .failed
            if !app.multipleScenes {
                return WindowRequest(result: fallback, error: .multipleScenesNotSupported, provenance: .apple, source: "A DocUIK")
            }
            if refusedOnOuter {
                // The code a device returns is unknown; multipleScenesNotSupported is the likelier. [U; A DocUIK]
                // Without a handler the request fails silently [I AX-DC]; with one, the content shows in place.
                var request =
                    fallback == .alternate
                    ? WindowRequest(
                        result: .alternate, provenance: .apple, source: "A T64 refuses; the handler shows it in place")
                    : WindowRequest(result: .failed, provenance: .inference, source: "A T64 refuses; I AX-DC: fails silently")
                request.error = .multipleScenesNotSupported
                request.errorProvenance = Citation(.unverified, "U: the code a device returns; A DocUIK")
                return request
            }
            return opened()
        case .activationAction:
            if choice.shortForm {
                let citation = measuredProvenance(.shortFormCrash)
                return WindowRequest(result: .crashed, provenance: citation.provenance, source: citation.source)
            }
            // The action hides itself where new windows are unavailable: the outer display, in both
            // profiles; the alternate takes its place. [A T64; M S0; A DocUIK header]
            if !app.multipleScenes || display == .outer {
                let result: WindowRequest.Result = choice.alternate == .showInPlace ? .alternate : .hidden
                return WindowRequest(result: result, provenance: .apple, source: "A T64, DocUIK; M S0")
            }
            return opened()
        }
    }

    private func opened() -> WindowRequest {
        guard settings.profile == .simulator else {
            return WindowRequest(result: .opened, provenance: .apple, source: "A T64: new windows on the inner display")
        }
        let citation = measuredProvenance(.s0)
        return WindowRequest(result: .opened, provenance: citation.provenance, source: citation.source)
    }

    /// A new window connects in front. The simulator gives it the whole display and sends the
    /// old one to the background, still connected [M S0]; where it goes on a device is unknown.
    mutating func openWindow() {
        let session = nextSession
        nextSession += 1
        log(.sessionConnected, session: session, from: nil, to: "windowApplication", opened().provenanceAndSource)
        if settings.profile == .simulator {
            for index in windows.indices where windows[index].visible {
                windows[index].visible = false
                sendToBackground(windowAt: index)
            }
        } else {
            placementUnknown = true
        }
        splitSide = nil
        windows.append(AppWindow(session: session, storage: .fresh))
    }

    /// Inactive, then background, still connected; the simulator adds two geometry updates. [M S0: 5 of 6 runs]
    mutating func sendToBackground(windowAt index: Int) {
        let session = windows[index].session
        for phase in [AppWindow.Phase.inactive, .background] where windows[index].phase != phase {
            log(
                .phaseChange, session: session, from: windows[index].phase.rawValue, to: phase.rawValue,
                measuredProvenance(.s0))
            windows[index].phase = phase
            // Going inactive saves for an app that saves on inactive; background saves for either. [I; S0 rule 7]
            if phase == .background || app.state.savesOn == .inactive { stateDirty = false }
        }
        if settings.profile == .simulator {
            let size = recordsEventDetail ? sizeText : ""
            let other = display == .outer ? DisplaySize.inner : DisplaySize.outer
            log(
                .geometryUpdate, session: session, from: size, to: other,
                measuredProvenance(.backgroundGlitch))
            log(
                .geometryUpdate, session: session, from: other, to: size,
                measuredProvenance(.backgroundGlitch))
        }
    }

    /// The whole app goes to the background.
    mutating func moveToBackground() {
        for index in windows.indices { sendToBackground(windowAt: index) }
    }

    /// The app comes back: its visible windows go inactive, then active. [I]
    mutating func moveToForeground() {
        for index in windows.indices where windows[index].visible && windows[index].phase != .active {
            let session = windows[index].session
            for phase in [AppWindow.Phase.inactive, .active] {
                log(
                    .phaseChange, session: session, from: windows[index].phase.rawValue, to: phase.rawValue,
                    Citation(.inference, "I from M S0: going to the background, reversed"))
                windows[index].phase = phase
            }
            phaseInferred = true
        }
        stateDirty = true
    }

    /// The app is stopped and launched again on the display in use [M AX-PTMd]; only the last
    /// window used reconnects [M S0]; unsaved work is lost.
    mutating func relaunch() {
        if stateDirty { stateLost = true }
        let last = frontWindow?.session ?? windows.last?.session ?? 1
        savedSessions = (savedSessions + windows.map(\.session)).filter { $0 != last }
        windows = [AppWindow(session: last, storage: .reconnected)]
        sceneRecreated = true
        crashed = false
        placementUnknown = false
        placementInferred = false
        splitSide = nil
        splitCloseUnknown = false
        phaseInferred = false
        cameraViewShown = false
        captureRunning = false
        stateDirty = true
        if app.state.cachesScreen { cachedScreen = display }
        log(
            .sessionConnected, session: last, from: nil, to: "windowApplication (relaunched)",
            measuredProvenance(.relaunchEvent))
    }
}

extension SceneModel.WindowRequest {
    var provenanceAndSource: Citation { Citation(provenance, source) }
}

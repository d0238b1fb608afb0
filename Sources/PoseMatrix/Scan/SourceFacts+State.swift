/// `state.savesOn` and `hingeEffect`: when the app saves, and whether a hinge effect resets.
extension SourceFacts {
    static let backgroundCallbacks: Set<String> = [
        "sceneDidEnterBackground", "applicationDidEnterBackground", "didEnterBackgroundNotification",
        "UIApplicationDidEnterBackgroundNotification", "UISceneDidEnterBackgroundNotification",
    ]
    static let inactiveCallbacks: Set<String> = [
        "sceneWillResignActive", "applicationWillResignActive", "willResignActiveNotification",
        "UIApplicationWillResignActiveNotification", "UISceneWillDeactivateNotification", "willDeactivateNotification",
    ]

    /// `state.savesOn` means the app persists its state then: a callback or phase branch counts
    /// when its body calls something that saves (``SourceIndex/saves(in:)``); one that only stops
    /// a timer or resets a badge does not; a notification counts by its handler's body the same
    /// way. `phase != .active` saves on inactive. Removing an observer saves nothing. An app that saves on neither leaves the key unknown: the model
    /// has no value for it.
    mutating func readState(_ file: SourceFile, _ index: Int) {
        let word = file[index]
        let background = Self.backgroundCallbacks.contains(word)
        if background || Self.inactiveCallbacks.contains(word) {
            let phase = background ? "background" : "inactive"
            if !word.hasSuffix("Notification") {
                readSaving(callbackBody(file, from: index), phase: phase, file, index)
            } else if let handler = notificationHandler(file, index) {
                readSaving(handler, phase: phase, file, index)
            } else if handledBySelector(file, index) {
                let one = background ? "a background notification" : "an inactive notification"
                let doubt = Doubt(
                    one: one + " handled by a selector", many: "\(phase) notifications handled by selectors",
                    location: file.location(index), value: .choice(phase))
                pendingSaves.append(PendingSave(phase: phase, calls: selectorCall(file, index).map { [$0] } ?? [], doubt: doubt))
            }
        } else if word == "background" || word == "inactive" || word == "active", file[index - 1] == "." {
            readPhaseTest(file, index)
        }
    }

    /// A body that runs on `phase`: it saves on it when it holds a saving word, or may when one of
    /// its calls is followed to a method of the app's that saves (``followCalls()``).
    mutating func readSaving(_ body: Range<Int>?, phase: String, _ file: SourceFile, _ index: Int) {
        guard let body else { return }
        if tables.saves(in: body) {
            add(.stateSavesOn, .choice(phase), file.location(index))
        } else {
            let calls = calls(file, in: body)
            pendingCalls += calls.count
            if !calls.isEmpty { pendingSaves.append(PendingSave(phase: phase, calls: calls, doubt: nil)) }
        }
    }

    /// The body of a notification's handler where the code gives it: a trailing closure of the
    /// call naming it (`addObserver(forName: X, …) { … }`, `.onReceive(….publisher(for: X)) { … }`)
    /// or of a `.sink` after it. Nil when the handler is a method named elsewhere (`selector:`),
    /// or there is none (`removeObserver(…, name: X)`): such a notification settles nothing.
    private func notificationHandler(_ file: SourceFile, _ index: Int) -> Range<Int>? {
        guard file.brackets.parent[index] >= 0 else { return nil }
        var close = file.close(file.brackets.parent[index])
        for _ in 0..<3 {
            if file[close + 1] == "{" { return (close + 2)..<file.close(close + 1) }
            if file[close + 1] == ".", file[close + 2] == "sink", file[close + 3] == "{" || file[close + 3] == "(" {
                return (close + 4)..<file.close(close + 3)
            }
            guard file[close + 1] == ")" else { return nil }
            close += 1
        }
        return nil
    }

    /// Whether the call naming the notification at `index` takes a `selector:` before it
    /// (`addObserver(_:selector:name:object:)` or its Objective-C message): its handler is a
    /// method named elsewhere, which the rules do not follow.
    private func handledBySelector(_ file: SourceFile, _ index: Int) -> Bool {
        let call = file.brackets.parent[index]
        return call >= 0 && tables.selectorLabels.count(in: (call + 1)..<index) > 0
    }

    /// A delegate method's body, where the token at `index` names the method it defines (a
    /// template's empty method saves nothing) in a delegate's type: one whose name ends in
    /// `Delegate` or that conforms to an application or scene delegate protocol. A method of the
    /// name in another type runs only when a notification is observed with it (a selector).
    private func callbackBody(_ file: SourceFile, from index: Int) -> Range<Int>? {
        guard file[index - 1] == "func" || file[index - 1] == ")" else { return nil }
        guard let type = file.enclosingType(index),
            type.name.hasSuffix("Delegate")
                || type.header.contains(where: { $0.hasSuffix("ApplicationDelegate") || $0.hasSuffix("SceneDelegate") })
        else { return nil }
        let open = tables.nextStop[min(index + 1, file.tokens.count)]
        guard file[open] == "{" else { return nil }
        return (open + 1)..<max(open + 1, file.close(open))
    }

    /// A hinge handler resets its effect when it checks for a partly open hinge and has an `else`; otherwise unknown.
    mutating func readHinge(_ file: SourceFile, _ index: Int) {
        guard file[index] == "onHingeChange" || file[index] == "UIHingeInteraction" else { return }
        var cursor = index + 1
        if file[cursor] == "(" { cursor = file.close(cursor) + 1 }
        guard file[cursor] == "{" else {
            return doubt(
                .hingeEffectReset, "a hinge handler not written as a closure", "hinge handlers not written as closures",
                file.location(index))
        }
        let body = cursor..<file.close(cursor)
        if tables.partiallyOpen.count(in: body) > 0 && tables.elses.count(in: body) > 0 {
            add(.hingeEffectReset, .bool(true), file.location(index))
        } else {
            doubt(
                .hingeEffectReset, "a hinge handler with no partly-open test and else",
                "hinge handlers with no partly-open test and else", file.location(index))
        }
    }
}

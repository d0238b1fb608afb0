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
    /// when its body calls something that saves (``SourceIndex/persists``); one that only stops
    /// a timer or resets a badge does not; a notification counts by its handler's body the same
    /// way. `phase != .active` saves on inactive. Removing an observer saves nothing. An app that saves on neither leaves the key unknown: the model
    /// has no value for it.
    mutating func readState(_ file: SourceFile, _ index: Int) {
        let word = file[index]
        let background = Self.backgroundCallbacks.contains(word)
        if background || Self.inactiveCallbacks.contains(word) {
            let phase = background ? "background" : "inactive"
            var counts = false
            if !word.hasSuffix("Notification") {
                counts = savingBody(file, from: index)
            } else if let handler = notificationHandler(file, index) {
                counts = tables.persists.count(in: handler) > 0
            } else if handledBySelector(file, index) {
                let one = background ? "a background notification" : "an inactive notification"
                doubt(
                    .stateSavesOn, one + " handled by a selector", "\(phase) notifications handled by selectors",
                    file.location(index), mayGive: .choice(phase))
            }
            if counts { add(.stateSavesOn, .choice(phase), file.location(index)) }
        } else if word == "background" || word == "inactive", file[index - 1] == ".",
            file[index - 2] == "case" || file[index - 2] == "=", savesInPhase(file, index)
        {
            add(.stateSavesOn, .choice(word), file.location(index))
        } else if word == "active", file[index - 1] == ".", file[index - 2] == "=", file[index - 3] == "!",
            savesInPhase(file, index)
        {
            add(.stateSavesOn, .choice("inactive"), file.location(index))
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

    /// A delegate method's definition whose body saves: a template's empty method does not count.
    private func savingBody(_ file: SourceFile, from index: Int) -> Bool {
        guard file[index - 1] == "func" || file[index - 1] == ")" else { return false }
        let open = tables.nextStop[min(index + 1, file.tokens.count)]
        guard file[open] == "{" else { return false }
        return tables.persists.count(in: (open + 1)..<max(open + 1, file.close(open))) > 0
    }

    /// A `case .background:` or `phase == .background {` whose code saves, in a file that reads `scenePhase`.
    private func savesInPhase(_ file: SourceFile, _ index: Int) -> Bool {
        guard tables.readsScenePhase else { return false }
        var body = 0..<0
        if file[index + 1] == ":" {
            body = min(index + 2, file.tokens.count)..<tables.nextCaseEnd[min(index + 2, file.tokens.count)]
        } else if file[index + 1] == "{" {
            body = (index + 2)..<max(index + 2, file.close(index + 1))
        }
        return tables.persists.count(in: body) > 0
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

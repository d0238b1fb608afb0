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

    mutating func readState(_ file: SourceFile, _ index: Int) {
        let word = file[index]
        let background = Self.backgroundCallbacks.contains(word)
        if background || Self.inactiveCallbacks.contains(word) {
            if word.hasSuffix("Notification") || hasBody(file, from: index) {
                add(.stateSavesOn, .choice(background ? "background" : "inactive"), file.location(index))
            }
        } else if word == "background" || word == "inactive", file[index - 1] == ".",
            file[index - 2] == "case" || file[index - 2] == "=", hasPhaseBody(file, index)
        {
            add(.stateSavesOn, .choice(word), file.location(index))
        }
    }

    /// A delegate method's definition with a body that does something: a template's empty method does not count.
    private func hasBody(_ file: SourceFile, from index: Int) -> Bool {
        guard file[index - 1] == "func" || file[index - 1] == ")" else { return false }
        var open = index + 1
        while open < file.tokens.count, file[open] != "{", file[open] != ";", file[open] != "}" { open += 1 }
        guard file[open] == "{" else { return false }
        return file.close(open) > open + 1
    }

    /// A `case .background:` or `phase == .background {` whose code is more than `break`, in a file that reads `scenePhase`.
    private func hasPhaseBody(_ file: SourceFile, _ index: Int) -> Bool {
        guard file.tokens.contains(where: { $0.text == "scenePhase" }) else { return false }
        var body: [String] = []
        if file[index + 1] == ":" {
            var cursor = index + 2
            while cursor < file.tokens.count, !["case", "default", "}"].contains(file[cursor]) {
                body.append(file[cursor])
                cursor += 1
            }
        } else if file[index + 1] == "{" {
            body = ((index + 2)..<file.close(index + 1)).map { file[$0] }
        }
        return body.contains { $0 != "break" && $0 != "return" }
    }

    /// A hinge handler resets its effect when it checks for a partly open hinge and has an `else`; otherwise unknown.
    mutating func readHinge(_ file: SourceFile, _ index: Int) {
        guard file[index] == "onHingeChange" || file[index] == "UIHingeInteraction" else { return }
        var cursor = index + 1
        if file[cursor] == "(" { cursor = file.close(cursor) + 1 }
        guard file[cursor] == "{" else {
            unsettled.insert(.hingeEffectReset)
            return
        }
        let body = (cursor..<file.close(cursor)).map { file[$0] }
        if body.contains(where: { $0.lowercased().contains("partiallyopen") }) && body.contains("else") {
            add(.hingeEffectReset, .bool(true), file.location(index))
        } else {
            unsettled.insert(.hingeEffectReset)
        }
    }
}

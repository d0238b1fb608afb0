/// `state.savesOn` from a scene phase tested in a file that reads `scenePhase`: the code that runs
/// on the phase tested, read as a callback's body is (``readSaving(_:phase:_:_:)``).
extension SourceFacts {
    /// The most tokens looked at around a phase tested, to find its `case`, its `if` or its `:`:
    /// a pattern list or a condition is short, and a file of any size stays linear.
    static let phaseTestReach = 32

    /// `.background` or `.inactive` tested: a `case` (also in a list, `case .inactive, .background:`),
    /// or compared in an `if` (`phase == .background {`, beside `||` or `&&`) or a `guard … else
    /// { … }` (the code after it). `!=` turns the test: `!= .active` and `!= .background` run on
    /// inactive, `!= .inactive` on background. Any other form (a comparison assigned to a
    /// variable) settles nothing.
    mutating func readPhaseTest(_ file: SourceFile, _ index: Int) {
        guard tables.readsScenePhase else { return }
        let word = file[index]
        let compared = file[index - 2] == "=" && (file[index - 3] == "=" || file[index - 3] == "!")
        let negated = compared && file[index - 3] == "!"
        guard negated || word != "active" else { return }
        let phase = negated ? (word == "inactive" ? "background" : "inactive") : word
        if compared {
            readSaving(conditionBody(file, index), phase: phase, file, index)
        } else if let colon = caseColon(file, index) {
            let start = min(colon + 1, file.tokens.count)
            readSaving(start..<tables.nextCaseEnd[start], phase: phase, file, index)
        }
    }

    /// The code a `case` pattern list holding `.phase` at `index` runs: the index of its `:`, or
    /// nil when the pattern is not in a `case` list (`.background` passed as an argument).
    private func caseColon(_ file: SourceFile, _ index: Int) -> Int? {
        var start = index - 2
        while start > index - Self.phaseTestReach && file[start] == "," && file[start - 2] == "." { start -= 3 }
        guard file[start] == "case" else { return nil }
        var end = index + 1
        while end < index + Self.phaseTestReach && file[end] == "," && file[end + 1] == "." { end += 3 }
        return file[end] == ":" ? end : nil
    }

    /// The code a comparison at `index` guards: the `{ … }` of the `if` it is in, or the code after
    /// the `else { … }` of the `guard` it is in, to the end of the block around it.
    private func conditionBody(_ file: SourceFile, _ index: Int) -> Range<Int>? {
        guard let keyword = statementKeyword(file, before: index) else { return nil }
        let open = tables.nextStop[min(index + 1, file.tokens.count)]
        guard file[open] == "{" else { return nil }
        if keyword == "if" { return (open + 1)..<max(open + 1, file.close(open)) }
        let block = file.brackets.parent[index]
        guard file[open - 1] == "else", block >= 0, file[block] == "{" else { return nil }
        let after = min(file.close(open) + 1, file.tokens.count)
        return after..<max(after, file.close(block))
    }

    private static let statementStarts: Set<String> = ["{", "}", ";", "let", "var", "return", "in", "case"]

    /// The `if` or `guard` whose condition holds `index`, looking back within reach and not past
    /// the start of the statement (`{`, `}`, `;`, `let` or `var` not bound in the condition,
    /// `return`, `in`).
    private func statementKeyword(_ file: SourceFile, before index: Int) -> String? {
        var at = index - 1
        while at >= 0 && at > index - Self.phaseTestReach {
            // `if let x = y, phase == …`: a binding of the condition, not a statement's start.
            let bound = (file[at] == "let" || file[at] == "var") && ["if", "guard", ","].contains(file[at - 1])
            if file[at] == "if" || file[at] == "guard" { return file[at] }
            if !bound && Self.statementStarts.contains(file[at]) { return nil }
            at -= 1
        }
        return nil
    }
}

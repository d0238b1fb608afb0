/// The scan's hot-path tables, in one place: what the rules would otherwise find by walking the
/// tokens again for each match (the bracket closing one, the next `;`, the tokens of a line, what
/// a handler's body holds). Each table is built in one pass over the file, so a file's rules cost
/// time linear in its tokens: before, 8,000 unclosed `requestSceneSessionActivation(` took 76 s,
/// 6,000 `sceneAccessory` 50 s and 30,000 `func sceneDidEnterBackground` over a minute.
/// Benchmarks/scan-hostile.sh times them.
struct BracketTable {
    /// For each opening bracket, the index of the bracket closing it (the end index when the file
    /// never closes it); -1 for other tokens.
    let closing: TokenIndices
    /// For each token, the opening bracket it lies inside (the innermost); -1 at the top level.
    let parent: TokenIndices

    /// Matches brackets of any kind as the rules count them, a string literal never being one.
    init(_ tokens: [Token]) {
        var closing = TokenIndices(repeating: -1, count: tokens.count)
        var parent = TokenIndices(repeating: -1, count: tokens.count)
        var open: [Int32] = []  // as deep as a file of `{` is long: four bytes a bracket
        for (index, token) in tokens.enumerated() {
            parent[index] = open.last.map(Int.init) ?? -1
            guard token.kind != .string else { continue }
            switch token.text {
            case "(", "[", "{":
                closing[index] = tokens.count
                open.append(Int32(index))
            case ")", "]", "}":
                if let last = open.popLast() { closing[Int(last)] = index }
            default: break
            }
        }
        self.closing = closing
        self.parent = parent
    }
}

/// A token index per token (or per position), four bytes each: a source file of a few megabytes
/// holds millions of tokens, and each table of `Int` cost eight bytes a token.
struct TokenIndices {
    private var storage: [Int32]

    init(repeating value: Int, count: Int) {
        storage = [Int32](repeating: Int32(value), count: count)
    }

    subscript(_ index: Int) -> Int {
        get { Int(storage[index]) }
        set { storage[index] = Int32(newValue) }
    }
}

/// Tables a few rules need, built the first time one asks, once per file.
final class SourceIndex {
    private let file: SourceFile

    init(_ file: SourceFile) { self.file = file }

    /// For each token, the index of the first `{`, `;` or `}` at or after it (the end index when none).
    private(set) lazy var nextStop: TokenIndices = nextIndex { ["{", ";", "}"].contains($0) }
    /// For each token, the index of the first `;` at or after it (the end index when none).
    private(set) lazy var nextSemicolon: TokenIndices = nextIndex { $0 == ";" }
    /// For each token, the index of the first call at or after it: a word starting with a
    /// lowercase letter, not a keyword, before `(` (the end index when none).
    private(set) lazy var nextCall: TokenIndices = {
        var result = TokenIndices(repeating: file.tokens.count, count: file.tokens.count + 1)
        for index in file.tokens.indices.reversed() {
            let word = file[index]
            let call =
                file.tokens[index].kind == .word && file[index + 1] == "(" && word.first?.isLowercase == true
                && !Self.keywords.contains(word)
            result[index] = call ? index : result[index + 1]
        }
        return result
    }()

    /// For each token, the index of the last `#selector` (or Objective-C `@selector`) word at or
    /// before it (-1 when none).
    private(set) lazy var lastSelector: TokenIndices = {
        var result = TokenIndices(repeating: -1, count: file.tokens.count + 1)
        var last = -1
        for index in file.tokens.indices {
            if file[index] == "selector" && (file[index - 1] == "#" || file[index - 1] == "@") { last = index }
            result[index] = last
        }
        return result
    }()

    private static let keywords: Set<String> = [
        "if", "guard", "while", "switch", "for", "return", "func", "init", "catch", "repeat", "try", "await", "case",
    ]

    /// Whether the file reads `scenePhase` anywhere.
    private(set) lazy var readsScenePhase = file.tokens.contains { $0.text == "scenePhase" }
    /// For each token, the index of the first `case`, `default` or `}` at or after it: where a `case` body ends.
    private(set) lazy var nextCaseEnd: TokenIndices = nextIndex { ["case", "default", "}"].contains($0) }
    /// Running counts of what ``HandlerKind`` looks for, so a handler's kind costs no walk of its body.
    private(set) lazy var handlerCounts = HandlerCounts(file)
    /// Calls of code that persists state: a word holding `save`, `persist`, `write`, `archive`,
    /// `commit`, `flush`, `synchronize`, `encode`, `serializ` or `backup` called (`store.save()`,
    /// or an Objective-C message, `[context save:&error]`); with ``defaultsWrites``, what
    /// ``saves(in:)`` reads: a callback's body holding none only reacts. A word read (`if canSave`, `saveButton.isEnabled
    /// = false`) is no call, nor a question (``isQuestion(_:)``: `[self canSave]`, `hasUnsavedChanges()`).
    private(set) lazy var persists: RunningCount = {
        var known: [String: Bool] = [:]
        let objectiveC = file.path.hasSuffix(".m") || file.path.hasSuffix(".mm")
        return RunningCount(file) { word, index in
            let next = file[index + 1]
            let called = next == "(" || (objectiveC && (next == "]" || next == ":"))
            guard called else { return false }
            if let answer = known[word] { return answer }
            let answer = Self.holds(word, anyOf: Self.persistingWords) && !Self.isQuestion(word)
            known[word] = answer
            return answer
        }
    }()

    /// `forKey:` labels of calls that write a default (``setsDefault(_:labelAt:)``).
    private(set) lazy var defaultsWrites = RunningCount(file) { word, index in
        word == "forKey" && file[index + 1] == ":" && Self.setsDefault(file, labelAt: index)
    }
    /// Words of the app's badge (`setBadgeCount`, `applicationIconBadgeNumber`, `resetBadge`).
    private(set) lazy var badgeWords = RunningCount(file, words: { Self.holds($0, anyOf: ["badge"]) })

    /// Whether code in `range` saves: a persisting call (``persists``), or a default written in
    /// code that does not touch the badge (a badge reset that stores its count saves no state).
    func saves(in range: Range<Int>) -> Bool {
        persists.count(in: range) > 0 || (defaultsWrites.count(in: range) > 0 && badgeWords.count(in: range) == 0)
    }

    /// Whether the `forKey:` label at `index` belongs to a call that writes (`set(_:forKey:)`,
    /// `setValue`, `setBool:forKey:`, `removeObject(forKey:)`), not one that reads
    /// (`bool(forKey:)`): the call's name, or an Objective-C message's first part, looked for
    /// within 64 tokens of its bracket.
    static func setsDefault(_ file: SourceFile, labelAt index: Int) -> Bool {
        let bracket = file.brackets.parent[index]
        guard bracket >= 0 else { return false }
        var name = file[bracket - 1]
        if file[bracket] == "[" {
            let end = min(index, bracket + 64)
            guard let first = ((bracket + 1)..<end).first(where: { file[$0 + 1] == ":" && file.brackets.parent[$0] == bracket })
            else { return false }
            name = file[first]
        }
        return name.hasPrefix("set") || name == "removeObject"
    }

    /// Whether a method's name asks rather than acts: `canSave`, `isSaving`, `hasUnsavedChanges`,
    /// `shouldPersist`, `needsSave`, `didSave`, `willSave` (a prefix, then a capital).
    static func isQuestion(_ word: String) -> Bool {
        ["is", "has", "can", "should", "needs", "did", "will"].contains { prefix in
            word.hasPrefix(prefix) && word.dropFirst(prefix.count).first?.isUppercase == true
        }
    }
    static let persistingWords = [
        "save", "persist", "write", "archive", "commit", "flush", "synchronize", "encode", "serializ", "backup",
    ]
    /// A hinge handler's partly-open check and its `else`.
    private(set) lazy var partiallyOpen = RunningCount(file, words: { Self.holds($0, anyOf: ["partiallyopen"]) })
    private(set) lazy var elses = RunningCount(file) { word, _ in word == "else" }
    /// `selector:` labels: a notification observed through one has its handler named elsewhere.
    private(set) lazy var selectorLabels = RunningCount(file) { word, index in word == "selector" && file[index + 1] == ":" }
    /// `.position` read, and words naming a direction (`direction`, `forward`): how mirroring is decided.
    /// A bare `position` compared with `.front` or `.back` (a parameter of type
    /// `AVCaptureDevice.Position`: `isVideoMirrored = (position == .front)`) is read too.
    private(set) lazy var positionReads = RunningCount(file) { word, index in
        guard word == "position" else { return false }
        let compared =
            (file[index + 1] == "=" || file[index + 1] == "!") && file[index + 2] == "=" && file[index + 3] == "."
            && (file[index + 4] == "front" || file[index + 4] == "back")
        return file[index - 1] == "." || compared
    }
    private(set) lazy var directionWords = RunningCount(file, words: { $0 == "forward" || Self.holds($0, anyOf: ["direction"]) })

    /// Whether `word`, its ASCII letters lowered, holds any of `needles` (lowercase ASCII): a byte
    /// search, where Foundation's `contains` on every token of a 1 MB file took seconds.
    static func holds(_ word: String, anyOf needles: [String]) -> Bool {
        let bytes = word.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return needles.contains { needle in
            let wanted = Array(needle.utf8)
            guard wanted.count <= bytes.count else { return false }
            return (0...(bytes.count - wanted.count)).contains { start in
                wanted.indices.allSatisfy { bytes[start + $0] == wanted[$0] }
            }
        }
    }

    /// The names of the types holding any of `words`, computed once per set asked for.
    func types(holding words: Set<String>) -> Set<String> {
        if let known = typesHolding[words] { return known }
        var names: Set<String> = []
        for index in file.tokens.indices where words.contains(file[index]) {
            if let type = file.enclosingType(index) { names.insert(type.name) }
        }
        typesHolding[words] = names
        return names
    }
    private var typesHolding: [Set<String>: Set<String>] = [:]

    /// The tokens on lines `first...last`, as a range of indices (tokens are in line order).
    func tokens(onLines first: Int, _ last: Int) -> Range<Int> {
        let lower = firstToken(atOrAfterLine: first)
        return lower..<max(lower, firstToken(atOrAfterLine: last + 1))
    }

    private func firstToken(atOrAfterLine line: Int) -> Int {
        var (low, high) = (0, file.tokens.count)
        while low < high {
            let middle = (low + high) / 2
            if file.tokens[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func nextIndex(_ matches: (String) -> Bool) -> TokenIndices {
        var result = TokenIndices(repeating: file.tokens.count, count: file.tokens.count + 1)
        for index in file.tokens.indices.reversed() {
            result[index] = matches(file[index]) ? index : result[index + 1]
        }
        return result
    }
}

/// Running counts over a file's tokens of what decides a handler's kind: presenting words, `{`,
/// `=`, calls other than logging, Objective-C messages. A range's count is a difference of two.
struct HandlerCounts {
    private var presenting: [Int32]
    private var braces: [Int32]
    private var assignments: [Int32]
    private var otherCalls: [Int32]
    private var messages: [Int32]

    init(_ file: SourceFile) {
        let zeros = [Int32](repeating: 0, count: file.tokens.count + 1)
        (presenting, braces, assignments, otherCalls, messages) = (zeros, zeros, zeros, zeros, zeros)
        let objectiveC = file.path.hasSuffix(".m") || file.path.hasSuffix(".mm")
        for index in file.tokens.indices {
            let word = file[index]
            let isWord = file.tokens[index].kind == .word
            let next = index + 1
            presenting[next] = presenting[index] + (HandlerKind.presenting.contains(word) ? 1 : 0)
            braces[next] = braces[index] + (word == "{" ? 1 : 0)
            assignments[next] = assignments[index] + (word == "=" ? 1 : 0)
            let call = isWord && file[index + 1] == "(" && !HandlerKind.logging.contains(word)
            otherCalls[next] = otherCalls[index] + (call ? 1 : 0)
            let message = objectiveC && (file[index - 1] == "[" || (isWord && file[index - 1] == "]"))
            messages[next] = messages[index] + (message ? 1 : 0)
        }
    }

    /// How many of each the range holds.
    func counts(in range: Range<Int>) -> (
        presenting: Int32, braces: Int32, assignments: Int32, otherCalls: Int32, messages: Int32
    ) {
        let (low, high) = (range.lowerBound, range.upperBound)
        return (
            presenting[high] - presenting[low], braces[high] - braces[low], assignments[high] - assignments[low],
            otherCalls[high] - otherCalls[low], messages[high] - messages[low]
        )
    }
}

/// How many tokens before each index match a test, so a range's count is a difference of two.
struct RunningCount {
    private var before: [Int32]

    init(_ file: SourceFile, _ matches: (String, Int) -> Bool) {
        before = [Int32](repeating: 0, count: file.tokens.count + 1)
        for index in file.tokens.indices {
            before[index + 1] = before[index] + (matches(file[index], index) ? 1 : 0)
        }
    }

    /// The test on words only, each distinct word tested once (tokens repeat: a file has few distinct ones).
    init(_ file: SourceFile, words matches: (String) -> Bool) {
        var known: [String: Bool] = [:]
        self.init(file) { word, _ in
            if let answer = known[word] { return answer }
            let answer = matches(word)
            known[word] = answer
            return answer
        }
    }

    func count(in range: Range<Int>) -> Int {
        Int(before[range.upperBound] - before[range.lowerBound])
    }
}

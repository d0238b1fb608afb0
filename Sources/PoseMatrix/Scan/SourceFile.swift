/// A Swift or Objective-C file as the rules read it: the tokens an iPhone build compiles, and its lines.
struct SourceFile {
    var path: String
    var tokens: [Token]
    var lines: [Substring]
    /// The type declarations (`struct`, `class`, `extension`, `@implementation`), with their headers.
    var types: [TypeContext]
    /// For each token, the innermost of ``types`` around it (-1 outside every type).
    var typeAround: TokenIndices
    /// Which bracket closes which, and which encloses each token.
    var brackets: BracketTable

    /// A type declaration's name and the words between the name and its `{` (conformances).
    struct TypeContext: Hashable {
        var name: String
        var header: [String]
    }

    /// With `keepingStrings` (a manifest read as data), string literals are tokens too: see ``string(at:)``.
    init(path: String, text: String, keepingStrings: Bool = false) {
        self.path = path
        let tokens = Tokenizer.tokens(of: text, keepingStrings: keepingStrings, nestingComments: path.hasSuffix(".swift"))
        self.tokens = Conditions.iPhoneTokens(tokens)
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Both tables index the tokens an iPhone build compiles, not every token of the file.
        (types, typeAround) = Self.types(of: self.tokens)
        brackets = BracketTable(self.tokens)
    }

    /// The innermost type around the token at `index`, with its header.
    func enclosingType(_ index: Int) -> TypeContext? {
        let type = typeAround[index]
        return type < 0 ? nil : types[type]
    }

    /// Whether the file imports, in the code an iPhone build compiles, a framework no iPhone
    /// build has (`WatchKit`, `ClockKit`, `AppKit`, `Cocoa`): a watch or Mac target's file, whose
    /// callbacks (a watch extension's `applicationWillResignActive`) are not the app's.
    var isForAnotherPlatform: Bool {
        tokens.indices.contains { index in
            guard tokens[index].text == "import" else { return false }
            let module = Self.importKinds.contains(self[index + 1]) ? self[index + 2] : self[index + 1]
            return Self.otherPlatformModules.contains(module)
        }
    }

    private static let otherPlatformModules: Set<String> = ["WatchKit", "ClockKit", "AppKit", "Cocoa"]
    private static let importKinds: Set<String> = ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"]

    /// Whether the rules read the file at `path`: Swift and Objective-C sources.
    static func isSource(_ path: String) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    /// The token's text; a kept string literal in quotes, so that it never reads as a word or a bracket.
    subscript(_ index: Int) -> String {
        guard index >= 0 && index < tokens.count else { return "" }
        return tokens[index].kind == .string ? "\"" + tokens[index].text + "\"" : tokens[index].text
    }

    /// The text of the string literal at `index`, or nil when the token there is not one.
    func string(at index: Int) -> String? {
        index >= 0 && index < tokens.count && tokens[index].kind == .string ? tokens[index].text : nil
    }

    func location(_ index: Int) -> ScanLocation {
        let line = tokens[index].line
        guard line <= lines.count else { return ScanLocation(file: path, line: line, text: "") }
        if let known = evidence.texts[line] { return ScanLocation(file: path, line: line, text: known) }
        let text = ScanLocation.evidence(lines[line - 1])
        evidence.texts[line] = text
        return ScanLocation(file: path, line: line, text: text)
    }

    /// Each line's evidence, made once: a megabyte line holding thousands of matches is cut once.
    private final class Evidence {
        var texts: [Int: String] = [:]
    }
    private let evidence = Evidence()

    /// The index of the bracket closing the one at `open`, or the end index when a cut-off file never closes it.
    func close(_ open: Int) -> Int {
        guard open >= 0 && open < tokens.count else { return tokens.count }
        let closer = brackets.closing[open]
        return closer >= 0 ? closer : tokens.count
    }

    /// The tokens of a labelled argument (`label: value`) at the top level of `range`, up to the next `,`
    /// or Objective-C `selectorPart:` at that level.
    /// Brackets inside the range are stepped over whole, so a call's arguments cost their top level only.
    func argument(_ label: String, in range: Range<Int>) -> Range<Int>? {
        var index = range.lowerBound
        while index < range.upperBound {
            let text = self[index]
            if "([{".contains(text) {
                index = close(index) + 1
                continue
            }
            if ")]}".contains(text) { return nil }
            // The label's colon inside the range: a message cut after `errorHandler` has no argument.
            if text == label && index + 1 < range.upperBound && self[index + 1] == ":" {
                return (index + 2)..<argumentEnd(from: index + 2, in: range)
            }
            index += 1
        }
        return nil
    }

    /// Where an argument's value ends: the next `,` or `selectorPart:` at its level, or the range's end.
    private func argumentEnd(from start: Int, in range: Range<Int>) -> Int {
        var end = start
        while end < range.upperBound {
            let word = self[end]
            if "([{".contains(word) {
                end = close(end)
                if end >= range.upperBound { return range.upperBound }
            } else if ")]}".contains(word) {
                return range.upperBound
            } else if word == "," || (end > start && self[end + 1] == ":" && tokens[end].kind == .word) {
                return end
            }
            end += 1
        }
        return range.upperBound
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "extension", "actor", "implementation", "enum"]

    private static func types(of tokens: [Token]) -> ([TypeContext], TokenIndices) {
        var types: [TypeContext] = []
        var around = TokenIndices(repeating: -1, count: tokens.count)
        var stack: [(type: Int, depth: Int)] = []
        var pending: TypeContext?
        var depth = 0
        for (index, token) in tokens.enumerated() {
            let previous = index > 0 ? tokens[index - 1].text : ""
            if token.kind == .word, Self.typeKeywords.contains(previous) {
                pending = TypeContext(name: token.text, header: [])
                if previous == "implementation" {
                    types.append(pending!)
                    stack.append((types.count - 1, -1))
                    pending = nil
                }
            } else if token.text == "{" {
                depth += 1
                if let type = pending {
                    types.append(type)
                    stack.append((types.count - 1, depth))
                    pending = nil
                }
            } else if token.text == "}" {
                if stack.last?.depth == depth { stack.removeLast() }
                depth -= 1
            } else if token.text == "end" && previous == "@" {
                if stack.last?.depth == -1 { stack.removeLast() }
            } else if pending != nil && token.kind == .word {
                pending?.header.append(token.text)
            } else if token.text == ";" {
                pending = nil
            }
            around[index] = stack.last?.type ?? -1
        }
        return (types, around)
    }
}

/// What a closure or argument given as a handler does for the person: presents, only logs, nothing at all, or unclear.
enum HandlerKind {
    case missing, onlyLogs, presents, unclear

    static let presenting: Set<String> = [
        "present", "presentViewController", "show", "showViewController", "showDetailViewController", "pushViewController",
        "setViewControllers", "isPresented", "navigationPath", "presentedItem", "sheet", "fullScreenCover",
    ]
    static let logging: Set<String> = [
        "print", "NSLog", "os_log", "debugPrint", "dump", "log", "debug", "info", "notice", "warning", "error", "fault",
        "critical", "trace", "String", "assertionFailure",
    ]

    /// Classifies a handler's tokens: `nil` is missing; a body with a presenting call presents; a body
    /// whose every call is a logging call (or that is empty) only logs; anything else (a function's
    /// name, an assignment that may show an alert) is unclear.
    static func of(_ file: SourceFile, _ range: Range<Int>, counts: HandlerCounts) -> HandlerKind {
        let range = range.clamped(to: 0..<file.tokens.count)
        if range.count == 1 && (file[range.lowerBound] == "nil" || file[range.lowerBound] == "NULL") { return .missing }
        let found = counts.counts(in: range)
        if found.presenting > 0 { return .presents }
        // An Objective-C message `[receiver selector…]` may present; in Swift, `[weak self]` is a capture list.
        if found.braces > 0, found.otherCalls == 0, found.messages == 0, found.assignments == 0 { return .onlyLogs }
        return .unclear
    }
}

/// A Swift or Objective-C file as the rules read it: the tokens an iPhone build compiles, and its lines.
struct SourceFile {
    var path: String
    var tokens: [Token]
    var lines: [Substring]
    /// The innermost type (`struct`, `class`, `extension`, `@implementation`) around each token, with its header.
    var enclosingType: [TypeContext?]

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
        self.enclosingType = Self.types(of: tokens)
    }

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
        let text = line <= lines.count ? lines[line - 1].trimmingCharacters(in: .whitespaces) : ""
        return ScanLocation(file: path, line: line, text: text)
    }

    /// The index of the bracket closing the one at `open`, or the end index when a cut-off file never closes it.
    func close(_ open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            switch self[index] {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return tokens.count
    }

    /// The tokens of a labelled argument (`label: value`) at the top level of `range`, up to the next `,`
    /// or Objective-C `selectorPart:` at that level.
    func argument(_ label: String, in range: Range<Int>) -> Range<Int>? {
        var depth = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let text = self[index]
            if "([{".contains(text) { depth += 1 } else if ")]}".contains(text) { depth -= 1 }
            if depth == 0 && text == label && self[index + 1] == ":" {
                var end = index + 2
                var inner = 0
                while end < range.upperBound {
                    let word = self[end]
                    if "([{".contains(word) { inner += 1 } else if ")]}".contains(word) { inner -= 1 }
                    if inner == 0 && (word == "," || (end > index + 2 && self[end + 1] == ":" && tokens[end].kind == .word)) {
                        break
                    }
                    end += 1
                }
                return (index + 2)..<end
            }
            index += 1
        }
        return nil
    }

    private static func types(of tokens: [Token]) -> [TypeContext?] {
        var result: [TypeContext?] = []
        result.reserveCapacity(tokens.count)
        var stack: [(TypeContext, Int)] = []
        var pending: TypeContext?
        var depth = 0
        for (index, token) in tokens.enumerated() {
            let previous = index > 0 ? tokens[index - 1].text : ""
            if ["struct", "class", "extension", "actor", "implementation", "enum"].contains(previous), token.kind == .word {
                pending = TypeContext(name: token.text, header: [])
                if previous == "implementation" {
                    stack.append((pending!, -1))
                    pending = nil
                }
            } else if token.text == "{" {
                depth += 1
                if let type = pending {
                    stack.append((type, depth))
                    pending = nil
                }
            } else if token.text == "}" {
                if stack.last?.1 == depth { stack.removeLast() }
                depth -= 1
            } else if token.text == "end" && previous == "@" {
                if stack.last?.1 == -1 { stack.removeLast() }
            } else if pending != nil && token.kind == .word {
                pending?.header.append(token.text)
            } else if token.text == ";" {
                pending = nil
            }
            result.append(stack.last?.0)
        }
        return result
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
    static func of(_ file: SourceFile, _ range: Range<Int>) -> HandlerKind {
        let range = range.clamped(to: 0..<file.tokens.count)
        let words = range.map { file[$0] }
        if words == ["nil"] || words == ["NULL"] { return .missing }
        if words.contains(where: presenting.contains) { return .presents }
        let calls = range.filter { file.tokens[$0].kind == .word && file[$0 + 1] == "(" }.map { file[$0] }
        // An Objective-C message `[receiver selector…]` may present; in Swift, `[weak self]` is a capture list.
        let objectiveC = file.path.hasSuffix(".m") || file.path.hasSuffix(".mm")
        let messages = range.filter {
            objectiveC && (file[$0 - 1] == "[" || (file.tokens[$0].kind == .word && file[$0 - 1] == "]"))
        }
        if words.contains("{"), calls.allSatisfy(logging.contains), messages.isEmpty, !words.contains("=") { return .onlyLogs }
        return .unclear
    }
}

/// Drops the tokens an iPhone build does not compile: branches of `#if os(macOS)`,
/// `targetEnvironment(macCatalyst)`, `os(visionOS)` and their Objective-C `TARGET_OS_*` forms.
/// A condition it cannot decide (`DEBUG`, `canImport(X)`) keeps its code: it may be built for iPhone.
enum Conditions {
    /// Whether an iPhone build compiles a branch: yes, no, or it depends on something else.
    enum Truth: Equatable {
        case yes, no, maybe

        var negated: Truth { self == .yes ? .no : self == .no ? .yes : .maybe }

        static func && (lhs: Truth, rhs: Truth) -> Truth {
            lhs == .no || rhs == .no ? .no : lhs == .yes && rhs == .yes ? .yes : .maybe
        }

        static func || (lhs: Truth, rhs: Truth) -> Truth {
            lhs == .yes || rhs == .yes ? .yes : lhs == .no && rhs == .no ? .no : .maybe
        }
    }

    private struct Branches {
        /// Whether any earlier branch of this `#if` is compiled.
        var taken: Truth
        var current: Truth
        var enclosing: Bool
    }

    /// The tokens an iPhone build may compile, directives removed.
    static func iPhoneTokens(_ tokens: [Token]) -> [Token] {
        var stack: [Branches] = []
        var kept: [Token] = []
        kept.reserveCapacity(tokens.count)
        for token in tokens {
            guard token.kind == .directive else {
                if stack.last.map({ $0.enclosing && $0.current != .no }) ?? true { kept.append(token) }
                continue
            }
            let words = token.text.dropFirst().split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" })
            let name = words.first.map(String.init) ?? ""
            let rest = token.text.dropFirst(1 + name.count)
            let enclosing = stack.last.map { $0.enclosing && $0.current != .no } ?? true
            switch name {
            case "if", "ifdef", "ifndef":
                var truth = evaluate(String(rest), defined: name != "if")
                if name == "ifndef" { truth = truth.negated }
                stack.append(Branches(taken: truth, current: truth, enclosing: enclosing))
            case "elseif", "elif":
                guard var top = stack.popLast() else { continue }
                top.current = top.taken.negated && evaluate(String(rest), defined: false)
                top.taken = top.taken || top.current
                stack.append(top)
            case "else":
                guard var top = stack.popLast() else { continue }
                top.current = top.taken.negated
                stack.append(top)
            default:
                _ = stack.popLast()
            }
        }
        return kept
    }

    /// Evaluates a condition; `defined` for `#ifdef NAME`, which asks whether the macro exists.
    static func evaluate(_ condition: String, defined: Bool) -> Truth {
        // `#ifdef TARGET_OS_OSX` is true on iPhone too: the macros are always defined, as 0 or 1.
        if defined { return .maybe }
        var parser = ConditionParser(words: Tokenizer.tokens(of: condition).map(\.text))
        return parser.expression()
    }
}

/// A recursive-descent reader of `!`, `&&`, `||`, parentheses and the atoms an iPhone build decides.
private struct ConditionParser {
    var words: [String]
    var position = 0

    private var next: String? { position < words.count ? words[position] : nil }

    mutating func expression() -> Conditions.Truth {
        var truth = conjunction()
        while next == "|", position + 1 < words.count, words[position + 1] == "|" {
            position += 2
            truth = truth || conjunction()
        }
        return truth
    }

    private mutating func conjunction() -> Conditions.Truth {
        var truth = unary()
        while next == "&", position + 1 < words.count, words[position + 1] == "&" {
            position += 2
            truth = truth && unary()
        }
        return truth
    }

    private mutating func unary() -> Conditions.Truth {
        guard let word = next else { return .maybe }
        position += 1
        switch word {
        case "!": return unary().negated
        case "(":
            let truth = expression()
            if next == ")" { position += 1 }
            return truth
        case "defined":
            return unary()
        default:
            return atom(word)
        }
    }

    /// `os(X)`, `targetEnvironment(X)`, `TARGET_OS_X`; anything else may go either way.
    private mutating func atom(_ word: String) -> Conditions.Truth {
        var argument: String?
        if next == "(" && position + 2 < words.count && words[position + 2] == ")" {
            argument = words[position + 1]
            position += 3
        }
        switch (word, argument) {
        case ("os", "iOS"): return .yes
        case ("os", _): return .no
        case ("targetEnvironment", "macCatalyst"): return .no
        case ("canImport", "UIKit"): return .yes
        case ("canImport", "AppKit"): return .maybe
        case ("TARGET_OS_IOS", _), ("TARGET_OS_IPHONE", _): return .yes
        case ("TARGET_OS_OSX", _): return .no
        case ("TARGET_OS_MACCATALYST", _), ("TARGET_OS_VISION", _), ("TARGET_OS_XR", _), ("TARGET_OS_TV", _),
            ("TARGET_OS_WATCH", _):
            return .no
        case ("1", _), ("true", _): return .yes
        case ("0", _), ("false", _): return .no
        default: return .maybe
        }
    }
}

/// Drops the tokens an iPhone build does not compile: branches of `#if os(macOS)`,
/// `targetEnvironment(macCatalyst)`, `os(visionOS)` and their Objective-C `TARGET_OS_*` forms.
/// `canImport(UIKit)` holds and `canImport(AppKit)`/`canImport(Cocoa)` do not. A condition it cannot
/// decide (`DEBUG`, `canImport(X)` of another module) keeps its code: it may be built for iPhone.
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
        // Without a directive every token is kept: the same array, not a copy of millions of tokens.
        guard tokens.contains(where: { $0.kind == .directive }) else { return tokens }
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

/// Reads `!`, `&&`, `||`, parentheses and the atoms an iPhone build decides, without recursion
/// (operator and value stacks), so that `#if` with 200,000 `!` or 60,000 `(` is read in linear
/// time instead of overflowing the stack. Reading stops at a word it cannot place; what was read
/// up to there decides.
private struct ConditionParser {
    private enum Operator { case not, and, or, open }

    var words: [String]
    private var position = 0
    private var values: [Conditions.Truth] = []
    private var operators: [Operator] = []
    /// How many `(` are open: a `)` beyond them ends the condition.
    private var open = 0

    init(words: [String]) { self.words = words }

    private var next: String? { position < words.count ? words[position] : nil }

    mutating func expression() -> Conditions.Truth {
        var expectsValue = true
        while let word = next {
            position += 1
            if expectsValue {
                switch word {
                case "!": operators.append(.not)
                case "(":
                    operators.append(.open)
                    open += 1
                case "defined": break
                default:
                    push(atom(word))
                    expectsValue = false
                }
            } else if word == ")" && open > 0 {
                open -= 1
                reduce(while: { $0 != .open })
                if operators.last == .open { operators.removeLast() }
                push(values.popLast() ?? .maybe)
            } else if word == "&" || word == "|", next == word {
                position += 1
                let joined: Operator = word == "&" ? .and : .or
                reduce(while: { $0 == .and || ($0 == .or && joined == .or) })
                operators.append(joined)
                expectsValue = true
            } else {
                break
            }
        }
        if expectsValue && !operators.isEmpty { values.append(.maybe) }
        reduce(while: { _ in true })
        return values.last ?? .maybe
    }

    /// A value read: the `!` written before it apply to it at once.
    private mutating func push(_ value: Conditions.Truth) {
        var value = value
        while operators.last == .not {
            operators.removeLast()
            value = value.negated
        }
        values.append(value)
    }

    /// Applies the operators on top of the stack while `applies` says so.
    private mutating func reduce(while applies: (Operator) -> Bool) {
        while let top = operators.last, applies(top) {
            operators.removeLast()
            guard top != .open else { continue }
            let right = values.popLast() ?? .maybe
            switch top {
            case .not: values.append(right.negated)
            case .and: values.append((values.popLast() ?? .maybe) && right)
            case .or: values.append((values.popLast() ?? .maybe) || right)
            case .open: break
            }
        }
    }

    /// `os(X)`, `targetEnvironment(X)`, `TARGET_OS_X`; anything else may go either way. A call
    /// with other arguments (`swift(>=5.9)`) is read whole.
    private mutating func atom(_ word: String) -> Conditions.Truth {
        var argument: String?
        if next == "(" {
            if position + 2 < words.count && words[position + 2] == ")" {
                argument = words[position + 1]
                position += 3
            } else {
                skipGroup()
            }
        }
        return Self.truth(word, argument)
    }

    /// Steps past the parenthesized group starting at `position`.
    private mutating func skipGroup() {
        var depth = 0
        while let word = next {
            position += 1
            if word == "(" { depth += 1 } else if word == ")" { depth -= 1 }
            if depth == 0 { return }
        }
    }

    private static func truth(_ word: String, _ argument: String?) -> Conditions.Truth {
        switch (word, argument) {
        case ("os", "iOS"): return .yes
        case ("os", _): return .no
        case ("targetEnvironment", "macCatalyst"): return .no
        case ("canImport", "UIKit"): return .yes
        // An iPhone build has no AppKit (a Mac Catalyst build, which may, is not the one read).
        case ("canImport", "AppKit"), ("canImport", "Cocoa"): return .no
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

/// Following a callback's calls one level into the app's own methods: `sceneDidEnterBackground`
/// calling `coordinator.didEnterBackground()`, whose body saves, saves on background. A call is
/// followed only to the one method of its name in the type its receiver is declared as (`self`,
/// or no receiver: the caller's type; a property declared `var coordinator: SceneCoordinator` or
/// `= SceneCoordinator(…)`, each declaration of that name giving the same type; a type's name),
/// so a framework's method of the same name (`timer.invalidate()`) is never taken for the app's.
extension SourceFacts {
    /// A call the rules may follow: the method's name, its receiver's name (nil for none or
    /// `self`; empty when the receiver is no plain name), the type the call is made in, and where.
    struct Call: Sendable {
        var name: String
        var receiver: String?
        var callerType: String?
        var location: ScanLocation
    }

    /// A callback or handler for `phase` whose own body does not save, with its calls; or a
    /// notification handled by a selector (its one call, the selector's method), with the doubt
    /// its key is left with when the method is not found.
    struct PendingSave: Sendable {
        var phase: String
        var calls: [Call]
        var doubt: Doubt?
    }

    /// A method's name and the type it is defined in (nil at the top level; an extension's
    /// methods are its type's).
    struct MethodKey: Hashable, Sendable {
        var name: String
        var type: String?
    }

    /// What following a call found: the method saves, does not, or is not the app's one method.
    enum Followed: Equatable {
        case saves, doesNotSave, notFound
    }

    /// The most calls of one body kept to follow, and of all bodies: a body's first calls, and
    /// the tree's first, however many callbacks a file of any size holds (each call keeps its line).
    static let followedCallsLimit = 32
    static let pendingCallsLimit = 4096

    /// Records a Swift method's definition (`func NAME … {`): its type and whether its body
    /// saves; and, for one without parameters, the type it returns, as the declared type of
    /// `NAME()` (`func appDelegate() -> AppDelegate?`).
    mutating func readDefinition(_ file: SourceFile, _ index: Int) {
        guard (file[index - 1] == "func" && file.path.hasSuffix(".swift")) || Self.isObjectiveCMethod(file, index) else {
            return
        }
        let open = tables.nextStop[min(index + 1, file.tokens.count)]
        if file[index + 1] == "(", file[index + 2] == ")", file[index + 3] == "-", file[index + 4] == ">",
            file[index + 5].first?.isUppercase == true
        {
            declaredTypes[file[index] + "()", default: []].insert(file[index + 5])
        }
        guard file[open] == "{" else { return }  // a protocol's requirement has no body
        let saves = tables.saves(in: (open + 1)..<max(open + 1, file.close(open)))
        let key = MethodKey(name: file[index], type: file.enclosingType(index)?.name)
        let known = definitions[key]
        definitions[key] = ((known?.count ?? 0) + 1, saves)
    }

    /// Whether the word at `index` names an Objective-C method being defined or declared: `- (void)
    /// name…` or `+ (id)name…`, the `-` or `+` first on its line.
    static func isObjectiveCMethod(_ file: SourceFile, _ index: Int) -> Bool {
        guard !file.path.hasSuffix(".swift"), file[index - 1] == ")" else { return false }
        let open = file.brackets.parent[index - 1]
        guard open >= 1, file[open] == "(", file[open - 1] == "-" || file[open - 1] == "+" else { return false }
        return open == 1 || file.tokens[open - 2].line < file.tokens[open - 1].line
    }

    /// Records the type a property or variable is declared as: `var NAME: Type`, `let NAME = Type(…)`.
    mutating func readDeclaration(_ file: SourceFile, _ index: Int) {
        guard file[index] == "var" || file[index] == "let", file[index + 1].first?.isLetter == true else { return }
        let type: String
        if file[index + 2] == ":" {
            type = file[index + 3]
        } else if file[index + 2] == "=" && file[index + 4] == "(" {
            type = file[index + 3]
        } else {
            return
        }
        guard type.first?.isUppercase == true else { return }
        declaredTypes[file[index + 1], default: []].insert(type)
    }

    /// The first calls in `body`, each with its receiver and the type it is made in.
    func calls(_ file: SourceFile, in body: Range<Int>) -> [Call] {
        var calls: [Call] = []
        var index = tables.nextCall[min(body.lowerBound, file.tokens.count)]
        let limit = min(Self.followedCallsLimit, Self.pendingCallsLimit - pendingCalls)
        while index < body.upperBound && calls.count < limit {
            var receiver: String?
            if file[index - 1] == "." {
                var at = index - 2
                if file[at] == "?" || file[at] == "!" { at -= 1 }
                receiver = Self.receiver(file, endingAt: at)
                if receiver == "self" { receiver = nil }
            }
            calls.append(
                Call(
                    name: file[index], receiver: receiver, callerType: file.enclosingType(index)?.name,
                    location: file.location(index)))
            index = tables.nextCall[index + 1]
        }
        return calls
    }

    /// The method a `#selector(NAME…)` or `#selector(Type.NAME…)` in the call around `index`
    /// names, as a call on the observer (`self`: the type the call is made in; any other observer
    /// is no plain receiver, and the method is not looked for).
    func selectorCall(_ file: SourceFile, _ index: Int) -> Call? {
        let call = file.brackets.parent[index]
        let at = tables.lastSelector[index]
        guard call >= 0, at > call, file[at + 1] == "(" else { return nil }
        // The observer: Swift's first argument, or Objective-C's `addObserver:self` before the selector.
        let observesSelf =
            file[call + 1] == "self"
            || (max(call, at - 16)..<at).contains { file[$0] == "addObserver" && file[$0 + 1] == ":" && file[$0 + 2] == "self" }
        var (name, receiver) = (file[at + 2], observesSelf ? nil : "")
        // `#selector(Type.name)` names the type; `#selector(self.name)` is the observer's.
        if file[at + 3] == "." { (name, receiver) = (file[at + 4], file[at + 2] == "self" ? receiver : file[at + 2]) }
        return Call(name: name, receiver: receiver, callerType: file.enclosingType(index)?.name, location: file.location(at))
    }

    /// The receiver whose last token is at `at`, as ``follow(_:)`` looks it up: a name (`coordinator`,
    /// `self`, a type), a call of a function without arguments (`appDelegate()`, by the type it
    /// returns), a cast (`(… as? AppDelegate)`) or a type's `shared` (`Store.shared`) by its type;
    /// empty for any other.
    private static func receiver(_ file: SourceFile, endingAt at: Int) -> String {
        guard at >= 0 else { return "" }
        if file[at] == ")" && file[at - 1] == "(" && file.tokens[max(at - 2, 0)].kind == .word {
            return file[at - 2] + "()"
        }
        if file[at] == ")" && (file[at - 2] == "as" || file[at - 3] == "as") && file[at - 1].first?.isUppercase == true {
            return file[at - 1]
        }
        if file[at] == "shared" && file[at - 1] == "." && file[at - 2].first?.isUppercase == true { return file[at - 2] }
        return file.tokens[at].kind == .word ? file[at] : ""
    }

    /// Whether the app's one method `call` names saves.
    func follow(_ call: Call) -> Followed {
        var type = call.callerType
        if let receiver = call.receiver {
            if receiver.first?.isUppercase == true {
                type = receiver
            } else {
                guard let declared = declaredTypes[receiver], declared.count == 1 else { return .notFound }
                type = declared.first
            }
        }
        // An unqualified call in a type may name a function at the top level.
        let found =
            definitions[MethodKey(name: call.name, type: type)]
            ?? (call.receiver == nil ? definitions[MethodKey(name: call.name, type: nil)] : nil)
        guard let found, found.count == 1 else { return .notFound }
        return found.saves ? .saves : .doesNotSave
    }

    /// Settles what waited on the whole tree: a pending callback saves on its phase when one of
    /// its calls is followed to a method that saves (cited at the call); a selector whose method is
    /// found settles nothing more when the method does not save, and leaves its doubt otherwise.
    mutating func followCalls() {
        for pending in pendingSaves {
            let followed = pending.calls.map { ($0, follow($0)) }
            if let (call, _) = followed.first(where: { $0.1 == .saves }) {
                add(.stateSavesOn, .choice(pending.phase), call.location)
            } else if let doubt = pending.doubt, followed.contains(where: { $0.1 == .notFound }) || followed.isEmpty {
                doubts[.stateSavesOn, default: []].append(doubt)
            }
        }
        pendingSaves = []
    }
}

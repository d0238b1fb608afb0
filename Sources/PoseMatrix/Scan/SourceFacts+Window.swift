/// `newWindow`: how the app asks for a window, and what it shows when the request fails.
extension SourceFacts {
    mutating func readWindowRequest(_ file: SourceFile, _ index: Int) {
        switch file[index] {
        case "openWindow" where file[index - 1] == "." && file[index - 2] == "\\":
            // `@Environment(\.openWindow) var NAME` asks for nothing until NAME is used: the use settles it.
            guard let name = Self.declaredName(file, keyPath: index) else {
                return add(.newWindowVia, .choice("openWindow"), file.location(index))
            }
            fileWindowDeclarations.append((file[name], name, index))
        case "openWindow" where !["var", "let", "func"].contains(file[index - 1]):
            if openWindowUses.last?.file != file.path { openWindowUses.append(file.location(index)) }
        case "OpenWindowAction":
            add(.newWindowVia, .choice("openWindow"), file.location(index))
        case "requestSceneSessionActivation", "activateSceneSession", "activateSceneSessionForRequest":
            // In Objective-C, a message inside `[…]`; the selector named elsewhere (`@selector`) is no request.
            guard file[index + 1] == "(" || (file[index + 1] == ":" && file[file.brackets.parent[index]] == "[") else {
                return
            }
            add(.newWindowVia, .choice("activateSceneSession"), file.location(index))
            readErrorHandler(file, index)
        case "ActivationAction" where file[index + 1] == "(" || file[index + 1] == "{":
            add(.newWindowVia, .choice("activationAction"), file.location(index))
            readActivationAction(file, index)
        default: break
        }
    }

    /// The name `@Environment(\.openWindow)` declares (`private var openWindow`), as its index.
    private static func declaredName(_ file: SourceFile, keyPath index: Int) -> Int? {
        let open = file.brackets.parent[index]
        guard open >= 0, file[open] == "(", file[open - 1] == "Environment" else { return nil }
        var next = file.close(open) + 1
        while ["private", "fileprivate", "internal", "public", "nonisolated"].contains(file[next]) { next += 1 }
        guard file[next] == "var" || file[next] == "let", file.tokens.indices.contains(next + 1),
            file.tokens[next + 1].kind == .word
        else { return nil }
        return next + 1
    }

    /// Settles the file's `\.openWindow` declarations by their uses, in one pass over its tokens:
    /// a declaration whose name is used is `openWindow` at its first use; one whose name is not
    /// leaves `via` to the other forms, and unknown if there are none.
    mutating func readWindowUses(_ file: SourceFile) {
        var firstUse: [String: Int] = [:]
        let names = Set(fileWindowDeclarations.map(\.name))
        // The declaration itself is no use: its name, and the key path's `openWindow`.
        let declared = Set(fileWindowDeclarations.flatMap { [$0.at, $0.keyPath] })
        for index in file.tokens.indices where file.tokens[index].kind == .word && !declared.contains(index) {
            let word = file[index]
            if names.contains(word) && firstUse[word] == nil { firstUse[word] = index }
        }
        for declaration in fileWindowDeclarations {
            if let use = firstUse[declaration.name] {
                add(.newWindowVia, .choice("openWindow"), file.location(use))
            } else {
                unusedWindowDeclarations.append((declaration.name, file.location(declaration.keyPath)))
            }
        }
        fileWindowDeclarations = []
    }

    /// The most tokens an Objective-C message's arguments are looked for in: a real one has a few dozen.
    static let longestMessage = 512

    /// The handler of a UIKit request: the `errorHandler:` argument or a trailing closure; nil or absent is DUO010.
    private mutating func readErrorHandler(_ file: SourceFile, _ index: Int) {
        let arguments: Range<Int>
        if file[index + 1] == "(" {
            arguments = (index + 2)..<file.close(index + 1)
        } else {
            // An Objective-C message: up to the first `;`, or the bracket closing the one around it,
            // and within a message's length (a flat run of selector parts is read once, not per part).
            let semicolon = tables.nextSemicolon[index + 1 < file.tokens.count ? index + 1 : file.tokens.count]
            let closer = file.close(file.brackets.parent[index])
            let end = min(closer < semicolon ? closer + 1 : semicolon, index + Self.longestMessage)
            arguments = (index + 1)..<max(index + 1, end - 1)
        }
        var handler = file.argument("errorHandler", in: arguments)
        if handler == nil, file[index + 1] == "(", file[arguments.upperBound + 1] == "{" {
            handler = (arguments.upperBound + 1)..<(file.close(arguments.upperBound + 1) + 1)
        }
        let location = file.location(index)
        let kind = handler.map { HandlerKind.of(file, $0, counts: tables.handlerCounts) } ?? .missing
        switch kind {
        case .missing:
            add(.newWindowErrorHandler, .choice("none"), location)
            let how = handler == nil ? "has no errorHandler" : "passes errorHandler: nil"
            find(.DUO010, location, "\(file[index]) \(how): a refused window shows the person nothing")
        case .onlyLogs:
            add(.newWindowErrorHandler, .choice("none"), location)
            find(.DUO012, location, "the errorHandler of \(file[index]) only logs: a refused window shows the person nothing")
        case .presents: add(.newWindowErrorHandler, .choice("showInPlace"), location)
        case .unclear: doubtHandler(.newWindowErrorHandler, "errorHandler", file, handler ?? index..<index, location)
        }
    }

    /// An ActivationAction's alternate (`alternate:`; nil or absent is none) and whether it is the short form.
    private mutating func readActivationAction(_ file: SourceFile, _ index: Int) {
        let location = file.location(index)
        var arguments = (index + 1)..<(index + 1)
        var trailing = file[index + 1] == "{"
        if file[index + 1] == "(" {
            let close = file.close(index + 1)
            arguments = (index + 2)..<close
            trailing = file[close + 1] == "{"
        }
        let short = trailing && (arguments.isEmpty || file.argument("title", in: arguments) != nil)
        add(.newWindowShortForm, .bool(short), location)
        if short {
            find(
                .DUO011, location,
                "the short-form ActivationAction(title:){…} raises NSInternalInconsistencyException at run time")
        }
        guard let alternate = file.argument("alternate", in: arguments) else {
            add(.newWindowAlternate, .choice("none"), location)
            return
        }
        switch HandlerKind.of(file, alternate, counts: tables.handlerCounts) {
        case .missing: add(.newWindowAlternate, .choice("none"), location)
        case .onlyLogs:
            add(.newWindowAlternate, .choice("none"), location)
            find(.DUO012, location, "the ActivationAction's alternate only logs: where it hides, the person gets nothing")
        case .presents: add(.newWindowAlternate, .choice("showInPlace"), location)
        case .unclear: doubtHandler(.newWindowAlternate, "alternate", file, alternate, location)
        }
    }

    /// A handler the rules cannot judge: one passed by name (no closure: its body is elsewhere, and
    /// the rules do not follow names), or a closure that calls or assigns what they cannot judge.
    private mutating func doubtHandler(
        _ key: ScanKey, _ name: String, _ file: SourceFile, _ handler: Range<Int>, _ location: ScanLocation
    ) {
        let range = handler.clamped(to: 0..<file.tokens.count)
        if tables.handlerCounts.counts(in: range).braces == 0 {
            doubt(key, "an \(name) passed by name", "\(name)s passed by name", location)
        } else {
            doubt(key, "an \(name) that neither presents nor only logs", "\(name)s that neither present nor only log", location)
        }
    }
}

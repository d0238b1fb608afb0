/// `newWindow`: how the app asks for a window, and what it shows when the request fails.
extension SourceFacts {
    mutating func readWindowRequest(_ file: SourceFile, _ index: Int) {
        switch file[index] {
        case "openWindow" where file[index - 1] == "." && file[index - 2] == "\\", "OpenWindowAction":
            add(.newWindowVia, .choice("openWindow"), file.location(index))
        case "requestSceneSessionActivation", "activateSceneSession", "activateSceneSessionForRequest":
            guard file[index + 1] == "(" || file[index + 1] == ":" else { return }
            add(.newWindowVia, .choice("activateSceneSession"), file.location(index))
            readErrorHandler(file, index)
        case "ActivationAction" where file[index + 1] == "(" || file[index + 1] == "{":
            add(.newWindowVia, .choice("activationAction"), file.location(index))
            readActivationAction(file, index)
        default: break
        }
    }

    /// The handler of a UIKit request: the `errorHandler:` argument or a trailing closure; nil or absent is DUO010.
    private mutating func readErrorHandler(_ file: SourceFile, _ index: Int) {
        let arguments: Range<Int>
        if file[index + 1] == "(" {
            arguments = (index + 2)..<file.close(index + 1)
        } else {
            var end = index + 1
            var depth = 0
            while end < file.tokens.count, depth >= 0, file[end] != ";" {
                if "([{".contains(file[end]) { depth += 1 } else if ")]}".contains(file[end]) { depth -= 1 }
                end += 1
            }
            arguments = (index + 1)..<(end - 1)
        }
        var handler = file.argument("errorHandler", in: arguments)
        if handler == nil, file[index + 1] == "(", file[arguments.upperBound + 1] == "{" {
            handler = (arguments.upperBound + 1)..<(file.close(arguments.upperBound + 1) + 1)
        }
        let location = file.location(index)
        let kind = handler.map { HandlerKind.of(file, $0) } ?? .missing
        switch kind {
        case .missing:
            add(.newWindowErrorHandler, .choice("none"), location)
            let how = handler == nil ? "has no errorHandler" : "passes errorHandler: nil"
            find(.DUO010, location, "\(file[index]) \(how): a refused window shows the person nothing")
        case .onlyLogs:
            add(.newWindowErrorHandler, .choice("none"), location)
            find(.DUO012, location, "the errorHandler of \(file[index]) only logs: a refused window shows the person nothing")
        case .presents: add(.newWindowErrorHandler, .choice("showInPlace"), location)
        case .unclear: unsettled.insert(.newWindowErrorHandler)
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
        switch HandlerKind.of(file, alternate) {
        case .missing: add(.newWindowAlternate, .choice("none"), location)
        case .onlyLogs:
            add(.newWindowAlternate, .choice("none"), location)
            find(.DUO012, location, "the ActivationAction's alternate only logs: where it hides, the person gets nothing")
        case .presents: add(.newWindowAlternate, .choice("showInPlace"), location)
        case .unclear: unsettled.insert(.newWindowAlternate)
        }
    }
}

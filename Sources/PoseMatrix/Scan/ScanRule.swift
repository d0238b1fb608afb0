/// The rules a scan's findings break, each resting on a fact of the device (README "Scanning an app").
enum ScanRule: String, CaseIterable, Sendable, Comparable {
    case DUO010, DUO011, DUO012, DUO013, DUO014, DUO015

    static func < (lhs: ScanRule, rhs: ScanRule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What is said about a rule, in one place: the README's rule table, the SARIF `rules`, the
    /// `rules` of `scan --json` and the "what to do" lines of the text output all read it. The
    /// texts are Markdown fragments (code in backticks) starting in lower case, as the table shows them.
    struct Spec: Sendable, Equatable {
        /// The rule's name in SARIF: a word in upper camel case.
        var name: String
        /// What the scan finds, in a few words.
        var finding: String
        /// The fact the finding breaks, without its source.
        var fact: String
        /// The fact's source, as Docs/facts.md keys it with its provenance (`A T64`).
        var source: String
        /// What to do about a finding.
        var help: String
    }

    /// The rule's row.
    var spec: Spec {
        switch self {
        case .DUO010:
            Spec(
                name: "MissingErrorHandler", finding: "a scene activation request with `errorHandler: nil` or none",
                fact: "a request without a handler silently fails on the outer display, where new windows cannot open",
                source: "I AX-DC",
                help: "pass an error handler that shows the content in the window at hand or tells the person why none opened")
        case .DUO011:
            Spec(
                name: "ShortFormActivationAction", finding: "the short-form `ActivationAction(title:) { … }`",
                fact: "`ActivationAction(title:) { … }` compiles but raises `NSInternalInconsistencyException` at run time",
                source: "M S0",
                help:
                    "use the initialiser that takes a configuration closure and an `alternate` action, shown where no new window can open"
            )
        case .DUO012:
            Spec(
                name: "HandlerOnlyLogs", finding: "an error handler or alternate that only logs",
                fact: "a new window is refused on the outer display; a log shows the person nothing", source: "A T64",
                help:
                    "show the content in place (`present`, `show`, `pushViewController`) or tell the person why no window opened")
        case .DUO013:
            Spec(
                name: "MirroringByPosition", finding: "a preview mirrored by the camera's `position`",
                fact: "both front cameras report `.front`", source: "A T65",
                help: "mirror by the direction coordinator's map of the cameras' directions, not by `position`")
        case .DUO014:
            Spec(
                name: "NoDirectionCoordinator", finding: "an `AVCaptureSession` without an `AVCaptureDeviceDirectionCoordinator`",
                fact: "cameras change direction as the device opens and closes; only the coordinator says so", source: "A T65",
                help: "give the session an `AVCaptureDeviceDirectionCoordinator` and follow the directions it reports")
        case .DUO015:
            Spec(
                name: "NoMultipleScenes", finding: "the app target lacks `UIApplicationSupportsMultipleScenes`",
                fact: "without `UIApplicationSupportsMultipleScenes` the app gets one window", source: "A T64",
                help: "set `UIApplicationSupportsMultipleScenes` to `YES` in the scene manifest "
                    + "(`INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` for a generated Info.plist)")
        }
    }
}

extension ScanRule.Spec {
    /// The fact with its source, `… [A T64]`.
    var citedFact: String { fact + " [\(source)]" }

    /// Markdown as plain text: code spans lose their backticks.
    static func plain(_ markdown: String) -> String { String(markdown.filter { $0 != "`" }) }

    /// A fragment as a sentence: its first letter in upper case.
    static func sentence(_ fragment: String) -> String { fragment.prefix(1).uppercased() + fragment.dropFirst() }
}

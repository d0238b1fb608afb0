/// The rules a scan's findings break, each resting on a fact of the device (README "Scanning an app").
public enum ScanRule: String, CaseIterable, Sendable, Comparable {
    case DUO010, DUO011, DUO012, DUO013, DUO014, DUO015

    public static func < (lhs: ScanRule, rhs: ScanRule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rule's name in SARIF: a word in upper camel case.
    public var name: String {
        switch self {
        case .DUO010: "MissingErrorHandler"
        case .DUO011: "ShortFormActivationAction"
        case .DUO012: "HandlerOnlyLogs"
        case .DUO013: "MirroringByPosition"
        case .DUO014: "NoDirectionCoordinator"
        case .DUO015: "NoMultipleScenes"
        }
    }

    /// The rule in a few words.
    public var title: String {
        switch self {
        case .DUO010: "A scene activation request without an error handler"
        case .DUO011: "The short-form ActivationAction initialiser"
        case .DUO012: "An error handler or alternate that only logs"
        case .DUO013: "Camera preview mirrored by position"
        case .DUO014: "A capture session without a direction coordinator"
        case .DUO015: "The app target does not support multiple scenes"
        }
    }

    /// The fact the rule rests on, with its key in Docs/facts.md.
    public var fact: String {
        switch self {
        case .DUO010:
            "A request with errorHandler nil silently fails on the outer display, where new windows cannot open [I AX-DC]."
        case .DUO011: "ActivationAction(title:){…} compiles but raises NSInternalInconsistencyException at run time [M S0]."
        case .DUO012: "A new window is refused on the outer display; a handler that only logs shows the person nothing [A T64]."
        case .DUO013: "Both front cameras report position .front; mirror by the direction coordinator's map instead [A T65]."
        case .DUO014:
            "Cameras change direction when the device opens or closes; only a direction coordinator reports it [A T65]."
        case .DUO015: "Without UIApplicationSupportsMultipleScenes the app gets one window [A T64]."
        }
    }
}

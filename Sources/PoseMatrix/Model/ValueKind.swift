/// How an observable's values are written and compared.
enum ValueKind: Sendable, Equatable {
    case choice([String])
    case size
    case insets
    case sizeClass
    case bool
    case number
    case count
    case list
    /// An array of names from a fixed set, compared as a set.
    case names([String])
    /// A frame `x,y,width,height` in points, or `none`.
    case frame
    /// A span of numbers `from-to`, such as `8-467` or `7-10`.
    case span

    /// Whether `>=` and `<=` apply.
    var isNumeric: Bool { self == .number || self == .count }

    /// What a value of this kind looks like, for messages.
    var expectation: String {
        switch self {
        case .choice(let values): "one of " + values.map { quoted($0) }.joined(separator: ", ")
        case .size: "a size such as \"466x678\" or \"475.5x669\""
        case .insets: "insets such as \"0,0,34,84\" (top,leading,bottom,trailing)"
        case .sizeClass: "a size class such as \"compact/regular\""
        case .bool: "true or false"
        case .number: "a number"
        case .count: "a whole number of 0 or more"
        case .list: "an array of strings"
        case .names(let names): "an array of " + names.map { quoted($0) }.joined(separator: ", ")
        case .span: "a span such as \"8-467\" (from-to)"
        case .frame: "a frame such as \"455.5,0,40,669\" (x,y,width,height) or \"none\""
        }
    }
}

extension ValueKind {
    /// The operators an expectation of this kind takes besides a plain value, as the decoder
    /// reads them and the schema lists them. Each operator object may add `rests`.
    var operators: [String] {
        var names = ["==", "!=", "in"]
        if isNumeric { names += [">=", "<="] }
        if isApproximable { names.append("≈") }
        switch self {
        case .list, .names: names.append("contains")
        default: break
        }
        return names
    }
}

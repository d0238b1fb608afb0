/// Where a fact in the model comes from (Docs/facts.md's tags).
enum Provenance: String, Sendable, CaseIterable, Codable {
    /// Apple's documents, headers, talks, HIG or release notes, first or second hand ([A], [A-fwd]).
    case apple
    /// True by the meaning of the steps taken ([D]): a sheet never presented is not presented, no
    /// picture in picture shows before one starts. Trusted wherever `apple` is (``Trust``).
    case definition
    /// Measured in the iPhone Duo simulator ([M]).
    case measured
    /// Derived from other facts ([I]).
    case inference
    /// A third-party claim nobody checked ([U]).
    case unverified
}

/// A value as the model observes it or a matrix expects it.
enum ObservedValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    case bool(Bool)
    case number(Double)
    case list([String])

    /// The value as written in reports: text bare, numbers without a needless ".0".
    var description: String {
        switch self {
        case .text(let text): text
        case .bool(let flag): String(flag)
        case .number(let number): formatNumber(number)
        case .list(let items): "[" + items.joined(separator: ", ") + "]"
        }
    }
}

/// One observed value with its provenance and the source key it rests on, or why there is none.
struct Observation: Sendable, Hashable {
    /// The value, or nil when the model has no fact for this state.
    var value: ObservedValue?
    var provenance: Provenance
    /// The Docs/facts.md tag and key, for example "M AX-DGb"; for an unknown value, the reason.
    var source: String

    /// A value the facts establish.
    static func fact(_ value: ObservedValue, _ provenance: Provenance, _ source: String) -> Observation {
        Observation(value: value, provenance: provenance, source: source)
    }

    /// The same value, no firmer than an inference from its source: `I from M S0: why`.
    func inferred(_ why: String) -> Observation {
        guard value != nil, provenance == .apple || provenance == .measured else { return self }
        let tag = provenance == .apple ? "A" : "M"
        let source = self.source.hasPrefix(tag + " ") ? self.source : tag + " " + self.source
        return .fact(value!, .inference, "I from \(source): \(why)")
    }

    /// No source gives this value in this state: cases that expect it are not run.
    static func unknown(_ reason: String) -> Observation {
        Observation(value: nil, provenance: .unverified, source: reason)
    }
}

/// Where a value comes from: how firm it is and the Docs/facts.md key it cites ("M S0").
struct Citation: Sendable, Hashable {
    var provenance: Provenance
    var source: String

    init(_ provenance: Provenance, _ source: String) {
        self.provenance = provenance
        self.source = source
    }
}

extension Observation {
    /// A value the facts establish, with its citation.
    static func fact(_ value: ObservedValue, _ citation: Citation) -> Observation {
        fact(value, citation.provenance, citation.source)
    }
}

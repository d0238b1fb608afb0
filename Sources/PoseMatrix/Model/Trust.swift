/// The provenance levels a run accepts: an expectation whose value rests on another level is not
/// evaluated, and its case is not run unless a trusted expectation fails.
public struct Trust: Sendable, Hashable, CustomStringConvertible {
    /// The levels trusted.
    public var levels: Set<Provenance>

    public init(_ levels: Set<Provenance>) {
        self.levels = levels
    }

    /// Every level: the default of `run`, which reports what each pass rests on.
    public static let everything = Trust(Set(Provenance.allCases))

    /// Whether a value of this provenance is evaluated.
    /// Every level trusted (the default) answers without hashing: every expectation of every case asks.
    public func trusts(_ provenance: Provenance) -> Bool {
        levels.count == Self.levelCount || levels.contains(provenance)
    }

    private static let levelCount = Provenance.allCases.count

    /// The levels in their order of strength, comma-separated: `apple,measured`.
    public var description: String {
        Provenance.allCases.filter(levels.contains).map(\.rawValue).joined(separator: ",")
    }

    /// Reads `apple,measured` and the like; the error names the first word that is not a level.
    public static func parse(_ text: String) -> Result<Trust, TrustParseError> {
        var levels: Set<Provenance> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(word.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard let level = Provenance(rawValue: name) else {
                return .failure(
                    TrustParseError(
                        word: name, suggestion: suggest(name, from: Provenance.allCases.map(\.rawValue))))
            }
            levels.insert(level)
        }
        return .success(Trust(levels))
    }
}

/// A word of a trust list that is not a provenance level.
public struct TrustParseError: Error, Sendable, Equatable {
    public var word: String
    public var suggestion: String?

    /// "unknown trust level "x": expected apple, measured, inference or unverified".
    public var message: String {
        "unknown trust level \(quoted(word)): expected a comma list of apple, measured, inference, unverified"
    }
}

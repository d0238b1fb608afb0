// Every rule about provenance levels lives in this file (README "Trust"):
// - the levels and their order of strength: `apple`, `definition`, `measured`, `inference`,
//   `unverified`; `definition` (true by the meaning of the steps taken) is trusted wherever
//   `apple` is, so that a trust set short of it never leaves such a value not run;
// - a trust set (`Trust`): the levels a run evaluates and a sign-off accepts (`--trust`);
// - what a result rests on (`Rests`): the levels of the values a pass or a held invariant was
//   checked on, which results.jsonl records in the same words as `--trust`;
// - admission: a result counts under a trust set only when every level it rests on is trusted
//   (`Trust.untrusted(in:)`); otherwise it is not run, never passed;
// - an expectation's own `rests` list is a trust set for that expectation alone, read as
//   `--trust` is (`definition` with `apple`), beside the run's: both must trust the value;
// - a case pinned with `expectStatus` that comes back not run passes the run, but rests on no
//   value at all: sign-off counts it as not run (a release never goes out on an unknown).
// `run` trusts every level by default, so that a nightly run evaluates everything and records what
// each result rests on; `signoff` trusts `apple`, `measured` and `inference` by default and applies
// that to the records, so that a release never goes out on an unverified claim.

extension Provenance {
    /// How firmly a fact stands: Apple's word, then a measurement, then inference, then an
    /// unverified claim. A value resting on Apple's word and a measurement is as firm as the
    /// measurement, so that trusting `apple` alone never admits it.
    var strength: Int {
        switch self {
        case .apple: 4
        case .definition: 3
        case .measured: 2
        case .inference: 1
        case .unverified: 0
        }
    }

    /// The weaker of two provenances: a value resting on both is only as firm as the weaker.
    func weakest(_ other: Provenance) -> Provenance {
        other.strength < strength ? other : self
    }

    /// The level's bit in a ``Rests``.
    fileprivate var bit: UInt8 { 1 << UInt8(4 - strength) }
}

/// The provenance levels a result rests on: every level of the values it was checked on (for a
/// held invariant, in every state it was checked in). Kept as bits: the exploration adds to it
/// for every state.
struct Rests: Sendable, Hashable, CustomStringConvertible {
    private var bits: UInt8 = 0

    init() {}

    init(_ levels: some Sequence<Provenance>) {
        for level in levels { insert(level) }
    }

    mutating func insert(_ level: Provenance) {
        bits |= level.bit
    }

    mutating func formUnion(_ other: Rests) {
        bits |= other.bits
    }

    /// The levels in their order of strength, as `--trust` and results.jsonl write them.
    var levels: [Provenance] { Provenance.allCases.filter { bits & $0.bit != 0 } }

    var isEmpty: Bool { bits == 0 }

    /// `apple,measured`, as `--trust` takes it.
    var description: String { levels.map(\.rawValue).joined(separator: ",") }
}

/// The provenance levels a run accepts: an expectation whose value rests on another level is not
/// evaluated, and its case is not run unless a trusted expectation fails.
struct Trust: Sendable, Hashable, CustomStringConvertible {
    /// The levels trusted.
    var levels: Set<Provenance>

    init(_ levels: Set<Provenance>) {
        self.levels = levels
    }

    /// Every level: the default of `run`, which reports what each pass rests on.
    static let everything = Trust(Set(Provenance.allCases))

    /// Whether a value of this provenance is evaluated: a level of the set, or `definition` where
    /// the set has `apple`. Every level trusted (the default) answers without hashing: every
    /// expectation of every case asks.
    func trusts(_ provenance: Provenance) -> Bool {
        levels.count == Self.levelCount || levels.contains(provenance)
            || (provenance == .definition && levels.contains(.apple))
    }

    private static let levelCount = Provenance.allCases.count

    /// The levels in their order of strength, comma-separated: `apple,measured`.
    var description: String {
        Provenance.allCases.filter(levels.contains).map(\.rawValue).joined(separator: ",")
    }

    /// The levels of `rests` this set does not trust, in order of strength: empty when a result resting
    /// on them counts (admission, the one rule for passes and held invariants alike).
    func untrusted(in rests: Rests) -> [Provenance] {
        rests.levels.filter { !trusts($0) }
    }

    /// Reads `apple,measured` and the like; the error names the first word that is not a level.
    static func parse(_ text: String) -> Result<Trust, TrustParseError> {
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
struct TrustParseError: Error, Sendable, Equatable {
    var word: String
    var suggestion: String?

    /// "unknown trust level "x": expected apple, measured, inference or unverified".
    var message: String {
        "unknown trust level \(quoted(word)): expected a comma list of "
            + Provenance.allCases.map(\.rawValue).joined(separator: ", ")
    }
}

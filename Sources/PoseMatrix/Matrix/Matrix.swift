/// A decoded, validated matrix file (format version 1, README "A matrix").
public struct Matrix: Sendable {
    /// The format version this duo-pose reads.
    static let formatVersion = 1

    var name: String
    public var app: App
    /// Axes every pose runs over, in file order.
    var axes: [AxisSpec]
    var poses: [PoseEntry]
    var checklist: [ChecklistItem]
    /// Pose sequences to explore with invariants, if the matrix asks.
    var exploration: Exploration?
    /// The provenance levels the matrix trusts (its `trust` key), if it says; `--trust` overrides it.
    var trust: Trust? = nil
    /// `app.scan`: the app tree the run derives the app block from, if the matrix names one.
    var appScan: AppScanRequest? = nil
}

/// `"app": {"scan": "../MyApp", …}`: the tree to scan at run time, and the app keys the matrix
/// states itself, which win over the scanned ones.
struct AppScanRequest: Sendable, Hashable {
    /// The path as written, relative to the matrix file's folder unless absolute.
    var path: String
    /// Key paths such as `multipleScenes` and `newWindow.errorHandler`.
    var statedKeys: Set<String>
}

/// An axis and the values a matrix runs it over, in file order.
struct AxisSpec: Sendable, Hashable {
    var axis: Axis
    var values: [AxisValue]
}

/// One entry of the matrix's `poses` list.
struct PoseEntry: Sendable {
    var pose: Pose
    var title: String?
    /// Per-pose axes, merged over the top-level ones.
    var axes: [AxisSpec]
    /// Steps that replace the catalogue's, when given.
    var steps: [Step]?
    var expect: [Expectation]
    var whereClauses: [WhereClause]
    var notRun: [NotRunRule]
    /// `expectStatus`: the status the entry's cases are pinned to, a known unknown (as pytest's strict xfail).
    var expectStatus: PinnedStatus? = nil
    /// Where the entry stands in its file, and its key path, for warnings.
    var place: MatrixPlace? = nil

    /// The steps the runner drives: the entry's own, or the catalogue's.
    var effectiveSteps: [Step] { steps ?? pose.steps }

    /// "P9" or "P9 outer display".
    var label: String { title.map { "\(pose.id) \($0)" } ?? pose.id }
}

/// What a pose entry's `expectStatus` pins its cases to: a case that comes back so passes, pinned,
/// and one that comes back otherwise fails, saying what the model now knows.
enum PinnedStatus: String, Sendable, CaseIterable {
    case notRun
    case error
}

/// What an observable is expected to be.
struct Expectation: Sendable, Hashable {
    var observable: Observable
    var condition: Condition
    /// The levels the value must rest on (`"rests": ["apple", "measured"]`), a trust set for this
    /// expectation alone, beside the run's: on another level the case is not run. Nil: any level the run trusts.
    var rests: Trust? = nil
}

/// An expectation's test: a value, or an operator object.
enum Condition: Sendable, Hashable, CustomStringConvertible {
    case equals(ObservedValue)
    case notEquals(ObservedValue)
    case oneOf([ObservedValue])
    case atLeast(Double)
    case atMost(Double)
    /// Within `tolerance` of the value, number by number (a number, a size, insets or a frame).
    case approximately(ObservedValue, tolerance: Double)
    /// A list or set of names holds this name.
    case contains(String)

    /// Whether an observed value satisfies the condition.
    func holds(for value: ObservedValue) -> Bool {
        switch self {
        case .equals(let expected): expected == value
        case .notEquals(let expected): expected != value
        case .oneOf(let expected): expected.contains(value)
        case .atLeast(let bound): if case .number(let number) = value { number >= bound } else { false }
        case .atMost(let bound): if case .number(let number) = value { number <= bound } else { false }
        case .approximately(let expected, let tolerance): expected.isClose(to: value, within: tolerance)
        case .contains(let name): if case .list(let items) = value { items.contains(name) } else { false }
        }
    }

    /// The expectation as reports show it: `466x678`, `!= outer`, `in [inner, outer]`, `>= 3`,
    /// `≈ 455.5,0,40,669 ± 0.5`, `contains fold`.
    var description: String {
        switch self {
        case .equals(let value): value.description
        case .notEquals(let value): "!= \(value)"
        case .oneOf(let values): "in [" + values.map(\.description).joined(separator: ", ") + "]"
        case .atLeast(let bound): ">= \(formatNumber(bound))"
        case .atMost(let bound): "<= \(formatNumber(bound))"
        case .approximately(let value, let tolerance): "≈ \(value) ± \(formatNumber(tolerance))"
        case .contains(let name): "contains \(name)"
        }
    }
}

/// Expectations that apply to the combinations a `when` matches.
struct WhereClause: Sendable {
    var when: [Axis: AxisValue]
    var expect: [Expectation]
    /// Where the clause stands in its file, and its key path, for warnings.
    var place: MatrixPlace? = nil
}

/// A position and key path in a matrix file, kept for warnings found after decoding.
struct MatrixPlace: Sendable, Equatable {
    var position: SourcePosition
    var keyPath: String
}

/// Combinations marked as not run, with the reason; an empty `when` matches every combination.
struct NotRunRule: Sendable {
    var when: [Axis: AxisValue]
    var reason: String
}

/// A release checklist item and the poses that must pass for it to be signed off.
struct ChecklistItem: Sendable, Hashable {
    /// What no item's id may start with: sign-off names the exploration's invariants `invariant:NAME`.
    static let reservedPrefix = "invariant:"

    var id: String
    var text: String
    var poses: [String]
}

extension Dictionary where Key == Axis, Value == AxisValue {
    /// Whether every axis named here has this value in the case's settings.
    func matches(_ settings: CaseSettings) -> Bool {
        allSatisfy { axis, value in settings.value(of: axis) == value }
    }
}

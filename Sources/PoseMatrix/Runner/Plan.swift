/// The ordered, immutable list of cases a run will evaluate: one pose × one combination of axis values.
///
/// Cases are not stored: each group knows its axes, and a case is computed from its
/// index, so a plan of a million cases costs a few bytes a group.
public struct Plan: Sendable {
    /// One matrix entry with the axes it runs over after merging and filtering.
    struct Group: Sendable {
        var entry: PoseEntry
        /// Axes in naming order: the top-level ones, then the entry's own.
        var axes: [AxisSpec]
        /// Index of the group's first case in the plan.
        var firstCase: Int
        var caseCount: Int
    }

    private(set) var groups: [Group] = []
    /// The plan indices kept when the filter keeps only cases whose id contains a text, in order; nil keeps every one.
    private var selection: [Int]?
    /// What each group needs to make its cases, one reference a group (``CaseMaker``).
    private var makers: [CaseMaker] = []
    /// Cases of the matrix's poses; the exploration's invariants are not cases (``InvariantResult``).
    public private(set) var count = 0
    /// The exploration the run checks beside its cases; only a run of the whole matrix (no --pose or --where) has it.
    private(set) var exploration: Exploration?
    /// The invariants the exploration checks, 0 without one.
    var invariantCount: Int { exploration?.invariants.count ?? 0 }

    /// The most cases a plan may hold unless the user raises the limit.
    static let defaultMaximumCases = 5_000_000

    /// Expands a matrix into its cases: sorted by pose number, then by entry order, then by
    /// axis values in the order the file gives them (the first axis varies slowest).
    /// Every case of a matrix, unfiltered, up to the default cap: the library's entry point for a
    /// runner of its own (Benchmarks/Peer).
    public init(matrix: Matrix) throws(PlanError) {
        try self.init(matrix: matrix, filter: PlanFilter())
    }

    init(matrix: Matrix, filter: PlanFilter = PlanFilter(), maximumCases: Int = Plan.defaultMaximumCases)
        throws(PlanError)
    {
        let ordered = matrix.poses.enumerated().sorted {
            ($0.element.pose.number, $0.offset) < ($1.element.pose.number, $1.offset)
        }
        var total = 0
        for (_, entry) in ordered {
            if let poses = filter.poses, !poses.contains(entry.pose.id) { continue }
            var axes = Self.mergedAxes(top: matrix.axes, entry: entry)
            guard Self.restrict(&axes, by: filter, entry: entry, app: matrix.app) else { continue }
            var size = 1
            for spec in axes {
                let (product, overflow) = size.multipliedReportingOverflow(by: spec.values.count)
                size = overflow ? Int.max : product
            }
            let (sum, overflow) = total.addingReportingOverflow(size)
            total = overflow ? Int.max : sum
            if total > maximumCases {
                throw .tooManyCases(count: Self.expandedCount(of: matrix), maximum: maximumCases)
            }
            groups.append(Group(entry: entry, axes: axes, firstCase: total - size, caseCount: size))
            makers.append(CaseMaker(entry: entry, axes: axes, firstCase: total - size))
        }
        count = total
        if let text = filter.idContains {
            let kept = (0..<total).filter { makers[group(of: $0)].testCase(at: $0).id.contains(text) }
            (selection, count) = (kept, kept.count)
        }
        if filter.poses == nil, filter.values.isEmpty, filter.idContains == nil { exploration = matrix.exploration }
    }

    /// How many cases the whole matrix (or its entries of one pose) expands to, or nil past `Int.max`
    /// or for a pose it has no entry of; counted, never built.
    static func expandedCount(of matrix: Matrix, pose: String? = nil) -> Int? {
        var total = 0
        let entries = matrix.poses.filter { pose == nil || $0.pose.id == pose }
        if pose != nil && entries.isEmpty { return nil }
        for entry in entries {
            var size = 1
            for spec in mergedAxes(top: matrix.axes, entry: entry) {
                let (product, overflow) = size.multipliedReportingOverflow(by: spec.values.count)
                guard !overflow else { return nil }
                size = product
            }
            let (sum, overflow) = total.addingReportingOverflow(size)
            guard !overflow else { return nil }
            total = sum
        }
        return total
    }

    /// Top-level axes, replaced or extended by the entry's own; axes the pose sets itself are dropped.
    static func mergedAxes(top: [AxisSpec], entry: PoseEntry) -> [AxisSpec] {
        var axes = top.filter { spec in entry.pose.fixed[spec.axis] == nil }
        for spec in entry.axes {
            if let index = axes.firstIndex(where: { $0.axis == spec.axis }) {
                axes[index] = spec
            } else {
                axes.append(spec)
            }
        }
        return axes
    }

    /// Narrows the axes to the filter's values; false when no case of the entry can match.
    private static func restrict(_ axes: inout [AxisSpec], by filter: PlanFilter, entry: PoseEntry, app: App) -> Bool {
        for (axis, allowed) in filter.values {
            if let index = axes.firstIndex(where: { $0.axis == axis }) {
                axes[index].values = axes[index].values.filter(allowed.contains)
                if axes[index].values.isEmpty { return false }
            } else {
                var settings = CaseSettings(values: [:], app: app)
                for (fixedAxis, value) in entry.pose.fixed { settings.set(fixedAxis, value) }
                guard let value = settings.value(of: axis), allowed.contains(value) else { return false }
            }
        }
        return true
    }

    /// The case at a position in the plan.
    public func testCase(at index: Int) -> TestCase {
        guard let selection else { return makers[group(of: index)].testCase(at: index) }
        let kept = selection[index]
        return makers[group(of: kept)].testCase(at: kept, position: index)
    }

    /// The group holding a case of the whole (unselected) numbering.
    private func group(of index: Int) -> Int {
        var low = 0
        var high = groups.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if groups[middle].firstCase <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// Which cases of a matrix to run: `--pose` and `--where`.
struct PlanFilter: Sendable {
    /// Pose ids to keep, or nil for all.
    var poses: Set<String>?
    /// Axis values to keep; several values of one axis are alternatives.
    var values: [Axis: [AxisValue]]
    /// A text the kept cases' ids contain (Bazel's `--test_filter`), or nil for all.
    var idContains: String?

    init(poses: Set<String>? = nil, values: [Axis: [AxisValue]] = [:], idContains: String? = nil) {
        self.poses = poses
        self.values = values
        self.idContains = idContains
    }
}

/// Why a plan could not be made.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The matrix (or the part --pose and --where leave) is larger than the limit: its full count, or nil past Int.max.
    case tooManyCases(count: Int?, maximum: Int)

    public var description: String {
        switch self {
        case .tooManyCases(let count, let maximum):
            "the matrix expands to " + (count.map { "\($0) cases" } ?? "more cases than can be counted")
                + ", more than the limit of \(maximum); narrow it with --pose or --where, or raise --max-cases"
        }
    }
}

/// One case of the plan: a pose entry and one value for each of its axes.
public struct TestCase: Sendable {
    let index: Int
    /// The case's index in its group's numbering, from which its values are read.
    let valueIndex: Int
    /// The group's maker, holding its entry: a case retains it once, where a copy of the entry retained its every field.
    let maker: CaseMaker
    var entry: PoseEntry { maker.entry }
    /// Axis values in naming order, read from the index when asked (``CaseMaker``).
    var values: [(Axis, AxisValue)] { maker.values(at: valueIndex) }
    /// The same values as reports write them, with their axes' names.
    var entries: [AxisEntry] { maker.entries(at: valueIndex) }
    /// The same values read into settings by the plan, for ``settings(app:)`` to take.
    let axisSettings: CaseSettings
    /// The stable, unique name: `P5 [profile=device, layoutDirection=rightToLeft]`; made by the plan
    /// from pieces it keeps (``CaseIdPieces``).
    let id: String

    /// The values as reports write them.
    var texts: [String] { entries.map(\.value) }

    /// The settings the model runs with: the axis values over the app's defaults and the pose's own.
    func settings(app: App) -> CaseSettings {
        var settings = CaseSettings()
        settings.linkedSDK = app.linkedSDK  // as `CaseSettings(values:app:)`, without copying the app
        for axis in maker.axisNames { settings.take(axis, from: axisSettings) }
        for (axis, value) in entry.pose.fixed { settings.set(axis, value) }
        return settings
    }
}

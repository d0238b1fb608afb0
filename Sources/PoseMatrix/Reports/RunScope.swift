/// What narrowed a run, as its `results.jsonl` header records it, so that `signoff` and
/// `merge` can tell a partial run from a whole one.
struct RunScope: Sendable, Equatable {
    /// `--pose`, in catalogue order; empty when not given.
    var poses: [String] = []
    /// `--where`, axis by axis in the order given; empty when not given.
    var values: [(axis: Axis, values: [AxisValue])] = []
    /// `--max-cases`, when given (a limit, which refuses a plan rather than cutting it).
    var maxCases: Int?
    /// The text kept cases' ids contain (Bazel's `--test_filter`, `TESTBRIDGE_TEST_ONLY`), when given.
    var idContains: String?
    /// Cases the whole matrix plans, when `--pose` or `--where` left fewer.
    var matrixCases: Int?
    /// The same, pose by pose in catalogue order, so that sign-off can say of an item how many of
    /// its cases ran (`partial (8 of 24 cases ran)`).
    var matrixCasesByPose: [(pose: String, cases: Int)] = []

    /// The whole matrix's cases on these poses, when the header says.
    func matrixCases(on poses: [String]) -> Int? {
        guard !matrixCasesByPose.isEmpty else { return nil }
        return matrixCasesByPose.filter { poses.contains($0.pose) }.map(\.cases).reduce(0, +)
    }

    init() {}

    /// Whether `--pose` or `--where` left out cases of the matrix.
    var isFiltered: Bool { !poses.isEmpty || !values.isEmpty || idContains != nil }

    /// `--pose P1,P5 --where profile=device`, as a person would type it.
    var arguments: String {
        var parts: [String] = []
        if !poses.isEmpty { parts.append("--pose " + poses.joined(separator: ",")) }
        for (axis, values) in values {
            parts += values.map { "--where \(axis.rawValue)=\($0.description)" }
        }
        if let maxCases { parts.append("--max-cases \(maxCases)") }
        if let idContains { parts.append("TESTBRIDGE_TEST_ONLY=" + idContains) }
        return parts.joined(separator: " ")
    }

    /// Whether another run was narrowed to the same cases: the same poses, axis values and test filter.
    func narrowsAlike(_ other: RunScope) -> Bool {
        poses == other.poses && idContains == other.idContains && values.map(\.axis) == other.values.map(\.axis)
            && values.map(\.values) == other.values.map(\.values)
    }

    /// Whether a case of this pose, with these values (as reports write them) and id, is one the
    /// run kept; an axis the case does not name is taken at `defaults`.
    func contains(pose: String, values: [String: String], id: String, defaults: (String) -> String?) -> Bool {
        guard poses.isEmpty || poses.contains(pose) else { return false }
        for (axis, allowed) in self.values {
            guard let value = values[axis.rawValue] ?? defaults(axis.rawValue),
                allowed.contains(where: { $0.description == value })
            else { return false }
        }
        return idContains.map(id.contains) ?? true
    }

    static func == (lhs: RunScope, rhs: RunScope) -> Bool {
        lhs.poses == rhs.poses && lhs.maxCases == rhs.maxCases && lhs.matrixCases == rhs.matrixCases
            && lhs.idContains == rhs.idContains && lhs.matrixCasesByPose.map(\.pose) == rhs.matrixCasesByPose.map(\.pose)
            && lhs.matrixCasesByPose.map(\.cases) == rhs.matrixCasesByPose.map(\.cases)
            && lhs.values.map(\.axis) == rhs.values.map(\.axis) && lhs.values.map(\.values) == rhs.values.map(\.values)
    }
}

extension RunHeader {
    /// "57 of 120 planned cases": the cases run against the cases the whole matrix plans.
    func coverage(cases: Int) -> String {
        "\(cases) of " + counted(scope.matrixCases ?? planCases, "planned case")
    }
}

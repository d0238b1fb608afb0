/// Matches a case of one run to a case of an earlier run that has no case of its id: the case of
/// the same pose and title whose values are this case's, an axis only one of them names taken at
/// the default its run recorded — the earlier case before an axis was added (or after one was
/// removed). An axis without a default (`hingeAngle`, `splitSide`) matches nothing. `--baseline`
/// and `trend` both match this way.
struct AcrossAxes: Sendable {
    /// The earlier run's header and the later run's, for their axis defaults.
    let earlier: RunHeader
    let later: RunHeader?
    /// The earlier run's cases by pose and title, with their values (made on the first miss).
    private var byLabel: [String: [(values: [String: String], id: String)]]?
    /// How many cases were matched this way, and the axes they were matched across, in the order met.
    private(set) var matched = 0
    private(set) var axes: [String] = []

    init(earlier: RunHeader, later: RunHeader?) {
        self.earlier = earlier
        self.later = later
    }

    /// The earlier case `id` matches, among `earlierIDs` and not `taken`, or nil; `values` are the
    /// case's axis values when the caller has them (else read from the id).
    mutating func match(
        _ id: String, values: [String: String]? = nil, earlierIDs: () -> [String], taken: (String) -> Bool
    ) -> String? {
        if byLabel == nil {
            var index: [String: [(values: [String: String], id: String)]] = [:]
            for id in earlierIDs().sorted() {
                let parsed = CaseResult.parseID(id)
                index[parsed.label, default: []].append((parsed.values, id))
            }
            byLabel = index
        }
        var parsed = CaseResult.parseID(id)
        if let values { parsed.values = values }
        let now = later?.axisDefault ?? { _ in nil }
        for candidate in byLabel?[parsed.label] ?? [] where !taken(candidate.id) {
            let union = Set(parsed.values.keys).union(candidate.values.keys)
            let same = union.allSatisfy { axis in
                guard let mine = parsed.values[axis] ?? now(axis),
                    let theirs = candidate.values[axis] ?? earlier.axisDefault(axis)
                else { return false }
                return mine == theirs
            }
            guard same else { continue }
            matched += 1
            for axis in union.subtracting(Set(parsed.values.keys).intersection(candidate.values.keys)).sorted()
            where !axes.contains(axis) {
                axes.append(axis)
            }
            return candidate.id
        }
        return nil
    }
}

/// Reading the nights: each results file whole, in the order given (or by the time its header
/// records), each case matched to a case of the night before.
extension Trend {
    /// Reads `paths` as nights of one matrix, refusing a shard, another matrix or other trust
    /// levels with the file and line, as `merge` and `--baseline` do.
    static func read(_ paths: [String], byTime: Bool = false) throws(ResultsError) -> Trend {
        var ordered = paths
        if byTime {
            var times: [String: String] = [:]
            for path in paths { times[path] = try ResultsReader(path: path, hashing: false).header.generatedAt }
            ordered = paths.enumerated().sorted { (times[$0.element]!, $0.offset) < (times[$1.element]!, $1.offset) }
                .map(\.element)
        }
        var trend: Trend?
        var before: (path: String, header: RunHeader)?
        for path in ordered {
            let reader = try ResultsReader(path: path, hashing: false)
            let header = reader.header
            if let shard = header.shard, shard.total > 1 {
                throw ResultsError(
                    file: path, line: 1,
                    message: "is shard \(shard) of a run; a trend reads whole nights: give each night's merged results")
            }
            if let first = before { try check(header, path: path, against: first) }
            var nightTrend = trend ?? Trend(matrixName: header.matrixName)
            try nightTrend.read(reader, path: path, before: before?.header)
            trend = nightTrend
            before = (path, header)
        }
        return trend ?? Trend(matrixName: "")
    }

    /// Refuses a night that does not compare with the one before it: another matrix, other trust levels.
    private static func check(_ header: RunHeader, path: String, against before: (path: String, header: RunHeader))
        throws(ResultsError)
    {
        guard header.matrixName == before.header.matrixName else {
            throw ResultsError(
                file: path, line: 1,
                message:
                    "is a run of \"\(header.matrixName)\", \(before.path) of \"\(before.header.matrixName)\": a trend follows one matrix"
            )
        }
        guard header.trust == before.header.trust else {
            throw ResultsError(
                file: path, line: 1,
                message: "was run trusting \(header.trust), \(before.path) trusting \(before.header.trust): a case passed in one "
                    + "is not run in the other, so their statuses do not compare")
        }
    }

    /// Reads one night, matching its cases to the night before's.
    private mutating func read(_ reader: ResultsReader, path: String, before: RunHeader?) throws(ResultsError) {
        let header = reader.header
        begin(
            Night(path: path, generatedAt: header.generatedAt, toolVersion: header.toolVersion, matrixSHA256: header.matrixSHA256)
        )
        var matcher = NightMatcher(previous: current, before: before, now: header)
        var next: [String: Int] = [:]
        next.reserveCapacity(current.count)
        while let result = try reader.next() {
            next[result.id] = add(id: result.id, pose: result.pose, status: result.status, track: matcher.match(result.id))
        }
        finishNight(removed: nights.count > 1 ? matcher.unmatched : 0)
        current = next
    }
}

/// Matches a night's case ids to the night before's: the same id, or across axes (``AcrossAxes``).
struct NightMatcher {
    private let previous: [String: Int]
    private var matched: Set<String> = []
    private var acrossAxes: AcrossAxes?

    init(previous: [String: Int], before: RunHeader?, now: RunHeader) {
        self.previous = previous
        matched.reserveCapacity(previous.count)
        acrossAxes = before.map { AcrossAxes(earlier: $0, later: now) }
    }

    /// The cases of the night before that no case of this night matched.
    var unmatched: Int { previous.count - matched.count }

    /// The track of the night before's matching case, or nil for a case new to the plan.
    mutating func match(_ id: String) -> Int? {
        let previous = self.previous
        let matched = self.matched
        let found =
            previous[id] != nil && !matched.contains(id)
            ? id : acrossAxes?.match(id, earlierIDs: { Array(previous.keys) }, taken: { matched.contains($0) })
        guard let found else { return nil }
        self.matched.insert(found)
        return previous[found]
    }
}

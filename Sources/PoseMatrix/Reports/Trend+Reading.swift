/// Reading the nights: each results file whole, in the order given (or by the time its header
/// records), each case matched to a case of the night before.
extension Trend {
    /// From this many nights on, the first half and the second are read at once, the second
    /// joined onto the first (``join(_:firstPlaces:matching:)``); fewer are read one after another.
    static let halvesFrom = 4

    /// Reads `paths` as nights of one matrix, refusing a shard, another matrix or other trust
    /// levels with the file and line, as `merge` and `--baseline` do: the first file refused in
    /// the order read, whichever way the nights were read.
    static func read(_ paths: [String], byTime: Bool = false) throws(ResultsError) -> Trend {
        let ordered = byTime ? try sortedByTime(paths) : paths
        guard ordered.count >= halvesFrom else {
            let stretch = TrendStretch.read(ordered[...])
            if let error = stretch.error { throw error }
            return stretch.trend
        }
        let middle = ordered.count / 2
        let (earlier, later) = bothAtOnce(
            { TrendStretch.read(ordered[..<middle]) }, { TrendStretch.read(ordered[middle...], keepingFirst: true) })
        var stretch = earlier
        try stretch.append(later)
        return stretch.trend
    }

    /// The paths in the order of the times their headers record; the order given where two are equal.
    private static func sortedByTime(_ paths: [String]) throws(ResultsError) -> [String] {
        var times: [String: String] = [:]
        for path in paths { times[path] = try ResultsReader(path: path, hashing: false).header.generatedAt }
        return paths.enumerated().sorted { (times[$0.element]!, $0.offset) < (times[$1.element]!, $1.offset) }.map(\.element)
    }

    /// Refuses a night that does not compare with the one before it: another matrix, other trust levels.
    static func check(_ header: RunHeader, path: String, against before: (path: String, header: RunHeader))
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

    /// Reads one night, matching its cases to the night before's: a case whose line has the
    /// identity bytes of the night before's case at its place is that case, its values unread
    /// and its id not looked up (most nights repeat the plan of the night before); any other by id.
    fileprivate mutating func read(_ reader: ResultsReader, path: String, before: RunHeader?) throws(ResultsError) {
        let header = reader.header
        begin(
            Night(path: path, generatedAt: header.generatedAt, toolVersion: header.toolVersion, matrixSHA256: header.matrixSHA256)
        )
        var matcher = NightMatcher(previous: places, before: before, now: header)
        var next = NightPlaces()
        next.reserve(like: places)
        while true {
            let place = next.count
            let known = matcher.unmatched(at: place)
            switch try reader.nextCase(sameAs: known.map { ($0.identity, $0.id) }) {
            case .end:
                finishNight(removed: nights.count > 1 ? matcher.unmatchedCount : 0)
                places = next
                return
            case .same(let status):
                let known = known!  // a case is the same only as one given
                matcher.take(place)
                let track = add(id: known.id, pose: known.pose, status: status, track: known.track)
                next.append(id: known.id, pose: known.pose, identity: known.identity, track: track)
            case .whole(let result, let identity):
                let track = add(id: result.id, pose: result.pose, status: result.status, track: matcher.match(result.id))
                next.append(id: result.id, pose: result.pose, identity: identity, track: track)
            }
        }
    }
}

/// Nights read one after another: their trend, the first and last nights' headers, the first
/// night's cases when asked for (what joins the stretch onto the nights before it), and the
/// refusal that stopped the reading, if one did.
struct TrendStretch: Sendable {
    var trend = Trend(matrixName: "")
    var first: (path: String, header: RunHeader)?
    /// The first night's case ids and tracks (their identity bytes left out), when kept.
    var firstPlaces = NightPlaces()
    private var keepsFirst = false
    var last: (path: String, header: RunHeader)?
    var error: ResultsError?

    /// Reads `paths` in order, up to the first refused; `keepingFirst` keeps the first night's cases.
    static func read(_ paths: ArraySlice<String>, keepingFirst: Bool = false) -> TrendStretch {
        var stretch = TrendStretch()
        stretch.keepsFirst = keepingFirst
        do throws(ResultsError) {
            for path in paths { try stretch.read(path) }
        } catch {
            stretch.error = error
        }
        return stretch
    }

    private mutating func read(_ path: String) throws(ResultsError) {
        let reader = try ResultsReader(path: path, hashing: false)
        let header = reader.header
        if let shard = header.shard, shard.total > 1 {
            throw ResultsError(
                file: path, line: 1,
                message: "is shard \(shard) of a run; a trend reads whole nights: give each night's merged results")
        }
        if let last { try Trend.check(header, path: path, against: last) } else { trend.matrixName = header.matrixName }
        if first == nil { first = (path, header) }
        try trend.read(reader, path: path, before: last?.header)
        if keepsFirst && trend.nights.count == 1 { firstPlaces = trend.places.withoutIdentities() }
        last = (path, header)
    }

    /// Joins `later`, the nights after these, onto them; refuses it as reading its nights after
    /// these would have: its first file's own refusal, that file against these nights' last, or
    /// the refusal that stopped it.
    mutating func append(_ later: TrendStretch) throws(ResultsError) {
        if let error { throw error }
        guard let laterFirst = later.first else {
            if let error = later.error { throw error }
            return
        }
        guard let last else {
            self = later
            return
        }
        try Trend.check(laterFirst.header, path: laterFirst.path, against: last)
        if let error = later.error { throw error }
        let matcher = NightMatcher(previous: trend.places, before: last.header, now: laterFirst.header)
        trend.join(later.trend, firstPlaces: later.firstPlaces, matching: matcher)
        self.last = later.last
    }
}

/// Nights of one matrix side by side (`duo-pose trend`): each night's counts, each pose's counts
/// per night, and the cases whose verdict changed, matched from night to night as `--baseline`
/// matches a run to the night before (by id, or across an axis one night has and the other has
/// not, at its default).
///
/// Memory does not grow with the nights beyond their one-line summaries: a case keeps its first
/// and last verdicts and when it changed, not a status per night.
struct Trend: Sendable {
    /// Cases listed per class; the rest are counted.
    static let listedLimit = 50

    /// One results file: where it came from and what it counted.
    struct Night: Sendable, Equatable {
        var path: String
        var generatedAt: String
        var toolVersion: String
        var matrixSHA256: String
        /// The night's passed, failed (errors included) and not-run counts.
        var totals = Counts()
        /// Cases that no case of the night before matches, and cases of the night before that
        /// no case of this night matches: the plan changed when either is not zero.
        var added = 0
        var removed = 0
        /// Each pose's passed, failed (errors included) and not-run counts.
        var poses: [String: Counts] = [:]

        var passed: Int { totals.passed }
        var failed: Int { totals.failed }
        var notRun: Int { totals.notRun }
        var cases: Int { passed + failed + notRun }
        var planChanged: Bool { added > 0 || removed > 0 }

        /// Counts a case of this night, and in its pose.
        mutating func count(_ status: CaseResult.Status, pose: String) {
            poses[pose, default: Counts()].count(status)
            totals.count(status)
        }
    }

    /// Passed, failed and not run.
    struct Counts: Sendable, Equatable {
        var passed = 0
        var failed = 0
        var notRun = 0

        mutating func count(_ status: CaseResult.Status) {
            switch status {
            case .passed: passed += 1
            case .failed, .error: failed += 1
            case .notRun: notRun += 1
            }
        }
    }

    /// Passing or failing: what a change of verdict is between (a night a case is not run
    /// changes neither).
    enum Verdict: Sendable, Equatable {
        case passing, failing
    }

    /// One case followed across the nights.
    struct Track: Sendable, Equatable {
        /// Its id on the last night it ran.
        var id: String
        /// Its last verdict, and its first with the night (1-based) it was given: what a trend of
        /// the nights before joins onto (``append(_:)``).
        var verdict: Verdict?
        var firstVerdict: (verdict: Verdict, night: Int)?
        /// The last night (1-based) it ran on.
        var lastSeen = 0
        /// How many times its verdict changed, and the first and last nights (1-based) it did.
        var changes = 0
        var firstChange = 0
        var lastChange = 0

        static func == (one: Track, other: Track) -> Bool {
            (one.id, one.verdict, one.lastSeen, one.changes, one.firstChange, one.lastChange)
                == (other.id, other.verdict, other.lastSeen, other.changes, other.firstChange, other.lastChange)
                && one.firstVerdict?.verdict == other.firstVerdict?.verdict
                && one.firstVerdict?.night == other.firstVerdict?.night
        }
    }

    /// A case whose verdict changed: its id, the night it first and last changed, how often.
    struct Change: Sendable, Equatable {
        var id: String
        var firstNight: Int
        var lastNight: Int
        var changes: Int
    }

    /// The cases of one class of change: how many, and the first listed in id order.
    struct Group: Sendable, Equatable {
        var count = 0
        var listed: [Change] = []
    }

    var matrixName: String
    var nights: [Night] = []
    var tracks: [Track] = []
    /// The last night read's cases, by their place in its file.
    var places = NightPlaces()

    init(matrixName: String) {
        self.matrixName = matrixName
    }

    /// The three classes of change, by name.
    typealias Changes = (newlyFailing: Group, fixed: Group, flaky: Group)

    /// The cases whose verdict changed, in three classes: newly failing (failing on the last night
    /// after passing before, changed once or twice), fixed (the same, passing), both among the
    /// last night's cases; and flaky (changed three times or more, whichever way it ended and
    /// whether or not the last night still has it). One pass over the tracks makes all three.
    var changes: Changes {
        var members: (newlyFailing: [Track], fixed: [Track], flaky: [Track]) = ([], [], [])
        for track in tracks where track.changes > 0 {
            if track.changes >= 3 {
                members.flaky.append(track)
            } else if track.lastSeen == nights.count {
                if track.verdict == .failing { members.newlyFailing.append(track) } else { members.fixed.append(track) }
            }
        }
        return (Self.group(members.newlyFailing), Self.group(members.fixed), Self.group(members.flaky))
    }

    var newlyFailing: Group { changes.newlyFailing }
    var fixed: Group { changes.fixed }
    var flaky: Group { changes.flaky }

    private static func group(_ members: [Track]) -> Group {
        let listed = members.sorted { $0.id < $1.id }.prefix(listedLimit).map {
            Change(id: $0.id, firstNight: $0.firstChange, lastNight: $0.lastChange, changes: $0.changes)
        }
        return Group(count: members.count, listed: Array(listed))
    }

    /// Begins a night: later calls of ``add(id:pose:status:track:)`` count toward it.
    mutating func begin(_ night: Night) {
        nights.append(night)
    }

    /// Counts one case of the current night, on `track` (a case of the night before it matched),
    /// or on a new track; returns the track.
    mutating func add(id: String, pose: String, status: CaseResult.Status, track: Int?) -> Int {
        let index = track ?? tracks.count
        if track == nil {
            tracks.append(Track(id: id))
            if nights.count > 1 { nights[nights.count - 1].added += 1 }
        }
        nights[nights.count - 1].count(status, pose: pose)
        tracks[index].id = id
        tracks[index].lastSeen = nights.count
        guard status != .notRun else { return index }
        let verdict: Verdict = status == .passed ? .passing : .failing
        if tracks[index].firstVerdict == nil { tracks[index].firstVerdict = (verdict, nights.count) }
        if let before = tracks[index].verdict, before != verdict {
            tracks[index].changes += 1
            if tracks[index].firstChange == 0 { tracks[index].firstChange = nights.count }
            tracks[index].lastChange = nights.count
        }
        tracks[index].verdict = verdict
        return index
    }

    /// Records the cases of the night before that no case of this night matched.
    mutating func finishNight(removed: Int) {
        nights[nights.count - 1].removed = removed
    }
}

/// Failures grouped by pose, observable and expected → actual, counted as the results stream
/// past, with the axis values every case of a group shares: what a person reads before any list
/// of cases. Memory is bounded whatever the run's size: each pose keeps at most
/// `groupLimitPerPose` groups, and failures that would open another are counted, not kept.
struct FailureDigest: Sendable {
    /// Distinct groups kept per pose.
    static let groupLimitPerPose = 64
    /// Poses tracked: the catalogue fits; only a forged results file has more.
    static let poseLimit = 32

    /// What a group's cases failed on: an observable's expected and actual value, or, with no
    /// observable, the reason of a case that ended in an error.
    struct Key: Sendable, Hashable {
        var pose: String
        var observable: String?
        var expected: String
        var actual: String
    }

    /// One group: its key, how many cases fall in it, and what every one of them shares that
    /// not every case of its pose does ("hingeAngle ≥ 175", "profile=device").
    struct Group: Sendable, Equatable {
        var key: Key
        var count: Int
        var shared: [String]
    }

    /// The groups a report shows, and what it leaves out.
    struct Selection: Sendable, Equatable {
        var groups: [Group]
        /// Groups kept but not shown.
        var hiddenGroups: Int
        /// Failures not shown: those of hidden groups and those past the limit of groups per pose.
        var hiddenFailures: Int
    }

    private struct GroupState: Sendable {
        var key: Key
        var count = 0
        var spread = ValueSpread()
    }

    private struct PoseState: Sendable {
        var pose: String
        var spread = ValueSpread()
        var groups = 0
        /// Failures of this pose in groups past the limit.
        var uncounted = 0
    }

    private var poses: [PoseState] = []
    private var poseIndex: [String: Int] = [:]
    private var groups: [GroupState] = []
    private var groupIndex: [Key: Int] = [:]
    /// Failures of poses past `poseLimit`.
    private var uncounted = 0
    /// The last failing case's pose, failures and reason, and the group each of its failures
    /// went to (nil past the limit): neighbouring cases mostly fail alike, and making and hashing
    /// their keys again was most of this digest's time.
    private var lastFailing: (pose: Int, failures: [CaseResult.Failure], reason: String?, groups: [Int?])?
    /// The current case's title and values as the spreads take them, kept from case to case:
    /// only a value that changed is parsed again (parsing every value for every spread it went
    /// to was a third of this digest's time).
    private var values = ValueSpread.CaseValues()

    init() {}

    /// Whether any failure was counted.
    var isEmpty: Bool { groups.isEmpty && uncounted == 0 && poses.allSatisfy { $0.uncounted == 0 } }

    /// Counts one case: every case widens its pose's spread of values; a failed or errored case
    /// adds to the group of each of its failures.
    mutating func add(_ result: CaseResult) {
        let failing = result.status == .failed || result.status == .error
        guard let pose = index(of: result.pose) else {
            if failing { uncounted += max(1, result.failures.count) }
            return
        }
        values.update(from: result)
        poses[pose].spread.add(values)
        guard failing else { return }
        let failures = result.status == .failed ? result.failures : []
        if let last = lastFailing, last.pose == pose, last.reason.hasSameBytes(as: result.reason), last.failures == failures {
            for group in last.groups { count(in: group, pose: pose) }
            return
        }
        var groups: [Int?] = []
        if result.status == .error || result.failures.isEmpty {
            // A pinned case that came back otherwise: expectStatus, expected its pin, actual what changed.
            let key = Key(
                pose: result.pose, observable: result.pinned.map { _ in "expectStatus" },
                expected: result.pinned?.rawValue ?? "", actual: result.reason ?? "")
            groups.append(group(key, pose: pose))
        }
        for failure in failures {
            let key = Key(
                pose: result.pose, observable: failure.observable.rawValue, expected: failure.expected.description,
                actual: failure.actual.description)
            groups.append(group(key, pose: pose))
        }
        for group in groups { count(in: group, pose: pose) }
        lastFailing = (pose, failures, result.reason, groups)
    }

    private mutating func index(of pose: String) -> Int? {
        if let last = poses.indices.last, poses[last].pose == pose { return last }  // cases come pose by pose
        if let known = poseIndex[pose] { return known }
        guard poses.count < Self.poseLimit else { return nil }
        poseIndex[pose] = poses.count
        poses.append(PoseState(pose: pose))
        return poses.count - 1
    }

    /// The group of a key, opened if new; nil when the pose has all the groups it may keep.
    private mutating func group(_ key: Key, pose: Int) -> Int? {
        if let known = groupIndex[key] { return known }
        guard poses[pose].groups < Self.groupLimitPerPose else { return nil }
        poses[pose].groups += 1
        groupIndex[key] = groups.count
        groups.append(GroupState(key: key))
        return groups.count - 1
    }

    /// Counts the current case in a group, or as a failure past the pose's groups.
    private mutating func count(in group: Int?, pose: Int) {
        guard let group else {
            poses[pose].uncounted += 1
            return
        }
        groups[group].count += 1
        groups[group].spread.add(values)
    }

    /// Every kept group, largest first, then by pose, observable, expected and actual.
    var allGroups: [Group] {
        let spreads = Dictionary(uniqueKeysWithValues: poses.map { ($0.pose, $0.spread) })
        return groups.map { state in
            Group(key: state.key, count: state.count, shared: state.spread.shared(against: spreads[state.key.pose]!))
        }.sorted(by: Self.precedes)
    }

    /// The `limit` largest groups and, past them, the largest group of every other pose with
    /// failures, so that no failing pose goes unseen; in the same order.
    func largest(_ limit: Int) -> Selection {
        let all = allGroups
        var shownPoses: Set<String> = []
        var shown: [Group] = []
        var hiddenFailures = uncounted + poses.reduce(0) { $0 + $1.uncounted }
        for (position, group) in all.enumerated() {
            if position < limit || !shownPoses.contains(group.key.pose) {
                shown.append(group)
                shownPoses.insert(group.key.pose)
            } else {
                hiddenFailures += group.count
            }
        }
        return Selection(groups: shown, hiddenGroups: all.count - shown.count, hiddenFailures: hiddenFailures)
    }

    /// Count descending, then pose (P2 before P10, a name not in the catalogue last), observable, expected, actual.
    static func precedes(_ left: Group, _ right: Group) -> Bool {
        if left.count != right.count { return left.count > right.count }
        let (a, b) = (left.key, right.key)
        if a.pose != b.pose { return poseOrder(a.pose) < poseOrder(b.pose) }
        if a.observable != b.observable { return (a.observable ?? "\u{10FFFF}") < (b.observable ?? "\u{10FFFF}") }
        if a.expected != b.expected { return a.expected < b.expected }
        return a.actual < b.actual
    }

    private static func poseOrder(_ pose: String) -> (Int, String) {
        (Pose.named(pose)?.number ?? Int.max, pose)
    }
}

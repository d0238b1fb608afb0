/// What every report says about the run before its cases: the tool, the matrix and its axes.
struct RunHeader: Sendable {
    var toolVersion: String
    var matrixName: String
    var matrixPath: String
    var matrixSHA256: String
    /// The matrix's top-level axes.
    var axes: [AxisSpec]
    var checklist: [ChecklistItem]
    /// When the run was made, ISO 8601; fixed in deterministic runs.
    var generatedAt: String
    /// Cases in the whole plan, whether or not this run is a shard of it.
    var planCases: Int
    /// Invariants the whole plan's exploration checks: 0 without one, or when --pose or --where
    /// left it out. Of a plan's shards the first carries them all (``invariantsInFile``).
    var planInvariants = 0
    /// The part of the plan this run covers, or nil for all of it.
    var shard: Shard?
    /// The recording the run was evaluated against instead of the model: path and SHA-256.
    var observations: (path: String, sha256: String)?
    /// The provenance levels the run evaluated.
    var trust: Trust = .everything
    /// Whether a case that was not run fails the run (`--strict`).
    var strict = false
    /// Whether only new failures against the baseline fail the run (`--fail-on new`).
    var failOnNew = false
    /// What narrowed the run: `--pose`, `--where`, `--max-cases`.
    var scope = RunScope()
    /// What the app block took from `app.scan`, if the matrix names a tree.
    var appScan: AppScanRecord?
    /// The app the run evaluated, for pictures drawn from results alone (duo-pose's default
    /// choices for results written by 0.2.0 and earlier, which do not record it).
    var app = App()
    /// Whether the header records ``app`` (results written after 0.2.0 do), rather than ``app``
    /// being duo-pose's default choices.
    var appRecorded = true
    /// The value each axis takes where the matrix does not name it, for the axes that have one
    /// (`hingeAngle` and `splitSide` take the steps' own): a baseline matches cases across an axis
    /// one run has and the other has not by it.
    var axisDefaults: [(axis: Axis, value: AxisValue)] = RunHeader.axisDefaults(of: App())

    /// The value each axis takes in a case that does not name it, with this app (its SDK).
    static func axisDefaults(of app: App) -> [(axis: Axis, value: AxisValue)] {
        let settings = CaseSettings(values: [:], app: app)
        return Axis.allCases.compactMap { axis in settings.value(of: axis).map { (axis, $0) } }
    }

    /// The default of one axis, when it has one.
    func axisDefault(_ axis: String) -> String? {
        axisDefaults.first { $0.axis.rawValue == axis }?.value.description
    }

    init(
        loaded: LoadedMatrix, toolVersion: String, generatedAt: String, planCases: Int, shard: Shard? = nil,
        observations: (path: String, sha256: String)? = nil
    ) {
        self.toolVersion = toolVersion
        matrixName = loaded.matrix.name
        matrixPath = loaded.path
        matrixSHA256 = loaded.sha256
        axes = loaded.matrix.axes
        checklist = loaded.matrix.checklist
        axisDefaults = Self.axisDefaults(of: loaded.matrix.app)
        app = loaded.matrix.app
        self.generatedAt = generatedAt
        self.planCases = planCases
        self.shard = shard
        self.observations = observations
    }

    /// A header as read back from a results file.
    init(
        toolVersion: String, matrixName: String, matrixPath: String, matrixSHA256: String, axes: [AxisSpec],
        checklist: [ChecklistItem], generatedAt: String, planCases: Int, shard: Shard?,
        observations: (path: String, sha256: String)?
    ) {
        self.toolVersion = toolVersion
        self.matrixName = matrixName
        self.matrixPath = matrixPath
        self.matrixSHA256 = matrixSHA256
        self.axes = axes
        self.checklist = checklist
        self.generatedAt = generatedAt
        self.planCases = planCases
        self.shard = shard
        self.observations = observations
    }

    /// The invariants a whole file of this run holds: the plan's, in the whole run and its first shard; none in other shards.
    var invariantsInFile: Int { (shard?.index ?? 1) == 1 ? planInvariants : 0 }

    /// The verdict of a run with these totals under this header's `--strict`, `--fail-on` and shard;
    /// `newFailures` is the baseline comparison's count of new failures and newly broken invariants, when there is one.
    func verdict(
        _ counts: Counts, invariants: InvariantCounts = InvariantCounts(), newFailures: Int? = nil, ranElsewhere: Bool = false
    ) -> RunVerdict {
        RunVerdict(
            counts, invariants: invariants, strict: strict, shard: shard, newFailures: failOnNew ? newFailures : nil,
            ranElsewhere: ranElsewhere)
    }

    /// The verdict of a finished run, from its tally.
    func verdict(_ tally: Tally) -> RunVerdict {
        verdict(
            tally.overall, invariants: tally.invariants, newFailures: tally.baseline?.gatingFailures,
            ranElsewhere: tally.ranElsewhere)
    }

    /// The matrix name as a JUnit class-name prefix: "Notes — iPhone Duo" → "notes-iphone-duo".
    var slug: String {
        var slug = ""
        for character in matrixName.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "matrix" : String(slug.prefix(80))
    }
}

/// Counts of a set of cases by status.
struct Counts: Sendable, Equatable {
    var total = 0
    var passed = 0
    var failed = 0
    var notRun = 0
    var errors = 0
    var duration = 0.0

    init() {}

    mutating func add(_ result: CaseResult) {
        total += 1
        duration += result.duration
        switch result.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .notRun: notRun += 1
        case .error: errors += 1
        }
    }

    /// failed when anything failed or errored; not run when nothing ran; passed otherwise.
    var verdict: Verdict {
        if failed + errors > 0 { return .failed }
        if total == 0 || notRun == total { return .notRun }
        return .passed
    }
}

/// Counts of a run's invariants by status.
struct InvariantCounts: Sendable, Equatable {
    var total = 0
    var held = 0
    var broken = 0
    var notRun = 0

    init() {}

    mutating func add(_ result: InvariantResult) {
        total += 1
        switch result.status {
        case .held: held += 1
        case .broken: broken += 1
        case .notRun: notRun += 1
        }
    }
}

/// Running totals for the whole run and for each pose, in the order poses appear.
struct Tally: Sendable {
    /// One pose's counts and the profiles its cases ran under.
    struct PoseCounts: Sendable {
        var pose: String
        var counts = Counts()
        /// Profiles the pose's cases ran under, in order of appearance.
        var profiles: [String] = []
    }

    private(set) var overall = Counts()
    private(set) var poses: [PoseCounts] = []
    /// The exploration's invariants, counted apart from the cases.
    private(set) var invariants = InvariantCounts()
    /// The broken invariants, for the terminal to name after the run.
    private(set) var broken: [InvariantResult] = []
    /// The comparison with a baseline run, when one was given.
    var baseline: BaselineDiff?
    /// The failures grouped, when reports were written.
    var digest: FailureDigest?
    /// For a shard none of whose cases or invariants ran: whether the rest of the plan runs
    /// (``Runner/runsOutsideShard()``), which decides whether the shard says NOT RUN.
    var ranElsewhere = false
    private var poseIndex: [String: Int] = [:]

    init() {}

    /// Counts one case overall and for its pose.
    mutating func add(_ result: CaseResult) {
        overall.add(result)
        let index: Int
        if let last = poses.indices.last, poses[last].pose == result.pose {  // cases come pose by pose
            index = last
        } else if let known = poseIndex[result.pose] {
            index = known
        } else {
            index = poses.count
            poseIndex[result.pose] = index
            poses.append(PoseCounts(pose: result.pose))
        }
        poses[index].counts.add(result)
        if let profile = result.values.first(where: { $0.axis == Axis.profile.rawValue })?.value,
            !poses[index].profiles.contains(profile)
        {
            poses[index].profiles.append(profile)
        }
    }

    /// Counts one invariant.
    mutating func add(_ invariant: InvariantResult) {
        invariants.add(invariant)
        if invariant.status == .broken { broken.append(invariant) }
    }

    /// A pose's counts, if any case of it ran.
    func counts(for pose: String) -> Counts? {
        poseIndex[pose].map { poses[$0].counts }
    }

    /// A checklist item's status: passed only when every one of its poses ran and passed.
    func status(of item: ChecklistItem) -> Verdict {
        let counts = item.poses.map { self.counts(for: $0) ?? Counts() }
        if counts.contains(where: { $0.failed + $0.errors > 0 }) { return .failed }
        if counts.contains(where: { $0.total == 0 || $0.notRun > 0 }) { return .notRun }
        return .passed
    }
}

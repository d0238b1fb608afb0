import Foundation

/// `duo-pose run`: validate every matrix, plan, run in parallel, write the three reports.
enum RunCommand {
    struct Options {
        var output = OutputOptions()
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var filter = PlanFilter()
        var maximumCases = Plan.defaultMaximumCases
        /// Whether --max-cases was given, for the header.
        var maximumCasesGiven = false
        var deterministic = false
        var shard: Shard?
        /// Where the shard came from, for the summary line: "--shard" or the CI engine's variables.
        var shardOrigin: String?
        var observationsPath: String?
        var dryRun = false
        /// `--trust`, which overrides the matrix's `trust` key; both absent trusts everything.
        var trust: Trust?
    }

    /// A command that stops before running, with its exit code; the message is already written.
    private struct Stop: Error {
        var code: Int32
    }

    /// Everything `run` reads before it plans: options, matrices (scanned apps applied), observations, baseline.
    private struct Inputs {
        var options: Options
        var folderNames: [String]
        var loaded: [LoadedMatrix]
        var scans: [String: AppScanRecord]
        var source = ObservationSource.model
        var baseline: BaselineComparison?
    }

    static func execute(_ words: [String], context: Context) async -> Int32 {
        guard let parsed = context.parse(words, .run) else { return DuoPose.ExitCode.usage }
        // Read every input and plan everything before writing anything: a refusal leaves no folder behind.
        let inputs: Inputs
        let plans: [(LoadedMatrix, Plan)]
        do throws(Stop) {
            inputs = try readInputs(parsed, context: context)
            plans = try makePlans(inputs.loaded, options: inputs.options, context: context)
        } catch {
            return error.code
        }
        let options = inputs.options
        // A baseline whose statuses do not compare with this run's is refused before anything is written.
        var baseline = inputs.baseline
        do {
            try baseline?.prepare(
                for: header(plans[0].0, plan: plans[0].1, options: options, source: inputs.source, context: context))
        } catch {
            return context.resultsError(error)
        }
        Bazel.touchShardStatusFile(context.environment)
        let folders = plans.indices.map {
            plans.count == 1 ? options.output.folder : options.output.folder + "/" + inputs.folderNames[$0]
        }
        let summary: JobSummaryFile?
        let locks: [FolderLock]
        do {
            (summary, locks) = try prepareOutputs(folders, options: options, environment: context.environment)
        } catch {
            return context.cannotWrite(error, folder: options.output.folder)
        }
        defer { withExtendedLifetime(locks) {} }
        var worst = DuoPose.ExitCode.success
        for ((matrix, plan), folder) in zip(plans, folders) {
            do {
                let code = try await runOne(
                    matrix, plan: plan, folder: folder, options: options, source: inputs.source, baseline: baseline,
                    summary: summary, scan: inputs.scans[matrix.path], context: context)
                worst = max(worst, code)
            } catch is CancellationError {
                context.stderr.write("duo-pose: interrupted; no report in \(folder) was replaced".oneLine + "\n")
                return DuoPose.ExitCode.interrupted(by: SIGINT)
            } catch {
                return context.cannotWrite(error, folder: folder)
            }
        }
        return worst
    }

    /// Reads the options and every matrix, applies app scans, and reads the observations and the baseline.
    private static func readInputs(_ parsed: ParsedArguments, context: Context) throws(Stop) -> Inputs {
        let options: Options
        let folderNames: [String]
        do throws(UsageError) {
            options = try readOptions(parsed, environment: context.environment)
            if parsed.positionals.count > 1 && (options.output.baselinePath != nil || options.observationsPath != nil) {
                throw UsageError(message: "--baseline and --observations take one matrix", command: .run)
            }
            folderNames = try Self.folderNames(for: parsed.positionals, in: options.output.folder)
            try Self.checkBazelOutput(matrixCount: parsed.positionals.count, options: options, context.environment)
        } catch {
            throw Stop(code: context.usageError(error))
        }
        var loaded: [LoadedMatrix]
        switch context.loadMatrices(parsed.positionals) {
        case .failure(let errors): throw Stop(code: context.matrixErrors(errors))
        case .success(let matrices): loaded = matrices
        }
        var scanCode = DuoPose.ExitCode.success
        guard let (scanned, scans) = applyScans(loaded, context: context, code: &scanCode) else { throw Stop(code: scanCode) }
        loaded = scanned
        var inputs = Inputs(options: options, folderNames: folderNames, loaded: loaded, scans: scans)
        (inputs.source, inputs.baseline) = try readEvidence(options, matrix: loaded[0], context: context)
        return inputs
    }

    /// The recorded observations to evaluate against (checked against the matrix), and the baseline, if given.
    private static func readEvidence(
        _ options: Options, matrix: LoadedMatrix, context: Context
    ) throws(Stop) -> (ObservationSource, BaselineComparison?) {
        var source = ObservationSource.model
        if let path = options.observationsPath {
            do {
                source = .recorded(try RecordedObservations.load(path: path, for: matrix.matrix, matrixPath: matrix.path))
            } catch {
                throw Stop(code: context.observationsError(error))
            }
        }
        let baseline: BaselineComparison?
        do {
            baseline = try options.output.baselinePath.map { path throws(ResultsError) in try BaselineComparison(path: path) }
        } catch {
            throw Stop(code: context.resultsError(error))
        }
        context.warnIfOtherMatrix(baseline, sha256: matrix.sha256)
        return (source, baseline)
    }

    /// One plan per matrix; a plan that cannot be made, or that the filters leave empty, stops the run.
    private static func makePlans(
        _ loaded: [LoadedMatrix], options: Options, context: Context
    ) throws(Stop) -> [(LoadedMatrix, Plan)] {
        var plans: [(LoadedMatrix, Plan)] = []
        for matrix in loaded {
            let plan: Plan
            do {
                plan = try Plan(matrix: matrix.matrix, filter: options.filter, maximumCases: options.maximumCases)
            } catch {
                context.stderr.write("Error: " + "\(matrix.path): \(error)".oneLine + "\n")
                throw Stop(code: DuoPose.ExitCode.invalidInput)
            }
            if plan.count == 0 {
                let what =
                    options.filter.idContains.map {
                        "no case id of \(matrix.path) contains '\($0)' (TESTBRIDGE_TEST_ONLY, bazel test --test_filter)"
                    }
                    ?? "--pose and --where match no case of \(matrix.path)"
                throw Stop(code: context.usageError(UsageError(message: what, command: .run)))
            }
            plans.append((matrix, plan))
        }
        return plans
    }

    private static func runOne(
        _ matrix: LoadedMatrix, plan: Plan, folder: String, options: Options, source: ObservationSource,
        baseline: BaselineComparison?, summary: JobSummaryFile?, scan: AppScanRecord?, context: Context
    ) async throws -> Int32 {
        let trust = options.trust ?? matrix.matrix.trust ?? .everything
        let runner = Runner(
            plan: plan, app: matrix.matrix.app, jobs: options.jobs, deterministic: options.deterministic, shard: options.shard,
            source: source, trust: trust)
        if options.dryRun {
            return try await dryRun(matrix, runner: runner, options: options, baseline: baseline, context: context)
        }
        var header = header(matrix, plan: plan, options: options, source: source, context: context)
        header.appScan = scan
        var reports = try ReportSet(header: header, folder: URL(fileURLWithPath: folder, isDirectory: true), baseline: baseline)
        // Explored first, as the cases' first chunk then notices a signal that came meanwhile; written after the cases.
        let invariants = runner.invariants()
        var progress = Progress(
            total: runner.caseCount, sink: context.showsProgress && !options.output.quiet ? context.progressSink : nil)
        try await runner.run(transform: reports.renderer.render) { rendered in
            let count = rendered.results.count
            try reports.write(rendered)  // its last use: the results move out of it, not copied
            progress.advance(by: count)
        }
        progress.clear()
        try reports.write(invariants: invariants)
        let sofar = reports.tally
        reports.noteRanElsewhere(try ranElsewhere(runner, counts: sofar.overall, invariants: sofar.invariants))
        let tally = try reports.finish()
        if let xmlOutput = Bazel.xmlOutputPath(context.environment) {
            try copyFile(folder + "/" + ReportSet.junitName, to: xmlOutput)
        }
        let label = options.shard.map { " (shard \($0) from \(options.shardOrigin ?? "--shard"))" } ?? ""
        return try options.output.finish(
            header: header, tally: tally, folder: folder, label: label, summary: summary, context: context)
    }

    /// The header a run of this matrix and plan writes (but its app scan record).
    private static func header(
        _ matrix: LoadedMatrix, plan: Plan, options: Options, source: ObservationSource, context: Context
    ) -> RunHeader {
        var recorded: (path: String, sha256: String)?
        if case .recorded(let recording) = source { recorded = (recording.path, recording.sha256) }
        var header = RunHeader(
            loaded: matrix, toolVersion: DuoPose.version,
            generatedAt: timestamp(deterministic: options.deterministic, environment: context.environment),
            planCases: plan.count, shard: options.shard, observations: recorded)
        header.planInvariants = plan.invariantCount
        header.trust = options.trust ?? matrix.matrix.trust ?? .everything
        header.strict = options.output.strict
        header.failOnNew = options.output.failOn == .new
        header.scope = scope(of: matrix.matrix, plan: plan, options: options)
        return header
    }

    /// Opens the job summary, then creates and locks every report folder, before any case runs;
    /// the locks are held until the run ends. A dry run writes nothing and locks nothing. A file
    /// at Bazel's XML_OUTPUT_FILE is checked first, as the reports' are: only duo-pose's JUnit is replaced.
    private static func prepareOutputs(
        _ folders: [String], options: Options, environment: [String: String]
    ) throws -> (JobSummaryFile?, [FolderLock]) {
        guard !options.dryRun else { return (nil, []) }
        if let xmlOutput = Bazel.xmlOutputPath(environment) { try OutputFile.checkReplaceable(xmlOutput, owner: .junit) }
        let summary = try options.output.openSummary()
        var locks: [FolderLock] = []
        for folder in folders {
            try FolderLock.createFolder(folder)
            locks.append(try FolderLock(folder: folder, reports: ReportSet.names))
        }
        return (summary, locks)
    }

    /// What narrowed the run, for the header: the filters as given and the whole matrix's case count.
    static func scope(of matrix: Matrix, plan: Plan, options: Options) -> RunScope {
        var scope = RunScope()
        scope.poses = (options.filter.poses ?? []).sorted { Pose.named($0)!.number < Pose.named($1)!.number }
        scope.values = Axis.allCases.compactMap { axis in options.filter.values[axis].map { (axis, $0) } }
        scope.maxCases = options.maximumCasesGiven ? options.maximumCases : nil
        scope.idContains = options.filter.idContains
        if scope.isFiltered {
            scope.matrixCases = Plan.expandedCount(of: matrix) ?? Int.max
            scope.matrixCasesByPose = Pose.catalogue.compactMap { pose in
                Plan.expandedCount(of: matrix, pose: pose.id).map { (pose.id, $0) }
            }
        }
        return scope
    }

    /// Evaluates every case and prints the verdict, writing nothing; with a baseline, the comparison
    /// and how `--fail-on new` would go, as a preview of the gate.
    private static func dryRun(
        _ matrix: LoadedMatrix, runner: Runner, options: Options, baseline: BaselineComparison?, context: Context
    ) async throws -> Int32 {
        var counts = Counts()
        var comparison = baseline
        try await runner.run { result in
            counts.add(result)
            comparison?.add(result)
        }
        var invariants = InvariantCounts()
        for invariant in runner.invariants() {
            invariants.add(invariant)
            comparison?.add(invariant)
        }
        let diff = comparison?.finish()
        let verdict = RunVerdict(
            counts, invariants: invariants, strict: options.output.strict, shard: options.shard,
            newFailures: options.output.failOn == .new ? diff?.gatingFailures : nil,
            ranElsewhere: try ranElsewhere(runner, counts: counts, invariants: invariants))
        let text =
            ("duo-pose: \(matrix.matrix.name) (dry run, no reports): "
            + verdict.line(counts, invariants: invariants).removing("**")).oneLine + "\n"
            + (diff.map { OutputOptions.baselineLines($0, failOnNew: options.output.failOn == .new) } ?? "")
        if !options.output.quiet {
            context.stdout.write(text)
        } else if !verdict.isSuccess {
            context.stderr.write(text)
        }
        return OutputOptions.exitCode(verdict)
    }

    /// For a shard none of whose cases or invariants ran, whether the rest of the plan runs
    /// (``Runner/runsOutsideShard()``); false otherwise, without evaluating anything.
    private static func ranElsewhere(_ runner: Runner, counts: Counts, invariants: InvariantCounts) throws -> Bool {
        guard runner.shard != nil, counts.total > 0, counts.notRun == counts.total, invariants.notRun == invariants.total
        else { return false }
        return try runner.runsOutsideShard()
    }

    /// Copies a finished report to another path, atomically.
    private static func copyFile(_ source: String, to destination: String) throws {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw OutputError(path: source, message: "cannot be read back")
        }
        let file = try OutputFile(URL(fileURLWithPath: destination), owner: .junit)
        try file.write(bytes: data)
        try file.commit()
    }

    /// Reads and checks the run options.
    static func readOptions(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
        var options = Options()
        options.output = try OutputOptions(parsed, command: .run, defaultFolder: "Reports")
        if let jobs = parsed.value("--jobs") {
            guard let count = Int(jobs), count >= 1, count <= 1024 else {
                throw UsageError(message: "--jobs takes a whole number from 1 to 1024, not '\(jobs)'", command: .run)
            }
            options.jobs = count
        }
        if let maximum = parsed.value("--max-cases") {
            guard let count = Int(maximum), count >= 1 else {
                throw UsageError(message: "--max-cases takes a whole number of 1 or more, not '\(maximum)'", command: .run)
            }
            options.maximumCases = count
            options.maximumCasesGiven = true
        }
        options.filter.poses = try readPoses(parsed)
        try readTestFilter(environment, into: &options.filter)
        for assignment in parsed.values["--where"] ?? [] {
            let (axis, value) = try axisAssignment(assignment, option: "--where", command: .run)
            if !(options.filter.values[axis]?.contains(value) ?? false) {
                options.filter.values[axis, default: []].append(value)
            }
        }
        (options.shard, options.shardOrigin) = try readShard(parsed, environment: environment)
        options.observationsPath = parsed.value("--observations")
        options.trust = try readTrust(parsed, command: .run)
        options.dryRun = parsed.flags.contains("--dry-run")
        if options.dryRun && options.output.summaryPath != nil {
            throw UsageError(message: "--dry-run writes nothing, so it takes no --summary", command: .run)
        }
        let epoch = try sourceDateEpoch(environment, command: .run)
        options.deterministic = parsed.flags.contains("--deterministic") || epoch != nil
        return options
    }

    /// Bazel's `--test_filter`, which reaches a test as `TESTBRIDGE_TEST_ONLY`: a comma list of poses
    /// (`P2,P5`) acts as `--pose` (both given, a case must be in both), any other text keeps the
    /// cases whose id contains it. An empty value filters nothing.
    private static func readTestFilter(_ environment: [String: String], into filter: inout PlanFilter) throws(UsageError) {
        guard let text = environment["TESTBRIDGE_TEST_ONLY"], !text.isEmpty else { return }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard items.allSatisfy({ Pose.named($0) != nil }) else {
            filter.idContains = text
            return
        }
        let poses = Set(items)
        filter.poses = filter.poses.map { $0.intersection(poses) } ?? poses
        if filter.poses?.isEmpty == true {
            throw UsageError(
                message: "TESTBRIDGE_TEST_ONLY=\(text) (bazel test --test_filter) and --pose name no pose in common",
                command: .run)
        }
    }

    /// `--pose` lists, comma-separated or repeated; nil when not given.
    private static func readPoses(_ parsed: ParsedArguments) throws(UsageError) -> Set<String>? {
        guard let lists = parsed.values["--pose"] else { return nil }
        var poses: Set<String> = []
        for id in lists.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let trimmed = id.trimmingCharacters(in: .whitespaces)
            guard Pose.named(trimmed) != nil else {
                throw UsageError(message: ("--pose: " + Pose.unknownMessage(trimmed)).replacingQuotes(), command: .run)
            }
            poses.insert(trimmed)
        }
        return poses
    }

    /// `--shard K/N`, or the CI engine's variables (asked for with `--shard auto`), and where it came from.
    private static func readShard(
        _ parsed: ParsedArguments, environment: [String: String]
    ) throws(UsageError) -> (Shard?, origin: String?) {
        let shardText = parsed.value("--shard")
        if let text = shardText, text != "auto" {
            guard let shard = Shard.parse(text) else {
                throw UsageError(
                    message: "--shard takes K/N with 1 ≤ K ≤ N ≤ \(Shard.maximumTotal), or auto, not '\(text)'", command: .run)
            }
            // An engine that runs the test N times, each with its own shard, would run this one shard N times.
            if let engine = Shard.shardingEngine(in: environment) {
                throw UsageError(
                    message: "--shard \(text) inside a test that \(engine.name) shards (\(engine.variables)): every shard "
                        + "would run shard \(text) and the rest of the plan none; leave --shard out, duo-pose reads the "
                        + "engine's shard", command: .run)
            }
            return (shard, nil)
        }
        let asked = shardText == "auto"
        switch Shard.fromEnvironment(environment, asked: asked) {
        case .failure(let error): throw UsageError(message: error.message, command: .run)
        case .success(let shard):
            let origin = shard.flatMap { _ in Shard.engine(in: environment, asked: asked).map { "\($0.index)/\($0.total)" } }
            return (shard, origin)
        }
    }

    /// The run's timestamp: now, or SOURCE_DATE_EPOCH, or the epoch in deterministic runs.
    static func timestamp(deterministic: Bool, environment: [String: String]) -> String {
        Timestamp.string(
            sourceDateEpoch: try? sourceDateEpoch(environment, command: .run), deterministic: deterministic, now: Date())
    }

    /// The latest SOURCE_DATE_EPOCH accepted: the last second of year 9999.
    static let latestSourceDateEpoch = 253_402_300_799

    /// SOURCE_DATE_EPOCH, when set: a whole number of seconds since 1970, 0 or more; anything
    /// else is a usage error that names the variable, never a silent 1970 or an empty time.
    static func sourceDateEpoch(_ environment: [String: String], command: Command) throws(UsageError) -> Int? {
        guard let text = environment["SOURCE_DATE_EPOCH"] else { return nil }
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let seconds = Int(text), seconds <= latestSourceDateEpoch
        else {
            throw UsageError(
                message: "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, from 0 to "
                    + "\(latestSourceDateEpoch), not '\(text)'",
                command: command)
        }
        return seconds
    }

    /// The subfolder for one of several matrices: the file name without its extension.
    static func folderName(for path: String) -> String {
        if path == "-" { return "stdin" }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return name.isEmpty ? "matrix" : name
    }

    /// One subfolder per matrix, never shared: the file name without its extension; where two
    /// share that (compared ignoring case, as some file systems do), the file name with it; where
    /// they still do, as many of the path's last folders as tell them apart, joined with "-".
    /// The same file named twice is refused.
    static func folderNames(for paths: [String], in folder: String) throws(UsageError) -> [String] {
        guard paths.count > 1 else { return paths.map(folderName(for:)) }
        let components = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.pathComponents }
        for index in paths.indices {
            if let first = components[..<index].firstIndex(of: components[index]) {
                throw UsageError(message: "the matrix \(paths[index]) is named twice (also as \(paths[first]))", command: .run)
            }
        }
        var names = paths.map(folderName(for:))
        for depth in 1...components.map(\.count).max()! {
            let groups = Dictionary(grouping: names.indices, by: { names[$0].lowercased() }).values.filter { $0.count > 1 }
            for group in groups {
                for index in group { names[index] = components[index].suffix(depth).joined(separator: "-") }
            }
        }
        let groups = Dictionary(grouping: names.indices, by: { names[$0].lowercased() }).values.filter { $0.count > 1 }
        if let group = groups.first {
            throw UsageError(
                message: "\(paths[group[0]]) and \(paths[group[1]]) would both write into \(folder)/\(names[group[0]])/; "
                    + "rename one",
                command: .run)
        }
        return names
    }

    /// Bazel keeps one JUnit file per test (XML_OUTPUT_FILE): several matrices would overwrite each other's.
    static func checkBazelOutput(matrixCount: Int, options: Options, _ environment: [String: String]) throws(UsageError) {
        guard matrixCount > 1, !options.dryRun, Bazel.xmlOutputPath(environment) != nil else { return }
        throw UsageError(
            message: "XML_OUTPUT_FILE (Bazel) holds one matrix's JUnit, but \(matrixCount) matrices were named: "
                + "give each matrix its own test target",
            command: .run)
    }
}

extension Context {
    /// A recording that cannot be used: exit 66 when it cannot be read, 65 with every error when it is wrong.
    func observationsError(_ error: ObservationsError) -> Int32 {
        switch error {
        case .unreadable(let failure):
            stderr.write("Error: \(failure)\n")
            return DuoPose.ExitCode.cannotRead
        case .invalid(let errors): return matrixErrors(errors)
        }
    }
}

/// Reads `axis=value` for `--where` and `--axis`, with suggestions for misspelt names and values.
func axisAssignment(_ text: String, option: String, command: Command) throws(UsageError) -> (Axis, AxisValue) {
    let message: String
    do throws(Axis.AssignmentError) {
        return try Axis.assignment(text)
    } catch {
        switch error {
        case .notAnAssignment: message = "\(option) takes axis=value, not '\(text)'"
        case .unknownAxis(let name, let suggestion):
            message = "\(option): unknown axis '\(name)'" + didYouMean(suggestion).replacingQuotes()
        case .invalidValue(let axis, let raw, let suggestion):
            message =
                "\(option): invalid value '\(raw)' for axis \(axis.rawValue)" + didYouMean(suggestion).replacingQuotes()
                + " (expected \(axis.expectation))"
        }
    }
    throw UsageError(message: message, command: command)
}

/// Reads `--trust LEVELS`, if given.
func readTrust(_ parsed: ParsedArguments, command: Command) throws(UsageError) -> Trust? {
    guard let text = parsed.value("--trust") else { return nil }
    switch Trust.parse(text) {
    case .success(let trust): return trust
    case .failure(let error):
        throw UsageError(
            message: ("--trust: " + error.message + didYouMean(error.suggestion)).replacingQuotes(), command: command)
    }
}

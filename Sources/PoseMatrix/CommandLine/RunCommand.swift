import Foundation

/// `duo-pose run`: validate every matrix, plan, run in parallel, write the three reports.
enum RunCommand {
    struct Options {
        var outFolder = "Reports"
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var filter = PlanFilter()
        var maximumCases = Plan.defaultMaximumCases
        var deterministic = false
        var strict = false
        var quiet = false
    }

    static func execute(_ words: [String], context: Context) async -> Int32 {
        guard let parsed = context.parse(words, .run) else { return DuoPose.ExitCode.usage }
        let options: Options
        do {
            options = try readOptions(parsed, environment: context.environment)
        } catch {
            return context.usageError(error)
        }
        let loaded: [LoadedMatrix]
        switch context.loadMatrices(parsed.positionals) {
        case .failure(let errors): return context.matrixErrors(errors)
        case .success(let matrices): loaded = matrices
        }
        // Plan everything before writing anything: a refused plan leaves no folder behind.
        var plans: [(LoadedMatrix, Plan)] = []
        for matrix in loaded {
            do {
                let plan = try Plan(matrix: matrix.matrix, filter: options.filter, maximumCases: options.maximumCases)
                if plan.count == 0 {
                    return context.usageError(
                        UsageError(
                            message: "--pose and --where match no case of \(matrix.path)", command: .run))
                }
                plans.append((matrix, plan))
            } catch {
                context.stderr.write("Error: \(matrix.path): \(error)\n")
                return DuoPose.ExitCode.invalidInput
            }
        }
        var worst = DuoPose.ExitCode.success
        for (matrix, plan) in plans {
            let folder = plans.count == 1 ? options.outFolder : options.outFolder + "/" + folderName(for: matrix.path)
            let code: Int32
            do {
                code = try await runOne(matrix, plan: plan, folder: folder, options: options, context: context)
            } catch let error as OutputError {
                context.stderr.write("Error: cannot write the reports: \(error)\n")
                return DuoPose.ExitCode.cannotWrite
            } catch {
                context.stderr.write("Error: cannot write the reports in \(folder): \(error.localizedDescription)\n")
                return DuoPose.ExitCode.cannotWrite
            }
            worst = max(worst, code)
        }
        return worst
    }

    private static func runOne(
        _ matrix: LoadedMatrix, plan: Plan, folder: String, options: Options, context: Context
    ) async throws -> Int32 {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let folderURL = URL(fileURLWithPath: folder, isDirectory: true)
        let header = RunHeader(
            loaded: matrix, toolVersion: DuoPose.version,
            generatedAt: timestamp(deterministic: options.deterministic, environment: context.environment))
        var reports = try ReportSet(header: header, folder: folderURL)
        let runner = Runner(plan: plan, app: matrix.matrix.app, jobs: options.jobs, deterministic: options.deterministic)
        try await runner.run { try reports.write($0) }
        let tally = try reports.finish()

        let counts = tally.overall
        if !options.quiet {
            context.stdout.write(
                "duo-pose: \(matrix.matrix.name): " + MarkdownReport.verdictLine(counts).replacingOccurrences(of: "**", with: "")
                    + "\n")
            let files = [ReportSet.resultsName, ReportSet.junitName, ReportSet.markdownName].map { folder + "/" + $0 }
            context.stdout.write("Reports: " + files.joined(separator: ", ") + "\n")
        }
        if counts.failed + counts.errors > 0 || (options.strict && counts.notRun > 0) {
            return DuoPose.ExitCode.failure
        }
        return DuoPose.ExitCode.success
    }

    /// Reads and checks the run options.
    static func readOptions(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> Options {
        var options = Options()
        if let out = parsed.value("--out") {
            guard !out.isEmpty else { throw UsageError(message: "--out needs a folder", command: .run) }
            options.outFolder = out
        }
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
        }
        if let lists = parsed.values["--pose"] {
            var poses: Set<String> = []
            for id in lists.flatMap({ $0.split(separator: ",").map(String.init) }) {
                let trimmed = id.trimmingCharacters(in: .whitespaces)
                guard Pose.named(trimmed) != nil else {
                    throw UsageError(
                        message: "--pose: unknown pose '\(trimmed)'"
                            + didYouMean(Pose.suggestion(for: trimmed)).replacingQuotes()
                            + " (expected P1 to P13)",
                        command: .run)
                }
                poses.insert(trimmed)
            }
            options.filter.poses = poses
        }
        for assignment in parsed.values["--where"] ?? [] {
            let (axis, value) = try axisAssignment(assignment, option: "--where", command: .run)
            if !(options.filter.values[axis]?.contains(value) ?? false) {
                options.filter.values[axis, default: []].append(value)
            }
        }
        options.deterministic = parsed.flags.contains("--deterministic") || environment["SOURCE_DATE_EPOCH"] != nil
        options.strict = parsed.flags.contains("--strict")
        options.quiet = parsed.flags.contains("--quiet")
        return options
    }

    /// The run's timestamp: now, or SOURCE_DATE_EPOCH, or the epoch in deterministic runs.
    static func timestamp(deterministic: Bool, environment: [String: String]) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(Double.init) {
            return formatter.string(from: Date(timeIntervalSince1970: epoch))
        }
        return formatter.string(from: deterministic ? Date(timeIntervalSince1970: 0) : Date())
    }

    /// The subfolder for one of several matrices: the file name without its extension.
    static func folderName(for path: String) -> String {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return name.isEmpty ? "matrix" : name
    }
}

/// Reads `axis=value` for `--where` and `--axis`, with suggestions for misspelt names and values.
func axisAssignment(_ text: String, option: String, command: Command) throws(UsageError) -> (Axis, AxisValue) {
    guard let equals = text.firstIndex(of: "=") else {
        throw UsageError(message: "\(option) takes axis=value, not '\(text)'", command: command)
    }
    let name = String(text[..<equals])
    let raw = String(text[text.index(after: equals)...])
    guard let axis = Axis(rawValue: name) else {
        throw UsageError(
            message: "\(option): unknown axis '\(name)'"
                + didYouMean(suggest(name, from: Axis.allCases.map(\.rawValue))).replacingQuotes(),
            command: command)
    }
    guard let value = axis.parse(raw) else {
        var hint = ""
        if case .choice(let names) = axis.domain { hint = didYouMean(suggest(raw, from: names)).replacingQuotes() }
        throw UsageError(
            message: "\(option): invalid value '\(raw)' for axis \(axis.rawValue)\(hint) (expected \(axis.expectation))",
            command: command)
    }
    return (axis, value)
}

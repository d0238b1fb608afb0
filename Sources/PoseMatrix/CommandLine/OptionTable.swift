/// The subcommands of `duo-pose` (README "Command line").
enum Command: String, CaseIterable, Sendable {
    case run
    case validate
    case list
    case show
    case merge
    case signoff
    case scan
    case schema
    case trend

    /// The words a command takes besides its options, as the synopsis shows them.
    var positionals: String {
        switch self {
        case .run: "[MATRIX…]"
        case .validate: "MATRIX…"
        case .list: ""
        case .show: "POSE"
        case .merge: "RESULTS…"
        case .signoff: "RESULTS"
        case .scan: "APP_DIR"
        case .schema: ""
        case .trend: "RESULTS…|DIR"
        }
    }

    /// What a shell's completion offers for the positional words.
    var positionalCompletion: CompletionValue {
        switch self {
        case .run, .validate, .merge, .signoff, .trend: .file
        case .list, .schema: .nothing
        case .show: .words(Pose.catalogue.map(\.id))
        case .scan: .folder
        }
    }

    /// The synopsis shown in usage lines and help, made from the option table so that it
    /// cannot leave an option out: required options bare, the others in brackets, `…` when repeatable.
    var synopsis: String {
        var words = ["duo-pose", rawValue, positionals].filter { !$0.isEmpty }
        for option in OptionTable.options(for: self) where option.name != "--help" {
            let word = option.valueName.map { "\(option.name) \($0)" } ?? option.name
            let shown = option.required.contains(self) ? word : "[" + word + "]"
            words.append(shown + (option.repeats ? "…" : ""))
        }
        return words.joined(separator: " ")
    }

    var summary: String {
        switch self {
        case .run: "Run matrices (the built-in reference matrix when none is named) and write the reports."
        case .validate: "Check matrix files and report every error; write nothing."
        case .list: "Print the pose catalogue P1–P13."
        case .show:
            "Print every observable the model reports for a pose, with its provenance, and the event log; or draw its scene."
        case .merge: "Combine the results.jsonl of shards into the reports one unsharded run writes."
        case .signoff: "Sign off the matrix checklist from a run's results: each item passed, failed, not run or waived."
        case .scan: "Derive the matrix's app block from an iOS app's source tree, with evidence and findings."
        case .schema: "Print the matrix JSON Schema (Matrices/schema.json), generated from the observable registry."
        case .trend: "Show nights of one matrix side by side: per-pose charts, newly failing, fixed and flaky cases."
        }
    }
}

/// A word `duo-pose` takes in place of a command, which does one thing of its own: help, the
/// version or a completion script. Dispatch, suggestions and completion read the same table.
struct TopLevelWord: Sendable {
    /// Every spelling: a word (`help`), a long option (`--help`), a short one (`-h`).
    var names: [String]
    var valueName: String?
    /// What a shell's completion offers for the value.
    var completes: CompletionValue = .nothing
    var help: String

    /// `help`, `--help` and `-h`, with a command as the topic: `duo-pose help run`.
    static let help = TopLevelWord(
        names: ["help", "--help", "-h"], valueName: "COMMAND", completes: .words(Command.allCases.map(\.rawValue)),
        help: "Show help, or a command's options.")
    static let version = TopLevelWord(names: ["--version"], help: "Print the version.")
    static let completionScript = TopLevelWord(
        names: [Shell.optionName], valueName: Shell.allCases.map(\.rawValue).joined(separator: "|"),
        completes: .words(Shell.allCases.map(\.rawValue)), help: "Print a shell completion script.")
    static let all = [help, version, completionScript]

    /// The usage line when no command is named: top-level usage errors print it.
    static let synopsis = "duo-pose [COMMAND] [ARGUMENTS]"

    /// What an unknown command word or top-level option may have meant: the commands and
    /// these words (`version` → `--version`), short forms left out.
    static var suggestions: [String] {
        Command.allCases.map(\.rawValue) + all.flatMap(\.names).filter { $0.count > 2 }
    }
}

/// One option: its name, its value's name if it takes one, the commands it belongs to and its help.
/// The same table drives parsing and `--help`, so help cannot drift from behaviour.
struct OptionSpec: Sendable {
    var name: String
    /// The one-letter form (`-o` for `--out`), for the options typed most.
    var short: Character? = nil
    var valueName: String?
    var commands: [Command]
    var help: String
    var repeats = false
    /// The commands that cannot do without this option.
    var required: [Command] = []
    /// What a shell's completion offers for the value.
    var completes: CompletionValue = .nothing

    /// `-o, --out DIR`, as help lists it.
    var helpName: String {
        let long = valueName.map { "\(name) \($0)" } ?? name
        return short.map { "-\($0), " + long } ?? long
    }
}

enum OptionTable {
    static let options: [OptionSpec] = [
        OptionSpec(
            name: "--out", short: "o", valueName: "DIR", commands: [.run, .merge],
            help: "Folder for the reports (run's default: ./Reports; merge needs one).", required: [.merge],
            completes: .folder),
        OptionSpec(
            name: "--out", short: "o", valueName: "FILE", commands: [.signoff],
            help: "Where to write the sign-off (default: signoff.md beside RESULTS).", completes: .file),
        OptionSpec(
            name: "--out", short: "o", valueName: "DIR", commands: [.trend],
            help: "Folder for trend.md and trend.html (default: ./Reports).", completes: .folder),
        OptionSpec(
            name: "--by-time", commands: [.trend],
            help: "Order the nights by the time their headers record, not as named (runs made with --deterministic share one)."),
        OptionSpec(
            name: "--jobs", short: "j", valueName: "N", commands: [.run],
            help: "Cases evaluated in parallel (default: the number of cores)."),
        OptionSpec(
            name: "--pose", valueName: "P1,P7", commands: [.run], help: "Run only these poses; repeatable.", repeats: true,
            completes: .list(Pose.catalogue.map(\.id))),
        OptionSpec(
            name: "--where", valueName: "axis=value", commands: [.run],
            help: "Run only cases with this axis value; repeatable (values of one axis are alternatives).", repeats: true,
            completes: .words(Axis.allCases.map { $0.rawValue + "=" })),
        OptionSpec(
            name: "--max-cases", valueName: "N", commands: [.run],
            help: "Refuse matrices that expand past N cases (default: \(Plan.defaultMaximumCases))."),
        OptionSpec(
            name: "--deterministic", commands: [.run],
            help: "Write zero durations and a fixed timestamp (also when SOURCE_DATE_EPOCH is set)."),
        OptionSpec(
            name: "--shard", valueName: "K/N|auto", commands: [.run],
            help:
                "Run the K-th of N equal parts of the plan; auto takes them from the CI engine, GitLab's included "
                + "(default: Bazel's or Buildkite's shard variables, if any).", completes: .words(["auto"])),
        OptionSpec(
            name: "--baseline", valueName: "RESULTS", commands: [.run, .merge],
            help: "Compare with an earlier results.jsonl: new failures, fixed, still failing, new and removed cases.",
            completes: .file),
        OptionSpec(
            name: "--fail-on", valueName: "any|new", commands: [.run, .merge],
            help: "Exit 1 for any failed case (any, the default) or, with --baseline, only for new failures (new).",
            completes: .words(["any", "new"])),
        OptionSpec(
            name: "--observations", valueName: "FILE", commands: [.run],
            help: "Evaluate against observables recorded on a real simulator or device (JSON Lines) instead of the model.",
            completes: .file),
        OptionSpec(
            name: "--summary", valueName: "FILE", commands: [.run, .merge],
            help: "Append a compact Markdown summary to FILE, such as $GITHUB_STEP_SUMMARY.", completes: .file),
        OptionSpec(
            name: "--dry-run", commands: [.run],
            help: "Evaluate every case and print the verdict, but write no reports (the model's own speed)."),
        OptionSpec(
            name: "--trust", valueName: "LEVELS", commands: [.run, .merge, .signoff],
            help: "Evaluate only values resting on these provenance levels ("
                + Provenance.allCases.map(\.rawValue).joined(separator: ",") + ").",
            completes: .list(Provenance.allCases.map(\.rawValue))),
        OptionSpec(name: "--strict", commands: [.run, .merge], help: "Count not-run cases as failures for the exit code."),
        OptionSpec(
            name: "--quiet", short: "q", commands: [.run, .merge],
            help: "Print nothing on success; on failure, print the verdict line on stderr."),
        OptionSpec(
            name: "--by", valueName: "NAME", commands: [.signoff], help: "Who signs off (required).", required: [.signoff]),
        OptionSpec(
            name: "--waive", valueName: "ID=reason", commands: [.signoff],
            help: "Waive a checklist item or invariant:NAME with a reason; repeatable.", repeats: true),
        OptionSpec(
            name: "--allow-partial", commands: [.signoff],
            help: "Sign off results of a run narrowed by --pose or --where (signoff.md says so)."),
        OptionSpec(name: "--json", commands: [.list, .show, .scan], help: "Print JSON for machines."),
        OptionSpec(
            name: "--sarif", valueName: "FILE", commands: [.scan],
            help: "Also write the findings as SARIF 2.1.0, for code scanning and SARIF viewers.", completes: .file),
        OptionSpec(
            name: "--docs", valueName: "URL", commands: [.scan],
            help: "The address of duo-pose's README.md: each SARIF rule's helpUri points at its rule table."),
        OptionSpec(
            name: "--sarif-root", valueName: "DIR", commands: [.scan],
            help: "Where SARIF paths start (default: the nearest folder at or above APP_DIR holding .git, else APP_DIR).",
            completes: .folder),
        OptionSpec(
            name: "--check", valueName: "MATRIX", commands: [.scan],
            help: "Exit 1 when the matrix's app block disagrees with the code, naming each key.", completes: .file),
        OptionSpec(
            name: "--matrix", valueName: "FILE", commands: [.show],
            help: "Take the app's choices (and the pose's steps) from this matrix.", completes: .file),
        OptionSpec(
            name: "--axis", valueName: "axis=value", commands: [.show], help: "Set an axis value; repeatable.", repeats: true,
            completes: .words(Axis.allCases.map { $0.rawValue + "=" })),
        OptionSpec(
            name: "--svg", valueName: "FILE", commands: [.show],
            help: "Write an SVG drawing of the scene after the steps instead of the text ('-' for stdout).",
            completes: .file),
        OptionSpec(name: "--help", short: "h", commands: Command.allCases, help: "Show help."),
    ]

    static func options(for command: Command) -> [OptionSpec] {
        options.filter { $0.commands.contains(command) }
    }
}

extension OptionSpec {
    /// `-o` for `--out`, if the option has a short form.
    var shortName: String? { short.map { "-\($0)" } }

    /// The long name, then the short one if there is one.
    var names: [String] { [name] + (shortName.map { [$0] } ?? []) }
}

/// A usage mistake: exit 64 with the command's usage line.
struct UsageError: Error, Equatable {
    var message: String
    var command: Command?
}

/// Parsed arguments of one command: positional words and option values by name.
struct ParsedArguments {
    var command: Command
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }

    /// Splits the words after the command by the table; `--name value` and `--name=value` both work.
    /// With `implicit`, `run` was not typed: an unknown option is not said to be run's, and
    /// `--version` is among the suggestions.
    static func parse(_ words: [String], command: Command, implicit: Bool = false) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: command)
        let specs = OptionTable.options(for: command)
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inline) = Self.split(word)
            guard let spec = specs.first(where: { $0.names.contains(name) }) else {
                throw unknownOption(name, command: command, implicit: implicit)
            }
            guard let valueName = spec.valueName else {
                if inline != nil { throw UsageError(message: "\(spec.name) takes no value", command: command) }
                parsed.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError(message: "\(spec.name) needs a value (\(valueName))", command: command)
            }
            if !spec.repeats && parsed.values[spec.name] != nil {
                throw UsageError(message: "\(spec.name) is given twice", command: command)
            }
            parsed.values[spec.name, default: []].append(value)
        }
        return parsed
    }

    /// An option the command does not take: where it belongs, or what was meant.
    private static func unknownOption(_ name: String, command: Command, implicit: Bool) -> UsageError {
        let specs = OptionTable.options(for: command)
        if implicit {
            let candidates = specs.map(\.name) + TopLevelWord.suggestions.filter { $0.hasPrefix("--") }
            return UsageError(message: "unknown option '\(name)'" + didYouMean(suggest(name, from: candidates)).replacingQuotes())
        }
        let elsewhere = OptionTable.options.first { $0.names.contains(name) }
        let hint = elsewhere.map { "; it belongs to " + $0.commands.map { "'\($0.rawValue)'" }.joined(separator: ", ") }
        return UsageError(
            message: "unknown option '\(name)' for '\(command.rawValue)'"
                + (hint ?? didYouMean(suggest(name, from: specs.map(\.name))).replacingQuotes()),
            command: command)
    }

    private static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

extension String {
    /// `; did you mean "--jobs"?` → `; did you mean '--jobs'?`: command-line words are shown in single quotes.
    func replacingQuotes() -> String {
        replacingOccurrences(of: "\"", with: "'")
    }

    private func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}

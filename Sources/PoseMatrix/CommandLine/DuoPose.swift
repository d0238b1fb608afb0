import Foundation

/// The `duo-pose` command line: parses arguments, runs a command, returns the exit code.
///
/// Only `main` calls `exit`; tests call ``run(arguments:stdout:stderr:environment:)`` and
/// assert on the code and the text.
public enum DuoPose {
    public static let version = "0.2.0"

    /// Exit codes (README "Command line").
    public enum ExitCode {
        public static let success: Int32 = 0
        /// A case failed or errored (or, with --strict, was not run).
        public static let failure: Int32 = 1
        /// The command line was wrong.
        public static let usage: Int32 = 64
        /// A matrix or results file is invalid.
        public static let invalidInput: Int32 = 65
        /// An input file is missing, a folder, or cannot be read (EX_NOINPUT).
        public static let cannotRead: Int32 = 66
        /// A report could not be written.
        public static let cannotWrite: Int32 = 74
        /// Stopped by SIGINT (130) or SIGTERM (143): 128 and the signal's number, as shells do.
        public static func interrupted(by signal: Int32) -> Int32 { 128 + signal }
    }

    /// Runs `duo-pose` with the words after the program name.
    /// `standardInput` gives the bytes a matrix named `-` is read from.
    public static func run(
        arguments: [String], stdout: any TextSink, stderr: any TextSink,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        standardInput: @escaping () -> [UInt8] = { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
    ) async -> Int32 {
        var context = Context(
            stdout: TerminalSink(stdout), stderr: TerminalSink(stderr), environment: environment, progressSink: stderr,
            standardInput: standardInput)
        var words = arguments
        if let first = words.first, TopLevelWord.version.names.contains(first) {
            stdout.write("duo-pose \(version)\n")
            return ExitCode.success
        }
        if let first = words.first, TopLevelWord.completionScript.names.contains(first) {
            return completionScript(shell: words.dropFirst().first, extra: words.dropFirst(2).first, context: context)
        }
        if let first = words.first, TopLevelWord.help.names.contains(first) {
            return help(topic: words.dropFirst().first, context: context)
        }
        let command: Command
        if let first = words.first, !first.hasPrefix("-") {
            guard let named = Command(rawValue: first) else {
                let looksLikeFile = first.contains(".") || first.contains("/")
                if !looksLikeFile {
                    return context.usageError(
                        UsageError(
                            message: "unknown command '\(first)'"
                                + didYouMean(suggest(first, from: TopLevelWord.suggestions)).replacingQuotes()))
                }
                context.implicitRun = true
                return await RunCommand.execute(words, context: context)
            }
            command = named
            words.removeFirst()
        } else {
            command = .run
            context.implicitRun = true
        }
        if words.contains("--help") || words.contains("-h") {
            stdout.write(Help.command(command))
            return ExitCode.success
        }
        return await execute(command, words, context: context)
    }

    /// Prints the overview, or a command's help; an unknown topic is a usage error with a suggestion.
    private static func help(topic: String?, context: Context) -> Int32 {
        guard let topic else {
            context.stdout.write(Help.overview)
            return ExitCode.success
        }
        guard let command = Command(rawValue: topic) else {
            return context.usageError(
                UsageError(
                    message: "no help for '\(topic)': it is not a command"
                        + didYouMean(suggest(topic, from: Command.allCases.map(\.rawValue))).replacingQuotes()))
        }
        context.stdout.write(Help.command(command))
        return ExitCode.success
    }

    /// Prints the completion script for a shell; a missing or unknown shell is a usage error.
    private static func completionScript(shell name: String?, extra: String?, context: Context) -> Int32 {
        let shells = Shell.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard let name else {
            return context.usageError(UsageError(message: "\(Shell.optionName) needs a shell: \(shells)"))
        }
        guard let shell = Shell(rawValue: name) else {
            return context.usageError(UsageError(message: "no completion for shell '\(name)'; duo-pose writes \(shells)"))
        }
        if let extra {
            return context.usageError(UsageError(message: "\(Shell.optionName) takes one shell; '\(extra)' is one word too many"))
        }
        context.stdout.write(shell.completionScript)
        return ExitCode.success
    }

    private static func execute(_ command: Command, _ words: [String], context: Context) async -> Int32 {
        switch command {
        case .run: return await RunCommand.execute(words, context: context)
        case .validate: return ValidateCommand.execute(words, context: context)
        case .list: return ListCommand.execute(words, context: context)
        case .show: return ShowCommand.execute(words, context: context)
        case .merge: return MergeCommand.execute(words, context: context)
        case .signoff: return SignoffCommand.execute(words, context: context)
        case .scan: return ScanCommand.execute(words, context: context)
        case .schema: return SchemaCommand.execute(words, context: context)
        case .trend: return TrendCommand.execute(words, context: context)
        }
    }
}

/// What every command gets: its streams and the environment.
struct Context {
    var stdout: any TextSink
    var stderr: any TextSink
    var environment: [String: String]
    /// Standard error as it is, for the progress line, which redraws itself with a carriage return.
    var progressSink: any TextSink
    /// Reads standard input whole, for a matrix named `-`.
    var standardInput: () -> [UInt8]
    /// Whether `run` was implied (no command word), so that messages do not name a command the user never typed.
    var implicitRun = false

    /// Whether to show progress: only on a terminal, never in a file or a CI log.
    var showsProgress: Bool {
        progressSink is StandardStream && isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb" && environment["CI"] == nil
    }

    /// `Error: …`, the usage line and the pointer to help; exit 64.
    func usageError(_ error: UsageError) -> Int32 {
        var text = "Error: \(error.message.oneLine)\n"
        if let command = error.command {
            text += "Usage: \(command.synopsis)\nSee 'duo-pose help \(command.rawValue)'.\n"
        } else {
            text += "Usage: \(TopLevelWord.synopsis)\nSee 'duo-pose --help'.\n"
        }
        stderr.write(text)
        return DuoPose.ExitCode.usage
    }

    /// A results file that cannot be used: `Error: FILE[:LINE[:COLUMN]]: message`; exit 66 when it could
    /// not be read at all, 65 when it was read and found wrong.
    func resultsError(_ error: ResultsError) -> Int32 {
        stderr.write("Error: " + "\(error)".oneLine + "\n")
        return error.cause == .unreadable ? DuoPose.ExitCode.cannotRead : DuoPose.ExitCode.invalidInput
    }

    /// The most errors of one input shown; a file with thousands of the same mistake says how many more.
    static let shownErrorLimit = 50

    /// The errors of an invalid matrix, one `Error:` line each (the first 50); exit 65.
    func matrixErrors(_ errors: MatrixErrors) -> Int32 {
        for error in errors.errors.prefix(Self.shownErrorLimit) { stderr.write("Error: \(error.description.oneLine)\n") }
        if errors.errors.count > Self.shownErrorLimit {
            stderr.write("Error: … and \(counted(errors.errors.count - Self.shownErrorLimit, "more error"))\n")
        }
        return DuoPose.ExitCode.invalidInput
    }

    /// Parses the words for a command; on a usage error, reports it and returns nil (exit 64).
    func parse(_ words: [String], _ command: Command) -> ParsedArguments? {
        do {
            return try ParsedArguments.parse(words, command: command, implicit: implicitRun)
        } catch {
            _ = usageError(error)
            return nil
        }
    }

    /// Loads every named matrix (the built-in one when none is named), collecting all errors.
    func loadMatrices(_ paths: [String]) -> Result<[LoadedMatrix], MatrixErrors> {
        if paths.isEmpty {
            do { return .success([try MatrixLoader.loadBuiltIn()]) } catch { return .failure(error) }
        }
        var loaded: [LoadedMatrix] = []
        var errors: [MatrixError] = []
        for path in paths {
            do {
                loaded.append(
                    path == "-"
                        ? try MatrixLoader.load(bytes: standardInput(), path: MatrixLoader.standardInputName)
                        : try MatrixLoader.load(path: path))
            } catch {
                errors += error.errors
            }
        }
        guard errors.isEmpty else { return .failure(MatrixErrors(errors: errors)) }
        for matrix in loaded {
            for warning in MatrixWarnings.warnings(for: matrix.matrix, file: matrix.path) {
                stderr.write("Warning: " + warning.description.oneLine + "\n")
            }
        }
        return .success(loaded)
    }
}

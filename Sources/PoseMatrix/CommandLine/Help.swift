import Foundation

/// Help text, made from the command, option and exit code tables.
enum Help {
    static var overview: String {
        var text = """
            duo-pose \(DuoPose.version): a pose test-matrix runner for apps on iPhone Duo.

            Usage: \(TopLevelWord.synopsis)
              With no command, runs the built-in reference matrix and writes ./Reports/.

            Commands:

            """
        for command in Command.allCases {
            text += "  " + command.rawValue.padding(10) + command.summary + "\n"
        }
        text += "\nExit codes:\n"
        for (code, meaning) in DuoPose.ExitCode.meanings {
            text += "  " + String(code).padding(5) + meaning + "\n"
        }
        text += """

            See 'duo-pose help COMMAND' for a command's options; --version prints the version;
            \(Shell.optionName) bash|zsh|fish prints a shell completion script.

            """
        return text
    }

    static func command(_ command: Command) -> String {
        var text = "Usage: \(command.synopsis)\n\n\(command.summary)\n\nOptions:\n"
        for option in OptionTable.options(for: command) {
            text += "  " + option.helpName.padding(24) + option.help + "\n"
        }
        return text + "\nExit codes: see 'duo-pose --help'.\n"
    }
}

extension DuoPose.ExitCode {
    /// Every exit code with what it means, in order: `--help` lists them, and the README's
    /// table of exit codes gives the same codes (a test compares them).
    static let meanings: [(code: Int32, meaning: String)] = [
        (
            success,
            "all that ran passed (not run is allowed unless --strict; with --fail-on new, no failure is new), or a shard is empty"
        ),
        (
            failure,
            "a case failed or errored, an invariant broke or nothing ran; for signoff, the release is blocked; "
                + "for scan --check, the app block disagrees with the code"
        ),
        (usage, "a usage error: the command line is wrong"),
        (invalidInput, "an invalid matrix, observations or results file, or a scanned tree that is not an iOS app"),
        (cannotRead, "an observations or results file, or the folder to scan, is missing, a folder, or cannot be read"),
        (cannotWrite, "a report, signoff.md, the SARIF file or the job summary could not be written"),
        (interrupted(by: SIGINT), "stopped by SIGINT (Ctrl-C)"),
        (interrupted(by: SIGTERM), "stopped by SIGTERM"),
    ]
}

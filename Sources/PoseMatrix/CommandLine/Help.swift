/// Help text, made from the command and option tables.
enum Help {
    static var overview: String {
        var text = """
            duo-pose \(DuoPose.version): a pose test-matrix runner for apps on iPhone Duo.

            Usage: duo-pose [COMMAND] [ARGUMENTS]
              With no command, runs the built-in reference matrix and writes ./Reports/.

            Commands:

            """
        for command in Command.allCases {
            text += "  " + command.rawValue.padding(10) + command.summary + "\n"
        }
        text += """

            Exit codes: 0 all that ran passed (not run allowed unless --strict), 1 a case failed or
            errored or no case ran, 64 usage error, 65 invalid matrix, 74 a report could not be written.

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
        return text
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// Runs a shell with a script on standard input and returns what it printed.
private func runShell(_ shell: String, _ script: String, arguments: [String] = []) throws -> (code: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [shell] + arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

private func installed(_ shell: String) -> Bool {
    ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(shell)")
    }
}

@Suite("Shell completion and short flags")
struct CompletionTests {
    @Test("each shell's completion script is the recorded one", arguments: Shell.allCases)
    func scripts(_ shell: Shell) async throws {
        let result = await duoPose(["--generate-completion-script", shell.rawValue])
        #expect(result.code == 0)
        #expect(result.stderr == "")
        try expectMatchesSnapshot(result.stdout, named: "completion.\(shell.rawValue)")
    }

    /// What the bash script offers for each command line, the last word being completed: one
    /// line each, the offers joined by spaces, and the exit code of the shell.
    private func bashCompletions(_ lines: [String]) async throws -> (code: Int32, offers: [String]) {
        let script = await duoPose(["--generate-completion-script", "bash"]).stdout
        let probe = """
            \(script)
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _duo_pose; echo "${COMPREPLY[*]}"; }

            """ + lines.map { "t " + $0 + "\n" }.joined()
        let result = try runShell("bash", probe)
        return (result.code, result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test("bash completes commands, option names and option values from the tables")
    func bash() async throws {
        let result = try await bashCompletions([
            "duo-pose si", "duo-pose run --fa", "duo-pose run --fail-on ''", "duo-pose merge --tr",
            "duo-pose signoff --trust me", "duo-pose show P1", "duo-pose --po", "duo-pose list -",
        ])
        #expect(result.code == 0)
        #expect(
            result.offers == [
                "signoff", "--fail-on", "any new", "--trust", "measured", "P1 P10 P11 P12 P13", "--pose", "--json --help -h", "",
            ])
    }

    @Test("bash completes the top-level words, what follows them, and each item of a comma list")
    func bashTopLevel() async throws {
        let result = try await bashCompletions([
            "duo-pose hel", "duo-pose help ''", "duo-pose -h s", "duo-pose help run ''", "duo-pose --ver",
            "duo-pose --generate-completion-script ''", "duo-pose --generate-completion-script bash ''",
            "duo-pose --version ''", "duo-pose run --trust ''", "duo-pose merge --trust apple,m",
            "duo-pose signoff --trust apple,measured,", "duo-pose --pose P2,P1",
        ])
        #expect(result.code == 0)
        #expect(
            result.offers == [
                "help", "run validate list show merge signoff scan schema trend", "show signoff scan schema", "", "--version",
                "bash zsh fish", "",
                "", "apple definition measured inference unverified", "apple,measured",
                "apple,measured,apple apple,measured,definition apple,measured,measured apple,measured,inference "
                    + "apple,measured,unverified",
                "P2,P1 P2,P10 P2,P11 P2,P12 P2,P13", "",
            ])
    }

    @Test("zsh reads its script", .enabled(if: installed("zsh")))
    func zsh() async throws {
        let script = await duoPose(["--generate-completion-script", "zsh"]).stdout
        let file = try TestFiles.writeTemporary(script, name: "_duo-pose")
        #expect(try runShell("zsh", "", arguments: ["-n", file]) == (0, ""))
    }

    @Test("fish reads its script and completes from it", .enabled(if: installed("fish")))
    func fish() async throws {
        let script = await duoPose(["--generate-completion-script", "fish"]).stdout
        let file = try TestFiles.writeTemporary(script, name: "duo-pose.fish")
        let result = try runShell("fish", "source \(file); complete -C 'duo-pose run --fail-on '")
        #expect(result.code == 0)
        let help = "Exit 1 for any failed case (any, the default) or, with --baseline, only for new failures (new)."
        #expect(result.output == "any\t\(help)\nnew\t\(help)\n")
        let probes = [
            "duo-pose hel", "duo-pose help s", "duo-pose --ver", "duo-pose --generate-completion-script ",
            "duo-pose --generate-completion-script fish ", "duo-pose merge --trust apple,m",
        ]
        let topLevel = try runShell(
            "fish", "source \(file); " + probes.map { "complete -C '\($0)'; echo ---" }.joined(separator: "; "))
        let shells = "Print a shell completion script."
        let trust = "Evaluate only values resting on these provenance levels (apple,definition,measured,inference,unverified)."
        #expect(
            topLevel.output.components(separatedBy: "---\n") == [
                "help\tShow help, or a command's options.\n", "scan\nschema\nshow\nsignoff\n", "--version\tPrint the version.\n",
                "bash\t\(shells)\nfish\t\(shells)\nzsh\t\(shells)\n", "", "apple,measured\t\(trust)\n", "",
            ])
    }

    @Test(
        "a missing, unknown or extra shell is a usage error",
        arguments: [
            ([], "Error: --generate-completion-script needs a shell: 'bash', 'zsh', 'fish'\n"),
            (["tcsh"], "Error: no completion for shell 'tcsh'; duo-pose writes 'bash', 'zsh', 'fish'\n"),
            (["bash", "zsh"], "Error: --generate-completion-script takes one shell; 'zsh' is one word too many\n"),
        ])
    func badShell(_ words: [String], _ message: String) async {
        let result = await duoPose(["--generate-completion-script"] + words)
        #expect(result.code == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == message + CommandLineTests.topUsage)
    }

    @Test("-o, -j and -q are --out, --jobs and --quiet, with the value apart or after =")
    func shortFlags() async throws {
        let folder = try TestFiles.temporaryFolder()
        let apart = await duoPose(["run", "-q", "-j", "1", "-o", folder.appendingPathComponent("a").path, "--pose", "P1"])
        let joined = await duoPose(["-q", "-j=1", "-o=" + folder.appendingPathComponent("b").path, "--pose", "P1"])
        for result in [apart, joined] {
            #expect(result.code == 0)
            #expect(result.stdout == "")
        }
        for name in ["a", "b"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)
            #expect(files.sorted() == ["junit.xml", "report.html", "report.md", "results.jsonl"])
        }
    }

    @Test("a short flag of another command, or none, is refused like a long one")
    func unknownShortFlags() async {
        let jobs = await duoPose(["merge", "-j", "2"])
        #expect(jobs.code == 64)
        #expect(jobs.stderr.hasPrefix("Error: unknown option '-j' for 'merge'; it belongs to 'run'\n"))
        let quiet = await duoPose(["signoff", "-q"])
        #expect(quiet.stderr.hasPrefix("Error: unknown option '-q' for 'signoff'; it belongs to 'run', 'merge'\n"))
        let value = await duoPose(["run", "-q=yes"])
        #expect(value.stderr.hasPrefix("Error: --quiet takes no value\n"))
    }

    @Test("help shows each short form beside its long name")
    func helpShowsShortForms() async {
        let help = await duoPose(["run", "--help"])
        #expect(help.stdout.contains("\n  -o, --out DIR           Folder for the reports"))
        #expect(help.stdout.contains("\n  -j, --jobs N            Cases evaluated in parallel"))
        #expect(help.stdout.contains("\n  -q, --quiet             Print nothing on success"))
        #expect(help.stdout.contains("\n  -h, --help              Show help.\n"))
    }
}

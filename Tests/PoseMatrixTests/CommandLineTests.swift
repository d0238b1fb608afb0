import Foundation
import Testing

@testable import PoseMatrix

@Suite("Command line")
struct CommandLineTests {
    @Test("no matrix runs the built-in reference matrix: exit 0, four reports, one suite per pose and one for the invariants")
    func builtInRun() async throws {
        let out = try await ReferenceRun.folder
        let result = try await ReferenceRun.invocation
        #expect(result.code == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("duo-pose: iPhone Duo reference scenes: PASSED: "))
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["junit.xml", "report.html", "report.md", "results.jsonl"])
        let junit = try TestFiles.read(out.appendingPathComponent("junit.xml"))
        let suites = junit.components(separatedBy: "<testsuite name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(suites == (1...13).map { "P\($0)"[...] } + ["exploration"])
        #expect(junit.contains("<property name=\"profiles\" value=\"device,simulator\"/>\n"))
        #expect(
            junit.contains(
                "<testsuite name=\"exploration\" tests=\"6\" failures=\"0\" errors=\"0\" skipped=\"1\" time=\"0.000\" "
                    + "file=\"built-in:duo-scenes.json\">\n    <properties>\n"
                    + "      <property name=\"start\" value=\"launch\"/>\n      <property name=\"states\" value=\"122763\"/>\n"
                    + "      <property name=\"depth\" value=\"12\"/>\n    </properties>\n"
                    + "    <testcase name=\"content is reachable\" classname=\"iphone-duo-reference-scenes.exploration\" time=\"0.000\"/>\n"
            ),
            "the invariants' suite says where the exploration started and how far it went, and fakes no pose state")
    }

    @Test("with no --out, the reports land in ./Reports of the working folder")
    func defaultFolder() throws {
        let folder = try TestFiles.temporaryFolder()
        let process = Process()
        process.executableURL = TestFiles.binary
        process.arguments = ["--pose", "P1", "--quiet"]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Reports"])
        let reports = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Reports").path)
        #expect(reports.sorted() == ["junit.xml", "report.html", "report.md", "results.jsonl"])
    }

    @Test("the embedded reference matrix is Matrices/duo-scenes.json")
    func embeddedMatrix() throws {
        let file = try Data(contentsOf: TestFiles.packageRoot.appendingPathComponent("Matrices/duo-scenes.json"))
        #expect([UInt8](file) == MatrixLoader.builtInBytes)
    }

    @Test("a failed expectation exits 1 and says so, even with --quiet")
    func failingRun() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(["run", TestFiles.fixture("small.json"), "--out", out.path, "--quiet"])
        #expect(result.code == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("duo-pose: Small | test <matrix>: FAILED: "))
    }

    @Test("--strict counts not-run cases as failures")
    func strict() async throws {
        let out = try TestFiles.temporaryFolder()
        let relaxed = await duoPose(["run", "--pose", "P13", "--out", out.path, "--quiet"])
        let strict = await duoPose(["run", "--pose", "P13", "--out", out.path, "--quiet", "--strict"])
        #expect(relaxed.code == 0)
        #expect(strict.code == 1)
    }

    @Test("--pose and --where narrow the run")
    func filters() async throws {
        let out = try TestFiles.temporaryFolder()
        let result = await duoPose(["run", "--pose", "P1,P5", "--where", "profile=simulator", "--out", out.path])
        #expect(result.code == 0)
        #expect(
            result.stdout.hasPrefix(
                "duo-pose: iPhone Duo reference scenes: PASSED: 8 passed, 0 failed, 0 errors, 0 not run of 8 cases."))
    }

    @Test("SOURCE_DATE_EPOCH fixes the timestamp")
    func sourceDateEpoch() async throws {
        let out = try TestFiles.temporaryFolder()
        _ = await duoPose(["--out", out.path, "--pose", "P1"], environment: ["SOURCE_DATE_EPOCH": "1764460800"])
        let report = try TestFiles.read(out.appendingPathComponent("report.md"))
        #expect(report.contains("duo-pose \(DuoPose.version), 2025-11-30T00:00:00Z."))
    }

    @Test("several matrices each get a folder named after the file")
    func severalMatrices() async throws {
        let folder = try TestFiles.temporaryFolder()
        let second = folder.appendingPathComponent("second.json")
        try FileManager.default.copyItem(atPath: TestFiles.fixture("small.json"), toPath: second.path)
        let out = folder.appendingPathComponent("out")
        let result = await duoPose(["run", TestFiles.fixture("small.json"), second.path, "--out", out.path, "--quiet"])
        #expect(result.code == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["second", "small"])
    }

    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let runUsage =
        "Usage: duo-pose run [MATRIX…] [--out DIR] [--jobs N] [--pose P1,P7]… [--where axis=value]… [--max-cases N] "
        + "[--deterministic] [--shard K/N|auto] [--baseline RESULTS] [--fail-on any|new] [--observations FILE] "
        + "[--summary FILE] [--dry-run] [--trust LEVELS] [--strict] [--quiet]\nSee 'duo-pose help run'.\n"
    /// A usage error with no command named: the top-level usage line, written out.
    static let topUsage = "Usage: duo-pose [COMMAND] [ARGUMENTS]\nSee 'duo-pose --help'.\n"
    static let showUsage =
        "Usage: duo-pose show POSE [--json] [--matrix FILE] [--axis axis=value]… [--svg FILE]\nSee 'duo-pose help show'.\n"

    @Test(
        "usage mistakes exit 64 with the message, the usage line and the help pointer",
        arguments: [
            UsageCase(arguments: ["frobnicate"], stderr: "Error: unknown command 'frobnicate'\n" + topUsage),
            UsageCase(arguments: ["lsit"], stderr: "Error: unknown command 'lsit'; did you mean 'list'?\n" + topUsage),
            UsageCase(arguments: ["rnu"], stderr: "Error: unknown command 'rnu'; did you mean 'run'?\n" + topUsage),
            UsageCase(arguments: ["version"], stderr: "Error: unknown command 'version'; did you mean '--version'?\n" + topUsage),
            UsageCase(arguments: ["hlep"], stderr: "Error: unknown command 'hlep'; did you mean 'help'?\n" + topUsage),
            UsageCase(arguments: ["--frob"], stderr: "Error: unknown option '--frob'\n" + topUsage),
            UsageCase(
                arguments: ["--generate-completion"],
                stderr: "Error: unknown option '--generate-completion'; did you mean '--generate-completion-script'?\n" + topUsage
            ),
            UsageCase(
                arguments: ["help", "lsit"],
                stderr: "Error: no help for 'lsit': it is not a command; did you mean 'list'?\n" + topUsage),
            UsageCase(
                arguments: ["run", "--jbos", "2"],
                stderr: "Error: unknown option '--jbos' for 'run'; did you mean '--jobs'?\n" + runUsage),
            UsageCase(
                arguments: ["run", "--jobs", "0"],
                stderr: "Error: --jobs takes a whole number from 1 to 1024, not '0'\n" + runUsage),
            UsageCase(arguments: ["run", "--jobs"], stderr: "Error: --jobs needs a value (N)\n" + runUsage),
            UsageCase(arguments: ["run", "--summary", ""], stderr: "Error: --summary needs a file\n" + runUsage),
            UsageCase(arguments: ["run", "--baseline", ""], stderr: "Error: --baseline needs a file\n" + runUsage),
            UsageCase(
                arguments: ["run", "--pose", "P14"], stderr: "Error: --pose: unknown pose 'P14' (expected P1 to P13)\n" + runUsage
            ),
            UsageCase(
                arguments: ["run", "--where", "profil=device"],
                stderr: "Error: --where: unknown axis 'profil'; did you mean 'profile'?\n" + runUsage),
            UsageCase(
                arguments: ["run", "--where", "profile=devise"],
                stderr:
                    "Error: --where: invalid value 'devise' for axis profile; did you mean 'device'? (expected one of \"device\", \"simulator\")\n"
                    + runUsage),
            UsageCase(
                arguments: ["run", "--where", "profile"], stderr: "Error: --where takes axis=value, not 'profile'\n" + runUsage),
            UsageCase(
                arguments: ["run", "--pose", "P7", "--where", "hingeAngle=90"],
                stderr: "Error: --pose and --where match no case of built-in:duo-scenes.json\n" + runUsage),
            UsageCase(
                arguments: ["run", "--json"],
                stderr: "Error: unknown option '--json' for 'run'; it belongs to 'list', 'show', 'scan'\n" + runUsage),
            UsageCase(arguments: ["run", "--strict=yes"], stderr: "Error: --strict takes no value\n" + runUsage),
            UsageCase(
                arguments: ["run", "--shard", "1/10001"],
                stderr: "Error: --shard takes K/N with 1 ≤ K ≤ N ≤ 10000, or auto, not '1/10001'\n" + runUsage),
            UsageCase(
                arguments: ["validate"],
                stderr: "Error: name at least one matrix file\nUsage: duo-pose validate MATRIX…\nSee 'duo-pose help validate'.\n"),
            UsageCase(
                arguments: ["show"],
                stderr: "Error: name a pose, for example P5\n" + showUsage),
            UsageCase(
                arguments: ["show", "p5"],
                stderr:
                    "Error: no pose, entry or case 'p5'; did you mean 'P5'? (expected P1 to P13, an entry's label or a case id)\n"
                    + showUsage
            ),
            UsageCase(
                arguments: ["show", "P11", "--axis", "layoutDirection=leftToRight"],
                stderr:
                    "Error: --axis: P11 sets layoutDirection to rightToLeft itself\n" + showUsage
            ),
            UsageCase(
                arguments: ["list", "extra"],
                stderr: "Error: unexpected argument 'extra'\nUsage: duo-pose list [--json]\nSee 'duo-pose help list'.\n"),
        ])
    func usageErrors(_ example: UsageCase) async {
        let result = await duoPose(example.arguments)
        #expect(result.code == 64)
        #expect(result.stderr == example.stderr)
        #expect(result.stdout == "")
    }

    @Test("--version prints the version")
    func version() async {
        let result = await duoPose(["--version"])
        #expect(result.code == 0)
        #expect(result.stdout == "duo-pose \(DuoPose.version)\n")
    }

    @Test("help lists every command, and each command's help every option of the table", arguments: Command.allCases)
    func help(_ command: Command) async {
        let overview = await duoPose(["--help"])
        #expect(overview.stdout.contains("  \(command.rawValue.padding(10))\(command.summary)\n"))
        let specific = await duoPose([command.rawValue, "--help"])
        #expect(specific.code == 0)
        #expect(specific.stdout.hasPrefix("Usage: \(Self.usage[command] ?? "")\n"))
        for option in OptionTable.options(for: command) {
            #expect(specific.stdout.contains(option.help), "\(option.name) missing from help")
        }
    }

    @Test("--help lists every exit code, 66, 130 and 143 among them; a command's help points there")
    func helpExitCodes() async {
        let overview = await duoPose(["--help"])
        #expect(overview.code == 0)
        #expect(
            overview.stdout.contains(
                """

                Exit codes:
                  0    all that ran passed (not run is allowed unless --strict; with --fail-on new, no failure is new), or a shard is empty
                  1    a case failed or errored, an invariant broke or nothing ran; for signoff, the release is blocked; for scan --check, the app block disagrees with the code
                  64   a usage error: the command line is wrong
                  65   an invalid matrix, observations or results file, or a scanned tree that is not an iOS app
                  66   an observations or results file, or the folder to scan, is missing, a folder, or cannot be read
                  74   a report, signoff.md, the SARIF file or the job summary could not be written
                  130  stopped by SIGINT (Ctrl-C)
                  143  stopped by SIGTERM

                See 'duo-pose help COMMAND'
                """))
        let run = await duoPose(["help", "run"])
        #expect(run.stdout.hasSuffix("  -h, --help              Show help.\n\nExit codes: see 'duo-pose --help'.\n"))
    }

    @Test("the README's table of exit codes and --help give the same codes, in the same order")
    func readmeExitCodes() async throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let table = try #require(readme.components(separatedBy: "| Exit code | Meaning |\n|---|---|\n").dropFirst().first)
        let rows = table.split(separator: "\n").prefix { $0.hasPrefix("| ") }
        let readmeCodes = rows.flatMap { row in
            row.dropFirst(2).prefix { $0 != "|" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let help = await duoPose(["--help"]).stdout
        let helpLines = help.components(separatedBy: "\nExit codes:\n").dropFirst().first?.split(separator: "\n") ?? []
        let helpCodes = helpLines.prefix { $0.hasPrefix("  ") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(readmeCodes == ["0", "1", "64", "65", "66", "74", "130", "143"])
        #expect(helpCodes == readmeCodes)
    }

    /// Each command's usage line as a person reads it, written out rather than built from the table.
    static let usage: [Command: String] = [
        .run:
            "duo-pose run [MATRIX…] [--out DIR] [--jobs N] [--pose P1,P7]… [--where axis=value]… [--max-cases N] "
            + "[--deterministic] [--shard K/N|auto] [--baseline RESULTS] [--fail-on any|new] [--observations FILE] "
            + "[--summary FILE] [--dry-run] [--trust LEVELS] [--strict] [--quiet]",
        .validate: "duo-pose validate MATRIX…",
        .list: "duo-pose list [--json]",
        .show: "duo-pose show POSE [--json] [--matrix FILE] [--axis axis=value]… [--svg FILE]",
        .merge:
            "duo-pose merge RESULTS… --out DIR [--baseline RESULTS] [--fail-on any|new] [--summary FILE] "
            + "[--trust LEVELS] [--strict] [--quiet]",
        .signoff: "duo-pose signoff RESULTS [--out FILE] [--trust LEVELS] --by NAME [--waive ID=reason]… [--allow-partial]",
        .scan: "duo-pose scan APP_DIR [--json] [--sarif FILE] [--docs URL] [--sarif-root DIR] [--check MATRIX]",
        .schema: "duo-pose schema",
        .trend: "duo-pose trend RESULTS…|DIR [--out DIR] [--by-time]",
    ]

    @Test("list prints the catalogue; --json for machines")
    func list() async throws {
        let text = await duoPose(["list"])
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 13)
        #expect(lines[0] == "P1  Closed, outer display, portrait         (launch state)")
        #expect(lines[6] == "P7  Transitions close↔open, fold↔flat       open, book, open, close")
        #expect(
            lines[12]
                == "P13 Camera direction changes                startCapture, open, close  [not run in simulator: the simulator has no camera]"
        )
        let json = await duoPose(["list", "--json"])
        let poses = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(poses.map { $0["id"] as? String } == (1...13).map { "P\($0)" })
        #expect(poses[10]["fixed"] as? [String: String] == ["layoutDirection": "rightToLeft"])
    }

    @Test("show --json prints every observable with its provenance")
    func showJSON() async throws {
        let result = await duoPose(["show", "P5", "--axis", "profile=simulator", "--json"])
        #expect(result.code == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let observables = try #require(object["observables"] as? [String: [String: Any]])
        #expect(observables.count == Observable.allCases.count)
        #expect(observables["hinge.status"]?["value"] as? String == "partiallyOpen")
        #expect(observables["hinge.status"]?["provenance"] as? String == "measured")
        #expect(observables["fold.region"]?["value"] as? String == "active")
        #expect(observables["camera.mirrored"]?["reason"] as? String == "the simulator has no camera")
        #expect(observables["accessory.available"]?["value"] as? Bool == false)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["event"] as? String } == ["hinge", "hinge", "screenChange", "geometryUpdate", "hinge"])
        #expect(object["steps"] as? [String] == ["open", "book"])
    }

    @Test("show --json types axis values as results.jsonl does: strings, booleans and numbers")
    func showJSONAxes() async throws {
        let result = await duoPose([
            "show", "P5 [profile=device, hingeAngle=90]", "--matrix", TestFiles.fixture("small.json"), "--json",
        ])
        #expect(result.code == 0)
        #expect(
            result.stdout.contains(
                #"\#n  "axes": {"profile": "device", "layoutDirection": "leftToRight", "reduceTransparency": false, "#
                    + #""linkedSDK": "27.1", "hingeAngle": 90, "windows": 1},\#n"#))
        let snapshot = try TestFiles.read(TestFiles.snapshots.appendingPathComponent("small.results.jsonl"))
        #expect(snapshot.contains(#""pose":"P5","values":{"profile":"device","hingeAngle":90},"#))
    }

    @Test("show takes the app's choices and steps from a matrix")
    func showWithMatrix() async throws {
        let result = await duoPose(["show", "P2", "--matrix", TestFiles.fixture("small.json")])
        #expect(result.code == 0)
        #expect(result.stdout.contains("\nscene.size                   466x678           apple: M AX-DGb; A App Store Connect\n"))
    }
}

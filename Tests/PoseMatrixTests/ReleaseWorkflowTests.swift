import Foundation
import Testing

@testable import PoseMatrix

/// The release job end to end, with the built binary: the README's sign-off commands as written,
/// why items are blocked, partial results, and what the signer and the waivers may write.
@Suite("Release sign-off, end to end")
struct ReleaseWorkflowTests {
    /// The README's shell block that starts with `first`: its commands (continuation lines joined)
    /// and, for each, the comment lines after it, which show its standard output (`…` for any text).
    static func readmeCommands(startingWith first: String) throws -> [(words: [String], output: String)] {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let start = try #require(readme.range(of: "```sh\n" + first + "\n"))
        let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
        let block = readme[readme.index(start.lowerBound, offsetBy: 6)..<end.lowerBound]
        var commands: [(words: [String], output: String)] = []
        var pending = ""
        for line in block.split(separator: "\n") {
            if line.hasPrefix("# ") {
                commands[commands.count - 1].output +=
                    (commands[commands.count - 1].output.isEmpty ? "" : " ") + line.dropFirst(2)
                continue
            }
            pending += line.hasSuffix("\\") ? line.dropLast() : line
            guard !line.hasSuffix("\\") else { continue }
            commands.append((try shellWords(pending), ""))
            pending = ""
        }
        return commands
    }

    /// A command line's words as a POSIX shell splits them: blanks separate, double and single quotes group.
    static func shellWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word!.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let done = word { words.append(done) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        try #require(quote == nil, "an unclosed quote in \(line)")
        if let word { words.append(word) }
        return words
    }

    /// Whether `text` is `pattern`, where `…` stands for any text.
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let pieces = pattern.components(separatedBy: "…")
        guard text.hasPrefix(pieces[0]), text.hasSuffix(pieces.last!) else { return false }
        var rest = text.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= pieces.last!.count || pieces.count == 1
    }

    @Test("the README's sign-off commands, run as written on the reference matrix, print what the README shows")
    func readmeSignoff() async throws {
        let commands = try Self.readmeCommands(startingWith: "swift run duo-pose")
        #expect(commands.count == 3)
        let folder = try TestFiles.temporaryFolder()
        for (words, output) in commands {
            try #require(Array(words.prefix(3)) == ["swift", "run", "duo-pose"])
            let arguments = Array(words.dropFirst(3))
            if arguments.isEmpty {
                // `swift run duo-pose` on the built-in matrix: its reports, made once for the tests.
                try FileManager.default.copyItem(at: try await ReferenceRun.folder, to: folder.appendingPathComponent("Reports"))
                continue
            }
            let run = try runBinary(arguments, in: folder)
            #expect(run.code == (output.hasPrefix("Signed off") ? 0 : 1), "\(run.stderr)")
            #expect(run.stderr == "")
            #expect(Self.matches(run.stdout, output + "\n"), "\(run.stdout) is not what the README shows: \(output)")
        }
        let signoff = try TestFiles.read(folder.appendingPathComponent("Reports/signoff.md"))
        #expect(
            signoff.hasPrefix(
                "# Release sign-off: iPhone Duo reference scenes\n\n**SIGNED OFF**: 6 passed, 4 waived, 0 failed, 0 not run of "
                    + "10 checklist items; 5 passed, 1 waived, 0 failed, 0 not run of 6 invariants.\n"))
        #expect(signoff.contains("\nSigned by Ada Lovelace at "))
    }

    /// A matrix whose checklist has an item that passes, one that fails, one not run and one whose
    /// passes rest on an unverified claim, in `ci/app.json` of a new folder.
    static let checklistMatrix = """
        { formatVersion: 1, name: "Release", app: { multipleScenes: true }, axes: { profile: ["device", "simulator"] },
          poses: [
            { pose: "P1", expect: { display: "outer" } },
            { pose: "P3", expect: { display: "outer" } },
            { pose: "P13", notRun: { when: { profile: "simulator" }, reason: "the simulator has no camera" } },
            { pose: "P8", axes: { layoutDirection: ["leftToRight", "rightToLeft"] }, expect: { "scene.sizeClass": "compact/regular" } },
          ],
          checklist: [
            { id: "closed", text: "Closed", poses: ["P1"] },
            { id: "open", text: "Open", poses: ["P3"] },
            { id: "camera", text: "Camera", poses: ["P13"] },
            { id: "split", text: "Split", poses: ["P8"] },
          ] }
        """

    @Test("signoff.md says why each item is blocked: its first cases with why and FILE:LINE, and how many; Reviewed, not Signed")
    func whyBlocked() throws {
        let folder = try VerdictAgreementTests.checkout(Self.checklistMatrix, at: "ci/app.json")
        #expect(try runBinary(["run", "ci/app.json", "--out", "out", "--quiet", "--deterministic"], in: folder).code == 1)
        let result = try runBinary(
            ["signoff", "out/results.jsonl", "--by", "QA"], in: folder, environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(result.code == 1)
        #expect(
            result.stdout
                == "Not signed off: Release, by QA. Blocking: open (failed), camera (not run), split (not run). "
                + "Written to out/signoff.md\n")
        let text = try TestFiles.read(folder.appendingPathComponent("out/signoff.md"))
        let section = try #require(text.components(separatedBy: "\n## Why items are blocked\n").last)
        #expect(
            section == """

                ### open (failed)

                2 failed, 0 errors, 0 not run on P3:

                - `P3 [profile=device]` failed: `display`: expected `outer`, actual `inner` (inference: I from M AX-DGb, SIN (simulator)) (`ci/app.json:4`)
                - `P3 [profile=simulator]` failed: `display`: expected `outer`, actual `inner` (measured: M AX-DGb, SIN) (`ci/app.json:4`)

                ### camera (not run)

                0 failed, 0 errors, 2 not run on P13:

                - `P13 [profile=device]` not run: nothing expected for this combination (`ci/app.json:5`)
                - `P13 [profile=simulator]` not run: the simulator has no camera (`ci/app.json:5`)

                ### split (not run)

                0 failed, 0 errors, 4 not run on P8:

                - `P8 [profile=device, layoutDirection=leftToRight]` not run: sign-off does not trust scene.sizeClass (unverified) (`ci/app.json:6`)
                - `P8 [profile=device, layoutDirection=rightToLeft]` not run: sign-off does not trust scene.sizeClass (unverified) (`ci/app.json:6`)
                - `P8 [profile=simulator, layoutDirection=leftToRight]` not run: sign-off does not trust scene.sizeClass (unverified) (`ci/app.json:6`)
                - … and 1 more

                Reviewed by QA at 1970-01-01T00:00:00Z.

                - duo-pose \(DuoPose.version); results written by duo-pose \(DuoPose.version)
                - Matrix `ci/app.json`, SHA-256 `\(try ResultsReader(path: folder.appendingPathComponent("out/results.jsonl").path).header.matrixSHA256)`
                - Results `out/results.jsonl`, SHA-256 `\(SHA256.hex(of: [UInt8](try Data(contentsOf: folder.appendingPathComponent("out/results.jsonl")))))`

                """)
        #expect(!text.contains("Signed by"))
    }

    @Test(
        "with --allow-partial, an item whose cases did not all run is partial (N of M cases ran), never passed, and the verdict says PARTIAL"
    )
    func partial() throws {
        let folder = try VerdictAgreementTests.checkout(Self.checklistMatrix, at: "ci/app.json")
        let run = try runBinary(
            ["run", "ci/app.json", "--out", "out", "--quiet", "--where", "profile=device", "--pose", "P1"], in: folder)
        #expect(run.code == 0)
        let result = try runBinary(
            [
                "signoff", "out/results.jsonl", "--by", "QA", "--allow-partial", "--waive", "open=x", "--waive", "camera=x",
                "--waive", "split=x",
            ], in: folder)
        #expect(result.code == 1)
        #expect(
            result.stdout
                == "Partial, not signed off: Release, by QA. Blocking: closed (partial (1 of 2 cases ran)). Written to out/signoff.md\n"
        )
        let text = try TestFiles.read(folder.appendingPathComponent("out/signoff.md"))
        #expect(
            text.contains(
                "\n**PARTIAL** (not signed off): 0 passed, 3 waived, 0 failed, 0 not run, 1 partial of 4 checklist items.\n"))
        #expect(text.contains("\n| closed | Closed | P1 | partial (1 of 2 cases ran) | inference |  |\n"))
        #expect(
            text.contains(
                "\n### closed (partial (1 of 2 cases ran))\n\n1 of its 2 cases in the matrix ran (`--pose P1 --where "
                    + "profile=device`), and all of them passed.\n"))
        // Waived, a partial item signs off, and says what it was.
        let waived = try runBinary(
            [
                "signoff", "out/results.jsonl", "--by", "QA", "--allow-partial", "--waive", "open=x", "--waive", "camera=x",
                "--waive", "split=x", "--waive", "closed=the simulator half is not needed for 1.0",
            ], in: folder)
        #expect(waived.code == 0, "\(waived.stdout)")
        #expect(
            try TestFiles.read(folder.appendingPathComponent("out/signoff.md")).contains(
                "| closed | Closed | P1 | waived | inference | waived (partial (1 of 2 cases ran)): the simulator half is not needed for 1.0 |"
            ))
    }

    @Test("the signer's name and the waivers' reasons are Markdown-escaped, and --out makes its folders")
    func escapedAndFolders() throws {
        let folder = try VerdictAgreementTests.checkout(Self.checklistMatrix, at: "ci/app.json")
        #expect(try runBinary(["run", "ci/app.json", "--out", "out", "--quiet"], in: folder).code == 1)
        let result = try runBinary(
            [
                "signoff", "out/results.jsonl", "--by", "**SIGNED OFF** by https://evil.example", "--out", "a/b/x.md",
                "--waive", "open=_see_ www.evil.example ~~no~~", "--waive", "camera=x", "--waive", "split=x",
            ], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        let text = try TestFiles.read(folder.appendingPathComponent("a/b/x.md"))
        #expect(text.contains("\nSigned by \\*\\*SIGNED OFF\\*\\* by https\\://evil.example at "))
        #expect(text.contains("| waived (failed): \\_see\\_ www\\.evil.example \\~\\~no\\~\\~ |"))
        #expect(!text.contains("**SIGNED OFF** by"))
    }
}

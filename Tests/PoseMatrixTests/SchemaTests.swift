import Foundation
import Testing

@testable import PoseMatrix

@Suite("Matrices/schema.json and the shipped matrices")
struct SchemaTests {
    static let matricesFolder = TestFiles.packageRoot.appendingPathComponent("Matrices")

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: matricesFolder.appendingPathComponent("schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func keys(_ object: Any?) -> [String] {
        ((object as? [String: Any])?["properties"] as? [String: Any])?.keys.sorted() ?? []
    }

    static func definition(_ name: String) throws -> [String: Any]? {
        (try schema()["$defs"] as? [String: Any])?[name] as? [String: Any]
    }

    @Test("the schema names exactly the keys the decoder accepts")
    func keysAgree() throws {
        #expect(Self.keys(try Self.schema()) == MatrixDecoder.topLevelKeys.sorted())
        #expect(Self.keys(try Self.definition("app")) == MatrixDecoder.appKeys.sorted())
        #expect(Self.keys(try Self.definition("poseEntry")) == MatrixDecoder.poseEntryKeys.sorted())
        #expect(Self.keys(try Self.definition("axes")) == Axis.allCases.map(\.rawValue).sorted())
        #expect(Self.keys(try Self.definition("when")) == Axis.allCases.map(\.rawValue).sorted())
        #expect(Self.keys(try Self.definition("expect")) == Observable.allCases.map(\.rawValue).sorted())
        #expect(Self.keys(try Self.definition("explore")) == MatrixDecoder.exploreKeys.sorted())
        #expect(
            Self.keys(try Self.definition("stateExpect"))
                == Observable.allCases.filter { !$0.isPathCount }.map(\.rawValue).sorted())
    }

    @Test("an editor explains every observable and app key: each has a description, the observables' are the model's")
    func descriptions() throws {
        let expect = try #require(try Self.definition("expect")?["properties"] as? [String: [String: Any]])
        for observable in Observable.allCases {
            #expect(expect[observable.rawValue]?["description"] as? String == observable.summary, "\(observable.rawValue)")
        }
        let app = try #require(try Self.definition("app")?["properties"] as? [String: [String: Any]])
        for key in MatrixDecoder.appKeys {
            #expect((app[key]?["description"] as? String)?.isEmpty == false, "app.\(key)")
        }
        #expect(Self.keys(app["layout"]) == MatrixDecoder.layoutKeys.sorted())
    }

    @Test("the schema's value lists match the model's")
    func valuesAgree() throws {
        let expect = try #require(try Self.definition("expect")?["properties"] as? [String: [String: Any]])
        for observable in Observable.allCases {
            guard case .choice(let names) = observable.kind else { continue }
            let branches = try #require(expect[observable.rawValue]?["anyOf"] as? [[String: Any]])
            #expect(branches.first?["enum"] as? [String] == names, "\(observable.rawValue)")
        }
        let poses = try #require(try Self.definition("poseEntry")?["properties"] as? [String: [String: Any]])
        #expect(poses["pose"]?["enum"] as? [String] == Pose.catalogue.map(\.id))
    }

    @Test(
        "the schema's step pattern agrees with the decoder: hinge takes 0 to 180",
        arguments: [
            "open", "rotate(portrait)", "splitView(left)", "hinge(0)", "hinge(9.5)", "hinge(90)", "hinge(120.25)",
            "hinge(179.99)", "hinge(180)", "hinge(180.0)", "hinge(180.5)", "hinge(181)", "hinge(200)", "hinge(999)",
            "hinge(1000)", "rotate(sideways)", "presentSheet", "dismissSheet", "startPiP", "startPip", "restoreWindow",
        ])
    func stepPattern(_ step: String) throws {
        var patterns: [String] = []
        func collect(_ node: Any) {
            if let object = node as? [String: Any] {
                if let items = (object["steps"] as? [String: Any])?["items"] as? [String: Any],
                    let pattern = items["pattern"] as? String
                {
                    patterns.append(pattern)
                }
                object.values.forEach(collect)
            } else if let array = node as? [Any] {
                array.forEach(collect)
            }
        }
        collect(try Self.schema())
        #expect(patterns.count == 2, "poses[].steps and explore.steps")
        let decoderAccepts = (try? Step.parse(step).get()) != nil
        for pattern in patterns {
            let regex = try NSRegularExpression(pattern: pattern)
            let schemaAccepts = regex.firstMatch(in: step, range: NSRange(step.startIndex..., in: step)) != nil
            #expect(schemaAccepts == decoderAccepts, "\(step): schema \(schemaAccepts), decoder \(decoderAccepts)")
        }
    }

    @Test("every shipped matrix is valid")
    func shippedMatricesLoad() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.matricesFolder.path)
            .filter { $0.hasSuffix(".json") && $0 != "schema.json" }.sorted()
        #expect(files.contains("duo-scenes.json"))
        for file in files {
            let path = Self.matricesFolder.appendingPathComponent(file).path
            #expect(throws: Never.self, "\(file)") { try MatrixLoader.load(path: path) }
        }
    }
}

@Suite("README")
struct ReadmeTests {
    @Test("the README's matrix example is valid")
    func exampleIsValid() throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let start = try #require(readme.range(of: "```json5\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let example = String(readme[start.upperBound..<end.lowerBound])
        let loaded = try MatrixLoader.load(bytes: Array(example.utf8), path: "README.md")
        #expect(loaded.matrix.name == "Notes — iPhone Duo scenes")
    }

    @Test("the README's commands leave nothing untracked: .gitignore covers every file they write into Reports/")
    func reportsIgnored() throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        #expect(readme.contains("swift run duo-pose signoff Reports/results.jsonl"))
        let ignored = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent(".gitignore")).split(separator: "\n")
        for name in ReportSet.names + ["signoff.md", "signoff.html"] {
            #expect(ignored.contains("/Reports/" + name[...]), "\(name) is not ignored")
        }
    }

    /// The README's fenced block that starts with `first`.
    static func block(startingWith first: String) throws -> String {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let start = try #require(readme.range(of: "\n" + first + "\n"))
        let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
        return String(readme[start.lowerBound..<end.lowerBound])
    }

    @Test("the nightly workflow builds for release, keeps the baseline honest and asks for the permissions it uses")
    func nightlyWorkflow() throws {
        let workflow = try Self.block(startingWith: "# .github/workflows/duo-pose.yml")
        for needed in [
            "swift build -c release", ".build/release/duo-pose run", ".build/release/duo-pose \"${args[@]}\"",
            "--baseline baseline/results.jsonl --fail-on new", "run-id: ${{ steps.last.outputs.run-id }}",
            "github-token: ${{ github.token }}", "--status success", "actions: read", "checks: write", "contents: read",
            "actions/checkout@v7", "actions/upload-artifact@v7", "actions/download-artifact@v8",
            "mikepenz/action-junit-report@v6",
        ] {
            #expect(workflow.contains(needed), "missing: \(needed)")
        }
        for banned in ["swift run", "@v4", "continue-on-error", "|| true"] {
            #expect(!workflow.contains(banned), "still there: \(banned)")
        }
        let substitutions = workflow.components(separatedBy: "$(").dropFirst()
        #expect(workflow.components(separatedBy: "\"$(").count - 1 == substitutions.count, "every $( … ) is quoted (SC2046)")
        let gitlab = try Self.block(startingWith: "# .gitlab-ci.yml")
        #expect(gitlab.contains("parallel: 3"))
        #expect(gitlab.contains("--shard \"$CI_NODE_INDEX/$CI_NODE_TOTAL\""))
        #expect(gitlab.contains("reports:\n      junit: Reports/junit.xml"))
        let bazel = try Self.block(startingWith: "# BUILD.bazel")
        #expect(bazel.contains("shard_count = 4,"))
        #expect(bazel.contains(#"data = ["tools/duo-pose", "Matrices/duo-scenes.json"],"#), "the binary is a data dependency")
        #expect(!bazel.contains("--test_env"))
        let script = try Self.block(startingWith: "#!/usr/bin/env bash")
        #expect(script.contains("--out \"$TEST_UNDECLARED_OUTPUTS_DIR/reports\""))
        #expect(!script.contains("--quiet"), "--quiet hides the failure digest from --test_output=errors")
    }

    @Test("the README's observable table lists exactly the model's observables, in order, with their summaries")
    func observableTable() throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let start = try #require(readme.range(of: "| Observable | What it reports |\n|---|---|\n"))
        let rows = readme[start.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("| `") }
        let expected = Observable.allCases.map {
            "| `\($0.rawValue)` | \($0.summary.replacingOccurrences(of: "|", with: "\\|")) |"
        }
        #expect(rows.map(String.init) == expected)
    }

    @Test("the README's first code block gives a newcomer exactly two commands: swift run duo-pose and swift test")
    func twoCommands() throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let section = try #require(readme.range(of: "\n## Two commands\n\n```sh\n"))
        let firstBlock = try #require(readme.range(of: "```"))
        #expect(firstBlock.lowerBound == readme.index(section.upperBound, offsetBy: -6), "no code block comes before it")
        let end = try #require(readme.range(of: "\n```\n", range: section.upperBound..<readme.endIndex))
        let commands = readme[section.upperBound..<end.lowerBound].split(separator: "\n").map {
            $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
        }
        #expect(commands == ["swift run duo-pose", "swift test"])
    }
}

extension ReadmeTests {
    @Test("the README's example report is what the example writes")
    func exampleReportIsCurrent() async throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let start = try #require(readme.range(of: "```markdown\n"))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let out = try TestFiles.temporaryFolder()
        let path = TestFiles.packageRoot.appendingPathComponent("Matrices/examples/no-error-handler.json").path
        _ = await duoPose(["run", path, "--out", out.path, "--quiet"])
        // The whole report but the line naming the matrix, the tool and the time, which differ by machine and day.
        let report = try TestFiles.read(out.appendingPathComponent("report.md")).split(
            separator: "\n", omittingEmptySubsequences: false)
        let matrixLine = try #require(report.firstIndex { $0.hasPrefix("Matrix `") })
        var expected = report
        expected.removeSubrange(matrixLine...(matrixLine + 1))
        #expect(
            shown == expected.dropLast(),
            "the README's report.md differs:\n\(lineDiff(expected: expected.joined(separator: "\n"), actual: shown.joined(separator: "\n")))"
        )
    }
}

extension ReadmeTests {
    @Test("the README names every key scan --json prints, and says how many")
    func scanJSONKeys() async throws {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let start = try #require(readme.range(of: "`--json` prints one object with "))
        let sentence = readme[start.upperBound...].prefix { $0 != ";" }.replacingOccurrences(of: "\n", with: " ")
        let result = await duoPose(["scan", TestFiles.fixture("apps/UIKitApp"), "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let words = ["five", "six", "seven", "eight", "nine", "ten", "eleven"]
        #expect(sentence.hasPrefix(words[object.count - 5] + " keys: "), "\(sentence.prefix(20))")
        for key in object.keys { #expect(sentence.contains("`\(key)` ("), "the README does not name \(key)") }
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// The nightly job end to end, with the built binary and the README's CI recipes as written: two
/// nights of the reference matrix (explored to depth 3), sharded as GitHub, GitLab and Bazel run
/// it, merged, the second night against the first with an added axis value and a real regression.
@Suite("Nightly workflow, end to end")
struct NightlyWorkflowTests {
    /// A README code block: the lines from the one that is `first` to the closing fence.
    static func block(_ first: String) throws -> [String] {
        let readme = try TestFiles.read(TestFiles.packageRoot.appendingPathComponent("README.md"))
        let start = try #require(readme.range(of: "\n" + first + "\n"))
        let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
        return readme[start.lowerBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// The shell of a GitHub step: a one-line `run:` after the line containing `marker`, or its `run: |` block.
    static func githubStep(_ marker: String) throws -> String {
        let lines = try block("# .github/workflows/duo-pose.yml")
        let start = try #require(lines.firstIndex { $0.contains(marker) })
        let run = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("run:") })
        let text = lines[run].trimmingCharacters(in: .whitespaces).dropFirst("run:".count).trimmingCharacters(in: .whitespaces)
        guard text == "|" else { return text }
        let indent = lines[run + 1].prefix { $0 == " " }.count
        return lines[(run + 1)...].prefix { $0.prefix(indent).allSatisfy { $0 == " " } && $0.count > indent }
            .map { String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    /// The GitLab job's script line that runs `command`, without its leading `- `.
    static func gitlabLine(_ command: String) throws -> String {
        let line = try #require(try block("# .gitlab-ci.yml").first { $0.contains(".build/release/duo-pose " + command) })
        return String(line.trimmingCharacters(in: .whitespaces).dropFirst(2))
    }

    /// A checkout as CI has it: the built binary where `swift build -c release` puts it, and the matrix.
    static func checkout(matrix: String) throws -> URL {
        let folder = try TestFiles.temporaryFolder()
        let release = folder.appendingPathComponent(".build/release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: release.appendingPathComponent("duo-pose"), withDestinationURL: TestFiles.binary)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Matrices"), withIntermediateDirectories: true)
        try Data(matrix.utf8).write(to: folder.appendingPathComponent("Matrices/duo-scenes.json"))
        return folder
    }

    /// Runs a CI step's shell in `folder` with bash, as the runners do.
    static func shell(_ script: String, in folder: URL, environment: [String: String] = [:]) throws -> Invocation {
        try runBinaryLike(executable: "/bin/bash", ["-e", "-o", "pipefail", "-c", script], in: folder, environment: environment)
    }

    @Test("two nights: shards merged, the second against the first, an added axis value and a regression; one verdict everywhere")
    func twoNights() throws {
        let tonight = try TestFiles.read(URL(fileURLWithPath: TestFiles.shallowReference))
            .replacingOccurrences(of: #""alternate": "showInPlace""#, with: #""alternate": "none""#)  // the regression
            .replacingOccurrences(
                of: #""layoutDirection": ["leftToRight", "rightToLeft"],"#,
                with: #""layoutDirection": ["leftToRight", "rightToLeft"], "reduceTransparency": [false, true],"#)
        let lastNight = try TestFiles.read(URL(fileURLWithPath: TestFiles.shallowReference))
        #expect(tonight.contains(#""reduceTransparency": [false, true]"#) && tonight.contains(#""alternate": "none""#))

        // Last night, on GitHub: three shards, then the merge job's first night (no baseline yet).
        let first = try Self.checkout(matrix: lastNight)
        for shard in 1...3 {
            let run = try Self.shell(try Self.githubStep("Run one shard"), in: first, environment: ["SHARD": "\(shard)"])
            #expect(run.code == 0, "\(run.stderr)")
            try FileManager.default.createDirectory(
                at: first.appendingPathComponent("shards/shard-\(shard)"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                at: first.appendingPathComponent("out/results.jsonl"),
                to: first.appendingPathComponent("shards/shard-\(shard)/results.jsonl"))
        }
        let summary = first.appendingPathComponent("summary.md")
        let merge = try Self.shell(
            try Self.githubStep("Merge, compare and gate"), in: first, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(merge.code == 0, "\(merge.stderr)")
        #expect(merge.stdout.hasPrefix("::warning::No baseline yet"))

        // Tonight, on GitLab: three shards (CI_NODE_INDEX/CI_NODE_TOTAL), then the GitHub merge job with the baseline.
        let second = try Self.checkout(matrix: tonight)
        for shard in 1...3 {
            let run = try Self.shell(
                try Self.gitlabLine("run"), in: second, environment: ["CI_NODE_INDEX": "\(shard)", "CI_NODE_TOTAL": "3"])
            #expect(run.code == 0, "a shard lets a failed case through to the merge: \(run.stderr)")
            try FileManager.default.createDirectory(
                at: second.appendingPathComponent("shards/shard-\(shard)"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: second.appendingPathComponent("shard-\(shard)/results.jsonl"),
                to: second.appendingPathComponent("shards/shard-\(shard)/results.jsonl"))
        }
        try FileManager.default.createDirectory(at: second.appendingPathComponent("baseline"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: first.appendingPathComponent("Reports/results.jsonl"), to: second.appendingPathComponent("baseline/results.jsonl")
        )
        let tonightSummary = second.appendingPathComponent("summary.md")
        let gate = try Self.shell(
            try Self.githubStep("Merge, compare and gate"), in: second, environment: ["GITHUB_STEP_SUMMARY": tonightSummary.path])
        #expect(gate.code == 1, "the regression fails the gate")
        let verdictLine = try #require(gate.stdout.split(separator: "\n").first)
        #expect(verdictLine.hasPrefix("duo-pose: iPhone Duo reference scenes: FAILED: "))
        #expect(
            gate.stdout.contains(
                "\nBaseline: 8 new failures, 0 fixed, 0 still failing, 110 new cases (12 failing), 0 removed cases. "
                    + "Matched across reduceTransparency at their defaults: 110 cases. "
                    + "Invariants: 1 newly broken, 0 fixed, 0 still broken, 0 not run.\n"),
            "P12's cases, Reduce Transparency on whatever the axis, keep their ids; the rest match at false")
        #expect(
            gate.stdout.contains(
                "\n--fail-on new: 8 new failures, 12 failing new cases and 1 newly broken invariant fail the run; "))

        // One verdict: the terminal's, report.md's, the summary line's, the job summary's and junit.xml's counts.
        let verdict = String(verdictLine.dropFirst("duo-pose: iPhone Duo reference scenes: ".count))
        let report = try TestFiles.read(second.appendingPathComponent("Reports/report.md"))
        #expect(report.contains("\n**" + verdict.replacingOccurrences(of: "FAILED:", with: "FAILED**:") + "\n"))
        #expect(
            try TestFiles.read(tonightSummary).contains(
                "\n**" + verdict.replacingOccurrences(of: "FAILED:", with: "FAILED**:") + "\n"))
        let results = try ResultsReader(path: second.appendingPathComponent("Reports/results.jsonl").path)
        var counts = Counts()
        while let result = try results.next() { counts.add(result) }
        let lines = try TestFiles.read(second.appendingPathComponent("Reports/results.jsonl")).split(separator: "\n")
        #expect(lines.last!.contains(#""verdict":"failed","baseline":{"path":"baseline/results.jsonl","newFailures":8,"#))
        let junit = try JUnitStructure(data: Data(contentsOf: second.appendingPathComponent("Reports/junit.xml")))
        #expect(junit.problems == [])
        #expect(junit.failures == counts.failed + 1, "the failed cases and the broken invariant")
        #expect(junit.errors == counts.errors)
        #expect(
            verdict.contains(
                "\(counts.passed) passed, \(counts.failed) failed, \(counts.errors) errors, \(counts.notRun) not run"))

        // GitLab's merge job of the same shards, without a baseline: the same verdict and the same junit.xml.
        let gitlabMerge = try Self.shell(
            try Self.gitlabLine("merge").replacingOccurrences(of: "--out Reports", with: "--out gitlab"), in: second)
        #expect(gitlabMerge.code == 1)
        #expect(gitlabMerge.stdout.hasPrefix(verdictLine + "\n"))
        #expect(
            try Data(contentsOf: second.appendingPathComponent("gitlab/junit.xml"))
                == Data(contentsOf: second.appendingPathComponent("Reports/junit.xml")))

        // The same matrix under Bazel, three shards with the README's script: the target fails as the merge did.
        let script = try Self.block("#!/usr/bin/env bash").joined(separator: "\n")
        try Data(script.utf8).write(to: second.appendingPathComponent("duo_pose_test.sh"))
        var codes: [Int32] = []
        for index in 0..<3 {
            let outputs = second.appendingPathComponent("bazel-\(index)")
            try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
            let run = try runBinaryLike(
                executable: "/bin/bash",
                ["duo_pose_test.sh", second.appendingPathComponent(".build/release/duo-pose").path, "Matrices/duo-scenes.json"],
                in: second,
                environment: [
                    "TEST_SHARD_INDEX": "\(index)", "TEST_TOTAL_SHARDS": "3", "TEST_UNDECLARED_OUTPUTS_DIR": outputs.path,
                    "XML_OUTPUT_FILE": outputs.appendingPathComponent("test.xml").path,
                ])
            if run.code == 1 {
                #expect(run.stdout.contains("Failures by pose and observable"), "the digest reaches --test_output=errors")
            }
            codes.append(run.code)
        }
        #expect(codes.max() == 1)
    }
}

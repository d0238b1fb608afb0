import Foundation
import Testing

@testable import PoseMatrix

/// `duo-pose trend` over 30 generated nights: a regression, a fix and a flaky case are each
/// found with the night they changed; an axis added on night 20 is matched across; bad or mixed
/// files are refused with the file and line.
@Suite("Nightly trend")
struct TrendTests {
    /// Night `night`'s matrix: "regress" starts failing on night 15, "fix" passes from night 10,
    /// "flaky" fails on odd nights; from night 20 a layoutDirection axis is added.
    static func matrix(night: Int, name: String = "Nightly") -> String {
        let regress = night < 15 ? "inner" : "outer"
        let fix = night < 10 ? "inner" : "outer"
        let flaky = night % 2 == 0 ? "outer" : "inner"
        let axes =
            night < 20
            ? #""profile": ["simulator"]"# : #""profile": ["simulator"], "layoutDirection": ["leftToRight", "rightToLeft"]"#
        return """
            {"formatVersion": 1, "name": "\(name)", "axes": {\(axes)}, "poses": [
              {"pose": "P1", "title": "fix", "expect": {"display": "\(fix)"}},
              {"pose": "P2", "title": "flaky", "steps": ["rotate(landscape)"], "expect": {"display": "\(flaky)"}},
              {"pose": "P3", "title": "regress", "steps": ["open"], "expect": {"display": "\(regress)"}},
              {"pose": "P3", "title": "stable", "steps": ["open"], "expect": {"scene.size": "951x669"}}
            ]}
            """
    }

    /// Runs `nights` nights into `folder/night-NN/results.jsonl`, returning the paths in order.
    static func runNights(_ nights: Int, in folder: URL, name: (Int) -> String = { _ in "Nightly" }) async throws -> [String] {
        var paths: [String] = []
        for night in 1...nights {
            let file = folder.appendingPathComponent("matrix-\(night).json")
            try Self.matrix(night: night, name: name(night)).write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent(String(format: "night-%02d", night))
            let run = await duoPose(["run", file.path, "--out", out.path, "--deterministic", "--quiet"])
            #expect(run.code == 0 || run.code == 1, "\(run.stderr)")
            paths.append(out.appendingPathComponent("results.jsonl").path)
        }
        return paths
    }

    @Test("30 nights: the regression, the fix and the flaky case, each with the night it changed")
    func thirtyNights() async throws {
        let folder = try TestFiles.temporaryFolder()
        let paths = try await Self.runNights(30, in: folder)
        let trend = try Trend.read(paths)
        #expect(trend.nights.count == 30)
        // Night 20 adds layoutDirection: a case's id on the last night names it.
        let rtl = ", layoutDirection=leftToRight]"
        #expect(
            trend.newlyFailing.listed == [
                Trend.Change(id: "P3 regress [profile=simulator" + rtl, firstNight: 15, lastNight: 15, changes: 1)
            ])
        #expect(
            trend.fixed.listed == [Trend.Change(id: "P1 fix [profile=simulator" + rtl, firstNight: 10, lastNight: 10, changes: 1)]
        )
        // The flaky case flips every night; its right-to-left twin, new on night 20, from night 21.
        #expect(
            trend.flaky.listed == [
                Trend.Change(id: "P2 flaky [profile=simulator" + rtl, firstNight: 2, lastNight: 30, changes: 29),
                Trend.Change(
                    id: "P2 flaky [profile=simulator, layoutDirection=rightToLeft]", firstNight: 21, lastNight: 30, changes: 10),
            ])
        // Its left-to-right cases are the old ones (matched across the axis at its default), the right-to-left ones new.
        #expect(!trend.nights[18].planChanged)
        #expect(trend.nights[19].added == 4)
        #expect(trend.nights[19].removed == 0)
    }

    @Test("only the last night's cases are newly failing or fixed: one that changed and left the plan is neither")
    func removedCases() {
        var trend = Trend(matrixName: "M")
        let statuses: [[CaseResult.Status]] = [
            [.passed, .passed], [.failed, .failed], [.failed, .passed], [.failed, .failed],
        ]
        var tracks: [Int?] = [nil, nil]
        for (night, pair) in statuses.enumerated() {
            trend.begin(Trend.Night(path: "n\(night)", generatedAt: "", toolVersion: "", matrixSHA256: ""))
            tracks[0] = trend.add(id: "P1 kept", pose: "P1", status: pair[0], track: tracks[0])
            // "P2 gone" leaves the plan after the last night but one.
            if night < 3 { tracks[1] = trend.add(id: "P2 gone", pose: "P2", status: pair[1], track: tracks[1]) }
        }
        #expect(trend.newlyFailing.listed.map(\.id) == ["P1 kept"])
        #expect(trend.fixed.count == 0)
        #expect(trend.flaky.count == 0)
        var flipped = trend
        flipped.begin(Trend.Night(path: "n4", generatedAt: "", toolVersion: "", matrixSHA256: ""))
        _ = flipped.add(id: "P1 kept", pose: "P1", status: .passed, track: tracks[0])
        #expect(flipped.fixed.listed.map(\.id) == ["P1 kept"])
    }

    @Test("the command reads a folder of nights and writes trend.md and trend.html as the goldens say")
    func command() async throws {
        let folder = try TestFiles.temporaryFolder()
        _ = try await Self.runNights(30, in: folder)
        let out = folder.appendingPathComponent("trend")
        let result = await duoPose(["trend", folder.path, "--out", out.path])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "duo-pose trend: Nightly: 30 nights: on the last, 6 passed, 2 failed, 0 not run of 8 cases; 1 newly failing, "
                + "1 fixed, 2 flaky. Written to \(out.path)/trend.md, \(out.path)/trend.html\n")
        for name in ["trend.md", "trend.html"] {
            let text = try TestFiles.read(out.appendingPathComponent(name)).replacingOccurrences(of: folder.path, with: "NIGHTS")
            try expectMatchesSnapshot(text, named: name)
        }
    }

    @Test("--by-time orders the nights by their headers' time, the order given where they are equal")
    func byTime() async throws {
        let folder = try TestFiles.temporaryFolder()
        let paths = try await Self.runNights(3, in: folder)
        let first = try String(contentsOfFile: paths[0], encoding: .utf8)
        try first.replacingOccurrences(of: "1970-01-01T00:00:00Z", with: "2026-12-03T00:00:00Z")
            .write(toFile: paths[0], atomically: true, encoding: .utf8)
        #expect(try Trend.read(paths, byTime: true).nights.map(\.path) == [paths[1], paths[2], paths[0]])
        #expect(try Trend.read(paths).nights.map(\.path) == paths)
    }

    @Test("another matrix, a shard or a bad line is refused with the file and line; no night is usage")
    func refusals() async throws {
        let folder = try TestFiles.temporaryFolder()
        let paths = try await Self.runNights(2, in: folder, name: { $0 == 2 ? "Other" : "Nightly" })
        let mixed = await duoPose(["trend", paths[0], paths[1], "--out", folder.appendingPathComponent("t").path])
        #expect(mixed.code == 65)
        #expect(
            mixed.stderr
                == "Error: \(paths[1]):1: is a run of \"Other\", \(paths[0]) of \"Nightly\": a trend follows one matrix\n")
        let matrix = folder.appendingPathComponent("matrix-1.json").path
        let shard = folder.appendingPathComponent("shard")
        _ = await duoPose(["run", matrix, "--out", shard.path, "--shard", "1/2", "--deterministic", "--quiet"])
        let sharded = await duoPose(["trend", paths[0], shard.appendingPathComponent("results.jsonl").path])
        #expect(
            sharded.stderr
                == "Error: \(shard.path)/results.jsonl:1: is shard 1/2 of a run; a trend reads whole nights: give each night's merged results\n"
        )
        let bad = folder.appendingPathComponent("bad.jsonl")
        try (try String(contentsOfFile: paths[0], encoding: .utf8) + "{not json}\n").write(
            to: bad, atomically: true, encoding: .utf8)
        let broken = await duoPose(["trend", paths[0], bad.path])
        #expect(broken.code == 65)
        #expect(broken.stderr.hasPrefix("Error: \(bad.path):9:2: an unquoted key is JSON5, not JSON"), "\(broken.stderr)")
        let none = await duoPose(["trend"])
        #expect(none.code == 64)
        #expect(none.stderr.hasPrefix("Error: name the nights' results.jsonl files, or a folder holding them\n"))
    }

    @Test("trend.html escapes the matrix's name and gives each pose's chart a text alternative")
    func page() async throws {
        let folder = try TestFiles.temporaryFolder()
        let paths = try await Self.runNights(2, in: folder, name: { _ in "<script>alert(1)</script>" })
        let html = try Trend.read(paths).html()
        #expect(!html.contains("<script>"))
        #expect(html.contains("duo-pose trend: &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.components(separatedBy: "<svg ").count - 1 == 3)
        #expect(html.contains(#"aria-label="P1: failed cases per night, oldest first: 1, 1""#))
    }
}

/// The README's trend step, run as written with the built binary and a stand-in for `gh`: on
/// the first night (no earlier night) and on one with an earlier night and an expired one.
@Suite("Nightly trend step")
struct TrendStepTests {
    /// A `gh` that lists the runs in `runs` and downloads each from `nights/RUN`, failing for a missing one.
    static let gh = """
        #!/bin/bash
        case "$1 $2" in
          "run list") cat "$GH_RUNS" ;;
          "run download") src="$GH_STORE/$3"; [ -d "$src" ] || exit 1; mkdir -p "${9}"; cp "$src"/* "${9}"/ ;;
        esac
        """

    @Test("the README's trend step writes trend.md and trend.html beside tonight's reports")
    func readmeStep() async throws {
        let script = try NightlyWorkflowTests.githubStep("The trend over the last nights")
        let folder = try NightlyWorkflowTests.checkout(matrix: TrendTests.matrix(night: 1))
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Self.gh.write(to: bin.appendingPathComponent("gh"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("gh").path)
        let store = folder.appendingPathComponent("store")
        let runs = folder.appendingPathComponent("runs")
        let environment = [
            "PATH": bin.path + ":/usr/bin:/bin", "GH_RUNS": runs.path, "GH_STORE": store.path, "GITHUB_REPOSITORY": "a/b",
            "GITHUB_REF_NAME": "main",
        ]
        let tonight = await duoPose(
            [
                "run", folder.appendingPathComponent("Matrices/duo-scenes.json").path, "--out",
                folder.appendingPathComponent("Reports").path,
                "--deterministic", "--quiet",
            ])
        #expect(tonight.code == 1)
        try "".write(to: runs, atomically: true, encoding: .utf8)
        let first = try NightlyWorkflowTests.shell(script, in: folder, environment: environment)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("duo-pose trend: Nightly: 1 night: on the last, 2 passed, 2 failed"), "\(first.stdout)")
        // Run 42 kept its results; run 7's have expired.
        try FileManager.default.createDirectory(at: store.appendingPathComponent("42"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("Reports/results.jsonl"), to: store.appendingPathComponent("42/results.jsonl"))
        try "42\n7\n".write(to: runs, atomically: true, encoding: .utf8)
        let second = try NightlyWorkflowTests.shell(script, in: folder, environment: environment)
        #expect(second.code == 0, "\(second.stderr)")
        #expect(second.stdout.contains("::warning::The results of run 7 have expired; the trend goes without that night\n"))
        #expect(second.stdout.contains("duo-pose trend: Nightly: 2 nights:"), "\(second.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/trend.html").path))
    }
}

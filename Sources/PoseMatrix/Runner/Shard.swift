import Foundation

/// One of N equal parts of a plan: case i belongs to shard (i mod N) + 1, so shards
/// partition the plan exactly and their sizes differ by at most one.
struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based.
    var index: Int
    var total: Int

    init(index: Int, total: Int) {
        self.index = index
        self.total = total
    }

    /// "2/3".
    var description: String { "\(index)/\(total)" }

    /// How many of `count` plan cases fall in this shard.
    func caseCount(of count: Int) -> Int {
        count / total + (index <= count % total ? 1 : 0)
    }

    /// The plan index of this shard's n-th case.
    func planIndex(_ position: Int) -> Int {
        position * total + index - 1
    }

    /// Reads `K/N` with 1 ≤ K ≤ N.
    static func parse(_ text: String) -> Shard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]) else { return nil }
        return valid(index: index, total: total)
    }

    /// The most shards a plan is split into.
    static let maximumTotal = 10_000

    static func valid(index: Int, total: Int) -> Shard? {
        guard total >= 1, total <= maximumTotal, index >= 1, index <= total else { return nil }
        return Shard(index: index, total: total)
    }

    /// The CI engines whose own shard variables are honoured, in the order they are looked for.
    /// Bazel and Buildkite set theirs only for sharded tests and jobs, so they are read without
    /// asking; GitLab sets `CI_NODE_TOTAL` in every job and both variables in `parallel: matrix:`
    /// jobs that are not shards of one plan, so its are read only when asked (`--shard auto`).
    static let engines: [(name: String, index: String, total: String, base: Int, automatic: Bool)] = [
        ("Bazel", "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", 0, true),
        ("GitLab", "CI_NODE_INDEX", "CI_NODE_TOTAL", 1, false),
        ("Buildkite", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0, true),
    ]

    /// The engine whose variables give the shard: the automatic ones, or every one when asked; one
    /// that shards (a total above 1, or an index) before one whose total of 1 leaves the plan whole.
    static func engine(in environment: [String: String], asked: Bool) -> (name: String, index: String, total: String, base: Int)?
    {
        let present = engines.filter { (asked || $0.automatic) && environment[$0.total] != nil }
        let sharding = present.first { environment[$0.total] != "1" || environment[$0.index] != nil }
        return (sharding ?? present.first).map { ($0.name, $0.index, $0.total, $0.base) }
    }

    /// An engine that reads its shard without being asked (Bazel, Buildkite) and shards this run
    /// (a total above 1), with its variables as `NAME=value`: an explicit `--shard` there is a mistake.
    static func shardingEngine(in environment: [String: String]) -> (name: String, variables: String)? {
        for engine in engines where engine.automatic {
            guard let total = environment[engine.total].flatMap({ Int($0) }), total > 1 else { continue }
            return (engine.name, "\(engine.index)=\(environment[engine.index] ?? "(unset)") \(engine.total)=\(total)")
        }
        return nil
    }

    /// The shard a CI engine's variables name, if any; an error names the variables when they are malformed,
    /// or when two engines' variables (read as asked) name different shards: which one would be right?
    /// A total of 1 without an index is the whole plan.
    static func fromEnvironment(_ environment: [String: String], asked: Bool = false) -> Result<Shard?, ShardError> {
        var named: [(engine: String, variables: String, shard: Shard?)] = []
        for engine in engines where (asked || engine.automatic) && environment[engine.total] != nil {
            switch shard(of: (engine.name, engine.index, engine.total, engine.base), in: environment) {
            case .failure(let error): return .failure(error)
            case .success(let shard):
                let variables =
                    "\(engine.index)=\(environment[engine.index] ?? "(unset)") \(engine.total)=\(environment[engine.total]!)"
                named.append((engine.name, variables, shard))
            }
        }
        // A total of 1 without an index shards nothing; engines that shard must agree.
        let sharding = named.filter { $0.shard != nil }
        if let first = sharding.first, let other = sharding.first(where: { $0.shard != first.shard }) {
            return .failure(
                ShardError(
                    message: "\(first.engine) (\(first.variables)) and \(other.engine) (\(other.variables)) name different "
                        + "shards, so which part of the plan to run is not clear (without --shard auto only Bazel's and "
                        + "Buildkite's variables are read)"))
        }
        return .success(sharding.first?.shard)
    }

    /// The shard one engine's variables name, nil for a total of 1 without an index.
    private static func shard(
        of engine: (name: String, index: String, total: String, base: Int), in environment: [String: String]
    ) -> Result<Shard?, ShardError> {
        if let totalText = environment[engine.total] {
            let indexText = environment[engine.index] ?? ""
            if totalText == "1" && indexText.isEmpty { return .success(nil) }
            guard let total = Int(totalText), let index = Int(indexText),
                let shard = valid(index: index - engine.base + 1, total: total)
            else {
                return .failure(
                    ShardError(
                        message: "\(engine.name) shard variables \(engine.index)=\(indexText.isEmpty ? "(unset)" : indexText) "
                            + "\(engine.total)=\(totalText) do not name a shard (the index is \(engine.base)-based)"))
            }
            return .success(shard)
        }
        return .success(nil)
    }
}

/// Malformed shard variables.
struct ShardError: Error, Equatable, Sendable {
    var message: String
}

/// What Bazel asks of a test runner, read from the environment it sets.
enum Bazel {
    /// Bazel asks a test runner that supports sharding to touch this file.
    static func touchShardStatusFile(_ environment: [String: String]) {
        guard let path = environment["TEST_SHARD_STATUS_FILE"], !path.isEmpty,
            environment["TEST_TOTAL_SHARDS"] != nil, !FileManager.default.fileExists(atPath: path)
        else { return }
        _ = FileManager.default.createFile(atPath: path, contents: nil)  // best effort: Bazel only reads its presence
    }

    /// Where Bazel reads the test's JUnit from (XML_OUTPUT_FILE), if it set one.
    static func xmlOutputPath(_ environment: [String: String]) -> String? {
        guard let path = environment["XML_OUTPUT_FILE"], !path.isEmpty else { return nil }
        return path
    }
}

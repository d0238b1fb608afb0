/// How a pose or a checklist item stands: failed when anything failed or errored, not run when
/// some part did not run, passed otherwise. report.md, the job summary and signoff.md print it.
public enum Verdict: String, Sendable {
    case passed
    case failed
    case notRun = "not run"
}

/// A whole run's verdict, the one the terminal, `report.md`, `results.jsonl` and the exit code
/// all give: not run is never passed, and nothing run is not a success.
public enum RunVerdict: Sendable, Equatable {
    case passed
    /// A case failed or errored.
    case failed
    /// Cases failed, but none that the baseline did not already have (`--fail-on new`).
    case noNewFailures
    /// No case failed, but with `--strict` a case that was not run fails the run.
    case failedStrict
    /// No case ran: every case was not run.
    case nothingRan
    /// A shard that holds no case because the plan has fewer cases than shards: the one
    /// run without a case that succeeds, so that a fixed number of CI jobs can run a small matrix.
    case emptyShard

    /// The verdict of a run with these totals; `newFailures` is given under `--fail-on new` with a baseline.
    /// `--fail-on new` excuses old failures only: nothing run and `--strict` still fail the run.
    public init(_ counts: Counts, strict: Bool, shard: Shard?, newFailures: Int? = nil) {
        let failing = counts.failed + counts.errors > 0
        if failing && newFailures != 0 {
            self = .failed
        } else if counts.total == 0 {
            self = shard.map { $0.total > 1 } ?? false ? .emptyShard : .nothingRan
        } else if counts.notRun == counts.total {
            self = .nothingRan
        } else if strict && counts.notRun > 0 {
            self = .failedStrict
        } else {
            self = failing ? .noNewFailures : .passed
        }
    }

    /// Whether the run succeeds (exit 0).
    public var isSuccess: Bool { self == .passed || self == .emptyShard || self == .noNewFailures }

    /// The word in `results.jsonl`'s summary line.
    public var word: String {
        switch self {
        case .passed: Verdict.passed.rawValue
        case .failed, .failedStrict: Verdict.failed.rawValue
        case .noNewFailures: "no new failures"
        case .nothingRan: Verdict.notRun.rawValue
        case .emptyShard: "empty shard"
        }
    }

    /// "**FAILED**: 3 passed, …" — the first thing a person reads, in Markdown.
    public func line(_ counts: Counts) -> String {
        let tail =
            "\(counts.passed) passed, \(counts.failed) failed, \(counted(counts.errors, "error")), \(counts.notRun) not run "
            + "of \(counted(counts.total, "case"))."
        switch self {
        case .passed: return "**PASSED**: " + tail
        case .failed: return "**FAILED**: " + tail
        case .noNewFailures: return "**NO NEW FAILURES** (--fail-on new: every failure is in the baseline): " + tail
        case .failedStrict: return "**FAILED** (--strict: not run counts as failed): " + tail
        case .nothingRan: return "**NOT RUN**: no case ran, and nothing run is not a pass. " + tail
        case .emptyShard: return "**EMPTY SHARD**: the plan has fewer cases than shards, so this shard holds none. " + tail
        }
    }
}

/// How a pose or a checklist item stands: failed when anything failed or errored, not run when
/// some part did not run, passed otherwise. report.md, the job summary and signoff.md print it.
enum Verdict: String, Sendable {
    case passed
    case failed
    case notRun = "not run"
}

/// A whole run's verdict, the one the terminal, `report.md`, `results.jsonl` and the exit code
/// all give: not run is never passed, and nothing run is not a success.
enum RunVerdict: Sendable, Equatable {
    case passed
    /// A case failed or errored.
    case failed
    /// Cases failed, but none that the baseline did not already have (`--fail-on new`).
    case noNewFailures
    /// No case failed, but with `--strict` a case that was not run fails the run.
    case failedStrict
    /// No case ran: every case was not run.
    case nothingRan
    /// A shard none of whose cases or invariants ran, of a plan in which others do: not a failure of
    /// the shard, since "nothing ran" is a property of the whole plan, which every shard decides alike.
    case nothingRanHere
    /// A shard that holds no case because the plan has fewer cases than shards: the one
    /// run without a case that succeeds, so that a fixed number of CI jobs can run a small matrix.
    case emptyShard

    /// The verdict of a run with these totals; `newFailures` is given under `--fail-on new` with a baseline.
    /// `--fail-on new` excuses old failures only: nothing run and `--strict` still fail the run. A
    /// broken invariant fails the run as a failed case does, and one not run counts as a case not run.
    /// `ranElsewhere` says, of a shard none of whose cases ran, whether any case or invariant of the
    /// rest of the plan runs: a shard fails for its own failures, errors and `--strict`, and for
    /// nothing run only when nothing of the whole plan runs, so a target's verdict is the same
    /// whatever its shard count.
    init(
        _ counts: Counts, invariants: InvariantCounts = InvariantCounts(), strict: Bool, shard: Shard?,
        newFailures: Int? = nil, ranElsewhere: Bool = false
    ) {
        let failing = counts.failed + counts.errors + invariants.broken > 0
        let total = counts.total + invariants.total
        let notRun = counts.notRun + invariants.notRun
        if failing && newFailures != 0 {
            self = .failed
        } else if total == 0 {
            self = shard.map { $0.total > 1 } ?? false ? .emptyShard : .nothingRan
        } else if notRun == total {
            self = !ranElsewhere ? .nothingRan : strict ? .failedStrict : .nothingRanHere
        } else if strict && notRun > 0 {
            self = .failedStrict
        } else {
            self = failing ? .noNewFailures : .passed
        }
    }

    /// Whether the run succeeds (exit 0).
    var isSuccess: Bool { self == .passed || self == .emptyShard || self == .noNewFailures || self == .nothingRanHere }

    /// The word in `results.jsonl`'s summary line.
    var word: String {
        switch self {
        case .passed: Verdict.passed.rawValue
        case .failed, .failedStrict: Verdict.failed.rawValue
        case .noNewFailures: "no new failures"
        case .nothingRan: Verdict.notRun.rawValue
        case .nothingRanHere: "not run in this shard"
        case .emptyShard: "empty shard"
        }
    }

    /// "**FAILED**: 3 passed, …" — the first thing a person reads, in Markdown; the invariants
    /// follow the cases when the run has any: "…of 118 cases; 5 held, 0 broken, 1 not run of 6 invariants."
    func line(_ counts: Counts, invariants: InvariantCounts = InvariantCounts()) -> String {
        var tail =
            "\(counts.passed) passed, \(counts.failed) failed, \(counted(counts.errors, "error")), \(counts.notRun) not run "
            + "of \(counted(counts.total, "case"))"
        if invariants.total > 0 {
            tail +=
                "; \(invariants.held) held, \(invariants.broken) broken, \(invariants.notRun) not run "
                + "of \(counted(invariants.total, "invariant"))"
        }
        tail += "."
        switch self {
        case .passed: return "**PASSED**: " + tail
        case .failed: return "**FAILED**: " + tail
        case .noNewFailures: return "**NO NEW FAILURES** (--fail-on new: every failure is in the baseline): " + tail
        case .failedStrict: return "**FAILED** (--strict: not run counts as failed): " + tail
        case .nothingRan:
            let what = invariants.total > 0 ? "no case or invariant ran" : "no case ran"
            return "**NOT RUN**: \(what), and nothing run is not a pass. " + tail
        case .nothingRanHere:
            return "**NOT RUN IN THIS SHARD**: none of this shard's cases ran, but other cases of the plan do; "
                + "merge the shards for the run's verdict. " + tail
        case .emptyShard: return "**EMPTY SHARD**: the plan has fewer cases than shards, so this shard holds none. " + tail
        }
    }
}

extension InvariantResult.Status {
    /// The word reports print: "held", "broken", "not run" (as a case's not run reads).
    var word: String { self == .notRun ? Verdict.notRun.rawValue : rawValue }
}

/// Runs a plan in parallel and hands results to a consumer in plan order.
struct Runner: Sendable {
    var plan: Plan
    var app: App
    /// How many chunks of cases run at once.
    var jobs: Int
    /// When true, durations are written as 0 so that outputs compare byte for byte.
    var deterministic: Bool
    /// The part of the plan to run, or nil for all of it.
    var shard: Shard?
    /// Where observed values come from: the model, or values recorded on a real device.
    var source: ObservationSource
    /// The provenance levels evaluated; values on other levels leave their case not run.
    var trust: Trust

    init(
        plan: Plan, app: App, jobs: Int, deterministic: Bool, shard: Shard? = nil, source: ObservationSource = .model,
        trust: Trust = .everything
    ) {
        self.trust = trust
        self.plan = plan
        self.app = app
        self.jobs = max(1, jobs)
        self.deterministic = deterministic
        self.shard = shard
        self.source = source
    }

    /// How many cases this runner evaluates.
    var caseCount: Int { shard?.caseCount(of: plan.count) ?? plan.count }

    /// Whether this runner reports the plan's exploration: the whole plan's runner does, and of
    /// its shards the first alone, so that merged shards report each invariant once.
    var explores: Bool { plan.exploration != nil && (shard?.index ?? 1) == 1 }

    /// How many invariants this runner reports.
    var invariantCount: Int { explores ? plan.invariantCount : 0 }

    /// Explores the plan's pose sequences once, apart from the cases, and says how each invariant
    /// fared; empty when this runner reports none (``explores``).
    func invariants() -> [InvariantResult] {
        guard explores, let exploration = plan.exploration else { return [] }
        return Explorer.explore(exploration, app: app, trust: trust).results(of: exploration)
    }

    /// Whether any case of the plan outside this shard runs (passes, fails or errs), or, when none
    /// does, any invariant of the plan's exploration (which the first shard reports): a shard none of
    /// whose own cases ran asks this before it says NOT RUN, since nothing run is a property of the
    /// whole plan. Evaluates without writing, in plan order, and stops at the first that runs; the
    /// exploration only when no case runs. False for a whole run.
    func runsOutsideShard() throws -> Bool {
        guard let shard, shard.total > 1 else { return false }
        for index in 0..<plan.count where index % shard.total != shard.index - 1 {
            if index % 4096 == 0 { try Task.checkCancellation() }
            let result = Evaluation.evaluate(plan.testCase(at: index), app: app, trust: trust, source: source)
            if result.status != .notRun { return true }
        }
        guard !explores, let exploration = plan.exploration else { return false }
        return Explorer.explore(exploration, app: app, trust: trust).results(of: exploration).contains { $0.status != .notRun }
    }

    /// Cases per task: small enough to spread a small plan over the jobs, large enough
    /// that scheduling costs nothing next to the model.
    var chunkSize: Int {
        min(1024, max(1, caseCount / (jobs * 8)))
    }

    /// Evaluates every case, each on its own model, at most `jobs` chunks at a time, and
    /// calls `consume` with the results in plan order. Memory is bounded by the chunks in flight.
    @discardableResult
    func run(_ consume: (CaseResult) throws -> Void) async throws -> RunStatistics {
        try await run(
            transform: { $0 },
            { (chunk: consuming [CaseResult]) in
                // Each result is moved out of the chunk, which the reorder buffer handed over whole:
                // `for result in chunk` copied, so retained and released, every field of every result.
                var results = consume chunk
                results.withUnsafeMutableBufferPointer { $0.reverse() }  // swaps by moving; Array's own swaps copy
                while let result = results.popLast() { try consume(result) }
            })
    }

    /// Like ``run(_:)``, with `transform` applied to each chunk of results on the workers (to
    /// render report bytes in parallel); `consume` sees the chunks in plan order.
    @discardableResult
    func run<Output: Sendable>(
        transform: @escaping @Sendable (consuming [CaseResult]) -> Output, _ consume: (consuming Output) throws -> Void
    ) async throws -> RunStatistics {
        let chunkSize = self.chunkSize
        let count = caseCount
        let chunkCount = (count + chunkSize - 1) / chunkSize
        return try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            var statistics = RunStatistics(chunks: chunkCount, maximumHeldChunks: 0)
            var nextChunk = 0
            var nextToEmit = 0
            var inFlight = 0
            var finished: [Int: Output] = [:]
            // Keep `jobs` chunks running, but never hold more than `jobs * 4` chunks of results:
            // a slow chunk at the head stops new work instead of growing the reorder buffer.
            func fill() {
                while inFlight < jobs, nextChunk < chunkCount, finished.count + inFlight < jobs * 4 {
                    let chunk = nextChunk
                    nextChunk += 1
                    inFlight += 1
                    group.addTask { [self] in
                        try Task.checkCancellation()
                        let start = chunk * chunkSize
                        let end = min(count, start + chunkSize)
                        return (chunk, transform((start..<end).map(evaluate)))
                    }
                }
            }
            fill()
            while let (chunk, output) = try await group.next() {
                inFlight -= 1
                finished[chunk] = consume output  // the buffer holds the only reference, which `consume` takes over
                statistics.maximumHeldChunks = max(statistics.maximumHeldChunks, finished.count + inFlight)
                while let ready = finished.removeValue(forKey: nextToEmit) {
                    try consume(consume ready)
                    nextToEmit += 1
                }
                fill()
            }
            return statistics
        }
    }

    /// Evaluates the runner's n-th case (the shard's, or the plan's).
    private func evaluate(_ position: Int) -> CaseResult {
        let index = shard?.planIndex(position) ?? position
        let testCase = plan.testCase(at: index)
        guard !deterministic else { return Evaluation.evaluate(testCase, app: app, trust: trust, source: source) }
        let clock = ContinuousClock()
        let start = clock.now
        var result = Evaluation.evaluate(testCase, app: app, trust: trust, source: source)
        let elapsed = clock.now - start
        result.duration = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }
}

/// How a run used its reorder buffer: results wait there until the cases before them are written.
struct RunStatistics: Sendable, Equatable {
    var chunks: Int
    /// The most chunks running or waiting to be written at once; at most `jobs * 4`.
    var maximumHeldChunks: Int
}

/// The results of a run's shards, checked to belong together and to cover the plan exactly.
enum ShardSet {
    /// The header of the merged run, after checking that the files are of one matrix, that
    /// no shard is given twice or missing, and that each file is whole.
    static func check(_ paths: [String]) throws(ResultsError) -> RunHeader {
        var headers: [(path: String, header: RunHeader, cases: Int)] = []
        for path in paths {
            let reader = try ResultsReader(path: path)
            var cases = 0
            while try reader.next() != nil { cases += 1 }
            headers.append((path, reader.header, cases))
        }
        let first = headers[0]
        for other in headers.dropFirst() {
            if let difference = difference(between: other.header, and: first.header, firstPath: first.path) {
                throw ResultsError(file: other.path, line: 1, message: difference)
            }
        }
        var seen: [Int: String] = [:]
        for entry in headers {
            guard let shard = entry.header.shard else {
                if headers.count > 1 {
                    throw ResultsError(
                        file: entry.path, line: 1, message: "is a whole run, so it overlaps every other file given")
                }
                continue
            }
            if shard.total != first.header.shard?.total {
                throw ResultsError(file: entry.path, line: 1, message: "is shard \(shard) but \(first.path) is of another split")
            }
            if let other = seen[shard.index] {
                throw ResultsError(
                    file: entry.path, line: 1, message: "shard \(shard) is given twice (also \(other)): shards must not overlap")
            }
            seen[shard.index] = entry.path
        }
        if let total = first.header.shard?.total {
            let missing = (1...total).filter { seen[$0] == nil }
            if !missing.isEmpty {
                throw ResultsError(
                    file: first.path, line: nil,
                    message: "shard" + (missing.count > 1 ? "s " : " ") + missing.map { "\($0)/\(total)" }.joined(separator: ", ")
                        + " missing: merge needs every shard of the run")
            }
        }
        // Every shard is here, each of one plan, and the reader held each file to its shard's share
        // of the plan's cases: together they hold the plan.
        var header = headers.min { ($0.header.shard?.index ?? 0) < ($1.header.shard?.index ?? 0) }!.header
        header.shard = nil
        return header
    }

    /// How a shard's header differs from the first shard's in what must be the same for one run, if it does.
    private static func difference(between other: RunHeader, and first: RunHeader, firstPath: String) -> String? {
        planDifference(between: other, and: first, firstPath: firstPath)
            ?? runDifference(between: other, and: first, firstPath: firstPath)
    }

    /// How the plans differ: the matrix, the cases and the invariants.
    private static func planDifference(between other: RunHeader, and first: RunHeader, firstPath: String) -> String? {
        let checks: [(differs: Bool, message: () -> String)] = [
            (
                other.matrixSHA256 != first.matrixSHA256,
                {
                    "comes from another matrix (SHA-256 \(other.matrixSHA256.prefix(SHA256.shownDigits))) than \(firstPath) "
                        + "(\(first.matrixSHA256.prefix(SHA256.shownDigits)))"
                }
            ),
            (
                other.matrixName != first.matrixName || other.axes != first.axes || other.checklist != first.checklist,
                {
                    "names the same matrix as \(firstPath) but states its name, axes or checklist otherwise: "
                        + "was one of them edited by hand?"
                }
            ),
            (
                other.planCases != first.planCases,
                {
                    "comes from a plan of \(other.planCases) cases, \(firstPath) from one of \(first.planCases): "
                        + "were they run with different --pose or --where?"
                }
            ),
            (
                other.planInvariants != first.planInvariants,
                {
                    "comes from a plan of \(other.planInvariants) invariants, \(firstPath) from one of "
                        + "\(first.planInvariants): were they run with different --pose or --where?"
                }
            ),
        ]
        return checks.first { $0.differs }?.message()
    }

    /// How the runs differ: what the values came from and how they were judged, the filters, the app's code.
    private static func runDifference(between other: RunHeader, and first: RunHeader, firstPath: String) -> String? {
        let source = { (header: RunHeader) in header.observations.map { "observations \($0.path)" } ?? "the model" }
        let scan = AppScanRecord.difference(other.appScan, first.appScan)
        let checks: [(differs: Bool, message: () -> String)] = [
            (
                other.observations?.sha256 != first.observations?.sha256,
                { "was evaluated against \(source(other)), \(firstPath) against \(source(first))" }
            ),
            (other.strict != first.strict, { "was run with a different --strict than \(firstPath)" }),
            (
                other.trust != first.trust,
                {
                    "was run trusting \(other.trust), \(firstPath) trusting \(first.trust): "
                        + "shards must evaluate the same provenance levels"
                }
            ),
            (
                other.scope != first.scope,
                { "was run with '\(other.scope.arguments)', \(firstPath) with '\(first.scope.arguments)'" }
            ),
            (
                scan != nil,
                {
                    "scanned other code than \(firstPath): \(scan!.field) is \(scan!.other) here, \(scan!.first) there: "
                        + "run every shard on one checkout of the app"
                }
            ),
        ]
        return checks.first { $0.differs }?.message()
    }

    /// Streams the cases of all files in plan order: each shard is in order, so the smallest
    /// head of the files is next. Memory holds one case per file. Returns the invariants, which
    /// the one file that carries them (the first shard, as ``check(_:)`` made sure) holds after its cases.
    static func merged(_ paths: [String], _ consume: (CaseResult) throws -> Void) throws -> [InvariantResult] {
        let readers = try paths.map { path throws(ResultsError) in try ResultsReader(path: path) }
        var heads = try readers.map { reader throws(ResultsError) in try reader.next() }
        var merged = 0
        while let position = heads.indices.filter({ heads[$0] != nil }).min(by: { heads[$0]!.index < heads[$1]!.index }) {
            merged += 1
            if merged % 4096 == 0 { try Task.checkCancellation() }  // stop promptly on SIGINT or SIGTERM
            try consume(heads[position]!)
            heads[position] = try readers[position].next()
        }
        return readers.flatMap(\.invariants)
    }
}

import Foundation

/// `duo-pose signoff RESULTS --by NAME`: the checklist items and the invariants, each passed, failed, not run or waived.
enum SignoffCommand {
    /// What the command line asks for: read and checked before anything is locked or read.
    struct Request {
        var path: String
        var name: String
        var evidence: SignoffEvidence
        /// The `--waive` arguments, each with a reason after its first `=`: split by id once the ids are known.
        var waivers: [String]
        var outPath: String
        var allowPartial: Bool
    }

    static func execute(_ words: [String], context: Context) -> Int32 {
        guard let parsed = context.parse(words, .signoff) else { return DuoPose.ExitCode.usage }
        let request: Request
        do {
            request = try readRequest(parsed, environment: context.environment)
        } catch {
            return context.usageError(error)
        }
        let outURL = URL(fileURLWithPath: request.outPath)
        // Locked before the results are read: no other duo-pose writes there while this one signs off.
        let lock: FolderLock
        do {
            lock = try FolderLock(folder: outURL.deletingLastPathComponent().path, reports: [outURL.lastPathComponent])
        } catch {
            return context.cannotWrite(error, folder: request.outPath)
        }
        defer { withExtendedLifetime(lock) {} }
        var evidence = request.evidence
        let reader: ResultsReader
        var tally = Tally()
        let digest: String
        do {
            (reader, tally, digest) = try readResults(request.path, allowPartial: request.allowPartial, evidence: &evidence)
        } catch is CancellationError {
            return interrupted(leaving: request.outPath, context: context)
        } catch let error as ResultsError {
            return context.resultsError(error)
        } catch {
            context.stderr.write("Error: " + "\(error)".oneLine + "\n")
            return DuoPose.ExitCode.invalidInput
        }
        return sign(request, reader: reader, tally: tally, digest: digest, evidence: evidence, context: context)
    }

    /// Reads the results file, the signer, the trust, the waivers and where to write, in the order they are checked.
    private static func readRequest(_ parsed: ParsedArguments, environment: [String: String]) throws(UsageError) -> Request {
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            throw UsageError(message: "name one results.jsonl (merge shards first)", command: .signoff)
        }
        guard let name = parsed.value("--by"), !name.allSatisfy(\.isWhitespace) else {
            throw UsageError(message: "--by NAME is required: say who signs off", command: .signoff)
        }
        var evidence = SignoffEvidence(trust: SignoffEvidence.defaultTrust)
        _ = try RunCommand.sourceDateEpoch(environment, command: .signoff)
        if let trust = try readTrust(parsed, command: .signoff) { evidence.trust = trust }
        for waiver in parsed.values["--waive"] ?? [] {
            let parts = waiver.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let reason = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            guard !reason.isEmpty else {
                throw UsageError(message: "--waive \(parts[0]) needs a reason: --waive ID=reason", command: .signoff)
            }
        }
        let outPath =
            parsed.value("--out")
            ?? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("signoff.md").path
        return Request(
            path: path, name: name, evidence: evidence, waivers: parsed.values["--waive"] ?? [], outPath: outPath,
            allowPartial: parsed.flags.contains("--allow-partial"))
    }

    /// Decides each checklist item and invariant from the results read, writes signoff.md and says whether the release may go.
    private static func sign(
        _ request: Request, reader: ResultsReader, tally: Tally, digest: String, evidence: SignoffEvidence,
        context: Context
    ) -> Int32 {
        let header = reader.header
        guard !header.checklist.isEmpty else {
            context.stderr.write(
                "Error: " + "\(request.path): the matrix has no checklist, so there is nothing to sign off".oneLine + "\n")
            return DuoPose.ExitCode.invalidInput
        }
        let waivers: [String: String]
        do {
            waivers = try resolveWaivers(request, items: header.checklist, invariants: reader.invariants)
        } catch {
            return context.usageError(error)
        }
        let signoff = SignOff(
            header: header, tally: tally, invariants: reader.invariants, waivers: waivers, signedBy: request.name,
            signedAt: RunCommand.timestamp(deterministic: false, environment: context.environment),
            toolVersion: DuoPose.version, resultsPath: request.path,
            resultsSHA256: digest, evidence: evidence)
        for entry in signoff.items where entry.status == .passed && waivers[entry.item.id] != nil {
            context.stderr.write("Warning: --waive \(entry.item.id): the item passed, so the waiver is not used\n")
        }
        for row in signoff.invariants where row.status == .passed && waivers[row.id] != nil {
            context.stderr.write("Warning: --waive \(row.id): the invariant held, so the waiver is not used".oneLine + "\n")
        }
        return write(signoff, to: request.outPath, context: context)
    }

    /// Writes signoff.md and prints the verdict: 0 when signed off, 1 when not.
    private static func write(_ signoff: SignOff, to outPath: String, context: Context) -> Int32 {
        // The last point at which a signal stops the sign-off; past it, the file is written and the exit is normal.
        if Task.isCancelled { return interrupted(leaving: outPath, context: context) }
        do {
            let file = try OutputFile(URL(fileURLWithPath: outPath), owner: .signoff)
            try file.write(signoff.markdown())
            try file.commit()
        } catch {
            return context.cannotWrite(error, folder: outPath)
        }
        let blocking: Set<SignOff.Status> = [.failed, .notRun]
        let blocked =
            signoff.items.filter { blocking.contains($0.status) }.map { "\($0.item.id) (\($0.status.rawValue))" }
            + signoff.invariants.filter { blocking.contains($0.status) }.map { "\($0.id) (\($0.status.rawValue))" }
        context.stdout.write(
            ((signoff.isSignedOff ? "Signed off" : "Not signed off") + ": \(signoff.header.matrixName), by \(signoff.signedBy). "
                + (blocked.isEmpty ? "" : "Blocking: " + blocked.joined(separator: ", ") + ". ")
                + "Written to \(outPath)").oneLine + "\n")
        return signoff.isSignedOff ? DuoPose.ExitCode.success : DuoPose.ExitCode.failure
    }

    /// Reads a whole, unsharded results file: its reader, its tally and its SHA-256; a signal
    /// stops the reading (CancellationError).
    /// Reads a whole run's results: not a shard (`--shard 1/1` is whole), not filtered unless allowed.
    private static func readResults(
        _ path: String, allowPartial: Bool, evidence: inout SignoffEvidence
    ) throws -> (ResultsReader, Tally, String) {
        let reader = try ResultsReader(path: path)
        try checkTrust(evidence.trust, of: reader.header, path: path)
        if let shard = reader.header.shard, shard.total > 1 {
            throw ResultsError(
                file: path, line: 1, message: "is shard \(shard) of a run; merge the shards, then sign off the merged results")
        }
        var tally = Tally()
        while let result = try reader.next() {
            tally.add(evidence.admit(result))
            if tally.overall.total % 4096 == 0 { try Task.checkCancellation() }
        }
        if reader.header.scope.isFiltered && !allowPartial {
            throw ResultsError(
                file: path, line: 1,
                message: "is a partial run (\(reader.header.coverage(cases: tally.overall.total)), "
                    + "\(reader.header.scope.arguments)): sign off a whole run, or pass --allow-partial")
        }
        return (reader, tally, reader.sha256 ?? "")  // read to its end: next() checked that nothing follows the summary
    }

    /// Results record which passes rest on inference or unverified claims, not which rest on Apple's
    /// word or on a measurement: sign-off can drop the first two levels, not the last two.
    private static func checkTrust(_ trust: Trust, of header: RunHeader, path: String) throws(ResultsError) {
        let unseparable = header.trust.levels.intersection([.apple, .measured]).subtracting(trust.levels)
        guard unseparable.isEmpty else {
            throw ResultsError(
                file: path, line: 1,
                message: "was run trusting \(header.trust); results cannot tell which passes rest on "
                    + Provenance.allCases.filter(unseparable.contains).map(\.rawValue).joined(separator: " or ")
                    + ": run with --trust \(trust) and sign off those results")
        }
    }

    /// Stopped by a signal before writing: the previous sign-off stays; exit 130 (main makes it 143 for SIGTERM).
    private static func interrupted(leaving outPath: String, context: Context) -> Int32 {
        context.stderr.write("duo-pose: interrupted; \(outPath) was not replaced\n")
        return DuoPose.ExitCode.interrupted(by: SIGINT)
    }
}

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
        var evidence = request.evidence
        let reader: ResultsReader
        do {
            reader = try openResults(request.path, trust: evidence.trust)
        } catch {
            return context.resultsError(error)
        }
        // The header read and checked, the folder is made (as run and merge make theirs) and locked
        // before the cases are read: no other duo-pose writes there meanwhile.
        let outURL = URL(fileURLWithPath: request.outPath)
        let lock: FolderLock
        do {
            try FolderLock.createFolder(outURL.deletingLastPathComponent().path)
            lock = try FolderLock(
                folder: outURL.deletingLastPathComponent().path,
                reports: [outURL.lastPathComponent, URL(fileURLWithPath: htmlPath(request.outPath)).lastPathComponent])
        } catch {
            return context.cannotWrite(error, folder: request.outPath)
        }
        defer { withExtendedLifetime(lock) {} }
        let read: (tally: Tally, blockers: BlockingCases)
        do {
            read = try readCases(reader, path: request.path, allowPartial: request.allowPartial, evidence: &evidence)
        } catch is CancellationError {
            return interrupted(leaving: request.outPath, context: context)
        } catch let error as ResultsError {
            return context.resultsError(error)
        } catch {
            context.stderr.write("Error: " + "\(error)".oneLine + "\n")
            return DuoPose.ExitCode.invalidInput
        }
        return sign(request, reader: reader, read: read, digest: reader.sha256 ?? "", evidence: evidence, context: context)
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
        // Beside the results, named as the results were (a relative path stays relative).
        let folder = (path as NSString).deletingLastPathComponent
        let outPath = parsed.value("--out") ?? (folder.isEmpty ? "signoff.md" : folder + "/signoff.md")
        return Request(
            path: path, name: name, evidence: evidence, waivers: parsed.values["--waive"] ?? [], outPath: outPath,
            allowPartial: parsed.flags.contains("--allow-partial"))
    }

    /// Decides each checklist item and invariant from the results read, writes signoff.md and says whether the release may go.
    private static func sign(
        _ request: Request, reader: ResultsReader, read: (tally: Tally, blockers: BlockingCases), digest: String,
        evidence: SignoffEvidence, context: Context
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
        var signoff = SignOff(
            header: header, tally: read.tally, invariants: reader.invariants, waivers: waivers, signedBy: request.name,
            signedAt: RunCommand.timestamp(deterministic: false, environment: context.environment),
            toolVersion: DuoPose.version, resultsPath: request.path,
            resultsSHA256: digest, evidence: evidence)
        signoff.blockers = read.blockers
        for entry in signoff.items where entry.status == .passed && waivers[entry.item.id] != nil {
            context.stderr.write("Warning: --waive \(entry.item.id): the item passed, so the waiver is not used\n")
        }
        for row in signoff.invariants where row.status == .passed && waivers[row.id] != nil {
            context.stderr.write("Warning: --waive \(row.id): the invariant held, so the waiver is not used".oneLine + "\n")
        }
        return write(signoff, to: request.outPath, context: context)
    }

    /// Where signoff.html goes: beside signoff.md, `.md` turned into `.html` (or `.html` added).
    static func htmlPath(_ markdownPath: String) -> String {
        (markdownPath.hasSuffix(".md") ? String(markdownPath.dropLast(3)) : markdownPath) + ".html"
    }

    /// Writes signoff.md and signoff.html and prints the verdict: 0 when signed off, 1 when not.
    private static func write(_ signoff: SignOff, to outPath: String, context: Context) -> Int32 {
        // The last point at which a signal stops the sign-off; past it, the file is written and the exit is normal.
        if Task.isCancelled { return interrupted(leaving: outPath, context: context) }
        do {
            let file = try OutputFile(URL(fileURLWithPath: outPath), owner: .signoff)
            let page = try OutputFile(URL(fileURLWithPath: htmlPath(outPath)), owner: .signoffPage)
            try file.write(signoff.markdown())
            try page.write(signoff.html())
            try file.commit()
            try page.commit()
        } catch {
            return context.cannotWrite(error, folder: outPath)
        }
        let blocked = signoff.blocking
        let verdict = signoff.isSignedOff ? "Signed off" : signoff.isPartial ? "Partial, not signed off" : "Not signed off"
        context.stdout.write(
            (verdict + ": \(signoff.header.matrixName), by \(signoff.signedBy). "
                + (blocked.isEmpty ? "" : "Blocking: " + blocked.joined(separator: ", ") + ". ")
                + "Written to \(outPath)").oneLine + "\n")
        return signoff.isSignedOff ? DuoPose.ExitCode.success : DuoPose.ExitCode.failure
    }

    /// Opens a results file and checks its header: a whole run's (not a shard; `--shard 1/1` is
    /// whole), run with levels sign-off can tell apart.
    private static func openResults(_ path: String, trust: Trust) throws(ResultsError) -> ResultsReader {
        let reader = try ResultsReader(path: path)
        try checkTrust(trust, of: reader.header, path: path)
        if let shard = reader.header.shard, shard.total > 1 {
            throw ResultsError(
                file: path, line: 1, message: "is shard \(shard) of a run; merge the shards, then sign off the merged results")
        }
        return reader
    }

    /// Reads the cases as sign-off counts them, and why items are blocked; a partial run is refused
    /// unless allowed, and a signal stops the reading (CancellationError).
    private static func readCases(
        _ reader: ResultsReader, path: String, allowPartial: Bool, evidence: inout SignoffEvidence
    ) throws -> (tally: Tally, blockers: BlockingCases) {
        var tally = Tally()
        var blockers = BlockingCases()
        while let result = try reader.next() {
            let admitted = evidence.admit(result)
            tally.add(admitted)
            blockers.add(admitted)
            if tally.overall.total % 4096 == 0 { try Task.checkCancellation() }
        }
        if reader.header.scope.isFiltered && !allowPartial {
            throw ResultsError(
                file: path, line: 1,
                message: "is a partial run (\(reader.header.coverage(cases: tally.overall.total)), "
                    + "\(reader.header.scope.arguments)): sign off a whole run, or pass --allow-partial")
        }
        return (tally, blockers)  // read to its end: next() checked that nothing follows the summary
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

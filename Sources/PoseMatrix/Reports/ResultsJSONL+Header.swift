/// The header and summary lines of `results.jsonl`.
extension ResultsJSONL {
    /// The header line: tool, matrix, axes, plan and what narrowed it, trust, shard, observations, checklist.
    static func headerLine(_ header: RunHeader) -> [UInt8] {
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("type")
        json.string("header")
        json.member("formatVersion", formatVersion)
        json.key("tool")
        json.string("duo-pose")
        json.key("toolVersion")
        json.string(header.toolVersion)
        json.key("generatedAt")
        json.string(header.generatedAt)
        json.key("matrix")
        json.beginObject()
        json.member("name", header.matrixName)
        json.member("path", header.matrixPath)
        json.member("sha256", header.matrixSHA256)
        json.endObject()
        json.key("axes")
        json.beginObject()
        for spec in header.axes {
            json.key(spec.axis.rawValue)
            json.beginArray()
            for value in spec.values { json.value(value) }
            json.endArray()
        }
        json.endObject()
        json.key("defaults")
        json.beginObject()
        for (axis, value) in header.axisDefaults {
            json.key(axis.rawValue)
            json.value(value)
        }
        json.endObject()
        writeRun(header, into: &json)
        writeChecklist(header.checklist, into: &json)
        writeApp(header.app, into: &json)
        json.endObject()
        json.text("\n")
        return json.buffer.bytes
    }

    /// The header's checklist: each item's id, text and poses.
    private static func writeChecklist(_ checklist: [ChecklistItem], into json: inout JSONWriter) {
        json.key("checklist")
        json.beginArray()
        for item in checklist {
            json.beginObject()
            json.member("id", item.id)
            json.member("text", item.text)
            json.key("poses")
            json.strings(item.poses)
            json.endObject()
        }
        json.endArray()
    }

    /// The header's plan, filter, gate, app scan, trust, shard and observations.
    private static func writeRun(_ header: RunHeader, into json: inout JSONWriter) {
        json.key("plan")
        json.beginObject()
        json.member("cases", header.planCases)
        if header.planInvariants > 0 {
            json.member("invariants", header.planInvariants)
        }
        if let cases = header.scope.matrixCases {
            json.member("matrixCases", cases)
        }
        if !header.scope.matrixCasesByPose.isEmpty {
            json.key("matrixCasesByPose")
            json.beginObject()
            for (pose, count) in header.scope.matrixCasesByPose { json.member(pose, count) }
            json.endObject()
        }
        json.endObject()
        header.scope.write(into: &json)
        if header.strict {
            json.key("strict")
            json.bool(true)
        }
        if header.failOnNew { json.member("failOn", "new") }
        if let scan = header.appScan {
            json.key("appScan")
            json.raw(scan.headerJSON)
        }
        json.key("trust")
        json.strings(Provenance.allCases.filter(header.trust.levels.contains).map(\.rawValue))
        if let shard = header.shard {
            json.key("shard")
            json.beginObject()
            json.member("index", shard.index)
            json.member("total", shard.total)
            json.endObject()
        }
        if let observations = header.observations {
            json.key("observations")
            json.beginObject()
            json.member("path", observations.path)
            json.member("sha256", observations.sha256)
            json.endObject()
        }
    }

    /// The summary line: totals, verdict, the baseline comparison, duration.
    static func summaryLine(_ tally: Tally, header: RunHeader) -> [UInt8] {
        let counts = tally.overall
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "summary")
        for (name, count) in [
            ("total", counts.total), ("passed", counts.passed), ("failed", counts.failed), ("notRun", counts.notRun),
            ("error", counts.errors),
        ] {
            json.member(name, count)
        }
        if header.invariantsInFile > 0 {
            let invariants = tally.invariants
            json.key("invariants")
            json.beginObject()
            for (name, count) in [
                ("total", invariants.total), ("held", invariants.held), ("broken", invariants.broken),
                ("notRun", invariants.notRun),
            ] {
                json.member(name, count)
            }
            json.endObject()
        }
        json.member("verdict", header.verdict(tally).word)
        if tally.ranElsewhere {
            json.key("ranElsewhere")
            json.bool(true)
        }
        if let diff = tally.baseline {
            json.key("baseline")
            json.beginObject()
            json.member("path", diff.path)
            for (name, count) in [
                ("newFailures", diff.newFailures.count), ("newCaseFailures", diff.newCaseFailures.count),
                ("fixed", diff.fixed.count),
                ("stillFailing", diff.stillFailing.count), ("newCases", diff.newCases.count),
                ("removedCases", diff.removedCases.count),
            ] {
                json.member(name, count)
            }
            if diff.hasInvariants { write(invariantsOf: diff, into: &json) }
            json.endObject()
        }
        json.key("duration")
        json.raw(seconds(counts.duration))
        json.endObject()
        json.text("\n")
        return json.buffer.bytes
    }

    /// The baseline comparison's invariant counts, in the summary line's `baseline`.
    private static func write(invariantsOf diff: BaselineDiff, into json: inout JSONWriter) {
        json.key("invariants")
        json.beginObject()
        for (name, count) in [
            ("newlyBroken", diff.newlyBroken.count), ("fixed", diff.fixedInvariants.count),
            ("stillBroken", diff.stillBroken.count), ("notRun", diff.invariantsNotRun.count),
        ] {
            json.member(name, count)
        }
        json.endObject()
    }
}

extension RunScope {
    /// The header's `filter` member, when something narrowed the run.
    func write(into json: inout JSONWriter) {
        guard isFiltered || maxCases != nil else { return }
        json.key("filter")
        json.beginObject()
        if !poses.isEmpty {
            json.key("poses")
            json.strings(poses)
        }
        if !values.isEmpty {
            json.key("where")
            json.beginObject()
            for (axis, allowed) in values {
                json.key(axis.rawValue)
                json.beginArray()
                for value in allowed { json.value(value) }
                json.endArray()
            }
            json.endObject()
        }
        if let maxCases {
            json.member("maxCases", maxCases)
        }
        if let idContains {
            json.member("idContains", idContains)
        }
        json.endObject()
    }
}

/// The invariant lines of `results.jsonl`: one per invariant of the exploration, after the cases
/// and before the summary, in the whole run's file and its first shard's.
extension ResultsJSONL {
    /// Writes the exploration's invariants, in the matrix's order.
    mutating func write(invariants: [InvariantResult]) throws {
        var json = JSONWriter(capacity: invariants.count * 256)
        for invariant in invariants { Self.render(invariant, into: &json) }
        try file.write(bytes: json.buffer.bytes)
    }

    /// `{"type":"invariant","name":…,"status":…,"start":…,"states":…,"depth":…,"applies":…,"line":…,"when":{…}}`, then
    /// for one held `rests`, for one not run `unchecked` and `reason`, for one broken `path` and `failures`.
    static func render(_ invariant: InvariantResult, into json: inout JSONWriter) {
        json.beginObject()
        json.member("type", "invariant")
        json.member("name", invariant.name)
        json.member("status", invariant.status.rawValue)
        if let start = invariant.start { json.member("start", start) }
        for (name, count) in [("states", invariant.states), ("depth", invariant.depth), ("applies", invariant.applies)] {
            json.member(name, count)
        }
        if let line = invariant.line { json.member("line", line) }
        if let when = invariant.when {
            json.key("when")
            json.beginObject()
            for axis in Axis.allCases {
                guard let value = when[axis] else { continue }
                json.key(axis.rawValue)
                json.value(value)
            }
            json.endObject()
        }
        if invariant.status == .held, let rests = invariant.rests {
            json.key("rests")
            json.strings(rests.levels.map(\.rawValue))
        }
        if invariant.status == .notRun {
            json.member("unchecked", invariant.unchecked)
            json.member("reason", invariant.reason ?? "")
        }
        if invariant.status == .broken {
            json.key("path")
            json.strings(invariant.path.map(\.description))
            json.key("failures")
            json.beginArray()
            for failure in invariant.failures { write(failure, into: &json) }
            json.endArray()
        }
        json.endObject()
        json.text("\n")
    }

    /// One failure as a failures record and an invariant line write it: the expectation and the observed value typed.
    static func write(_ failure: CaseResult.Failure, into json: inout JSONWriter) {
        json.beginObject()
        json.member("observable", failure.observable.rawValue)
        json.key("expected")
        json.value(failure.expected)
        json.key("actual")
        json.value(failure.actual)
        json.member("provenance", failure.provenance.rawValue)
        json.member("source", failure.source)
        json.endObject()
    }
}

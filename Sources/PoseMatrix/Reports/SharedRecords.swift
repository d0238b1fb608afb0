/// The parts of a case that many cases share, written once on a line of their own in
/// `results.jsonl` (`{"type":"assumptions","id":0,"items":[…]}`) and named by id on each case
/// line (`"assumptions":0`): the assumptions alone were about 40 % of a file.
///
/// Workers number a chunk's records locally; the writer, which sees the chunks in plan order,
/// gives them file ids in order of first use and writes each record just before the first case
/// that uses it, so a merge of shards writes the same bytes as one run. At most ``limit``
/// records are remembered: past that the table starts again from id 0 (a record line with an
/// id already used replaces it), which keeps memory flat however many distinct records a run has.
enum SharedRecordKind: String, CaseIterable, Sendable {
    /// Why a case was not run, failed with expectations not evaluated, or is an error.
    case reason
    /// The failures of a failed case, with the matrix file and the line of its pose entry.
    case failures
    /// The assumptions (inferred or unverified values) a case rests on.
    case assumptions

    /// The kind's place in ``allCases``, which orders per-kind arrays.
    var slot: Int {
        switch self {
        case .reason: 0
        case .failures: 1
        case .assumptions: 2
        }
    }

    /// The most records of one kind a writer or reader holds at once.
    static let limit = 4096
}

/// A chunk's records, numbered in order of first use within the chunk (on a worker).
struct LocalRecords: Sendable {
    /// Each record's line after its id: `,"items":[…]}` (`,"text":…}` for a reason) and a line end.
    private(set) var bodies: [[UInt8]] = []
    private var ids: [RecordBytes: Int32] = [:]
    /// The last case's assumptions and reason, and their ids: neighbouring cases mostly share them,
    /// and comparing with the last (strings that share storage compare by pointer) spares rendering
    /// and hashing the record again — that was a sixth of a 10^6-case run's CPU.
    private var lastAssumptions: (list: [CaseResult.Assumption], line: Int?, id: Int32)?
    private var lastReason: (text: String, id: Int32)?
    private var lastFailures: (list: [CaseResult.Failure], line: Int?, id: Int32)?

    /// The local id of a record, added if new.
    mutating func id(of body: [UInt8]) -> Int32 {
        let key = RecordBytes(bytes: body)
        if let id = ids[key] { return id }
        let id = Int32(bodies.count)
        bodies.append(body)
        ids[key] = id
        return id
    }

    /// The local id of an assumptions record, rendered only when its assumptions or line differ from the last case's.
    mutating func id(
        ofAssumptions list: [CaseResult.Assumption], line: Int?, render: ([CaseResult.Assumption], Int?) -> [UInt8]
    ) -> Int32 {
        if let last = lastAssumptions, last.line == line, last.list == list { return last.id }
        let id = id(of: render(list, line))
        lastAssumptions = (list, line, id)
        return id
    }

    /// The local id of a failed case's failures record, rendered only when its failures or line
    /// differ from the last failed case's.
    mutating func id(ofFailures result: CaseResult, render: (CaseResult) -> [UInt8]) -> Int32 {
        if let last = lastFailures, last.line == result.line, last.list == result.failures { return last.id }
        let id = id(of: render(result))
        lastFailures = (result.failures, result.line, id)
        return id
    }

    /// The local id of a reason record, rendered only when it differs from the last case's.
    mutating func id(ofReason text: String, render: (String) -> [UInt8]) -> Int32 {
        if let last = lastReason, last.text.hasSameBytes(as: text) { return last.id }
        let id = id(of: render(text))
        lastReason = (text, id)
        return id
    }
}

/// A record's bytes as a dictionary key, hashed as one block: `[UInt8]`'s own hashing feeds the
/// hasher a byte at a time.
struct RecordBytes: Hashable, Sendable {
    var bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// The file ids of one kind's records, given in order of first use (on the writer).
struct SharedRecordTable {
    let kind: SharedRecordKind
    private var ids: [RecordBytes: Int] = [:]
    /// Bumped when the table starts again, so that ids a chunk resolved before are looked up anew.
    private(set) var generation = 0

    init(kind: SharedRecordKind) {
        self.kind = kind
    }

    /// The file id of a record; a record not yet in the file is written to `out` first.
    mutating func id(of body: [UInt8], writingNewTo out: inout ByteBuffer) -> Int {
        let key = RecordBytes(bytes: body)
        if let id = ids[key] { return id }
        if ids.count == SharedRecordKind.limit {
            ids.removeAll(keepingCapacity: true)
            generation += 1
        }
        let id = ids.count
        ids[key] = id
        out.append("{\"type\":\"\(kind.rawValue)\",\"id\":")
        out.append(id)
        out.append(bytes: body)
        return id
    }
}

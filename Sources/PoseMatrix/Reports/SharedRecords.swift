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
    private var ids: [[UInt8]: Int32] = [:]

    /// The local id of a record, added if new.
    mutating func id(of body: [UInt8]) -> Int32 {
        if let id = ids[body] { return id }
        let id = Int32(bodies.count)
        bodies.append(body)
        ids[body] = id
        return id
    }
}

/// The file ids of one kind's records, given in order of first use (on the writer).
struct SharedRecordTable {
    let kind: SharedRecordKind
    private var ids: [[UInt8]: Int] = [:]
    /// Bumped when the table starts again, so that ids a chunk resolved before are looked up anew.
    private(set) var generation = 0

    init(kind: SharedRecordKind) {
        self.kind = kind
    }

    /// The file id of a record; a record not yet in the file is written to `out` first.
    mutating func id(of body: [UInt8], writingNewTo out: inout [UInt8]) -> Int {
        if let id = ids[body] { return id }
        if ids.count == SharedRecordKind.limit {
            ids.removeAll(keepingCapacity: true)
            generation += 1
        }
        let id = ids.count
        ids[body] = id
        out.append(contentsOf: "{\"type\":\"\(kind.rawValue)\",\"id\":\(id)".utf8)
        out.append(contentsOf: body)
        return id
    }
}

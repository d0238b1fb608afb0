import Foundation

/// An unreadable or inconsistent results file: which file, which line, what is wrong.
struct ResultsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Whether the file could not be read at all, or was read and found wrong.
    enum Cause: Sendable {
        /// Missing, a folder, or refused by the system (exit 66).
        case unreadable
        /// Not a finished results file of this format (exit 65).
        case invalid
    }

    var file: String
    var line: Int?
    /// Where in the line, when the line is not JSON or gives a key twice.
    var column: Int? = nil
    var message: String
    var cause = Cause.invalid

    /// `FILE[:LINE[:COLUMN]]: message`, the form of a matrix's errors.
    var description: String {
        var text = file
        if let line {
            text += ":\(line)" + (column.map { ":\($0)" } ?? "")
        }
        return text + ": " + message
    }
}

/// Reads a `results.jsonl` back, one line at a time: the header first, then the cases, then
/// the invariants (``invariants``, whole once ``next()`` has returned nil), checking that the
/// file ends with its summary line (a run that stopped early has none).
final class ResultsReader {
    let path: String
    private(set) var header: RunHeader
    /// The invariant lines read so far: all of the file's once ``next()`` has returned nil.
    private(set) var invariants: [InvariantResult] = []
    private let lines: LineReader
    private var atEnd = false
    private var lineNumber = 0
    private var sawSummary = false
    /// The longest line read: far more than a case with every observable failing needs.
    static let maximumLineLength = 16 << 20
    private var sequence: CaseSequence
    /// The shared records read so far, by id: at most ``SharedRecordKind/limit`` of each kind.
    private var records = SharedRecords()

    /// SHA-256 of the whole file, once ``next()`` has returned nil (the file was read to its end),
    /// unless the reader was opened without `hashing`.
    var sha256: String? {
        guard sawSummary && atEnd, var finished = lines.hasher else { return nil }
        return finished.finalize()  // finalizing pads the copy; the reader's own state stays as read
    }

    /// Opens `path` and reads its header; `hashing: false` spares the file's SHA-256 (``sha256``
    /// is then nil), which only a reader that signs the file needs.
    init(path: String, hashing: Bool = true) throws(ResultsError) {
        self.path = path
        do {
            lines = try LineReader(path: path, maximumLineLength: Self.maximumLineLength, hashing: hashing)
        } catch {
            throw ResultsError(file: path, line: nil, message: error.message, cause: .unreadable)
        }
        header = RunHeader(
            toolVersion: "", matrixName: "", matrixPath: "", matrixSHA256: "", axes: [], checklist: [], generatedAt: "",
            planCases: 0, shard: nil, observations: nil)
        sequence = CaseSequence(header: header)
        // A first line that is not JSON, or not a header, is some other file: say so, not what JSON it lacks.
        let notResults = { (why: String) in
            ResultsError(file: path, line: 1, message: "is not a duo-pose results.jsonl: " + why)
        }
        let first: JSONNode?
        do {
            first = try nextLine()
        } catch  where error.cause == .invalid && error.line == 1 && error.column != nil {
            // A header with a JSON5 form in it is a results file to be refused at its column.
            if error.message.hasSuffix(JSON5Reader.notJSONSuffix) { throw error }  // only a header's line is strict
            throw notResults("its first line is not a JSON object, as the header a run writes first is")
        }
        guard let first else {
            throw ResultsError(file: path, line: nil, message: "the file is empty; expected a results.jsonl header line")
        }
        guard first["type"]?.string == "header" else {
            throw notResults("its first line is not the header a run writes first (`{\"type\":\"header\",…}`)")
        }
        header = try Self.header(first, error: fail)
        sequence = CaseSequence(header: header)
    }

    /// The next case, or nil after the summary line.
    func next() throws(ResultsError) -> CaseResult? {
        guard case .whole(let result, _) = try nextCase(sameAs: nil) else { return nil }
        return result
    }

    /// What ``nextCase(sameAs:)`` read.
    enum CaseRead {
        /// The case, read whole, and where its identity lies in `line` when it is in the writer's form.
        case whole(CaseResult, identity: ArraySlice<UInt8>?)
        /// A case whose identity is the one given: the same id, pose, title and values; its status.
        case same(CaseResult.Status)
        /// The summary line: the cases are over.
        case end
    }

    /// The next case: whole, or — when its line is in the writer's form with `known`'s identity
    /// bytes, those of a case read before whose id is `known.id` — its status, the rest of the line
    /// checked as a whole case's is. `trend` reads a night so, its cases against the night before's.
    func nextCase(sameAs known: (identity: ArraySlice<UInt8>, id: String)?) throws(ResultsError) -> CaseRead {
        guard !sawSummary else { return .end }
        while true {
            guard let bytes = try nextBytes() else {
                throw fail("the file ends without a summary line: the run did not finish, or the file was cut short")
            }
            if let known, let tail = CaseLineScanner.tail(bytes, identity: known.identity) {
                return .same(try next(CaseLine(tail: tail, id: known.id)).status)
            }
            // A case line in the form `run` writes is read without a JSON tree; any other is parsed.
            if let line = CaseLineScanner.caseLine(bytes) {
                let identity = line.identity.map {
                    bytes[(bytes.startIndex + $0.lowerBound)..<(bytes.startIndex + $0.upperBound)]
                }
                return .whole(try next(line), identity: identity)
            }
            let node = try parse(bytes)
            let type = node["type"]?.string
            if let kind = type.flatMap(SharedRecordKind.init(rawValue:)) {
                try records.read(node, kind: kind, error: fail)
                continue
            }
            switch type {
            case "case":
                return .whole(try next(try Self.caseLine(node, error: fail)), identity: nil)
            case "invariant":
                let invariant = try Self.invariant(node, error: fail)
                try sequence.check(invariant, after: invariants, error: fail)
                invariants.append(invariant)
            case "summary":
                try sequence.checkSummary(node, error: fail)
                sawSummary = true
                if try nextLine() != nil { throw fail("a line follows the summary line") }
                return .end
            default: throw fail("expected a case, invariant, failures, assumptions, reason or summary line")
            }
        }
    }

    /// A case line's result, its references looked up in this file's records and its place checked.
    private func next(_ line: CaseLine) throws(ResultsError) -> CaseResult {
        guard invariants.isEmpty else { throw fail("a case line follows the invariant lines: cases come first") }
        let result = try Self.resolve(line, records: records, error: fail)
        try sequence.check(result, error: fail)
        return result
    }

    private func fail(_ message: String) -> ResultsError {
        ResultsError(file: path, line: lineNumber, message: message)
    }

    private func fail(_ message: String, column: Int) -> ResultsError {
        ResultsError(file: path, line: lineNumber, column: column, message: message)
    }

    /// The next non-empty line, parsed; LF and CRLF line ends alike.
    private func nextLine() throws(ResultsError) -> JSONNode? {
        guard let bytes = try nextBytes() else { return nil }
        return try parse(bytes)
    }

    /// The next non-empty line's bytes, without its line end.
    private func nextBytes() throws(ResultsError) -> ArraySlice<UInt8>? {
        while true {
            let line: Line?
            do {
                line = try lines.next()
            } catch {
                throw ResultsError(
                    file: path, line: error.line, message: error.message,
                    cause: error.cause == .unreadable ? .unreadable : .invalid)
            }
            guard let line else {
                atEnd = true
                return nil
            }
            lineNumber = line.number
            // A last line without its newline was cut off mid-write.
            guard line.isTerminated else {
                throw fail("the last line is cut off (\(line.bytes.count) bytes without a line end)")
            }
            if line.bytes.isEmpty { continue }
            return line.bytes
        }
    }

    private func parse(_ bytes: ArraySlice<UInt8>) throws(ResultsError) -> JSONNode {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw fail("the line is not valid UTF-8") }
        let node: JSONNode
        do {
            // A first line that does not start as a header is some other file, which the caller names as
            // such; every line of a results file is plain JSON.
            node = try JSON5Reader.parse(text, strict: lineNumber > 1 || text.hasPrefix(#"{"type":"header""#))
        } catch {
            throw fail(error.message, column: error.position.column)
        }
        if let (first, again) = node.firstDuplicateKey {
            throw fail(
                "duplicate key \(quoted(again.key)); first given at column \(first.keyPosition.column)",
                column: again.keyPosition.column)
        }
        return node
    }
}

extension ResultsReader {
    fileprivate static func header(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> RunHeader {
        guard node["type"]?.string == "header" else { throw fail("expected the header line of a results.jsonl") }
        let version = node["formatVersion"]?.shortText ?? "missing"
        if version == "1" {
            throw fail("results format version 1 is no longer read; re-run `duo-pose run` with this version to regenerate it")
        }
        guard node["formatVersion"]?.number == Double(ResultsJSONL.formatVersion) else {
            throw fail("results format version \(version) is not supported; expected \(ResultsJSONL.formatVersion)")
        }
        guard let matrix = node["matrix"], let name = matrix["name"]?.string, let path = matrix["path"]?.string,
            let sha = matrix["sha256"]?.string, let tool = node["toolVersion"]?.string,
            let generatedAt = node["generatedAt"]?.string, let plan = node["plan"]?["cases"]
        else { throw fail("the header line lacks the matrix, tool, time or plan") }
        guard let planCases = Self.count(plan) else { throw fail("the header's plan.cases is not a count") }
        let axes = try Self.axes(node, error: fail)
        let checklist = try Self.checklist(node, error: fail)
        let shard = try Self.shard(node, error: fail)
        let trust = try Self.trust(node, error: fail)
        var observations: (path: String, sha256: String)?
        if let recorded = node["observations"], let path = recorded["path"]?.string, let sha = recorded["sha256"]?.string {
            observations = (path, sha)
        }
        var header = RunHeader(
            toolVersion: tool, matrixName: name, matrixPath: path, matrixSHA256: sha, axes: axes, checklist: checklist,
            generatedAt: generatedAt, planCases: planCases, shard: shard, observations: observations)
        header.planInvariants = try Self.invariantCount(node, error: fail)
        header.trust = trust
        if let strict = node["strict"], strict.bool == nil { throw fail("the header's strict is not true or false") }
        header.strict = node["strict"]?.bool ?? false
        header.failOnNew = node["failOn"]?.string == "new"
        header.scope = try scope(node, error: fail)
        header.appScan = try AppScanRecord.read(node["appScan"], error: fail)
        if let defaults = node["defaults"] { header.axisDefaults = try Self.defaults(defaults, error: fail) }
        if let app = try Self.app(node["app"], path: "results header", error: fail) { header.app = app }
        header.appRecorded = node["app"] != nil
        try validate(header, error: fail)
        return header
    }

    /// The header's axis defaults (absent from files written before 0.2.0, which had the model's with SDK 27.1).
    private static func defaults(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> [(
        axis: Axis, value: AxisValue
    )] {
        guard let members = node.members else { throw fail("the header's defaults is not an object") }
        return try members.map { member throws(ResultsError) in
            guard let axis = Axis(rawValue: member.key), let value = member.value.axisValue else {
                throw fail("the header's defaults give \(member.value.shortText) for \(quoted(member.key))")
            }
            return (axis, value)
        }
    }

    /// The header's axes and their values.
    private static func axes(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> [AxisSpec] {
        var axes: [AxisSpec] = []
        for member in node["axes"]?.members ?? [] {
            guard let axis = Axis(rawValue: member.key), let items = member.value.items else {
                throw fail("unknown axis \(quoted(member.key)) in the header")
            }
            axes.append(AxisSpec(axis: axis, values: items.compactMap(\.axisValue)))
        }
        return axes
    }

    /// The matrix's checklist, as the header copies it.
    private static func checklist(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> [ChecklistItem]
    {
        var checklist: [ChecklistItem] = []
        for item in node["checklist"]?.items ?? [] {
            guard let id = item["id"]?.string, let text = item["text"]?.string, let poses = item["poses"]?.items else {
                throw fail("a checklist item in the header lacks its id, text or poses")
            }
            let poseIDs = try poses.map { pose throws(ResultsError) in
                guard let poseID = pose.string else {
                    throw fail("checklist item \(quoted(id)) in the header names \(pose.shortText), not a pose P1–P13")
                }
                return poseID
            }
            checklist.append(ChecklistItem(id: id, text: text, poses: poseIDs))
        }
        return checklist
    }

    /// The shard the file holds, if it is one.
    private static func shard(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> Shard? {
        guard let shardNode = node["shard"] else { return nil }
        guard let index = Self.count(shardNode["index"]), let total = Self.count(shardNode["total"]),
            let valid = Shard.valid(index: index, total: total)
        else { throw fail("the header's shard is not K/N") }
        return valid
    }

    /// A whole number of 0 or more; nil for a fraction, a number too large for an `Int`, NaN,
    /// Infinity, or anything that is not a number.
    static func count(_ node: JSONNode?) -> Int? {
        guard let number = node?.number, let count = Int(exactly: number), count >= 0 else { return nil }
        return count
    }

    /// The provenance levels the run trusted; every level when the header does not say.
    private static func trust(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> Trust {
        guard let levels = node["trust"] else { return .everything }
        return Trust(Set(try self.levels(levels, of: "the header's trust", error: fail).levels))
    }

    /// A list of provenance levels, as `trust` and an invariant's `rests` write them: each a level,
    /// once, and at least one.
    static func levels(_ node: JSONNode, of what: String, error fail: (String) -> ResultsError) throws(ResultsError) -> Rests {
        guard let items = node.items else { throw fail("\(what) is not a list of provenance levels") }
        var levels = Rests()
        for item in items {
            guard let level = item.string.flatMap(Provenance.init(rawValue:)) else {
                throw fail("\(what) names \(item.shortText), not a provenance level")
            }
            guard !levels.levels.contains(level) else { throw fail("\(what) names \(level.rawValue) twice") }
            levels.insert(level)
        }
        guard !levels.isEmpty else { throw fail("\(what) names no provenance level") }
        return levels
    }

    /// What a parsed case line settles alone: its head and id, checked, and its other members.
    static func caseLine(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> CaseLine {
        let head = try caseHead(node, error: fail)
        var id: String?
        if let given = node["id"] {
            guard let text = given.string else { throw fail("a case line's id is not a string") }
            id = text
        }
        return CaseLine(
            index: head.index, id: id, pose: head.pose, title: head.title, values: head.values, status: head.status,
            duration: head.duration,
            members: CaseLine.Member.allCases.compactMap { member in node[member.rawValue].map { (member, $0) } })
    }

    /// A case line with its references to the file's records looked up, and the rules between them checked.
    fileprivate static func resolve(
        _ caseLine: CaseLine, records: SharedRecords, error fail: (String) -> ResultsError
    ) throws(ResultsError) -> CaseResult {
        var result = caseLine.result
        if let reference = caseLine[.reason] {
            result.reason = try records.reason(reference, of: result.id, error: fail)
        }
        if let reference = caseLine[.failures] {
            let record = try records.failures(reference, of: result.id, error: fail)
            (result.line, result.failures) = (record.line, record.failures)
        }
        if let reference = caseLine[.assumptions] {
            let record = try records.assumptions(reference, of: result.id, error: fail)
            result.assumptions = record.assumptions
            if result.status == .passed { result.line = record.line }
        }
        if let pinned = caseLine[.pinned] {
            guard let status = pinned.string.flatMap(PinnedStatus.init) else {
                throw fail("case \(result.index): pinned \(pinned.shortText) is not \"notRun\" or \"error\"")
            }
            result.pinned = status
        }
        if let line = caseLine[.line] {
            let lined = result.status == .notRun || result.status == .error || (result.pinned != nil && result.failures.isEmpty)
            guard lined, let number = count(line), number >= 1 else {
                throw fail(
                    "case \(result.index): a line \(line.shortText) belongs only to a case not run, in error or pinned, "
                        + "as a number of 1 or more")
            }
            result.line = number
        }
        switch result.status {
        case .passed where !result.failures.isEmpty: throw fail("case \(result.index) passed but names a failures record")
        case .failed where result.failures.isEmpty && result.pinned == nil:
            throw fail("case \(result.index) failed but names no failures record")
        case .notRun where result.reason == nil: throw fail("case \(result.index) was not run but names no reason record")
        case .error where result.reason == nil: throw fail("case \(result.index) is an error but names no reason record")
        default: return result
        }
    }

    /// A case line's index, pose, title, values, status and duration, each checked: they are read
    /// back into integers, sums and reports, where a fraction, a huge number, NaN or Infinity
    /// would be truncated or stop the program, and a pose or axis no matrix has would be reported.
    private static func caseHead(_ node: JSONNode, error fail: (String) -> ResultsError) throws(ResultsError) -> (
        index: Int, pose: String, title: String?, values: [AxisEntry], status: CaseResult.Status, duration: Double
    ) {
        guard let indexNode = node["index"], let pose = node["pose"]?.string,
            let statusText = node["status"]?.string, let status = CaseResult.Status(rawValue: statusText),
            let durationNode = node["duration"], let valueMembers = node["values"]?.members
        else { throw fail("a case line lacks its index, pose, values, status or duration") }
        guard let index = Self.count(indexNode) else {
            throw fail("a case line's index \(indexNode.shortText) is not a whole number of 0 or more")
        }
        guard Pose.named(pose) != nil else { throw fail("case \(index): " + Pose.unknownMessage(pose)) }
        guard let duration = durationNode.number, duration.isFinite, duration >= 0 else {
            throw fail("case \(index): duration \(durationNode.shortText) is not a number of seconds of 0 or more")
        }
        for member in valueMembers {
            guard Axis(rawValue: member.key) != nil else {
                throw fail("case \(index): unknown axis \(quoted(member.key)) in its values")
            }
            guard member.value.isAxisValue else {
                throw fail("case \(index): \(member.key) is \(member.value.shortText), not a text, a finite number or true/false")
            }
        }
        let values = valueMembers.map { AxisEntry(axis: $0.key, value: $0.value.axisText) }
        return (index, pose, node["title"]?.string, values, status, duration)
    }
}

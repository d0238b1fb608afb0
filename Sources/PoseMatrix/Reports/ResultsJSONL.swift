import Foundation

/// `results.jsonl`, the canonical record: a header line, one line per case (after the shared
/// records it is the first to use, see ``SharedRecordKind``), one line per invariant, a summary line.
struct ResultsJSONL {
    /// The record format version, written in the header.
    static let formatVersion = 2

    let file: OutputFile
    private let header: RunHeader

    init(header: RunHeader, file: OutputFile) throws {
        self.file = file
        self.header = header
        try file.write(bytes: Self.headerLine(header))
    }

    /// The shared records already in the file, one table per kind.
    private var tables = SharedRecordKind.allCases.map(SharedRecordTable.init)

    /// Renders and writes one case's line (and the shared records it is the first to use).
    mutating func write(_ result: CaseResult) throws {
        try write(CaseRenderer(classPrefix: "", file: header.matrixPath, strict: header.strict).render([result]))
    }

    /// Appends cases pre-rendered (by ``CaseRenderer`` on a worker), giving their shared records
    /// file ids in order of first use and writing each new record before the case that uses it.
    mutating func write(_ rendered: RenderedCases) throws {
        var out = ByteBuffer(capacity: rendered.lines.count + rendered.lineEnds.count * 32)
        var resolved = rendered.records.map { [(generation: Int, id: Int)?](repeating: nil, count: $0.bodies.count) }
        // `,"reason":` and the like, made once: building them with the id for every case was a
        // string allocation per reference.
        let keys = tables.map { Array(",\"\($0.kind.rawValue)\":".utf8) }
        var ids = [Int](repeating: -1, count: tables.count)
        var start = 0
        // Through the buffer: slicing `lines` for each copy retained and released the array.
        rendered.lines.withUnsafeBufferPointer { lines in
            for (position, end) in rendered.lineEnds.enumerated() {
                // A record is written before the first case that uses it, so the ids come first.
                for kind in tables.indices {
                    let local = Int(rendered.references[position * tables.count + kind])
                    ids[kind] = -1
                    guard local >= 0 else { continue }
                    if let known = resolved[kind][local], known.generation == tables[kind].generation {
                        ids[kind] = known.id
                    } else {
                        ids[kind] = tables[kind].id(of: rendered.records[kind].bodies[local], writingNewTo: &out)
                        resolved[kind][local] = (tables[kind].generation, ids[kind])
                    }
                }
                let split = rendered.referencePoints[position]
                out.append(bytes: UnsafeBufferPointer(rebasing: lines[start..<split]))
                for kind in tables.indices where ids[kind] >= 0 {
                    out.append(bytes: keys[kind])
                    out.append(ids[kind])
                }
                out.append(bytes: UnsafeBufferPointer(rebasing: lines[split..<end]))
                start = end
            }
        }
        try file.write(bytes: out.bytes)
    }

    /// A case's line, up to where the references to its shared records go (returned), then its
    /// duration; the records go to `records`, and their local ids to `references`.
    ///
    /// Written byte by byte in the order ``JSONWriter`` would write it, without the writer: its
    /// container bookkeeping for the ten members of every line was a tenth of this function's time.
    static func render(
        _ result: CaseResult, file: String, into out: inout ByteBuffer, records: inout [LocalRecords],
        references: inout [Int32], memo: inout RenderMemo
    ) -> Int {
        out.append(literal: #"{"type":"case","index":"#)
        out.append(result.index)
        if !result.idIsDerived {
            out.append(literal: #","id":"#)
            out.appendJSONString(result.id)
        }
        out.append(literal: #","pose":"#)
        out.appendJSONString(result.pose)
        if let title = result.title {
            out.append(literal: #","title":"#)
            out.appendJSONString(title)
        }
        out.append(literal: #","values":{"#)
        memo.appendMembers(result.values, to: &out)
        out.append(byte: UInt8(ascii: "}"))
        appendStatus(of: result, to: &out)
        let split = out.count
        references.append(
            result.reason.map { records[SharedRecordKind.reason.slot].id(ofReason: $0, render: reasonRecord) } ?? -1)
        references.append(
            result.failures.isEmpty
                ? -1
                : records[SharedRecordKind.failures.slot].id(ofFailures: result) { failuresRecord($0, file: file) })
        references.append(
            result.assumptions.isEmpty
                ? -1
                : records[SharedRecordKind.assumptions.slot].id(
                    ofAssumptions: result.assumptions, line: result.status == .passed ? result.line : nil,
                    render: assumptionsRecord))
        out.append(literal: #","duration":"#)
        out.appendSeconds(result.duration)
        out.append(literal: "}\n")
        return split
    }

    /// `,"status":…`, the pin if any, and the line where no failures record holds it.
    private static func appendStatus(of result: CaseResult, to out: inout ByteBuffer) {
        switch result.status {
        case .passed: out.append(literal: #","status":"passed""#)
        case .failed: out.append(literal: #","status":"failed""#)
        case .notRun: out.append(literal: #","status":"notRun""#)
        case .error: out.append(literal: #","status":"error""#)
        }
        if let pinned = result.pinned {
            out.append(literal: #","pinned":"#)
            out.appendJSONString(pinned.rawValue)
        }
        // A failed case's line is in its failures record; one not run, in error or pinned without failures has none.
        if let line = result.line,
            result.status == .notRun || result.status == .error
                || (result.pinned != nil && result.failures.isEmpty)
        {
            out.append(literal: #","line":"#)
            out.append(line)
        }
    }

    /// A failures record after its id: the matrix file and the pose entry's line, then each failure
    /// with its expectation and observed value typed.
    static func failuresRecord(_ result: CaseResult, file: String) -> [UInt8] {
        var json = JSONWriter(continuingObject: true)
        if let line = result.line {
            json.member("file", file)
            json.member("line", line)
        }
        json.key("items")
        json.beginArray()
        for failure in result.failures { write(failure, into: &json) }
        json.endArray()
        json.endObject()
        json.text("\n")
        return json.buffer.bytes
    }

    /// A reason record after its id.
    static func reasonRecord(_ reason: String) -> [UInt8] {
        var json = JSONWriter(continuingObject: true)
        json.member("text", reason)
        json.endObject()
        json.text("\n")
        return json.buffer.bytes
    }

    /// An assumptions record after its id: the pose entry's line for a pass (which a sign-off that
    /// does not trust what it rests on names as the place of a blocking case), then the items.
    static func assumptionsRecord(_ assumptions: [CaseResult.Assumption], line: Int?) -> [UInt8] {
        var json = JSONWriter(continuingObject: true)
        if let line { json.member("line", line) }
        json.key("items")
        json.beginArray()
        for assumption in assumptions {
            json.beginObject()
            json.member("observable", assumption.observable.rawValue)
            json.member("provenance", assumption.provenance.rawValue)
            json.member("source", assumption.source)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.text("\n")
        return json.buffer.bytes
    }

    /// Writes the summary line: totals, verdict, the baseline comparison.
    mutating func finish(_ tally: Tally) throws {
        try file.write(bytes: Self.summaryLine(tally, header: header))
        try file.finishWriting()
    }

    /// Seconds with microsecond precision, no exponent (as ``ByteBuffer/appendSeconds(_:)`` writes them).
    static func seconds(_ value: Double) -> String {
        var out = ByteBuffer(capacity: 16)
        out.appendSeconds(value)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

extension ByteBuffer {
    /// Seconds with microsecond precision and no exponent, trailing zeros dropped (`0.000049`, `2`);
    /// a negative duration or NaN, which no clock gives, as 0. Written digit by digit: making a string
    /// for every case's duration was an allocation per case. Past 9·10^9 s (285 years: a sum of
    /// durations from a results file edited by hand), where a double no longer holds microseconds
    /// exactly, the whole seconds are written, infinity as the largest double: converting them to
    /// microseconds in an integer stopped the program past 9·10^12 s.
    mutating func appendSeconds(_ value: Double) {
        guard value > 0 else { return append(0) }
        guard value < 9e9 else { return append(String(format: "%.0f", value.isFinite ? value : .greatestFiniteMagnitude)) }
        let micros = Int64((value * 1_000_000).rounded())
        append(Int(micros / 1_000_000))
        var fraction = Int(micros % 1_000_000)
        guard fraction > 0 else { return }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        append(".")
        var scale = 1
        for _ in 1..<digits { scale *= 10 }
        while scale > fraction {
            append(0)
            scale /= 10
        }
        append(fraction)
    }
}

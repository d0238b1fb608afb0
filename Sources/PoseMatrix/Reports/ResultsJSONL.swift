/// `results.jsonl`, the canonical record: a header line, one line per case (after the shared
/// records it is the first to use, see ``SharedRecordKind``), a summary line.
public struct ResultsJSONL: ReportWriter {
    /// The record format version, written in the header.
    public static let formatVersion = 2

    private let file: OutputFile
    private let header: RunHeader

    public init(header: RunHeader, file: OutputFile) throws {
        self.file = file
        self.header = header
        var line = "{\"type\":\"header\",\"formatVersion\":\(Self.formatVersion),\"tool\":\"duo-pose\""
        line += ",\"toolVersion\":" + Escaping.json(header.toolVersion)
        line += ",\"generatedAt\":" + Escaping.json(header.generatedAt)
        line += ",\"matrix\":{\"name\":" + Escaping.json(header.matrixName)
        line += ",\"path\":" + Escaping.json(header.matrixPath)
        line += ",\"sha256\":" + Escaping.json(header.matrixSHA256) + "}"
        line +=
            ",\"axes\":{"
            + header.axes.map { spec in
                Escaping.json(spec.axis.rawValue) + ":[" + spec.values.map(Self.json).joined(separator: ",") + "]"
            }.joined(separator: ",") + "}"
        line += ",\"plan\":{\"cases\":\(header.planCases)"
        line += (header.scope.matrixCases.map { ",\"matrixCases\":\($0)" } ?? "") + "}" + header.scope.json
        if header.strict { line += ",\"strict\":true" }
        if header.failOnNew { line += ",\"failOn\":\"new\"" }
        if let scan = header.appScan { line += ",\"appScan\":" + scan.headerJSON }
        line +=
            ",\"trust\":["
            + Provenance.allCases.filter(header.trust.levels.contains).map { "\"\($0.rawValue)\"" }
            .joined(separator: ",") + "]"
        if let shard = header.shard { line += ",\"shard\":{\"index\":\(shard.index),\"total\":\(shard.total)}" }
        if let observations = header.observations {
            line += ",\"observations\":{\"path\":" + Escaping.json(observations.path) + ",\"sha256\":"
            line += Escaping.json(observations.sha256) + "}"
        }
        line +=
            ",\"checklist\":["
            + header.checklist.map { item in
                "{\"id\":" + Escaping.json(item.id) + ",\"text\":" + Escaping.json(item.text) + ",\"poses\":["
                    + item.poses.map(Escaping.json).joined(separator: ",") + "]}"
            }.joined(separator: ",") + "]}\n"
        try file.write(line)
    }

    /// The shared records already in the file, one table per kind.
    private var tables = SharedRecordKind.allCases.map(SharedRecordTable.init)

    /// Renders and writes one case's line (and the shared records it is the first to use).
    public mutating func write(_ result: CaseResult) throws {
        try write(CaseRenderer(classPrefix: "", file: header.matrixPath).render([result]))
    }

    /// Appends cases pre-rendered (by ``CaseRenderer`` on a worker), giving their shared records
    /// file ids in order of first use and writing each new record before the case that uses it.
    mutating func write(_ rendered: RenderedCases) throws {
        var out: [UInt8] = []
        out.reserveCapacity(rendered.lines.count + rendered.results.count * 32)
        var resolved = rendered.records.map { [(generation: Int, id: Int)?](repeating: nil, count: $0.bodies.count) }
        var start = 0
        for (position, end) in rendered.lineEnds.enumerated() {
            var references: [UInt8] = []
            for kind in tables.indices {
                let local = Int(rendered.references[position * tables.count + kind])
                guard local >= 0 else { continue }
                var id = resolved[kind][local].flatMap { $0.generation == tables[kind].generation ? $0.id : nil }
                if id == nil {
                    id = tables[kind].id(of: rendered.records[kind].bodies[local], writingNewTo: &out)
                    resolved[kind][local] = (tables[kind].generation, id!)
                }
                references.append(contentsOf: ",\"\(tables[kind].kind.rawValue)\":\(id!)".utf8)
            }
            let split = rendered.referencePoints[position]
            out.append(contentsOf: rendered.lines[start..<split])
            out.append(contentsOf: references)
            out.append(contentsOf: rendered.lines[split..<end])
            start = end
        }
        try file.write(bytes: out)
    }

    /// A case's line, up to where the references to its shared records go (returned), then its
    /// duration; the records go to `records`, and their local ids to `references`.
    static func render(
        _ result: CaseResult, file: String, into out: inout ByteBuffer, records: inout [LocalRecords],
        references: inout [Int32]
    ) -> Int {
        out.append("{\"type\":\"case\",\"index\":")
        out.append(result.index)
        if result.id != CaseResult.derivedID(pose: result.pose, title: result.title, values: result.values) {
            out.append(",\"id\":")
            out.appendJSONString(result.id)
        }
        out.append(",\"pose\":")
        out.appendJSONString(result.pose)
        if let title = result.title {
            out.append(",\"title\":")
            out.appendJSONString(title)
        }
        out.append(",\"values\":{")
        for (position, entry) in result.values.enumerated() {
            if position > 0 { out.append(",") }
            out.appendJSONString(entry.axis)
            out.append(":")
            out.appendJSON(axisValue: entry)
        }
        out.append("},\"status\":\"")
        out.append(result.status.rawValue)
        out.append("\"")
        let split = out.count
        references.append(result.reason.map { records[SharedRecordKind.reason.slot].id(of: reasonRecord($0)) } ?? -1)
        references.append(
            result.failures.isEmpty ? -1 : records[SharedRecordKind.failures.slot].id(of: failuresRecord(result, file: file)))
        references.append(
            result.assumptions.isEmpty
                ? -1 : records[SharedRecordKind.assumptions.slot].id(of: assumptionsRecord(result.assumptions)))
        out.append(",\"duration\":")
        out.append(seconds(result.duration))
        out.append("}\n")
        return split
    }

    /// A failures record after its id: the matrix file and the pose entry's line, then each failure
    /// with its expectation and observed value typed.
    static func failuresRecord(_ result: CaseResult, file: String) -> [UInt8] {
        var out = ByteBuffer()
        if let line = result.line {
            out.append(",\"file\":")
            out.appendJSONString(file)
            out.append(",\"line\":")
            out.append(line)
        }
        out.append(",\"items\":[")
        for (position, failure) in result.failures.enumerated() {
            out.append(position > 0 ? ",{\"observable\":\"" : "{\"observable\":\"")
            out.append(failure.observable.rawValue)
            out.append("\",\"expected\":")
            out.appendJSON(failure.expected)
            out.append(",\"actual\":")
            out.appendJSON(failure.actual)
            out.append(",\"provenance\":\"")
            out.append(failure.provenance.rawValue)
            out.append("\",\"source\":")
            out.appendJSONString(failure.source)
            out.append("}")
        }
        out.append("]}\n")
        return out.bytes
    }

    /// A reason record after its id.
    static func reasonRecord(_ reason: String) -> [UInt8] {
        var out = ByteBuffer()
        out.append(",\"text\":")
        out.appendJSONString(reason)
        out.append("}\n")
        return out.bytes
    }

    /// An assumptions record after its id.
    static func assumptionsRecord(_ assumptions: [CaseResult.Assumption]) -> [UInt8] {
        var out = ByteBuffer()
        out.append(",\"items\":[")
        for (position, assumption) in assumptions.enumerated() {
            out.append(position > 0 ? ",{\"observable\":\"" : "{\"observable\":\"")
            out.append(assumption.observable.rawValue)
            out.append("\",\"provenance\":\"")
            out.append(assumption.provenance.rawValue)
            out.append("\",\"source\":")
            out.appendJSONString(assumption.source)
            out.append("}")
        }
        out.append("]}\n")
        return out.bytes
    }

    /// Writes the summary line: totals, verdict, the baseline comparison.
    public mutating func finish(_ tally: Tally) throws {
        let counts = tally.overall
        var line = "{\"type\":\"summary\",\"total\":\(counts.total),\"passed\":\(counts.passed),\"failed\":\(counts.failed)"
        line +=
            ",\"notRun\":\(counts.notRun),\"error\":\(counts.errors),\"verdict\":\"\(header.verdict(counts, newFailures: tally.baseline?.newFailures.count).word)\""
        if let diff = tally.baseline {
            line += ",\"baseline\":{\"path\":" + Escaping.json(diff.path) + ",\"newFailures\":\(diff.newFailures.count)"
            line += ",\"fixed\":\(diff.fixed.count),\"stillFailing\":\(diff.stillFailing.count)"
            line += ",\"newCases\":\(diff.newCases.count),\"removedCases\":\(diff.removedCases.count)}"
        }
        line += ",\"duration\":" + Self.seconds(counts.duration) + "}\n"
        try file.write(line)
        try file.finishWriting()
    }

    /// Seconds with microsecond precision, no exponent.
    static func seconds(_ value: Double) -> String {
        let micros = Int64((value * 1_000_000).rounded())
        let whole = micros / 1_000_000
        let fraction = micros % 1_000_000
        if fraction == 0 { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    private static func json(_ value: AxisValue) -> String {
        switch value {
        case .text(let text): Escaping.json(text)
        case .bool, .number: value.description
        }
    }
}

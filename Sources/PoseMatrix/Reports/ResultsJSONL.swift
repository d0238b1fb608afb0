/// `results.jsonl`, the canonical record: a header line, one line per case, a summary line.
public struct ResultsJSONL {
    /// The record format version, written in the header.
    public static let formatVersion = 1

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

    /// Appends a case's line, pre-rendered (by ``CaseRenderer`` on a worker).
    mutating func write(line: [UInt8]) throws {
        try file.write(bytes: line)
    }

    /// A case's line: id, pose, title, axis values, status, reason, failures, assumptions, duration.
    static func render(_ result: CaseResult, into out: inout ByteBuffer) {
        out.append("{\"type\":\"case\",\"index\":")
        out.append(result.index)
        out.append(",\"id\":")
        out.appendJSONString(result.id)
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
            out.appendJSONString(entry.value)
        }
        out.append("},\"status\":\"")
        out.append(result.status.rawValue)
        out.append("\"")
        if let reason = result.reason {
            out.append(",\"reason\":")
            out.appendJSONString(reason)
        }
        if !result.failures.isEmpty {
            out.append(",\"failures\":[")
            for (position, failure) in result.failures.enumerated() {
                out.append(position > 0 ? ",{\"observable\":\"" : "{\"observable\":\"")
                out.append(failure.observable.rawValue)
                out.append("\",\"expected\":")
                out.appendJSONString(failure.expected)
                out.append(",\"actual\":")
                out.appendJSONString(failure.actual)
                out.append(",\"provenance\":\"")
                out.append(failure.provenance.rawValue)
                out.append("\",\"source\":")
                out.appendJSONString(failure.source)
                out.append("}")
            }
            out.append("]")
        }
        if !result.assumptions.isEmpty {
            out.append(",\"assumptions\":[")
            for (position, assumption) in result.assumptions.enumerated() {
                out.append(position > 0 ? ",{\"observable\":\"" : "{\"observable\":\"")
                out.append(assumption.observable.rawValue)
                out.append("\",\"provenance\":\"")
                out.append(assumption.provenance.rawValue)
                out.append("\",\"source\":")
                out.appendJSONString(assumption.source)
                out.append("}")
            }
            out.append("]")
        }
        out.append(",\"duration\":")
        out.append(seconds(result.duration))
        out.append("}\n")
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

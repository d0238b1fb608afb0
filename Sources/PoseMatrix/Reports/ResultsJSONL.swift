/// `results.jsonl`, the canonical record: a header line, one line per case, a summary line.
public struct ResultsJSONL: ReportWriter {
    /// The record format version, written in the header.
    public static let formatVersion = 1

    private let file: OutputFile

    public init(header: RunHeader, file: OutputFile) throws {
        self.file = file
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
        line += ",\"plan\":{\"cases\":\(header.planCases)}"
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

    public mutating func write(_ result: CaseResult) throws {
        var line = "{\"type\":\"case\",\"index\":\(result.index),\"id\":" + Escaping.json(result.id)
        line += ",\"pose\":" + Escaping.json(result.pose)
        if let title = result.title { line += ",\"title\":" + Escaping.json(title) }
        line +=
            ",\"values\":{"
            + result.values.map { Escaping.json($0.axis) + ":" + Escaping.json($0.value) }
            .joined(separator: ",") + "}"
        line += ",\"status\":\"\(result.status.rawValue)\""
        if let reason = result.reason { line += ",\"reason\":" + Escaping.json(reason) }
        if !result.failures.isEmpty {
            line +=
                ",\"failures\":["
                + result.failures.map { failure in
                    "{\"observable\":\"\(failure.observable.rawValue)\",\"expected\":" + Escaping.json(failure.expected)
                        + ",\"actual\":" + Escaping.json(failure.actual) + ",\"provenance\":\"\(failure.provenance.rawValue)\""
                        + ",\"source\":" + Escaping.json(failure.source) + "}"
                }.joined(separator: ",") + "]"
        }
        if !result.assumptions.isEmpty {
            line +=
                ",\"assumptions\":["
                + result.assumptions.map { assumption in
                    "{\"observable\":\"\(assumption.observable.rawValue)\",\"provenance\":\"\(assumption.provenance.rawValue)\""
                        + ",\"source\":" + Escaping.json(assumption.source) + "}"
                }.joined(separator: ",") + "]"
        }
        line += ",\"duration\":" + Self.seconds(result.duration) + "}\n"
        try file.write(line)
    }

    public mutating func finish(_ tally: Tally) throws {
        let counts = tally.overall
        var line = "{\"type\":\"summary\",\"total\":\(counts.total),\"passed\":\(counts.passed),\"failed\":\(counts.failed)"
        line += ",\"notRun\":\(counts.notRun),\"error\":\(counts.errors),\"verdict\":\"\(counts.verdict)\""
        if let diff = tally.baseline {
            line += ",\"baseline\":{\"path\":" + Escaping.json(diff.path) + ",\"newFailures\":\(diff.newFailures.count)"
            line += ",\"fixed\":\(diff.fixed.count),\"stillFailing\":\(diff.stillFailing.count)"
            line += ",\"newCases\":\(diff.newCases.count),\"removedCases\":\(diff.removedCases.count)}"
        }
        line += ",\"duration\":" + Self.seconds(counts.duration) + "}\n"
        try file.write(line)
        try file.commit()
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

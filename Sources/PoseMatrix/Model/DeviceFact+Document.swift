/// The device table as Docs/facts.md states it: one Markdown row per fact, in the table's order.
extension DeviceFact {
    /// The header of the table in Docs/facts.md.
    static let documentHeader = "| Key | Value | Provenance | Source, or why unknown |\n|---|---|---|---|"

    /// The row as Docs/facts.md writes it: `| \`outer.size\` | 466x678 | measured (closed); apple
    /// elsewhere | M AX-DGb; A App Store Connect |`.
    var documentRow: String {
        let row = self.row
        switch row.value {
        case .unknown(let reason):
            return "| `\(row.key)` | unknown | — | \(reason) |"
        case .known(let value, let citation):
            return "| `\(row.key)` | \(value) | \(row.documentProvenance(citation)) | \(citation.source) |"
        }
    }

    /// The whole table, header first.
    static var document: String {
        ([documentHeader] + allCases.map(\.documentRow)).joined(separator: "\n")
    }
}

extension DeviceFact.Row {
    /// How firm the value is where: `measured (book, flat); inference elsewhere`, or one level.
    func documentProvenance(_ citation: Citation) -> String {
        guard let measurement else { return citation.provenance.rawValue }
        let elsewhere = self.elsewhere == .apple ? "apple" : "inference"
        return "measured (\(measurement.states.names)); \(elsewhere) elsewhere"
    }
}

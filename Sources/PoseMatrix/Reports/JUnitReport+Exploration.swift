/// junit.xml's `exploration` suite: one testcase per invariant, so that CI dashboards count
/// invariants as tests; its properties say where the exploration started and how far it went.
extension JUnitReport {
    /// The suite's name, and its class name after the matrix's prefix.
    static let explorationSuiteName = "exploration"

    /// The `<testsuite>` of the invariants: a broken one is a failure whose message names the
    /// shortest path that breaks it, one not run is skipped with the reason.
    func explorationSuite(_ counts: InvariantCounts) -> String {
        let first = invariants[0]
        var out = suiteHead(
            name: Self.explorationSuiteName,
            counts: suiteCounts(counts.total, failed: counts.broken, errors: 0, notRun: counts.notRun), time: "0.000",
            properties: [("start", first.start ?? "launch"), ("states", "\(first.states)"), ("depth", "\(first.depth)")])
        for invariant in invariants {
            out += "    <testcase name=\"" + Escaping.xml(invariant.name) + "\" classname=\""
            out += Escaping.xml(classPrefix + Self.explorationSuiteName) + "\" time=\"0.000\""
            switch invariant.status {
            case .held:
                out += "/>\n"
            case .broken:
                out +=
                    ">\n      <failure type=\"invariant\" message=\"" + Escaping.xml(place(of: invariant) + invariant.detail)
                    + "\">"
                out += Escaping.xml(invariant.failures.map(Self.describe).joined(separator: "\n") + location(of: invariant))
                out += "</failure>\n    </testcase>\n"
            case .notRun where header.strict:
                out += ">\n      <failure type=\"not run (--strict)\" message=\""
                out += Escaping.xml(place(of: invariant) + "not run: " + invariant.detail) + "\">"
                out += Escaping.xml(invariant.detail + location(of: invariant)) + "</failure>\n    </testcase>\n"
            case .notRun:
                out += ">\n      <skipped message=\"not run: " + Escaping.xml(invariant.detail) + "\"/>\n    </testcase>\n"
            }
        }
        return out + "  </testsuite>\n"
    }

    /// `FILE:LINE: `, where the matrix states an invariant, as a failure's message starts; empty without a line.
    private func place(of invariant: InvariantResult) -> String {
        invariant.line.map { "\(header.matrixPath):\($0): " } ?? ""
    }

    /// Where the matrix states an invariant, as a failure's body ends with it (``location(file:line:suite:)``).
    private func location(of invariant: InvariantResult) -> String {
        Self.location(file: header.matrixPath, line: invariant.line, suite: Self.explorationSuiteName)
    }
}

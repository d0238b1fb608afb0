/// What a plan group needs to make its cases, made once and shared by reference.
///
/// A class on purpose: a case takes one reference to it, where copying the group's struct
/// (its entry, axes and value texts) retained and released a dozen fields for every case.
final class CaseMaker: Sendable {
    let entry: PoseEntry
    let axes: [AxisSpec]
    /// Plan index of the group's first case.
    let firstCase: Int
    /// Each axis value as reports write it, with its axis's name: made once rather than for every case.
    let entries: [[AxisEntry]]
    /// The pieces of case ids.
    let idPieces: CaseIdPieces
    /// The axes in naming order.
    let axisNames: [Axis]
    /// Each axis value read into settings once, axis after axis (see ``CaseSettings/take(_:from:)``).
    private let picks: [CaseSettings]
    /// Where each axis's values start in ``picks``.
    private let pickStarts: [Int]

    init(entry: PoseEntry, axes: [AxisSpec], firstCase: Int) {
        self.entry = entry
        self.axes = axes
        self.firstCase = firstCase
        entries = axes.map { spec in spec.values.map { AxisEntry(axis: spec.axis.rawValue, value: $0.description) } }
        idPieces = CaseIdPieces(label: entry.label, entries: entries)
        axisNames = axes.map(\.axis)
        var picks: [CaseSettings] = []
        var pickStarts: [Int] = []
        for spec in axes {
            pickStarts.append(picks.count)
            for value in spec.values {
                var settings = CaseSettings()
                settings.set(spec.axis, value)
                picks.append(settings)
            }
        }
        self.picks = picks
        self.pickStarts = pickStarts
    }

    /// The group's case at a plan index (`index`), numbered `position` in the run's plan (the same,
    /// unless the plan keeps some cases only). Its values are not stored: read from the index when
    /// asked, they cost no allocation in a run, which reads only the id, the settings and the report texts.
    func testCase(at index: Int, position: Int? = nil) -> TestCase {
        withChoices(at: index) { picked in
            var settings = CaseSettings()
            for (position, choice) in picked.enumerated() {
                settings.take(axisNames[position], from: picks[pickStarts[position] + choice])
            }
            return TestCase(
                index: position ?? index, valueIndex: index, maker: self, axisSettings: settings,
                id: idPieces.id(choices: picked))
        }
    }

    /// The axis values of the case at a plan index, in naming order.
    func values(at index: Int) -> [(Axis, AxisValue)] {
        withChoices(at: index) { picked in picked.enumerated().map { (axes[$0].axis, axes[$0].values[$1]) } }
    }

    /// The same values as reports write them.
    func entries(at index: Int) -> [AxisEntry] {
        withChoices(at: index) { picked in picked.enumerated().map { entries[$0][$1] } }
    }

    /// Calls `body` with the value each axis takes at a plan index, the first axis varying slowest.
    /// The picks live on the stack: an array here was one more allocation for every case.
    private func withChoices<Result>(at index: Int, _ body: (UnsafeBufferPointer<Int>) -> Result) -> Result {
        let count = axes.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, count)) { choices in
            var remainder = index - firstCase
            for position in stride(from: count - 1, through: 0, by: -1) {
                let size = axes[position].values.count
                choices[position] = remainder % size
                remainder /= size
            }
            return body(UnsafeBufferPointer(rebasing: choices[..<count]))
        }
    }
}

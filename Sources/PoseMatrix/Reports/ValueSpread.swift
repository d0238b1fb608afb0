/// The values a set of cases took on each axis (and title): whether they vary and, for numbers,
/// their lowest and highest; a few words per axis however many cases.
struct ValueSpread: Sendable {
    /// The name under which a case's title is tracked beside its axes.
    static let titleName = "title"

    /// A case's title and axis values, named, each with its number if it is one.
    struct CaseValues: Sendable {
        struct Value: Sendable {
            var name: String
            var text: String
            var number: Double?
        }

        private(set) var values: [Value] = []
        /// Which case these are, counting from 1, and how many leading values (name and text)
        /// are the previous case's.
        private(set) var serial = 0
        private(set) var unchanged = 0

        /// Takes a case's title and values, parsing only the texts that differ from the last case's.
        mutating func update(from result: CaseResult) {
            serial += 1
            unchanged = Int.max
            var position = 0
            if let title = result.title {
                set(title, named: ValueSpread.titleName, at: position)
                position += 1
            }
            for entry in result.values {
                set(entry.value, named: entry.axis, at: position)
                position += 1
            }
            values.removeLast(values.count - position)
            unchanged = min(unchanged, position)
        }

        private mutating func set(_ text: String, named name: String, at position: Int) {
            guard position < values.count else {
                unchanged = min(unchanged, position)
                values.append(Value(name: name, text: text, number: Double(numberText: text)))
                return
            }
            if values[position].name != name {
                unchanged = min(unchanged, position)
                values[position].name = name
            }
            if values[position].text != text {
                unchanged = min(unchanged, position)
                values[position].text = text
                values[position].number = Double(numberText: text)
            }
        }
    }

    struct Values: Sendable {
        var name: String
        var cases = 1
        var first: String
        var varies = false
        /// The lowest and highest value, while every value is a number.
        var range: (low: Double, high: Double, lowText: String, highText: String)?

        init(name: String, first: String, number: Double?) {
            self.name = name
            self.first = first
            range = number.map { ($0, $0, first, first) }
        }

        mutating func add(_ value: String, number: Double?) {
            cases += 1
            guard value != first else { return }
            varies = true
            guard let current = range else { return }
            guard let number else {
                range = nil
                return
            }
            if number < current.low {
                range?.low = number
                range?.lowText = value
            }
            if number > current.high {
                range?.high = number
                range?.highText = value
            }
        }
    }

    private(set) var cases = 0
    private(set) var axes: [Values] = []
    /// The serial of the last case added, and whether each of its values went to the axis at
    /// its own position.
    private var lastSerial = 0
    private var aligned = false

    /// Adds a case. When this spread took the previous case too, with every value at its own
    /// position, the leading values that case shares only count: adding a value again changes
    /// neither whether its axis varies nor its range. Neighbouring cases differ in one value
    /// mostly, and comparing every value of each case for each spread it goes to was most of
    /// the digest's time.
    mutating func add(_ values: CaseValues) {
        cases += 1
        var start = 0
        if aligned && lastSerial == values.serial - 1 {
            start = min(values.unchanged, values.values.count)
            for position in 0..<start { axes[position].cases += 1 }
        }
        var allAligned = true
        for position in start..<values.values.count {
            allAligned = add(values.values[position], at: position) && allAligned
        }
        aligned = allAligned
        lastSerial = values.serial
    }

    /// Cases of one pose entry name their axes in the same order, so `position` is almost always
    /// where the axis already is: one comparison per value instead of a search. Returns whether it was.
    private mutating func add(_ value: CaseValues.Value, at position: Int) -> Bool {
        if position < axes.count && axes[position].name == value.name {
            axes[position].add(value.text, number: value.number)
            return true
        } else if let index = axes.firstIndex(where: { $0.name == value.name }) {
            axes[index].add(value.text, number: value.number)
            return false
        } else {
            axes.append(Values(name: value.name, first: value.text, number: value.number))
            return axes.count - 1 == position
        }
    }

    /// What every case of this spread shares that the cases of `pose` do not all share, in the
    /// order the axes first appeared: "profile=device", "hingeAngle ≥ 175", "90 ≤ hingeAngle ≤ 120".
    func shared(against pose: ValueSpread) -> [String] {
        var words: [String] = []
        for values in axes where values.cases == cases {
            guard let whole = pose.axes.first(where: { $0.name == values.name }) else { continue }
            let wholeVaries = whole.varies || whole.cases < pose.cases
            if !values.varies {
                if wholeVaries { words.append(values.name + "=" + values.first) }
                continue
            }
            guard let range = values.range, let wholeRange = whole.range else { continue }
            let higher = range.low > wholeRange.low
            let lower = range.high < wholeRange.high
            switch (higher, lower) {
            case (true, true): words.append("\(range.lowText) ≤ \(values.name) ≤ \(range.highText)")
            case (true, false): words.append("\(values.name) ≥ \(range.lowText)")
            case (false, true): words.append("\(values.name) ≤ \(range.highText)")
            case (false, false): break
            }
        }
        return words
    }
}

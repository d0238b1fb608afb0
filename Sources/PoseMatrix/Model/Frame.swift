/// A rectangle in the scene's coordinate space, in points, written `x,y,width,height`
/// (for example `455.5,0,40,669`, the fold frame of the open inner display).
struct Frame: Sendable, Hashable, CustomStringConvertible {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The documented text form: `x,y,width,height`, numbers as people write them.
    var description: String {
        [x, y, width, height].map(formatNumber).joined(separator: ",")
    }

    /// The frame seen from the other edge of a space `extent` points wide, as right-to-left
    /// mirrors it; kept to hundredths so that `466 - 399.7 - 37` reads `29.3`.
    func mirrored(within extent: Double) -> Frame {
        Frame(((extent - x - width) * 100).rounded() / 100, y, width, height)
    }

    /// The frame turned a quarter: x and y, width and height swap.
    var transposed: Frame { Frame(y, x, height, width) }
}

/// The numbers of a frame, size, insets or span text (`455.5,0,40,669`, `466x678`, `0,0,34,84`,
/// `8-467`), or nil when the text is not numbers joined by one of those separators.
func numbers(in text: String) -> [Double]? {
    let separator: Character = text.contains("x") ? "x" : text.contains(",") ? "," : "-"
    let parts = text.split(separator: separator, omittingEmptySubsequences: false).map { Double($0) }
    guard !parts.isEmpty, parts.allSatisfy({ $0?.isFinite == true }) else { return nil }
    return parts.compactMap { $0 }
}

extension ObservedValue {
    /// Whether two values agree number by number within `tolerance`; values that are not numbers
    /// (`none`, a choice) agree only when equal.
    func isClose(to other: ObservedValue, within tolerance: Double) -> Bool {
        switch (self, other) {
        case (.number(let expected), .number(let actual)): return abs(expected - actual) <= tolerance
        case (.text(let expected), .text(let actual)):
            guard let lhs = numbers(in: expected), let rhs = numbers(in: actual), lhs.count == rhs.count,
                expected.contains("x") == actual.contains("x")
            else { return expected == actual }
            return zip(lhs, rhs).allSatisfy { abs($0 - $1) <= tolerance }
        default: return self == other
        }
    }
}

extension ValueKind {
    /// Whether `≈` applies: numbers, counts, sizes, insets and frames.
    var isApproximable: Bool {
        switch self {
        case .number, .count, .size, .insets, .frame, .span: true
        default: false
        }
    }
}

/// A value of the device with the citation it rests on, or the reason no source gives it.
///
/// The device table (``DeviceFact``) holds its rows as `Known` values, so that a value and the
/// reason it is missing cannot drift apart: reading an unknown row gives its reason, never a
/// number somebody wrote beside it.
enum Known<Value: Sendable>: Sendable {
    case known(Value, Citation)
    case unknown(reason: String)

    /// The value, or nil when no source gives it.
    var value: Value? {
        if case .known(let value, _) = self { return value }
        return nil
    }
}

/// A number of the device as reports write it: a size `466x678`, a frame `455.5,0,40,669`,
/// insets `0,0,34,84` (top, left, bottom, right: physical, before right-to-left turns left into
/// trailing), a span `875-931` or a single number.
enum Quantity: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case size(width: Double, height: Double)
    case frame(Frame)
    case insets(top: Double, left: Double, bottom: Double, right: Double)
    case span(from: Double, to: Double)

    var description: String {
        switch self {
        case .number(let number): formatNumber(number)
        case .size(let width, let height): formatNumber(width) + "x" + formatNumber(height)
        case .frame(let frame): frame.description
        case .insets(let top, let left, let bottom, let right):
            [top, left, bottom, right].map(formatNumber).joined(separator: ",")
        case .span(let from, let to): formatNumber(from) + "-" + formatNumber(to)
        }
    }

    /// The single number. A row's kind is fixed by the table, so asking a size for its number
    /// is a mistake in the model's code, stopped here rather than read as 0.
    var number: Double {
        guard case .number(let number) = self else { preconditionFailure("\(self) is not a single number") }
        return number
    }

    /// The frame of a frame row.
    var frame: Frame {
        guard case .frame(let frame) = self else { preconditionFailure("\(self) is not a frame") }
        return frame
    }

    /// The insets of an insets row, top, left, bottom, right.
    var insets: (top: Double, left: Double, bottom: Double, right: Double) {
        guard case .insets(let top, let left, let bottom, let right) = self else {
            preconditionFailure("\(self) is not insets")
        }
        return (top, left, bottom, right)
    }

    /// The width and height of a size row.
    var size: (width: Double, height: Double) {
        guard case .size(let width, let height) = self else { preconditionFailure("\(self) is not a size") }
        return (width, height)
    }
}

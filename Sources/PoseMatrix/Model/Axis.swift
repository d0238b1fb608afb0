/// A variant axis the model knows (README "A matrix"): every combination of its values runs.
enum Axis: String, CaseIterable, Sendable, Codable {
    case profile
    case layoutDirection
    case reduceTransparency
    case linkedSDK
    case hingeAngle
    case splitSide
    case windows

    /// The values an axis accepts.
    enum Domain: Sendable {
        case choice([String])
        case bool
        case degrees(ClosedRange<Double>)
        case whole([Int])
    }

    var domain: Domain {
        switch self {
        case .profile: .choice(Profile.allCases.map(\.rawValue))
        case .layoutDirection: .choice(LayoutDirection.allCases.map(\.rawValue))
        case .reduceTransparency: .bool
        case .linkedSDK: .choice(LinkedSDK.allCases.map(\.rawValue))
        case .hingeAngle: .degrees(0...180)
        case .splitSide: .choice(SplitSide.allCases.map(\.rawValue))
        case .windows: .whole([1, 2])
        }
    }

    /// What the axis accepts, for messages.
    var expectation: String {
        switch domain {
        case .choice(let values): "one of " + values.map { quoted($0) }.joined(separator: ", ")
        case .bool: "true or false"
        case .degrees(let range):
            "a number of degrees from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))"
        case .whole(let values): "one of " + values.map(String.init).joined(separator: ", ")
        }
    }

    /// Reads an axis value written on the command line (`--where hingeAngle=90`).
    func parse(_ text: String) -> AxisValue? {
        switch domain {
        case .choice(let values): values.contains(text) ? .text(text) : nil
        case .bool: Bool(text).map(AxisValue.bool)
        case .degrees(let range): Double(text).flatMap { range.contains($0) ? .number($0) : nil }
        case .whole(let values): Int(text).flatMap { values.contains($0) ? .number(Double($0)) : nil }
        }
    }
}

/// One value of an axis.
enum AxisValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    case bool(Bool)
    case number(Double)

    var description: String {
        switch self {
        case .text(let text): text
        case .bool(let flag): String(flag)
        case .number(let number): formatNumber(number)
        }
    }
}

/// Whose behaviour the model follows where Apple's documents and the simulator differ.
enum Profile: String, CaseIterable, Sendable {
    /// What Apple documents for the device.
    case device
    /// What the Xcode 27.1 iPhone Duo simulator was measured to do.
    case simulator
}

/// The app's language direction.
enum LayoutDirection: String, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

/// The SDK the app links against, which decides the scene's extent ([A T61]).
enum LinkedSDK: String, CaseIterable, Sendable {
    case v26 = "26"
    case v27_0 = "27.0"
    case v27_1 = "27.1"
}

/// The half of the inner display an app takes in Split View.
enum SplitSide: String, CaseIterable, Sendable {
    case left
    case right
}

/// The axis values one case runs with, defaults filled in.
struct CaseSettings: Sendable, Hashable {
    var profile: Profile = .device
    var layoutDirection: LayoutDirection = .leftToRight
    var reduceTransparency = false
    var linkedSDK: LinkedSDK = .v27_1
    /// Replaces the angle of the `book` and `tabletop` steps when set.
    var hingeAngle: Double?
    /// Replaces the side of the `splitView` step when set.
    var splitSide: SplitSide?
    /// App windows connected before the steps.
    var windows = 1

    init() {}

    /// The settings for the given axis values over the app's defaults; values were validated.
    init(values: [Axis: AxisValue], app: App) {
        linkedSDK = app.linkedSDK
        for (axis, value) in values { set(axis, value) }
    }

    /// The effective value of an axis, for matching `when` clauses and `--where` filters.
    func value(of axis: Axis) -> AxisValue? {
        switch axis {
        case .profile: .text(profile.rawValue)
        case .layoutDirection: .text(layoutDirection.rawValue)
        case .reduceTransparency: .bool(reduceTransparency)
        case .linkedSDK: .text(linkedSDK.rawValue)
        case .hingeAngle: hingeAngle.map(AxisValue.number)
        case .splitSide: splitSide.map { .text($0.rawValue) }
        case .windows: .number(Double(windows))
        }
    }

    /// Takes one axis's value from other settings: how a plan applies values it read once, where
    /// ``set(_:_:)`` reads a raw value's text for every case.
    mutating func take(_ axis: Axis, from other: CaseSettings) {
        switch axis {
        case .profile: profile = other.profile
        case .layoutDirection: layoutDirection = other.layoutDirection
        case .reduceTransparency: reduceTransparency = other.reduceTransparency
        case .linkedSDK: linkedSDK = other.linkedSDK
        case .hingeAngle: hingeAngle = other.hingeAngle
        case .splitSide: splitSide = other.splitSide
        case .windows: windows = other.windows
        }
    }

    mutating func set(_ axis: Axis, _ value: AxisValue) {
        switch (axis, value) {
        case (.profile, .text(let text)): profile = Profile(rawValue: text) ?? profile
        case (.layoutDirection, .text(let text)): layoutDirection = LayoutDirection(rawValue: text) ?? layoutDirection
        case (.reduceTransparency, .bool(let flag)): reduceTransparency = flag
        case (.linkedSDK, .text(let text)): linkedSDK = LinkedSDK(rawValue: text) ?? linkedSDK
        case (.hingeAngle, .number(let angle)): hingeAngle = angle
        case (.splitSide, .text(let text)): splitSide = SplitSide(rawValue: text) ?? splitSide
        case (.windows, .number(let count)): windows = Int(count)
        default: break
        }
    }
}

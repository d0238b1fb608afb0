/// What a drawing of a case's scene shows, read from the model's observations after its steps:
/// each value is known, absent (the model says there is none) or unknown (no source gives it),
/// and an unknown one is drawn as unknown, never guessed.
struct SceneSketch: Sendable, Equatable {
    /// One value of the drawing.
    enum Part<Value: Sendable & Equatable>: Sendable, Equatable {
        case known(Value)
        /// The model says there is none (`none`, `0x0`).
        case absent
        /// No source gives it: the observable is named in the drawing's list of unknowns.
        case unknown
    }

    /// A width and height in points.
    struct Size: Sendable, Equatable {
        var width: Double
        var height: Double
    }

    /// Insets by physical side, after right-to-left is turned back.
    struct Insets: Sendable, Equatable {
        var top: Double
        var left: Double
        var bottom: Double
        var right: Double
    }

    /// The case or pose drawn, as the title says it.
    var title: String
    var display: Part<String>
    var size: Part<Size>
    var safeArea: Part<Insets>
    var fold: Part<Frame>
    var foldLine: Part<Frame>
    var foldRegion: Part<String>
    var barStrip: Part<Frame>
    var cameraHole: Part<Frame>
    var innerCamera: Part<Frame>
    var hingeAngle: Part<Double>
    var hingeStatus: Part<String>
    var windowsVisible: Part<Int>
    /// The display's whole size and the half the scene takes, in Split View.
    var split: SplitHalf?
    var accessoryDisplay: Part<String>
    var accessorySize: Part<Size>
    /// Whether frames were turned back from a right-to-left layout's mirrored coordinates.
    var mirrored = false
    /// The geometric observables no source gives here, sorted, for the drawing's "unknown" list.
    var unknowns: [Observable] = []

    /// A Split View half: the whole display's size and the side the scene takes.
    struct SplitHalf: Sendable, Equatable {
        var display: Size
        var side: SplitSide
    }
}

extension SceneSketch {
    /// The observables a drawing reads; those unknown are listed on it.
    static let drawn: [Observable] = [
        .display, .sceneSize, .sceneSafeArea, .foldFrame, .foldLine, .foldRegion, .barStripFrame, .cameraHoleFrame,
        .innerCameraFrame, .hingeAngle, .hingeStatus, .windowsVisible, .accessoryDisplay, .accessorySize,
    ]

    /// The sketch of `model`'s scene now: frames a right-to-left layout mirrors are turned back, so
    /// that the drawing shows the device as a person holds it.
    init(model: SceneModel, title: String) {
        let look = { (observable: Observable) in model.observe(observable).value }
        let rightToLeft = model.settings.layoutDirection == .rightToLeft
        self.title = title
        mirrored = rightToLeft
        display = Self.text(look(.display))
        size = Self.size(look(.sceneSize))
        let width: Double? = if case .known(let size) = size { size.width } else { nil }
        safeArea = Self.insets(look(.sceneSafeArea), rightToLeft: rightToLeft)
        let frame = { (observable: Observable) in Self.frame(look(observable), mirroredWithin: rightToLeft ? width : nil) }
        fold = frame(.foldFrame)
        foldLine = frame(.foldLine)
        barStrip = frame(.barStripFrame)
        cameraHole = frame(.cameraHoleFrame)
        innerCamera = frame(.innerCameraFrame)
        foldRegion = Self.text(look(.foldRegion))
        hingeAngle = Self.number(look(.hingeAngle))
        hingeStatus = Self.text(look(.hingeStatus))
        windowsVisible = Self.number(look(.windowsVisible)).map { Int($0) }
        accessoryDisplay = Self.text(look(.accessoryDisplay))
        accessorySize = Self.size(look(.accessorySize))
        unknowns = Self.drawn.filter { look($0) == nil }
        if let side = model.splitSide, case .known(let half) = size { split = Self.display(around: half, side: side) }
    }

    /// The display a Split View half belongs to: of the displays' sizes, the one as high as the half.
    private static func display(around half: Size, side: SplitSide) -> SplitHalf? {
        let sizes = [DisplaySize.inner, DisplaySize.innerPortrait, DisplaySize.outer, DisplaySize.outerLandscape]
        let whole = sizes.compactMap { size(.text($0)).value }.first { $0.height == half.height && $0.width > half.width }
        return whole.map { SplitHalf(display: $0, side: side) }
    }

    private static func text(_ value: ObservedValue?) -> Part<String> {
        guard let value else { return .unknown }
        return value.description == "none" ? .absent : .known(value.description)
    }

    private static func number(_ value: ObservedValue?) -> Part<Double> {
        guard let value else { return .unknown }
        if case .number(let number) = value { return .known(number) }
        return .absent
    }

    static func size(_ value: ObservedValue?) -> Part<Size> {
        guard let value else { return .unknown }
        guard let parts = numbers(in: value.description), parts.count == 2, value.description.contains("x"),
            parts[0] > 0, parts[1] > 0
        else { return .absent }
        return .known(Size(width: parts[0], height: parts[1]))
    }

    private static func insets(_ value: ObservedValue?, rightToLeft: Bool) -> Part<Insets> {
        guard let value else { return .unknown }
        guard let parts = numbers(in: value.description), parts.count == 4 else { return .absent }
        let (leading, trailing) = (parts[1], parts[3])
        return .known(
            Insets(
                top: parts[0], left: rightToLeft ? trailing : leading, bottom: parts[2], right: rightToLeft ? leading : trailing))
    }

    static func frame(_ value: ObservedValue?, mirroredWithin width: Double? = nil) -> Part<Frame> {
        guard let value else { return .unknown }
        guard let parts = numbers(in: value.description), parts.count == 4, value.description.contains(",") else {
            return .absent
        }
        let frame = Frame(parts[0], parts[1], parts[2], parts[3])
        return .known(width.map { frame.mirrored(within: $0) } ?? frame)
    }
}

extension SceneSketch.Part {
    /// The value, if known.
    var value: Value? {
        if case .known(let value) = self { value } else { nil }
    }

    func map<Other>(_ transform: (Value) -> Other) -> SceneSketch.Part<Other> {
        switch self {
        case .known(let value): .known(transform(value))
        case .absent: .absent
        case .unknown: .unknown
        }
    }
}

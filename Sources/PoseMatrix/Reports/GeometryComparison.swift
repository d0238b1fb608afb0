import Foundation

/// A failure group's expected and actual value drawn on one drawing, where both are geometric (a
/// size or a frame): the expected outline dashed, the actual one solid, with a legend in words.
struct GeometryComparison: Sendable, Equatable {
    var pose: String
    var observable: Observable
    var expectedText: String
    var actualText: String
    var expected: Frame
    var actual: Frame

    /// The drawing of a digest group, or nil when its values are not both sizes or both frames
    /// (`≈ v ± t` is drawn at `v`; a choice, a list or `!=` is not drawn).
    init?(_ key: FailureDigest.Key) {
        guard let name = key.observable, let observable = Observable(rawValue: name) else { return nil }
        guard observable.kind == .size || observable.kind == .frame else { return nil }
        guard let expected = Self.frame(key.expected, kind: observable.kind),
            let actual = Self.frame(key.actual, kind: observable.kind)
        else { return nil }
        (pose, self.observable, expectedText, actualText) = (key.pose, observable, key.expected, key.actual)
        (self.expected, self.actual) = (expected, actual)
    }

    /// A size as a frame at the origin, a frame as it is; `≈ v ± t` as `v`.
    static func frame(_ text: String, kind: ValueKind) -> Frame? {
        var value = text.hasPrefix("≈ ") ? String(text.dropFirst(2)) : text
        if let plus = value.range(of: " ± ") { value = String(value[..<plus.lowerBound]) }
        if kind == .size { return SceneSketch.size(.text(value)).value.map { Frame(0, 0, $0.width, $0.height) } }
        return SceneSketch.frame(.text(value)).value
    }

    /// The drawing as a figure whose caption says what it shows.
    func figure(id: String) -> String {
        let right = max(expected.x + expected.width, actual.x + actual.width, 1)
        let bottom = max(expected.y + expected.height, actual.y + actual.height, 1)
        let left = min(0, expected.x, actual.x)
        let top = min(0, expected.y, actual.y)
        let (width, height) = (right - left, bottom - top)
        let unit = max(width, height, 100) / 28
        let pad = unit * 1.5
        var drawing = SVGCanvas(unit: unit)
        drawing.group(x: pad - left, y: pad - top)
        drawing.rect(Frame(left, top, width, height), "dp-display")
        drawing.rect(actual, "dp-actual")
        drawing.rect(expected, "dp-expected")
        drawing.endGroup()
        let lines = [
            "\(pose) \(observable.rawValue)", "Expected (blue, dashed): \(expectedText)", "Actual (orange, solid): \(actualText)",
        ]
        var y = pad * 2 + height
        for (index, line) in lines.enumerated() {
            for part in drawing.wrapped(line, width: width) {
                drawing.text(part, at: (pad, y + unit), index == 0 ? "dp-ink" : "dp-muted")
                y += unit * 1.4
            }
        }
        let title = "\(pose) \(observable.rawValue): expected against actual"
        let svg = drawing.svg(
            width: width + pad * 2, height: y + pad, title: title, description: lines.dropFirst().joined(separator: ". "),
            id: id, standalone: false)
        return "<figure>\n" + svg + "<figcaption>" + HTMLPage.text(title) + "</figcaption>\n</figure>\n"
    }
}

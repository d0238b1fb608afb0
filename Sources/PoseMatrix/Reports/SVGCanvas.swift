/// SVG markup for duo-pose's drawings, written element by element with every number and text
/// formatted in one place, and the one stylesheet they share: the Okabe–Ito palette, which stays
/// distinct for the common colour-vision deficiencies, in a light and a dark theme.
struct SVGCanvas {
    /// The stylesheet: classes, not inline colours, so a report holds it once for every drawing.
    static let style = """
        .dp-bg{fill:#fff}.dp-ink{fill:#1b1b1b}.dp-muted{fill:#555}\
        .dp-line{fill:none;stroke:#1b1b1b;stroke-width:2px;vector-effect:non-scaling-stroke}\
        .dp-display{fill:none;stroke:#777;stroke-width:2px;vector-effect:non-scaling-stroke}\
        .dp-scene{fill:#f4f4f4;stroke:#1b1b1b;stroke-width:2.5px;vector-effect:non-scaling-stroke}\
        .dp-safe{fill:#56b4e9;fill-opacity:.18;stroke:#0072b2;stroke-width:1.5px;vector-effect:non-scaling-stroke}\
        .dp-fold{fill:#e69f00;fill-opacity:.5}.dp-fold-active{fill:#e69f00;fill-opacity:.85}\
        .dp-foldline{stroke:#d55e00;stroke-width:2px;vector-effect:non-scaling-stroke}\
        .dp-bars{fill:#009e73;fill-opacity:.45;stroke:#009e73;stroke-width:1.5px;vector-effect:non-scaling-stroke}\
        .dp-camera{fill:#1b1b1b}.dp-innercamera{fill:#cc79a7}\
        .dp-unknown{fill:none;stroke:#777;stroke-width:2px;stroke-dasharray:6 4;vector-effect:non-scaling-stroke}\
        .dp-expected{fill:none;stroke:#0072b2;stroke-width:3px;stroke-dasharray:10 5;vector-effect:non-scaling-stroke}\
        .dp-actual{fill:none;stroke:#d55e00;stroke-width:3px;vector-effect:non-scaling-stroke}\
        @media (prefers-color-scheme:dark){.dp-bg{fill:#161616}.dp-ink{fill:#ececec}.dp-muted{fill:#b5b5b5}\
        .dp-line{stroke:#ececec}.dp-scene{fill:#262626;stroke:#ececec}.dp-camera{fill:#ececec}\
        .dp-expected{stroke:#56b4e9}.dp-actual{stroke:#f0a050}}
        """

    /// The start of a drawing's own file, by which duo-pose knows one it may replace.
    static let signature = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- duo-pose: "

    /// The body, element after element.
    private(set) var body = ""
    /// The size of a text line, in the drawing's units.
    let unit: Double

    init(unit: Double) {
        self.unit = unit
    }

    /// Moves what follows by `x`, `y` until ``endGroup()``.
    mutating func group(x: Double, y: Double) {
        body += "<g transform=\"translate(\(Self.number(x)),\(Self.number(y)))\">"
    }

    mutating func endGroup() {
        body += "</g>"
    }

    /// An arc of a circle around `center`, from the left of it over the top to the right.
    mutating func upperHalfCircle(center: (Double, Double), radius: Double, _ style: String) {
        let (left, right, y) = (Self.number(center.0 - radius), Self.number(center.0 + radius), Self.number(center.1))
        body += "<path class=\"\(style)\" d=\"M\(left) \(y)A\(Self.number(radius)) \(Self.number(radius)) 0 0 1 \(right) \(y)\"/>"
    }

    /// A number as SVG takes it: hundredths at most, never an exponent.
    static func number(_ value: Double) -> String {
        formatNumber((value * 100).rounded() / 100)
    }

    mutating func rect(_ frame: Frame, _ style: String, rounded: Double = 0) {
        body += "<rect class=\"\(style)\" x=\"\(Self.number(frame.x))\" y=\"\(Self.number(frame.y))\" "
        body += "width=\"\(Self.number(max(0, frame.width)))\" height=\"\(Self.number(max(0, frame.height)))\""
        body += rounded > 0 ? " rx=\"\(Self.number(rounded))\"/>" : "/>"
    }

    mutating func ellipse(in frame: Frame, _ style: String) {
        body += "<ellipse class=\"\(style)\" cx=\"\(Self.number(frame.x + frame.width / 2))\" "
        body += "cy=\"\(Self.number(frame.y + frame.height / 2))\" rx=\"\(Self.number(frame.width / 2))\" "
        body += "ry=\"\(Self.number(frame.height / 2))\"/>"
    }

    mutating func line(from start: (Double, Double), to end: (Double, Double), _ style: String) {
        body += "<line class=\"\(style)\" x1=\"\(Self.number(start.0))\" y1=\"\(Self.number(start.1))\" "
        body += "x2=\"\(Self.number(end.0))\" y2=\"\(Self.number(end.1))\"/>"
    }

    /// Text whose baseline starts at the point; `scale` times the line size.
    mutating func text(
        _ text: String, at point: (Double, Double), _ style: String = "dp-ink", scale: Double = 1, centred: Bool = false
    ) {
        let size = scale == 1 ? "" : " font-size=\"\(Self.number(unit * scale))\""
        let anchor = centred ? " text-anchor=\"middle\"" : ""
        body += "<text class=\"\(style)\" x=\"\(Self.number(point.0))\" y=\"\(Self.number(point.1))\"\(size)\(anchor)>"
        body += Escaping.html(text) + "</text>"
    }

    /// The words of `text` in lines of at most `width` units, each line about half a unit per character.
    func wrapped(_ text: String, width: Double) -> [String] {
        let perLine = max(12, Int(width / (unit * 0.56)))
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > perLine {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The whole `<svg>` element of `width` by `height` units, titled and described for a reader
    /// who cannot see it; `id` makes the title's and description's ids unique in a page, and
    /// `standalone` adds the XML declaration and the stylesheet (an HTML report holds it once).
    func svg(width: Double, height: Double, title: String, description: String, id: String, standalone: Bool) -> String {
        var out = standalone ? Self.signature + "a drawing -->\n" : ""
        let (w, h) = (Self.number(width), Self.number(height))
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\" "
        out += "role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" font-family=\"system-ui, sans-serif\" "
        out += "font-size=\"\(Self.number(unit))\">\n"
        out += "<title id=\"\(id)-title\">" + Escaping.html(title) + "</title>\n"
        out += "<desc id=\"\(id)-desc\">" + Escaping.html(description) + "</desc>\n"
        if standalone { out += "<style>" + Self.style + "</style>\n" }
        out += "<rect class=\"dp-bg\" width=\"\(w)\" height=\"\(h)\"/>\n"
        return out + body + "\n</svg>\n"
    }
}

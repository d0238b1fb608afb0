/// The parts every duo-pose HTML page shares: one self-contained document (inline CSS and SVG, no
/// script, no external resource, so that it reads the same opened from a downloaded CI artifact),
/// escaped text, tables with header cells, and the stylesheet, light and dark, narrow and wide.
enum HTMLPage {
    /// The page's stylesheet; the drawings' classes come after it (``SVGCanvas/style``).
    static let style = """
        :root{color-scheme:light dark;--fg:#1b1b1b;--bg:#fff;--muted:#555;--line:#c8c8c8;--pass:#007a55;--fail:#c0392b;\
        --warn:#9a6700}\
        @media (prefers-color-scheme:dark){:root{--fg:#ececec;--bg:#161616;--muted:#b5b5b5;--line:#4a4a4a;\
        --pass:#4fd1a5;--fail:#ff8a7a;--warn:#e3b341}}\
        body{font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:75rem;\
        padding:1rem}p,li,figcaption,code{overflow-wrap:anywhere}\
        h1{font-size:1.6rem;line-height:1.25}h2{font-size:1.3rem;margin-top:2rem}h3{font-size:1.1rem}\
        .scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse;margin:.5rem 0}\
        th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top;font-size:.95rem}\
        th,td.n{white-space:nowrap}td code{overflow-wrap:normal}\
        td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.muted{color:var(--muted)}\
        .verdict{font-size:1.2rem;font-weight:600;padding:.5rem .75rem;border-left:.4rem solid var(--warn)}\
        .verdict.passed{border-color:var(--pass)}.verdict.failed{border-color:var(--fail)}\
        .figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,30rem),1fr));gap:1.25rem}\
        figure{margin:0}figure svg{display:block;width:100%;height:auto;border:1px solid var(--line)}\
        figcaption{font-size:.9rem;margin-top:.25rem}code{font-size:.9em}
        """

    /// The document around `body`: `signature` first (the file's owner mark), a title, the styles.
    static func document(signature: String, title: String, body: String) -> String {
        var out = signature + "\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>" + Escaping.html(title) + "</title>\n"
        out += "<style>" + style + SVGCanvas.style + "</style>\n</head>\n<body>\n<main>\n"
        return out + body + "</main>\n</body>\n</html>\n"
    }

    /// Escaped text.
    static func text(_ text: String) -> String {
        Escaping.html(text)
    }

    /// Escaped text in a `<code>` element.
    static func code(_ text: String) -> String {
        "<code>" + Escaping.html(text) + "</code>"
    }

    /// A table in a box that scrolls sideways on a narrow screen: header cells in a `<thead>`
    /// (`numeric` columns aligned right) and rows of cells already escaped.
    static func table(_ caption: String, headers: [String], numeric: Set<Int> = [], rows: [[String]]) -> String {
        var out = "<div class=\"scroll\"><table>\n<caption class=\"muted\">" + Escaping.html(caption) + "</caption>\n<thead><tr>"
        for (index, header) in headers.enumerated() {
            out += "<th scope=\"col\"" + (numeric.contains(index) ? " class=\"n\"" : "") + ">" + Escaping.html(header) + "</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() {
                out += (numeric.contains(index) ? "<td class=\"n\">" : "<td>") + cell + "</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table></div>\n"
    }

    /// A pose's scene after its catalogue steps with these axis values, for `app`, as a figure whose caption
    /// starts with `caption` (already escaped) and says in words what the drawing shows.
    static func poseFigure(_ id: String, values entries: [AxisEntry], app: App, caption: String) -> String {
        guard let pose = Pose.named(id) else { return "" }
        var values = pose.fixed
        for entry in entries {
            guard let axis = Axis(rawValue: entry.axis), let value = axis.parse(entry.value) else { continue }
            values[axis] = value
        }
        var model = SceneModel(settings: CaseSettings(values: values, app: app), app: app)
        for step in pose.steps { model.apply(step) }
        return figure(
            "pose-\(pose.id)", picture: "picture-\(pose.id)", model: model, title: "\(pose.id): \(pose.state)", caption: caption)
    }

    /// A scene as a figure with ids `id` and `picture` (its drawing), captioned with `caption`
    /// (already escaped) and the drawing's own captions in words.
    static func figure(_ id: String, picture: String, model: SceneModel, title: String, caption: String) -> String {
        let sketch = SceneSketch(model: model, title: title)
        var out = "<figure id=\"\(id)\">\n" + sketch.svg(id: picture, standalone: false, captioned: false)
        out += "<figcaption>" + caption + "<br>\n"
        out += sketch.captions.dropFirst().map(text).joined(separator: "<br>\n") + "</figcaption>\n</figure>\n"
        return out
    }
}

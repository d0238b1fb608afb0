import Foundation

/// A case's scene drawn at scale in its points: the display's outline in Split View, the scene,
/// its safe area, the fold band and line, the bar strip, the camera holes, the hinge as a small
/// side view and the camera accessory's scene; what no source gives is listed as unknown and
/// drawn dashed, never guessed.
extension SceneSketch {
    /// The canvas drawn, dashed and labelled, when the scene's size is unknown: not to scale.
    static let unknownCanvas = Size(width: 400, height: 300)

    /// The drawing as an `<svg>` element (a file of its own when `standalone`), with its captions
    /// under it, or without them where a page sets them as text (`captioned` false).
    func svg(id: String = "scene", standalone: Bool, captioned: Bool = true) -> String {
        let canvas = split?.display ?? size.value ?? Self.unknownCanvas
        let unit = (max(canvas.width, canvas.height) / 26).rounded()
        let pad = unit * 1.5
        var drawing = SVGCanvas(unit: unit)
        drawing.group(x: pad, y: pad)
        drawScene(into: &drawing, canvas: canvas)
        drawing.endGroup()
        let hinge = max(unit * 9, canvas.height * 0.4)
        let accessory = accessoryDisplay == .known("outer") ? accessorySize.value : nil
        let column = max(hinge, accessory?.width ?? 0)
        drawing.group(x: pad * 2 + canvas.width, y: pad)
        drawHinge(into: &drawing, side: hinge)
        if let accessory { drawAccessory(accessory, into: &drawing, at: hinge + pad) }
        drawing.endGroup()
        let width = pad * 3 + canvas.width + column
        var y = pad * 2 + max(canvas.height, hinge + (accessory.map { $0.height + pad } ?? 0))
        for (index, line) in (captioned ? captions : [title]).enumerated() {
            let unknownLine = captioned && !unknowns.isEmpty && index == captions.count - 1
            if unknownLine { y += unit * 0.5 }  // room for the dashed box drawn around what is unknown
            let top = y
            for part in drawing.wrapped(line, width: width - pad * 2 - (unknownLine ? unit : 0)) {
                drawing.text(
                    part, at: (pad + (unknownLine ? unit / 2 : 0), y + unit), index == 0 ? "dp-ink" : "dp-muted",
                    scale: index == 0 ? 1.1 : 1)
                y += unit * 1.4
            }
            if unknownLine {
                drawing.rect(Frame(pad - unit / 4, top - unit * 0.1, width - pad * 1.5, y - top + unit * 0.5), "dp-unknown")
            }
        }
        return drawing.svg(
            width: width, height: y + pad, title: title, description: captions.dropFirst().joined(separator: " "), id: id,
            standalone: standalone)
    }

    /// The scene, with the display around it in Split View.
    private func drawScene(into drawing: inout SVGCanvas, canvas: Size) {
        guard let scene = size.value else {
            drawing.rect(Frame(0, 0, canvas.width, canvas.height), "dp-unknown")
            drawing.text("scene size unknown", at: (canvas.width / 2, canvas.height / 2), centred: true)
            drawing.text("(not to scale)", at: (canvas.width / 2, canvas.height / 2 + drawing.unit * 1.3), centred: true)
            return
        }
        var left = 0.0
        if let split {
            drawing.rect(Frame(0, 0, split.display.width, split.display.height), "dp-display")
            left = split.side == .left ? 0 : split.display.width - scene.width
        }
        drawing.group(x: left, y: 0)
        drawing.rect(Frame(0, 0, scene.width, scene.height), "dp-scene")
        if let insets = safeArea.value {
            let frame = Frame(
                insets.left, insets.top, scene.width - insets.left - insets.right, scene.height - insets.top - insets.bottom)
            drawing.rect(frame, "dp-safe")
        }
        drawRegions(into: &drawing)
        drawing.endGroup()
    }

    /// The fold band and line, the bar strip and the cameras, labelled where there is room.
    private func drawRegions(into drawing: inout SVGCanvas) {
        if let fold = fold.value {
            drawing.rect(fold, foldRegion == .known("active") ? "dp-fold-active" : "dp-fold")
            drawing.text("fold", at: (fold.x + fold.width / 2, fold.y + fold.height / 2), centred: true)
        }
        if let line = foldLine.value {
            drawing.line(from: (line.x, line.y), to: (line.x + line.width, line.y + line.height), "dp-foldline")
        }
        if let bars = barStrip.value {
            drawing.rect(bars, "dp-bars")
            drawing.text("bars", at: (bars.x + bars.width / 2, bars.y + bars.height - drawing.unit * 0.4), centred: true)
        }
        if let hole = cameraHole.value { drawing.ellipse(in: hole, "dp-camera") }
        if let camera = innerCamera.value { drawing.rect(camera, "dp-innercamera", rounded: camera.height / 2) }
    }

    /// The hinge seen from the side in a square of `side`: one half flat, the other at the angle
    /// (180° flat, 0° closed), or a dashed half circle of every angle when it is unknown.
    private func drawHinge(into drawing: inout SVGCanvas, side: Double) {
        let hinge = (side / 2, side * 0.7)
        let length = side * 0.42
        drawing.line(from: hinge, to: (hinge.0 - length, hinge.1), "dp-line")
        let label: String
        if let angle = hingeAngle.value {
            let radians = angle * Double.pi / 180
            let lift = angle == 0 ? drawing.unit * 0.3 : 0  // closed: the halves drawn just apart
            drawing.line(
                from: (hinge.0, hinge.1 - lift), to: (hinge.0 - length * cos(radians), hinge.1 - lift - length * sin(radians)),
                "dp-line")
            label = "hinge " + formatNumber(angle) + "°"
        } else {
            drawing.upperHalfCircle(center: hinge, radius: length, "dp-unknown")
            label = "hinge angle unknown"
        }
        drawing.text(label, at: (side / 2, side * 0.7 + drawing.unit * 1.4), centred: true)
        let status = hingeStatus.value ?? (hingeStatus == .unknown ? "status unknown" : "no hinge status")
        drawing.text(status, at: (side / 2, side * 0.7 + drawing.unit * 2.7), "dp-muted", centred: true)
    }

    /// The camera accessory's scene on the outer display, at the scene's scale, below the hinge.
    private func drawAccessory(_ accessory: Size, into drawing: inout SVGCanvas, at top: Double) {
        drawing.rect(Frame(0, top, accessory.width, accessory.height), "dp-scene")
        drawing.text("camera accessory", at: (accessory.width / 2, top + accessory.height / 2), centred: true)
        drawing.text("(outer display)", at: (accessory.width / 2, top + accessory.height / 2 + drawing.unit * 1.3), centred: true)
    }
}

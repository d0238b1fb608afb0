/// What a scene drawing shows, in words: its caption lines and, joined, its text alternative.
extension SceneSketch {
    /// The title, then one line per part of the drawing, then what is unknown.
    var captions: [String] {
        var lines = [title, sceneLine, safeAreaLine, foldText, regionsLine, hingeLine, windowsLine]
        if mirrored {
            lines.append("Right-to-left: the model's mirrored frames are drawn turned back, as the device is held.")
        }
        if !unknowns.isEmpty {
            lines.append(
                "Unknown here (no source gives them, drawn dashed or left out): "
                    + unknowns.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return lines
    }

    private var sceneLine: String {
        let on = display.value.map { " on the \($0) display" } ?? (display == .unknown ? ", display unknown" : "")
        guard let scene = size.value else { return "Scene size unknown\(on) (drawn dashed, not to scale)." }
        let text = Self.size(scene)
        guard let split else { return "Scene \(text)\(on)." }
        return "Scene \(text), the \(split.side.rawValue) half\(on) (\(Self.size(split.display)), grey outline)."
    }

    private var safeAreaLine: String {
        switch safeArea {
        case .known(let insets):
            "Safe area (blue): insets top \(formatNumber(insets.top)), left \(formatNumber(insets.left)), "
                + "bottom \(formatNumber(insets.bottom)), right \(formatNumber(insets.right))."
        case .absent: "No safe area."
        case .unknown: "Safe area: unknown."
        }
    }

    private var foldText: String {
        switch fold {
        case .known(let frame):
            "Fold band (orange, \(foldRegion.value ?? "region unknown")): \(frame)"
                + (foldLine.value.map { "; fold line (red) \($0)." } ?? ".")
        case .absent: "No fold on this display."
        case .unknown: "Fold: unknown."
        }
    }

    private var regionsLine: String {
        "Bar strip (green): " + Self.words(barStrip) + "; camera hole (filled circle): " + Self.words(cameraHole)
            + "; inner camera (pink): " + Self.words(innerCamera) + "."
    }

    private var hingeLine: String {
        let angle = hingeAngle.value.map { formatNumber($0) + "°" } ?? "angle unknown"
        let status = hingeStatus.value ?? (hingeStatus == .unknown ? "status unknown" : "no status")
        return "Hinge (side view, right): \(angle), \(status)."
    }

    private var windowsLine: String {
        var line: String
        switch windowsVisible {
        case .known(let count): line = count == 1 ? "1 window visible." : "\(count) windows visible."
        default: line = "Windows visible: unknown."
        }
        if let display = accessoryDisplay.value, let size = accessorySize.value {
            line += " Camera accessory scene \(Self.size(size)) on the \(display) display"
            line += display == "outer" ? " (drawn below the hinge)." : "."
        }
        return line
    }

    private static func size(_ size: Size) -> String {
        formatNumber(size.width) + "x" + formatNumber(size.height)
    }

    private static func words(_ frame: Part<Frame>) -> String {
        switch frame {
        case .known(let frame): frame.description
        case .absent: "none"
        case .unknown: "unknown"
        }
    }
}

import Foundation
import Testing

@testable import PoseMatrix

@Suite("Scene drawings (show --svg)")
struct DrawingTests {
    /// Poses whose drawings are golden files: closed, open, folded, Split View and right-to-left.
    static let goldenPoses = ["P1", "P2", "P5", "P6", "P8", "P11"]

    @Test("show POSE --svg - prints the drawing, byte for byte the golden file", arguments: goldenPoses)
    func golden(pose: String) async throws {
        let result = await duoPose(["show", pose, "--svg", "-"])
        #expect(result.code == 0)
        #expect(result.stderr == "")
        try expectMatchesSnapshot(result.stdout, named: "show-\(pose).svg")
    }

    @Test("every pose in both profiles draws, each unknown value listed as unknown")
    func everyPose() throws {
        for pose in Pose.catalogue {
            for profile in Profile.allCases {
                var values = pose.fixed
                values[.profile] = .text(profile.rawValue)
                var model = SceneModel(settings: CaseSettings(values: values, app: App()), app: App())
                for step in pose.steps { model.apply(step) }
                let sketch = SceneSketch(model: model, title: pose.id)
                let svg = sketch.svg(standalone: true)
                #expect(svg.hasPrefix(SVGCanvas.signature))
                #expect(svg.hasSuffix("</svg>\n"))
                for unknown in sketch.unknowns { #expect(svg.contains(unknown.rawValue), "\(pose.id) \(profile)") }
                #expect(sketch.unknowns.isEmpty == !svg.contains("Unknown here"))
            }
        }
    }

    @Test("an unknown scene size is drawn dashed and labelled, not guessed")
    func unknownSize() {
        var model = SceneModel(settings: CaseSettings(), app: App())
        model.apply(.open)
        var sketch = SceneSketch(model: model, title: "t")
        sketch.size = .unknown
        sketch.split = nil
        let svg = sketch.svg(standalone: false)
        #expect(svg.contains("<rect class=\"dp-unknown\" x=\"0\" y=\"0\" width=\"400\" height=\"300\"/>"))
        #expect(svg.contains("scene size unknown"))
        #expect(!svg.contains("class=\"dp-scene\""))
    }

    @Test("a hostile title is escaped in the title, the description and the caption")
    func hostileTitle() {
        let sketch = SceneSketch(model: SceneModel(settings: CaseSettings(), app: App()), title: "<script>a&b\u{202E}</script>")
        let svg = sketch.svg(standalone: true)
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;a&amp;b\u{FFFD}&lt;/script&gt;"))
        #expect(!svg.contains("\u{202E}"))
    }

    @Test("show --svg FILE writes the file; --svg with --json is a usage error; an unwritable path exits 74")
    func exitCodes() async throws {
        let folder = try TestFiles.temporaryFolder()
        let path = folder.appendingPathComponent("p5.svg").path
        let written = await duoPose(["show", "P5", "--svg", path])
        #expect(written.code == 0)
        #expect(written.stdout == "Drawing of P5: Partially folded, book written to \(path)\n")
        #expect(try TestFiles.read(URL(fileURLWithPath: path)) == (await duoPose(["show", "P5", "--svg", "-"])).stdout)
        let again = await duoPose(["show", "P3", "--svg", path])
        #expect(again.code == 0)
        let both = await duoPose(["show", "P5", "--svg", "-", "--json"])
        #expect(both.code == 64)
        #expect(both.stderr.hasPrefix("Error: --svg and --json: choose one\n"))
        let other = folder.appendingPathComponent("notes.svg")
        try Data("<svg/>".utf8).write(to: other)
        let refused = await duoPose(["show", "P5", "--svg", other.path])
        #expect(refused.code == 74)
        #expect(try TestFiles.read(other) == "<svg/>")
        let missing = await duoPose(["show", "P5", "--svg", folder.appendingPathComponent("no/such/p.svg").path])
        #expect(missing.code == 74)
    }
}

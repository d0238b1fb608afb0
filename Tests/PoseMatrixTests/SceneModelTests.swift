import Testing

@testable import PoseMatrix

@Suite("Scene model, static poses")
struct SceneModelTests {
    /// One fact of Docs/facts.md: a state reached by steps, an observable, its value and provenance.
    struct Fact: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [Step]
        var profile: Profile = .simulator
        var direction: LayoutDirection = .leftToRight
        var reduceTransparency = false
        var sdk: LinkedSDK = .v27_1
        var orientations: Set<Orientation> = [.portrait, .landscape]
        var app = App()
        var windows = 1
        var observable: Observable
        var value: String
        var provenance: Provenance
        /// The source key the value cites, exactly; for an unknown value, the reason.
        var source = ""
        var testDescription: String { name }
    }

    static let p1: [Step] = []
    static let p2: [Step] = [.rotate(.landscape)]
    static let p3: [Step] = [.open]
    static let p4: [Step] = [.open, .rotate(.portrait)]
    static let p5: [Step] = [.open, .book]
    static let p6: [Step] = [.open, .tabletop]

    static let facts: [Fact] = [
        Fact(
            name: "[M AX-DGb] closed, the app is on the outer display", steps: p1, observable: .display, value: "outer",
            provenance: .measured, source: "M AX-DGb, SIN"),
        Fact(
            name: "[M AX-DGb] the outer display is screen primary", steps: p1, observable: .screen, value: "primary",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] closed portrait scene is 466x678 pt", steps: p1, observable: .sceneSize, value: "466x678",
            provenance: .measured, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[A App Store Connect] the device profile's closed size is Apple's", steps: p1, profile: .device,
            observable: .sceneSize, value: "466x678", provenance: .apple, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[M AX-DGb] closed portrait safe area is 0,0,34,84", steps: p1, observable: .sceneSafeArea, value: "0,0,34,84",
            provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[A T61] closed portrait is compact width, regular height", steps: p1, observable: .sceneSizeClass,
            value: "compact/regular", provenance: .apple, source: "A T61; M hSize=1 vSize=2"),
        Fact(
            name: "[M S0] the scene is active at launch", steps: p1, observable: .scenePhase, value: "active",
            provenance: .measured, source: "M S0"),
        Fact(
            name: "[A T62] bars are vertical on the outer display", steps: p1, observable: .barsAxis, value: "vertical",
            provenance: .apple, source: "A T62, T66, HIG"),
        Fact(
            name: "[M AX-PR] the vertical bar's edge is trailing", steps: p1, observable: .barsEdge, value: "trailing",
            provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[M AX-PR] closed at 0 degrees, status closed", steps: p1, observable: .hingeStatus, value: "closed",
            provenance: .measured, source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[M AX-PR] the outer display has no division region", steps: p1, observable: .foldRegion, value: "none",
            provenance: .measured, source: "M AX-PR"),
        Fact(
            name: "[I] closed landscape is P1 rotated, 678x466", steps: p2, observable: .sceneSize, value: "678x466",
            provenance: .inference, source: "I: P1 rotated"),
        Fact(
            name: "[A T61] closed landscape is compact both ways", steps: p2, observable: .sceneSizeClass,
            value: "compact/compact", provenance: .apple, source: "A T61"),
        Fact(
            name: "[A T62] bars stay vertical on the outer display in landscape", steps: p2, observable: .barsAxis,
            value: "vertical", provenance: .apple, source: "A T62, T66, HIG"),
        Fact(
            name: "[U MIR-DP] closed landscape safe area is the design kit's", steps: p2, observable: .sceneSafeArea,
            value: "0,0,0,84", provenance: .unverified, source: "U MIR-DP design kit; not measured (AX-DGb)"),
        Fact(
            name: "[M AX-DGb] open flat, the app is on the inner display", steps: p3, observable: .display, value: "inner",
            provenance: .measured, source: "M AX-DGb, SIN"),
        Fact(
            name: "[M AX-DGb] the inner display is screen primary-1", steps: p3, observable: .screen, value: "primary-1",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] open landscape scene is 951x669 pt", steps: p3, observable: .sceneSize, value: "951x669",
            provenance: .measured, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[M AX-DGb] open landscape safe area is 0,0,34,84", steps: p3, observable: .sceneSafeArea, value: "0,0,34,84",
            provenance: .measured, source: "M AX-DGb, AX-PR"),
        Fact(
            name: "[A T61] the inner display is regular both ways", steps: p3, observable: .sceneSizeClass,
            value: "regular/regular", provenance: .apple, source: "A T61; M"),
        Fact(
            name: "[M AX-DGb] fully open only at 180 degrees", steps: p3, observable: .hingeStatus, value: "fullyOpen",
            provenance: .measured, source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[M AX-DGb] flat, the division region is inactive", steps: p3, observable: .foldRegion, value: "inactive",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] open landscape, the fold line is vertical", steps: p3, observable: .foldAxis, value: "vertical",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[I] open portrait is P3 rotated, 669x951", steps: p4, observable: .sceneSize, value: "669x951",
            provenance: .inference, source: "I: P3 rotated"),
        Fact(
            name: "[A T62] open portrait is the one pose with horizontal bars", steps: p4, observable: .barsAxis,
            value: "horizontal", provenance: .apple, source: "A T62, T66, HIG"),
        Fact(
            name: "[A doc via AX-VB] no vertical bar edge where bars are horizontal", steps: p4, observable: .barsEdge,
            value: "none", provenance: .inference, source: "I from A doc via AX-VB: .unspecified"),
        Fact(
            name: "[U MIR-DP] open portrait safe area is the design kit's", steps: p4, observable: .sceneSafeArea,
            value: "84,0,95,0", provenance: .unverified, source: "U MIR-DP design kit; not measured (AX-DGb)"),
        Fact(
            name: "[I] open portrait, the fold line is horizontal", steps: p4, observable: .foldAxis, value: "horizontal",
            provenance: .inference, source: "I from M AX-DGb; AX-LC"),
        Fact(
            name: "[M AX-DGb] book keeps the inner display's 951x669", steps: p5, observable: .sceneSize, value: "951x669",
            provenance: .measured, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[M AX-PR] book at 90 degrees is partially open", steps: p5, observable: .hingeStatus, value: "partiallyOpen",
            provenance: .measured, source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[M AX-PR] book reports 90 degrees", steps: p5, observable: .hingeAngle, value: "90", provenance: .measured,
            source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[M AX-DGb] book, the division region is active", steps: p5, observable: .foldRegion, value: "active",
            provenance: .measured, source: "M AX-DGb"),
        Fact(
            name: "[M AX-DGb] folding from 180 to 90 keeps the inner display", steps: p5, observable: .display, value: "inner",
            provenance: .measured, source: "M AX-DGb, SIN"),
        Fact(
            name: "[I AX-LC] tabletop, the active fold is horizontal", steps: p6, observable: .foldAxis, value: "horizontal",
            provenance: .inference, source: "I from M AX-DGb; AX-LC"),
        Fact(
            name: "[A T63] tabletop, the region is active partially open, as Apple says in any orientation", steps: p6,
            observable: .foldRegion, value: "active", provenance: .apple, source: "A T63"),
        Fact(
            name: "[A T62] tabletop has horizontal bars", steps: p6, observable: .barsAxis, value: "horizontal",
            provenance: .apple, source: "A T62, T66, HIG"),
        Fact(
            name: "[A T62] right-to-left keeps the bar on the right", steps: p3, direction: .rightToLeft, observable: .barsSide,
            value: "right", provenance: .apple, source: "A T62, T66, HIG; M AX-PR"),
        Fact(
            name: "[I from A T62] right-to-left makes the right edge leading", steps: p3, direction: .rightToLeft,
            observable: .barsEdge, value: "leading", provenance: .inference, source: "I from A T62: bar on the same hardware side"
        ),
        Fact(
            name: "[I from A T62] right-to-left swaps the layout insets", steps: p3, direction: .rightToLeft,
            observable: .sceneSafeArea, value: "0,84,34,0", provenance: .inference,
            source: "I from A T62, M AX-DGb, AX-PR (simulator, measured book, closed, flat only)"),
        Fact(
            name: "[A T62] Reduce Transparency gives the vertical bar a background", steps: p1, reduceTransparency: true,
            observable: .barsBackground, value: "true", provenance: .apple, source: "A T62"),
        Fact(
            name: "[A T62] the vertical bar has no background by default", steps: p3, observable: .barsBackground, value: "false",
            provenance: .apple, source: "A T62"),
        Fact(
            name: "[M AX-PR] 179 degrees is reported as 174.1", steps: [.open, .hinge(179)], observable: .hingeAngle,
            value: "174.1", provenance: .measured, source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[M AX-PR] 175 degrees is reported as 170.3", steps: [.open, .hinge(175)], observable: .hingeAngle,
            value: "170.3", provenance: .measured, source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[M AX-PR] 179 degrees is still partially open", steps: [.open, .hinge(179)], observable: .hingeStatus,
            value: "partiallyOpen", provenance: .measured, source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[E#10] a device's reading at 179 degrees is unknown", steps: [.open, .hinge(179)], profile: .device,
            observable: .hingeAngle, value: "", provenance: .unverified,
            source: "no source gives hinge.angle for a request of 179° on a device (its smoothing was never measured)"),
        Fact(
            name: "[M AX-DGb, I] the simulator is closed at 19 degrees", steps: [.open, .hinge(19)], observable: .hingeStatus,
            value: "closed", provenance: .inference,
            source: "I from M AX-PR, AX-DGb: closed at a reading of 19.2°, between 20° and 15°"),
        Fact(
            name: "[M AX-DGb] 20 degrees is partially open", steps: [.hinge(20)], observable: .hingeStatus,
            value: "partiallyOpen", provenance: .measured, source: "M AX-PR, AX-DGb"),
        Fact(
            name: "[M SIN] opening to 100 degrees keeps the outer display", steps: [.hinge(100)], observable: .display,
            value: "outer", provenance: .inference, source: "I from M SIN: the holds at 40° and 108°"),
        Fact(
            name: "[M SIN] opening to 108 degrees hands off to the inner display", steps: [.hinge(108)], observable: .display,
            value: "inner", provenance: .inference, source: "I from M SIN: the holds at 40° and 108°"),
        Fact(
            name: "[M SIN] folding to 60 degrees keeps the inner display", steps: [.open, .hinge(60)], observable: .display,
            value: "inner", provenance: .inference, source: "I from M SIN: the holds at 40° and 108°"),
        Fact(
            name: "[M SIN] folding to 40 degrees hands back to the outer display", steps: [.open, .hinge(40)],
            observable: .display, value: "outer", provenance: .inference, source: "I from M SIN: the holds at 40° and 108°"),
        Fact(
            name: "[A T61] the outer display honours a portrait-only app", steps: p2, orientations: [.portrait],
            observable: .sceneSize, value: "466x678", provenance: .apple, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[A T61] the inner display ignores a portrait-only app", steps: p3, orientations: [.portrait],
            observable: .sceneSize, value: "951x669", provenance: .measured, source: "M AX-DGb; A App Store Connect"),
        Fact(
            name: "[A T61] a 27.0 app stops beside the outer bar strip", steps: p1, sdk: .v27_0, observable: .sceneSize,
            value: "382x678", provenance: .inference, source: "I from A T61"),
        Fact(
            name: "[A T61] a 27.0 app extends left of the inner status bar", steps: p3, sdk: .v27_0, observable: .sceneSize,
            value: "867x669", provenance: .inference, source: "I from A T61"),
        Fact(
            name: "[A T61] vertical bars come with the 27.1 SDK", steps: p1, sdk: .v26, observable: .barsAxis,
            value: "horizontal", provenance: .inference, source: "I from A T61: vertical bars come with 27.1"),
    ]

    static func model(for fact: Fact) -> SceneModel {
        var app = fact.app
        app.orientations = fact.orientations
        var settings = CaseSettings()
        settings.windows = fact.windows
        settings.profile = fact.profile
        settings.layoutDirection = fact.direction
        settings.reduceTransparency = fact.reduceTransparency
        settings.linkedSDK = fact.sdk
        var model = SceneModel(settings: settings, app: app)
        for step in fact.steps { model.apply(step) }
        return model
    }

    @Test("observes each fact with its provenance", arguments: facts)
    func fact(_ fact: Fact) {
        Self.check(fact)
    }

    /// Checks a fact's value, provenance and source key; an empty value means the model must know none.
    static func check(_ fact: Fact) {
        let observation = model(for: fact).observe(fact.observable)
        if fact.value.isEmpty {
            #expect(observation.value == nil, "expected no known value, found \(String(describing: observation.value))")
        } else {
            #expect(observation.value?.description == fact.value, "source: \(observation.source)")
        }
        #expect(observation.provenance == fact.provenance, "source: \(observation.source)")
        #expect(observation.source == fact.source)
    }

    @Test("[A T61] an app linked against SDK 26 has no known size on the inner display")
    func unknownPreSDK27InnerSize() {
        var fact = Self.facts[0]
        fact.steps = Self.p3
        fact.sdk = .v26
        let observation = Self.model(for: fact).observe(.sceneSize)
        #expect(observation.value == nil)
        #expect(observation.source.hasPrefix("no source gives the scene size on the inner display"))
    }

    @Test("the hingeAngle axis replaces the book angle")
    func hingeAngleAxis() {
        var settings = CaseSettings()
        settings.profile = .simulator
        settings.hingeAngle = 150
        var model = SceneModel(settings: settings, app: App())
        for step in Self.p5 { model.apply(step) }
        // Between the measured 90° and 175° (read as 170.3°), a straight line. [I from M AX-PR]
        #expect(
            model.observe(.hingeAngle)
                == .fact(.number(146.7), .inference, "I from M AX-PR, AX-DGb: interpolated between measured requests"))
        #expect(model.observe(.hingeStatus).value == .text("partiallyOpen"))
        #expect(model.observe(.display).value == .text("inner"))
    }
}

import Foundation
import Testing

@testable import PoseMatrix

/// The device table (`DeviceFact`) is the one place the model's numbers and known unknowns live:
/// Docs/facts.md states every row as the code does, and the model observes every row's value,
/// provenance and source where the row says, so a row changed on one side only fails here.
@Suite("The device table")
struct DeviceTableTests {
    typealias Fact = SceneModelTests.Fact

    /// Where the model shows a row: the steps and settings of a state the row holds in, and the
    /// observable that reads it. The value, provenance and source expected come from the row.
    struct Probe: Sendable {
        var steps: [Step]
        var observable: Observable
        var profile: Profile = .simulator
        var app = App()
    }

    static let probes: [DeviceFact: Probe] = [
        .outerSize: Probe(steps: [], observable: .sceneSize),
        .innerSize: Probe(steps: [.open], observable: .sceneSize),
        .splitHalfSize: Probe(steps: [.open, .splitView(.left)], observable: .sceneSize),
        .outerBarStrip: Probe(steps: [], observable: .barStripFrame),
        .outerCameraHole: Probe(steps: [], observable: .cameraHoleFrame),
        .innerBarStrip: Probe(steps: [.open], observable: .barStripFrame),
        .innerCamera: Probe(steps: [.open], observable: .innerCameraFrame),
        .foldFrame: Probe(steps: [.open, .book], observable: .foldFrame),
        .foldMargin: Probe(steps: [.open], observable: .foldMargins),
        .regionArrivalPass: Probe(steps: [], observable: .regionsArrivalPass),
        .safeArea: Probe(steps: [.open], observable: .sceneSafeArea),
        .outerLandscapeSafeArea: Probe(steps: [.rotate(.landscape)], observable: .sceneSafeArea),
        .innerPortraitSafeArea: Probe(steps: [.open, .rotate(.portrait)], observable: .sceneSafeArea),
        .trailingBarSlot: Probe(steps: [.open], observable: .barSlotTrailing),
        .bottomBarSlot: Probe(steps: [.open], observable: .barSlotBottom),
        .horizontalCornerMargins: Probe(steps: [.open], observable: .marginsHorizontalCorner),
        .verticalCornerMargins: Probe(steps: [.open], observable: .marginsVerticalCorner),
        .flatSheetSpan: Probe(steps: [.open], observable: .sheetSpan),
        .bookSheetSpan: Probe(steps: [.open, .book], observable: .sheetSpan),
        .newWindowFirstLayout: Probe(steps: [.newWindow], observable: .newWindowFirstLayout, app: opensWindows),
        .newWindowSecondLayout: Probe(steps: [.newWindow], observable: .newWindowSecondLayout, app: opensWindows),
        .accessorySize: Probe(steps: [.open], observable: .accessorySize, app: rootView),
        .hingeCalls: Probe(steps: [.open], observable: .hingeCalls),
        .newWindowPlacement: Probe(steps: [.open, .newWindow], observable: .sceneSize, profile: .device, app: opensWindows),
        .newWindowVisibility: Probe(
            steps: [.open, .newWindow], observable: .windowsVisible, profile: .device, app: opensWindows),
        .splitClose: Probe(steps: [.open, .splitView(.left), .close], observable: .sceneSize),
        .portraitSplitSize: Probe(steps: [.open, .rotate(.portrait), .splitView(.left)], observable: .sceneSize),
        .fullScreenSize: Probe(steps: [.open], observable: .sceneSize, app: App().changing { $0.requiresFullScreen = true }),
        .pictureInPictureSize: Probe(steps: [.open, .startPiP, .tabletop], observable: .sceneSize, profile: .device),
        .deviceHingeCalls: Probe(steps: [.open], observable: .hingeCalls, profile: .device),
    ]

    /// Rows no observable reads directly: thresholds and widths inside the model's rules, each
    /// checked through the rule by ``thresholdsAreTheTables()``.
    static let inRules: Set<DeviceFact> = [.barStripWidth, .outerHoldAngle, .innerHoldAngle, .simulatorClosedAngle]

    static let opensWindows = App().changing {
        $0.multipleScenes = true
        $0.newWindow.via = .openWindow
    }
    static let rootView = App().changing { $0.cameraAccessory.registeredOn = .rootView }

    /// The rows of Docs/facts.md's device table, as written.
    static func documentRows() throws -> [String] {
        let document = try FactsDocumentTests.read("Docs/facts.md")
        guard let start = document.range(of: "\n## The device table\n") else { return [] }
        let section = document[start.upperBound...].prefix { _ in true }
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
    }

    @Test("Docs/facts.md states every row of the device table as the code does, in its order")
    func documentAgrees() throws {
        let written = try Self.documentRows()
        let table = DeviceFact.allCases.map(\.documentRow)
        let differing = zip(written, table).filter { $0 != $1 }.map { "document: \($0)\n   table: \($1)" }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
        #expect(written.count == table.count, "the document has \(written.count) rows, the table \(table.count)")
        #expect(try FactsDocumentTests.read("Docs/facts.md").contains(DeviceFact.documentHeader))
    }

    @Test("every row is read by an observable or by a rule", arguments: DeviceFact.allCases)
    func everyRowIsUsed(_ fact: DeviceFact) {
        #expect((Self.probes[fact] != nil) != Self.inRules.contains(fact), "\(fact.row.key)")
    }

    @Test("the model observes each row's value, provenance and source where the row holds", arguments: Array(probes.keys))
    func modelAgrees(_ fact: DeviceFact) throws {
        let probe = try #require(Self.probes[fact])
        var settings = CaseSettings()
        settings.profile = probe.profile
        var model = SceneModel(settings: settings, app: probe.app)
        for step in probe.steps { model.apply(step) }
        let observation = model.observe(probe.observable)
        switch fact.row.value {
        case .known(let value, let citation):
            #expect(observation.value?.description == value.description)
            #expect(observation.provenance == citation.provenance)
            #expect(observation.source == citation.source)
        case .unknown(let reason):
            #expect(observation.value == nil)
            #expect(observation.source.hasPrefix(reason), "\(observation.source)")
        }
    }

    @Test("the rules take their thresholds and widths from the table: hand-offs, the closed reading, the bar strip")
    func thresholdsAreTheTables() {
        let display = NamedRuleTests.display
        let inner = DeviceFact.innerHoldAngle.quantity.number
        #expect(display([.hinge(inner - 0.5)], .simulator) == .text("outer"))
        #expect(display([.hinge(inner)], .simulator) == .text("inner"))
        let outer = DeviceFact.outerHoldAngle.quantity.number
        #expect(display([.open, .hinge(outer + 0.5)], .simulator) == .text("inner"))
        #expect(display([.open, .hinge(outer)], .simulator) == .text("outer"))
        let closed = DeviceFact.simulatorClosedAngle.quantity.number
        #expect(Self.observe(.hingeStatus, after: [.open, .hinge(closed)]) == .text("closed"))
        #expect(Self.observe(.hingeStatus, after: [.open, .hinge(closed + 0.5)]) == .text("partiallyOpen"))
        let outerSize = DeviceFact.outerSize.quantity.size
        let strip = DeviceFact.barStripWidth.quantity.number
        let beside = Quantity.size(width: outerSize.width - strip, height: outerSize.height).description
        #expect(Self.observe(.sceneSize, after: [], sdk: .v26) == .text(beside))
    }

    static func observe(_ observable: Observable, after steps: [Step], sdk: LinkedSDK = .v27_1) -> ObservedValue? {
        var settings = CaseSettings()
        settings.profile = .simulator
        settings.linkedSDK = sdk
        var model = SceneModel(settings: settings, app: App())
        for step in steps { model.apply(step) }
        return model.observe(observable).value
    }
}

extension DeviceFact: CustomTestStringConvertible {
    public var testDescription: String { row.key }
}

import Testing

@testable import PoseMatrix

@Suite("Plan")
struct PlanTests {
    static func matrix(_ text: String) throws -> Matrix {
        try MatrixLoader.load(bytes: Array(text.utf8), path: "plan.json").matrix
    }

    static let sample = """
        {
          formatVersion: 1, name: "Plan",
          axes: { profile: ["device", "simulator"], layoutDirection: ["leftToRight", "rightToLeft"] },
          poses: [
            { pose: "P11", expect: { display: "inner" } },
            { pose: "P5", axes: { hingeAngle: [90, 120, 150], profile: ["simulator"] }, expect: { display: "inner" } },
            { pose: "P1", expect: { display: "outer" } },
            { pose: "P12", title: "inner display", steps: ["open"], expect: { display: "inner" } },
          ],
        }
        """

    @Test("expands axes in file order, the first varying slowest, sorted by pose number")
    func expansionOrder() throws {
        let plan = try Plan(matrix: Self.matrix(Self.sample))
        let ids = (0..<plan.count).map { plan.testCase(at: $0).id }
        #expect(
            ids == [
                "P1 [profile=device, layoutDirection=leftToRight]",
                "P1 [profile=device, layoutDirection=rightToLeft]",
                "P1 [profile=simulator, layoutDirection=leftToRight]",
                "P1 [profile=simulator, layoutDirection=rightToLeft]",
                "P5 [profile=simulator, layoutDirection=leftToRight, hingeAngle=90]",
                "P5 [profile=simulator, layoutDirection=leftToRight, hingeAngle=120]",
                "P5 [profile=simulator, layoutDirection=leftToRight, hingeAngle=150]",
                "P5 [profile=simulator, layoutDirection=rightToLeft, hingeAngle=90]",
                "P5 [profile=simulator, layoutDirection=rightToLeft, hingeAngle=120]",
                "P5 [profile=simulator, layoutDirection=rightToLeft, hingeAngle=150]",
                "P11 [profile=device]",
                "P11 [profile=simulator]",
                "P12 inner display [profile=device, layoutDirection=leftToRight]",
                "P12 inner display [profile=device, layoutDirection=rightToLeft]",
                "P12 inner display [profile=simulator, layoutDirection=leftToRight]",
                "P12 inner display [profile=simulator, layoutDirection=rightToLeft]",
            ])
    }

    @Test("a pose's own settings win: P11 runs right-to-left, P12 with Reduce Transparency")
    func fixedSettings() throws {
        let matrix = try Self.matrix(Self.sample)
        let plan = try Plan(matrix: matrix)
        let p11 = plan.testCase(at: 10).settings(app: matrix.app)
        #expect(p11.layoutDirection == .rightToLeft)
        let p12 = plan.testCase(at: 12).settings(app: matrix.app)
        #expect(p12.reduceTransparency)
    }

    @Test("a case's settings are its axis values over the app's defaults, on every axis, read once by the plan")
    func settingsOnEveryAxis() throws {
        let matrix = try Self.matrix(
            """
            {
              formatVersion: 1, name: "Every axis", app: { linkedSDK: "27.0" },
              axes: {
                profile: ["device", "simulator"], layoutDirection: ["rightToLeft", "leftToRight"],
                reduceTransparency: [true, false], linkedSDK: ["26", "27.1"], hingeAngle: [45.5, 90],
                splitSide: ["right", "left"], windows: [2, 1],
              },
              poses: [{ pose: "P8", expect: { display: "inner" } }, { pose: "P11", expect: { display: "inner" } }],
            }
            """)
        let plan = try Plan(matrix: matrix)
        #expect(plan.count == 128 + 64)
        for index in 0..<plan.count {
            let testCase = plan.testCase(at: index)
            var expected = CaseSettings(values: Dictionary(uniqueKeysWithValues: testCase.values), app: matrix.app)
            for (axis, value) in testCase.entry.pose.fixed { expected.set(axis, value) }
            #expect(testCase.settings(app: matrix.app) == expected, "\(testCase.id)")
        }
    }

    @Test("every case's id is the one a results reader rebuilds from its pose, title and values")
    func idsAreDerived() throws {
        let matrix = try Self.matrix(
            """
            {
              formatVersion: 1, name: "Ids", axes: { profile: ["device", "simulator"], hingeAngle: [0.0086, 45.5, 90] },
              poses: [{ pose: "P5", title: "near flat", axes: { reduceTransparency: [true, false] }, expect: { display: "inner" } },
                      { pose: "P1", expect: { display: "outer" } }],
            }
            """)
        let plan = try Plan(matrix: matrix)
        #expect(plan.count == 18)
        for index in 0..<plan.count {
            let testCase = plan.testCase(at: index)
            let rebuilt = CaseResult.derivedID(
                pose: testCase.entry.pose.id, title: testCase.entry.title, values: testCase.entries)
            #expect(testCase.id == rebuilt)
        }
    }

    @Test("a case without axes is named by its entry's label alone")
    func idWithoutAxes() throws {
        let plan = try Plan(
            matrix: Self.matrix(
                #"{ formatVersion: 1, name: "Bare", poses: [{ pose: "P3", title: "flat", expect: { display: "inner" } }] }"#))
        #expect(plan.testCase(at: 0).id == "P3 flat")
        #expect(plan.testCase(at: 0).texts.isEmpty)
    }

    struct FilterCase: Sendable, CustomTestStringConvertible {
        var name: String
        var filter: PlanFilter
        var count: Int
        var testDescription: String { name }
    }

    @Test(
        "filters by pose and axis value",
        arguments: [
            FilterCase(name: "no filter", filter: PlanFilter(), count: 16),
            FilterCase(name: "--pose P1,P11", filter: PlanFilter(poses: ["P1", "P11"]), count: 6),
            FilterCase(name: "--where profile=device", filter: PlanFilter(values: [.profile: [.text("device")]]), count: 5),
            FilterCase(
                name: "--where layoutDirection=rightToLeft matches P11's own setting",
                filter: PlanFilter(values: [.layoutDirection: [.text("rightToLeft")]]), count: 9),
            FilterCase(name: "--where hingeAngle=120", filter: PlanFilter(values: [.hingeAngle: [.number(120)]]), count: 2),
            FilterCase(
                name: "two values of one axis are alternatives",
                filter: PlanFilter(values: [.hingeAngle: [.number(120), .number(150)]]), count: 4),
            FilterCase(
                name: "a filter nothing matches", filter: PlanFilter(poses: ["P1"], values: [.hingeAngle: [.number(90)]]),
                count: 0),
        ])
    func filters(_ example: FilterCase) throws {
        #expect(try Plan(matrix: Self.matrix(Self.sample), filter: example.filter).count == example.count)
    }

    @Test("a matrix past the case limit is refused before anything runs")
    func caseLimit() throws {
        #expect(throws: PlanError.tooManyCases(count: 16, maximum: 10)) {
            try Plan(matrix: Self.matrix(Self.sample), maximumCases: 10)
        }
    }

    @Test("an expectation in a matching where clause replaces the entry's own")
    func whereReplaces() throws {
        let matrix = try Self.matrix(
            """
            { formatVersion: 1, name: "W", axes: { profile: ["device", "simulator"] },
              poses: [{ pose: "P1", expect: { display: "inner" },
                        where: [{ when: { profile: "simulator" }, expect: { display: "outer" } }] }] }
            """)
        let plan = try Plan(matrix: matrix)
        let device = Evaluation.evaluate(plan.testCase(at: 0), app: matrix.app)
        let simulator = Evaluation.evaluate(plan.testCase(at: 1), app: matrix.app)
        #expect(device.status == .failed)
        #expect(device.failures.map(\.actual) == [.text("outer")])
        #expect(simulator.status == .passed)
    }

    @Test("a case that expects nothing is not run rather than passed")
    func nothingExpected() throws {
        let matrix = try Self.matrix(#"{ formatVersion: 1, name: "E", poses: [{ pose: "P1" }] }"#)
        let result = Evaluation.evaluate(try Plan(matrix: matrix).testCase(at: 0), app: matrix.app)
        #expect(result.status == .notRun)
        #expect(result.reason == Evaluation.nothingExpected)
    }

    @Test("a case that needs a fact no source gives is not run, with the reason")
    func unknownFact() throws {
        let matrix = try Self.matrix(
            #"{ formatVersion: 1, name: "S", app: { linkedSDK: "26" }, poses: [{ pose: "P3", expect: { "scene.size": "951x669", display: "inner" } }] }"#
        )
        let result = Evaluation.evaluate(try Plan(matrix: matrix).testCase(at: 0), app: matrix.app)
        #expect(result.status == .notRun)
        #expect(
            result.reason
                == "scene.size: no source gives the scene size on the inner display for an app linked against SDK 26 "
                + "(\"a familiar size and aspect ratio\" [A T61]); held: display"
        )
    }

    @Test("a failure outranks an unknown fact: the case fails")
    func failureOutranksUnknown() throws {
        let matrix = try Self.matrix(
            #"{ formatVersion: 1, name: "S", app: { linkedSDK: "26" }, poses: [{ pose: "P3", expect: { "scene.size": "951x669", display: "outer" } }] }"#
        )
        let result = Evaluation.evaluate(try Plan(matrix: matrix).testCase(at: 0), app: matrix.app)
        #expect(result.status == .failed)
        #expect(result.failures.map(\.observable) == [.display])
    }
}

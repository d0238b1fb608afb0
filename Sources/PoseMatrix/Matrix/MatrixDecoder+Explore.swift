/// The `explore` block: start, steps, depth, when, invariants.
extension MatrixDecoder {
    static let exploreKeys = ["start", "steps", "depth", "when", "invariants"]
    static let invariantKeys = ["name", "if", "expect"]

    mutating func decodeExploration(_ node: JSONNode, _ path: KeyPath) -> Exploration? {
        guard let members = object(node, path, allowed: Self.exploreKeys, required: ["depth", "invariants"]) else { return nil }
        var exploration = Exploration(start: nil, steps: Exploration.catalogueSteps, depth: 1, when: [:], invariants: [])
        if let member = members["start"], let id = string(member.value, path.appending("start")) {
            exploration.start = Pose.named(id)
            if exploration.start == nil {
                fail(
                    member.value, path.appending("start"),
                    Pose.unknownMessage(id))
            }
        }
        if let member = members["steps"] {
            exploration.steps = decodeSteps(member.value, path.appending("steps"))
            if member.value.items?.isEmpty == true { fail(member.value, path.appending("steps"), "expected at least one step") }
        }
        if let member = members["depth"], let depth = integer(member.value, path.appending("depth")) {
            if (1...Exploration.maximumDepth).contains(depth) {
                exploration.depth = depth
            } else {
                fail(
                    member.value, path.appending("depth"),
                    "expected a depth from 1 to \(Exploration.maximumDepth), found \(depth)")
            }
        }
        if let member = members["when"] { exploration.when = decodeWhen(member.value, path.appending("when")) }
        if let member = members["invariants"], let items = array(member.value, path.appending("invariants"), nonEmpty: true) {
            var names: Set<String> = []
            for (index, item) in items.enumerated() {
                let here = path.appending("invariants").appending(index: index)
                guard let fields = object(item, here, allowed: Self.invariantKeys, required: ["name", "expect"]),
                    let nameMember = fields["name"], let name = nonEmptyString(nameMember.value, here.appending("name")),
                    let expectMember = fields["expect"]
                else { continue }
                if !names.insert(name).inserted {
                    fail(nameMember.value, here.appending("name"), "duplicate invariant name \(quoted(name))")
                }
                let condition = fields["if"].map { decodeStateExpectations($0.value, here.appending("if")) } ?? []
                let expect = decodeStateExpectations(expectMember.value, here.appending("expect"))
                exploration.invariants.append(
                    Invariant(name: name, condition: condition, expect: expect, line: item.position.line))
            }
        }
        return exploration
    }

    /// Expectations about one state: counts that grow along a path have no meaning there.
    private mutating func decodeStateExpectations(_ node: JSONNode, _ path: KeyPath) -> [Expectation] {
        let expectations = decodeExpectations(node, path)
        for expectation in expectations where expectation.observable.isPathCount {
            let position = node.members?.first { $0.key == expectation.observable.rawValue }?.keyPosition ?? node.position
            fail(
                at: position, path,
                "\(expectation.observable.rawValue) counts events along a path; an invariant holds of each state, so it cannot use it"
            )
        }
        return expectations
    }
}

/// Axes, pose entries, expectations and the checklist.
extension MatrixDecoder {
    static let poseEntryKeys = ["pose", "title", "axes", "steps", "expect", "where", "notRun", "expectStatus"]

    // MARK: - Axes

    /// An `axes` object: axis name → non-empty list of distinct values. `fixed` are axes the pose sets itself.
    mutating func decodeAxes(_ node: JSONNode, _ path: KeyPath, fixed: [Axis: AxisValue], pose: String = "") -> [AxisSpec] {
        guard let members = object(node, path, allowed: Axis.allCases.map(\.rawValue)) else { return [] }
        var specs: [AxisSpec] = []
        for member in members.values.sorted(by: { $0.keyPosition < $1.keyPosition }) {
            let axis = Axis(rawValue: member.key)!
            let here = path.appending(member.key)
            if let value = fixed[axis] {
                // Restating the pose's own value is harmless; only a contradiction is an error.
                if case .array(let items) = member.value.value, items.count == 1,
                    axisValue(items[0], axis: axis, here.appending(index: 0)) == value
                {
                    continue
                }
                fail(
                    at: member.keyPosition, here,
                    "\(pose) sets \(axis.rawValue) to \(value) itself; remove this axis or list only that value")
                continue
            }
            guard let items = array(member.value, here, nonEmpty: true) else { continue }
            var values: [AxisValue] = []
            var seen: Set<AxisValue> = []  // a set: hostile files list tens of thousands of values
            for (index, item) in items.enumerated() {
                guard let value = axisValue(item, axis: axis, here.appending(index: index)) else { continue }
                if !seen.insert(value).inserted {
                    fail(item, here.appending(index: index), "duplicate value \(item.shortText) for axis \(axis.rawValue)")
                    continue
                }
                values.append(value)
            }
            if !values.isEmpty { specs.append(AxisSpec(axis: axis, values: values)) }
        }
        return specs
    }

    /// One axis value, checked against the axis's domain.
    mutating func axisValue(_ node: JSONNode, axis: Axis, _ path: KeyPath) -> AxisValue? {
        let invalid = { (found: String) in "invalid value \(found) for axis \(axis.rawValue) (expected \(axis.expectation))" }
        switch (axis.domain, node.value) {
        case (.choice(let names), .string(let text)):
            if names.contains(text) { return .text(text) }
            fail(
                node, path,
                "unknown value \(quoted(text)) for axis \(axis.rawValue)" + didYouMean(suggest(text, from: names))
                    + " (expected \(axis.expectation))")
        case (.bool, .bool(let flag)): return .bool(flag)
        case (.degrees(let range), .number(let number, _)) where range.contains(number): return .number(number)
        case (.whole(let allowed), .number(let number, _)) where allowed.contains(where: { Double($0) == number }):
            return .number(number)
        case (.choice, _), (.bool, _), (.degrees, _), (.whole, _):
            fail(node, path, invalid(node.shortText))
        }
        return nil
    }

    // MARK: - Poses

    mutating func decodePoses(_ node: JSONNode, _ path: KeyPath) -> [PoseEntry] {
        guard let items = array(node, path, nonEmpty: true) else { return [] }
        var entries: [PoseEntry] = []
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let here = path.appending(index: index)
            guard let entry = decodePoseEntry(item, here) else { continue }
            let key = entry.pose.id + "\u{0}" + (entry.title ?? "")
            if let first = seen[key] {
                let what = entry.title.map { "\(entry.pose.id) with title \(quoted($0))" } ?? "\(entry.pose.id) without a title"
                fail(item, here, "\(what) is listed twice (first at poses[\(first)]); give each entry of a pose its own title")
                continue
            }
            seen[key] = index
            entries.append(entry)
        }
        return entries
    }

    private mutating func decodePoseEntry(_ node: JSONNode, _ path: KeyPath) -> PoseEntry? {
        guard let members = object(node, path, allowed: Self.poseEntryKeys, required: ["pose"]),
            let poseMember = members["pose"], let id = string(poseMember.value, path.appending("pose"))
        else { return nil }
        guard let pose = Pose.named(id) else {
            fail(
                poseMember.value, path.appending("pose"),
                Pose.unknownMessage(id))
            return nil
        }
        var entry = PoseEntry(
            pose: pose, title: nil, axes: [], steps: nil, expect: [], whereClauses: [], notRun: [],
            place: MatrixPlace(position: node.position, keyPath: path.description))
        if let member = members["title"] {
            entry.title = nonEmptyString(member.value, path.appending("title"))
            // A case's id is its pose, title and `[values]`: a title with brackets could spell another case's id.
            if let title = entry.title, title.contains(where: { $0 == "[" || $0 == "]" }) {
                fail(
                    member.value, path.appending("title"),
                    "\(quoted(title)) holds [ or ], which mark a case's values in its id: another case's id could read the same")
            }
        }
        if let member = members["axes"] {
            entry.axes = decodeAxes(member.value, path.appending("axes"), fixed: pose.fixed, pose: pose.id)
        }
        if let member = members["steps"] { entry.steps = decodeSteps(member.value, path.appending("steps")) }
        if let member = members["expect"] { entry.expect = decodeExpectations(member.value, path.appending("expect")) }
        if let member = members["where"] { entry.whereClauses = decodeWhere(member.value, path.appending("where")) }
        if let member = members["notRun"] { entry.notRun = decodeNotRun(member.value, path.appending("notRun")) }
        if let member = members["expectStatus"], let text = string(member.value, path.appending("expectStatus")) {
            entry.expectStatus = PinnedStatus(rawValue: text)
            if entry.expectStatus == nil {
                let names = PinnedStatus.allCases.map(\.rawValue)
                fail(
                    member.value, path.appending("expectStatus"),
                    "unknown status \(quoted(text)) to pin" + didYouMean(suggest(text, from: names)) + " (expected "
                        + names.map { quoted($0) }.joined(separator: " or ") + "; a case that passes or fails needs no pin)")
            }
        }
        return entry
    }

    mutating func decodeSteps(_ node: JSONNode, _ path: KeyPath) -> [Step] {
        guard let items = array(node, path) else { return [] }
        var steps: [Step] = []
        for (index, item) in items.enumerated() {
            guard let text = string(item, path.appending(index: index)) else { continue }
            switch Step.parse(text) {
            case .success(let step): steps.append(step)
            case .failure(let error):
                fail(
                    item, path.appending(index: index),
                    error.message + didYouMean(error.suggestion) + " (steps: " + Step.vocabulary.joined(separator: ", ") + ")")
            }
        }
        return steps
    }

    /// A `when` object: axis → one value.
    mutating func decodeWhen(_ node: JSONNode, _ path: KeyPath) -> [Axis: AxisValue] {
        guard let members = object(node, path, allowed: Axis.allCases.map(\.rawValue)) else { return [:] }
        var when: [Axis: AxisValue] = [:]
        for member in members.values {
            let axis = Axis(rawValue: member.key)!
            if let value = axisValue(member.value, axis: axis, path.appending(member.key)) { when[axis] = value }
        }
        return when
    }

    private mutating func decodeWhere(_ node: JSONNode, _ path: KeyPath) -> [WhereClause] {
        guard let items = array(node, path) else { return [] }
        var clauses: [WhereClause] = []
        for (index, item) in items.enumerated() {
            let here = path.appending(index: index)
            guard let members = object(item, here, allowed: ["when", "expect"], required: ["when", "expect"]),
                let when = members["when"], let expect = members["expect"]
            else { continue }
            clauses.append(
                WhereClause(
                    when: decodeWhen(when.value, here.appending("when")),
                    expect: decodeExpectations(expect.value, here.appending("expect")),
                    place: MatrixPlace(position: item.position, keyPath: here.description)))
        }
        return clauses
    }

    /// `notRun`: one rule object or a list of them.
    private mutating func decodeNotRun(_ node: JSONNode, _ path: KeyPath) -> [NotRunRule] {
        let items: [(JSONNode, KeyPath)]
        if case .array(let list) = node.value {
            items = list.enumerated().map { ($1, path.appending(index: $0)) }
        } else {
            items = [(node, path)]
        }
        var rules: [NotRunRule] = []
        for (item, here) in items {
            guard let members = object(item, here, allowed: ["when", "reason"], required: ["reason"]),
                let reasonMember = members["reason"],
                let reason = nonEmptyString(reasonMember.value, here.appending("reason"))
            else { continue }
            let when = members["when"].map { decodeWhen($0.value, here.appending("when")) } ?? [:]
            rules.append(NotRunRule(when: when, reason: reason))
        }
        return rules
    }

    // MARK: - Checklist

    /// The checklist: each item's shape here, its rules in ``ChecklistItem/problems(after:)`` (the
    /// ones a results header's copy obeys too), then each pose in the matrix's poses.
    mutating func decodeChecklist(_ node: JSONNode, _ path: KeyPath, poses: [PoseEntry]) -> [ChecklistItem] {
        guard let items = array(node, path) else { return [] }
        var checklist: [ChecklistItem] = []
        var checklistIDs: Set<String> = []
        let listed = Set(poses.map(\.pose.id))
        for (index, item) in items.enumerated() {
            let here = path.appending(index: index)
            guard let members = object(item, here, allowed: ["id", "text", "poses"], required: ["id", "text", "poses"]),
                let idMember = members["id"], let id = string(idMember.value, here.appending("id")),
                let textMember = members["text"], let text = string(textMember.value, here.appending("text")),
                let posesMember = members["poses"], let poseNodes = array(posesMember.value, here.appending("poses"))
            else { continue }
            let poseIDs = poseNodes.enumerated().map { string($1, here.appending("poses").appending(index: $0)) }
            // A pose that is not a string has its error already; "" stands in for it.
            let candidate = ChecklistItem(id: id, text: text, poses: poseIDs.map { $0 ?? "" })
            for problem in candidate.problems(after: checklistIDs) {
                if case .unknownPose(let poseIndex) = problem, poseIDs[poseIndex] == nil { continue }
                report(problem, of: candidate, members: members, poseNodes: poseNodes, at: here)
            }
            checklistIDs.insert(id)
            for (poseIndex, poseID) in poseIDs.enumerated() {
                guard let poseID, Pose.named(poseID) != nil, !listed.contains(poseID) else { continue }
                fail(
                    poseNodes[poseIndex], here.appending("poses").appending(index: poseIndex),
                    "\(poseID) is not in the matrix's poses, so this item could never be signed off")
            }
            checklist.append(ChecklistItem(id: id, text: text, poses: poseIDs.compactMap { $0 }.filter(listed.contains)))
        }
        return checklist
    }

    /// A checklist item's problem, at the node it lies in (`members` holds the item's three keys).
    private mutating func report(
        _ problem: ChecklistItem.Problem, of item: ChecklistItem, members: [String: JSONNode.Member], poseNodes: [JSONNode],
        at here: KeyPath
    ) {
        let id = (node: members["id"]!.value, path: here.appending("id"))
        switch problem {
        case .emptyID: fail(id.node, id.path, "expected a non-empty string")
        case .emptyText: fail(members["text"]!.value, here.appending("text"), "expected a non-empty string")
        case .repeatedID: fail(id.node, id.path, "duplicate checklist id \(quoted(item.id))")
        case .reservedID:
            fail(
                id.node, id.path,
                "\(quoted(item.id)) starts with \(quoted(ChecklistItem.reservedPrefix)), which names the exploration's invariants in sign-off"
            )
        case .noPose: fail(members["poses"]!.value, here.appending("poses"), "expected at least one value, found an empty array")
        case .unknownPose(let index):
            fail(poseNodes[index], here.appending("poses").appending(index: index), Pose.unknownMessage(item.poses[index]))
        }
    }
}

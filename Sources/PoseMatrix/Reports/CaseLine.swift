/// A case line as its bytes alone settle it: the case's index, pose, title, values, status,
/// duration and id, each checked, and its members that only the file's shared records judge, as
/// written. ``ResultsReader`` resolves it against the file's records, which checks the rest.
struct CaseLine: Sendable {
    /// A member of a case line that the file's records, or the records' contents, judge.
    enum Member: String, Sendable, CaseIterable {
        case reason, failures, assumptions, pinned, line
    }

    var result: CaseResult
    /// The members given, each with its value as written, in ``Member`` order.
    var members: [(member: Member, value: JSONNode)]
    /// Where in the line its identity lies — its bytes from the id (or the pose, when the id is
    /// left out) to the end of its values, which settle its id, pose, title and values — when the
    /// line was read in the writer's form (``CaseLineScanner``); offsets from the line's start.
    var identity: Range<Int>?

    /// A case line of checked fields, whichever way they were read (parsed, or scanned from the
    /// bytes): the id as given, or made from the pose, title and values when the line leaves it out.
    init(
        index: Int, id: String?, pose: String, title: String?, values: [AxisEntry], status: CaseResult.Status,
        duration: Double, members: [(member: Member, value: JSONNode)]
    ) {
        result = CaseResult(
            index: index, id: id ?? CaseResult.derivedID(pose: pose, title: title, values: values), pose: pose, title: title,
            values: values, status: status, reason: nil, failures: [], assumptions: [], duration: duration)
        result.idIsDerived = id == nil
        self.members = members
    }

    /// A line whose identity is that of a case read before, whose id is `id`: its tail resolves
    /// as a whole line's would; its pose, title and values are that case's and are left unread.
    init(tail: CaseTail, id: String) {
        self.init(
            index: tail.index, id: id, pose: "", title: nil, values: [], status: tail.status, duration: tail.duration,
            members: tail.members)
    }

    subscript(_ member: Member) -> JSONNode? {
        members.first { $0.member == member }?.value
    }
}

/// What a case line in the writer's form says beside its identity: its index, status, duration
/// and the members the file's records judge (``CaseLineScanner/tail(_:identity:)``).
struct CaseTail: Sendable {
    var index: Int
    var status: CaseResult.Status
    var duration: Double
    var members: [(member: CaseLine.Member, value: JSONNode)]
}

/// The rules every checklist item obeys, in one place: the matrix decoder applies them to the
/// checklist a matrix states, and the results reader to the copy a results header carries, each
/// wording the problem in its own form (a key path in the matrix, the header's line in results).
extension ChecklistItem {
    /// Why sign-off could not count an item.
    enum Problem: Sendable, Hashable {
        /// The id is empty or only white space.
        case emptyID
        /// The text is empty or only white space.
        case emptyText
        /// An earlier item has the same id.
        case repeatedID
        /// The id starts with ``ChecklistItem/reservedPrefix``, which sign-off gives the invariants.
        case reservedID
        /// The item names no pose: no case could fail it, so sign-off would count it as passed.
        case noPose
        /// The pose at this index of ``ChecklistItem/poses`` is not one of P1–P13.
        case unknownPose(Int)
    }

    /// The item's problems in the order above; `earlierIDs` holds the ids of the items before it.
    func problems(after earlierIDs: Set<String>) -> [Problem] {
        var problems: [Problem] = []
        if id.allSatisfy(\.isWhitespace) { problems.append(.emptyID) }
        if text.allSatisfy(\.isWhitespace) { problems.append(.emptyText) }
        if earlierIDs.contains(id) { problems.append(.repeatedID) }
        if id.hasPrefix(Self.reservedPrefix) { problems.append(.reservedID) }
        if poses.isEmpty { problems.append(.noPose) }
        for (index, pose) in poses.enumerated() where Pose.named(pose) == nil { problems.append(.unknownPose(index)) }
        return problems
    }
}

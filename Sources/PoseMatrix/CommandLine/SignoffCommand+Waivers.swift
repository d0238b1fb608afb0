import Foundation

/// `--waive ID=reason` against the ids the results give: the checklist items' and `invariant:NAME`
/// for each invariant, whose name, from the matrix, may contain `=`.
extension SignoffCommand {
    /// The waivers by id: each argument split after the longest id it starts with followed by `=`
    /// (so that a name with `=` in it can be waived), else at its first `=`; a usage error for an id
    /// given without a reason, given twice (which reason would signoff.md show?) or one that names
    /// nothing in the results.
    static func resolveWaivers(
        _ request: Request, items: [ChecklistItem], invariants: [InvariantResult]
    ) throws(UsageError) -> [String: String] {
        let ids = items.map(\.id) + invariants.map { SignOff.invariantPrefix + $0.name }
        var waivers: [String: String] = [:]
        for argument in request.waivers {
            let id =
                ids.contains(argument)
                ? argument
                : ids.filter { argument.hasPrefix($0 + "=") }.max { $0.count < $1.count }
                    ?? String(argument.prefix { $0 != "=" })
            let reason = String(argument.dropFirst(id.count).dropFirst()).trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else {
                throw UsageError(message: "--waive \(id) needs a reason: --waive ID=reason", command: .signoff)
            }
            guard waivers.updateValue(reason, forKey: id) == nil else {
                throw UsageError(message: "--waive \(id) is given twice: waive it once, with one reason", command: .signoff)
            }
        }
        if let error = unknownWaiver(waivers, items: items, invariants: invariants) { throw error }
        return waivers
    }

    /// The usage error for the first waiver (by id) that names no checklist item and no invariant of the
    /// results, with the closest id as a suggestion: for an `invariant:` id the closest invariant, and for
    /// an invariant's bare name its `invariant:` id.
    private static func unknownWaiver(
        _ waivers: [String: String], items: [ChecklistItem], invariants: [InvariantResult]
    ) -> UsageError? {
        let prefix = SignOff.invariantPrefix
        let names = invariants.map(\.name)
        let ids = items.map(\.id) + names.map { prefix + $0 }
        guard let id = waivers.keys.sorted().first(where: { !ids.contains($0) }) else { return nil }
        let what: String
        let suggestion: String?
        if id.hasPrefix(prefix) {
            what = "the results have no invariant"
            suggestion = suggest(String(id.dropFirst(prefix.count)), from: names).map { prefix + $0 }
        } else {
            what = "the checklist has no item"
            suggestion = names.contains(id) ? prefix + id : suggest(id, from: items.map(\.id))
        }
        return UsageError(message: "--waive: \(what) '\(id)'" + didYouMean(suggestion).replacingQuotes(), command: .signoff)
    }
}

/// The app block being settled: each key's value with its evidence, the keys that do not apply,
/// the keys left unknown because a file that could settle them was not read, and those left
/// unknown because their evidence does not settle them, with why.
///
/// A value settled by a form found (`openWindow` at file:line) stands whatever the unread files
/// hold. A value that rests on the absence of a form (`none`, `false`, or a value that any one
/// form more would beat, such as `showInPlace`, which one request without a handler makes
/// `none`) is unknown when a file that could hold that form was not read.
struct Settlement {
    let facts: SourceFacts
    /// Sources of the app, and folders, that were not read.
    let unreadSources: [Unread]
    /// The Info.plist file the target names, when it was not read.
    let unreadPlist: Unread?
    private(set) var settled: [ScanKey: ScanEvidence] = [:]
    private(set) var notApplicable: Set<ScanKey> = []
    /// Keys left unknown because files that could settle them were not read, with those files.
    private(set) var notRead: [ScanKey: [Unread]] = [:]
    /// Keys whose evidence does not settle them (forms that disagree, a form the rules cannot
    /// judge), with the reason naming each place: such a key is never given a value.
    private(set) var unsettled: [ScanKey: UnsettledKey] = [:]

    init(facts: SourceFacts, unreadSources: [Unread], unreadPlist: Unread?) {
        self.facts = facts
        self.unreadSources = unreadSources
        self.unreadPlist = unreadPlist
    }

    /// A value a form found settles.
    mutating func found(_ key: ScanKey, _ value: ScanValue, _ location: ScanLocation) {
        settled[key] = ScanEvidence(key: key, value: value, location: location)
    }

    /// A value that holds only if no source holds a form that would beat it.
    mutating func unlessSourcesUnread(_ key: ScanKey, _ value: ScanValue, _ location: ScanLocation) {
        guard unreadSources.isEmpty else {
            notRead[key] = unreadSources
            return
        }
        found(key, value, location)
    }

    /// A value no form at all gives (`none`): its evidence is the sentence saying what was not found.
    mutating func absent(_ key: ScanKey, _ value: ScanValue, what: String) {
        let sentence = "no \(what) in \(counted(facts.sourceFiles, "source file"))"
        unlessSourcesUnread(key, value, ScanLocation(file: "", line: 0, text: sentence))
    }

    /// Keys that do not apply: because of a form found, or, when `byAbsence`, because a form is
    /// absent, in which case they are unknown when a source was not read.
    mutating func notApplicable(_ keys: [ScanKey], byAbsence: Bool = false) {
        for key in keys {
            if byAbsence && !unreadSources.isEmpty {
                notRead[key] = unreadSources
            } else {
                notApplicable.insert(key)
            }
        }
    }

    /// A value that holds only if the Info.plist file does not state otherwise.
    mutating func unlessPlistUnread(_ key: ScanKey, _ value: ScanValue, _ location: ScanLocation) {
        if let unreadPlist {
            notRead[key] = [unreadPlist]
        } else {
            found(key, value, location)
        }
    }

    /// A key the Info.plist file would settle, when it was not read.
    mutating func plistUnread(_ key: ScanKey) {
        if let unreadPlist { notRead[key] = [unreadPlist] }
    }

    /// Whether `candidates` settle `key`: false, with the reason recorded, when they give different
    /// values (`what` names them, `camera directions`, and the first place of each value is named)
    /// or when the rules met a form of the key they cannot judge (``SourceFacts/doubts``).
    mutating func settles(_ key: ScanKey, _ candidates: [ScanEvidence], differing what: String) -> Bool {
        var firsts: [ScanValue: ScanLocation] = [:]
        for item in candidates.sorted(by: { Self.precedes($0.location, $1.location) }) where firsts[item.value] == nil {
            firsts[item.value] = item.location
        }
        if firsts.count > 1 { unknown(key, Self.spelled(firsts.count) + " " + what, at: Array(firsts.values)) }
        doubted(key, facts.doubts[key] ?? [])
        return unsettled[key] == nil
    }

    /// Leaves `key` unknown for the forms the rules cannot judge: one phrase per kind of form, the
    /// kinds in the order of their first places (`an errorHandler passed by name: App/A.swift:4`).
    mutating func doubted(_ key: ScanKey, _ doubts: [Doubt]) {
        var kinds: [String: [Doubt]] = [:]
        for doubt in doubts { kinds[doubt.one, default: []].append(doubt) }
        let groups = kinds.values.map { group in (group[0], Self.unique(group.map(\.location))) }
        for (doubt, places) in groups.sorted(by: { Self.precedes($0.1[0], $1.1[0]) }) {
            unknown(key, places.count == 1 ? doubt.one : Self.spelled(places.count) + " " + doubt.many, at: places)
        }
    }

    /// Leaves `key` unknown, saying `what` is at `places`: `two camera directions: A:12 and B:40`,
    /// places sorted by file and line. A second reason for one key follows the first after `; `.
    mutating func unknown(_ key: ScanKey, _ what: String, at places: [ScanLocation]) {
        let places = Self.unique(places)
        let reason = what + ": " + Self.listed(places.map { "\($0.file):\($0.line)" })
        if let known = unsettled[key] {
            unsettled[key] = UnsettledKey(
                key: key, reason: known.reason + "; " + reason, places: Self.unique(known.places + places))
        } else {
            unsettled[key] = UnsettledKey(key: key, reason: reason, places: places)
        }
    }

    /// Leaves `key` unknown for the reason another key is.
    mutating func unknown(_ key: ScanKey, _ reason: UnsettledKey) {
        unsettled[key] = UnsettledKey(key: key, reason: reason.reason, places: reason.places)
    }

    static func precedes(_ one: ScanLocation, _ other: ScanLocation) -> Bool {
        (one.file, one.line) < (other.file, other.line)
    }

    /// The places by file and line, each line once.
    private static func unique(_ places: [ScanLocation]) -> [ScanLocation] {
        var seen: Set<String> = []
        return places.sorted(by: precedes).filter { seen.insert("\($0.file):\($0.line)").inserted }
    }

    /// `two`, …, `ten`, then digits.
    static func spelled(_ count: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return count < words.count ? words[count] : "\(count)"
    }

    /// `A`, `A and B`, `A, B and C`; past ``ScanResult/namedUnread`` places, `A, B, … and 3 more`.
    static func listed(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        guard items.count <= ScanResult.namedUnread else { return ScanResult.named(items) }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// Every file not read, by path, with the keys it leaves unknown.
    func unreadFiles(_ unread: [Unread]) -> [UnreadFile] {
        unread.map { entry in
            let keys = notRead.filter { $0.value.contains(entry) }.keys.sorted()
            return UnreadFile(file: entry.path, line: entry.line, reason: entry.reason.description, keys: keys)
        }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}

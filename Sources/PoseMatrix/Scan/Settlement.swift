/// The app block being settled: each key's value with its evidence, the keys that do not apply,
/// and the keys left unknown because a file that could settle them was not read.
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

    /// Every file not read, by path, with the keys it leaves unknown.
    func unreadFiles(_ unread: [Unread]) -> [UnreadFile] {
        unread.map { entry in
            let keys = notRead.filter { $0.value.contains(entry) }.keys.sorted()
            return UnreadFile(file: entry.path, line: entry.line, reason: entry.reason.description, keys: keys)
        }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}

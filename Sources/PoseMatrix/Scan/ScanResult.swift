import Foundation

/// A place in the scanned tree: a file relative to its root, a line (1-based) and that line's text.
struct ScanLocation: Sendable, Hashable {
    var file: String
    var line: Int
    var text: String
}

/// A value the scan derived for a key of the matrix's `app` block.
enum ScanValue: Sendable, Hashable, CustomStringConvertible {
    case bool(Bool)
    case choice(String)
    case list([String])

    /// The value as JSON text, as a matrix writes it.
    var description: String {
        switch self {
        case .bool(let value): "\(value)"
        case .choice(let value): "\"\(value)\""
        case .list(let values): "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }
}

/// A scanned value with the place that settles it.
struct ScanEvidence: Sendable, Hashable {
    var key: ScanKey
    var value: ScanValue
    var location: ScanLocation
}

/// Something in the code that breaks a fact of the device, with the rule that says so.
struct ScanFinding: Sendable, Hashable {
    var rule: ScanRule
    var location: ScanLocation
    var message: String
}

/// A thing the app uses that matters on iPhone Duo, where it first appears and how often.
struct InventoryItem: Sendable, Hashable {
    var name: String
    var location: ScanLocation
    var count: Int
}

/// A file the scan could not read (or a folder it could not enter, or a setting naming a file it
/// would not read), why, and the keys that it leaves unknown.
struct UnreadFile: Sendable, Hashable {
    /// The path from the tree's root; for a setting, the file that states it.
    var file: String
    /// The setting's line, or where a reader stopped; 0 for the whole file.
    var line: Int
    var reason: String
    /// The keys whose value would rest on the absence of a form this file could hold.
    var keys: [ScanKey]

    /// `file` or `file:line`.
    var place: String { line > 0 ? "\(file):\(line)" : file }

    /// `file[:line] (reason)`.
    var description: String { place + " (\(reason))" }
}

/// A key left unknown because its evidence does not settle it: forms giving it different values,
/// or a form the rules cannot judge (a handler passed by name), with the place of each.
struct UnsettledKey: Sendable, Hashable {
    var key: ScanKey
    /// What the places hold and where: `two camera directions: App/Call.swift:2 and App/QR.swift:1`.
    var reason: String
    /// The places the reason names, by file and line.
    var places: [ScanLocation]
}

/// What `duo-pose scan` found in an app's tree.
struct ScanResult: Sendable {
    /// The root as the user named it.
    var root: String
    /// The app target's project file, relative to the root.
    var project: String
    /// One entry per settled key, in ``ScanKey`` order.
    var evidence: [ScanEvidence] = []
    /// Keys the code does not settle.
    var unknown: [ScanKey] = []
    /// The unknown keys whose evidence does not settle them, with why, in key order.
    var unsettled: [UnsettledKey] = []
    var inventory: [InventoryItem] = []
    var findings: [ScanFinding] = []
    /// How many files were read, and what the walk left out.
    var filesRead = 0
    var skipped = SourceTree.Skipped()
    /// What could not be read, by path, each with the keys it leaves unknown.
    var unread: [UnreadFile] = []

    func value(_ key: ScanKey) -> ScanValue? {
        evidence.first { $0.key == key }?.value
    }
}

extension ScanLocation {
    /// Lines longer than this many bytes are cut to their first ``shownCharacters`` characters: a
    /// source line may be megabytes long, and a results header holding it whole was refused by
    /// the readers of the results.
    static let longestLine = 800
    static let shownCharacters = 200

    /// A line as evidence shows it: without the white space around it, a line over
    /// ``longestLine`` bytes cut, saying so and how long it was.
    static func evidence(_ line: Substring) -> String {
        let bytes = line.utf8.count
        guard bytes > longestLine else { return line.trimmingCharacters(in: .whitespaces) }
        let head = String(decoding: line.utf8.prefix(longestLine), as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return String(head.prefix(shownCharacters)) + " … (cut: a line of \(bytes) bytes)"
    }
}

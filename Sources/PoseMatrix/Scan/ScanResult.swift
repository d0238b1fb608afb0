import Foundation

/// A place in the scanned tree: a file relative to its root, a line (1-based) and that line's text.
public struct ScanLocation: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var text: String
}

/// A value the scan derived for a key of the matrix's `app` block.
public enum ScanValue: Sendable, Hashable, CustomStringConvertible {
    case bool(Bool)
    case choice(String)
    case list([String])

    /// The value as JSON text, as a matrix writes it.
    public var description: String {
        switch self {
        case .bool(let value): "\(value)"
        case .choice(let value): "\"\(value)\""
        case .list(let values): "[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }
}

/// A scanned value with the place that settles it.
public struct ScanEvidence: Sendable, Hashable {
    public var key: ScanKey
    public var value: ScanValue
    public var location: ScanLocation
}

/// Something in the code that breaks a fact of the device, with the rule that says so.
public struct ScanFinding: Sendable, Hashable {
    public var rule: ScanRule
    public var location: ScanLocation
    public var message: String
}

/// A thing the app uses that matters on iPhone Duo, where it first appears and how often.
public struct InventoryItem: Sendable, Hashable {
    public var name: String
    public var location: ScanLocation
    public var count: Int
}

/// A file the scan could not read (or a folder it could not enter, or a setting naming a file it
/// would not read), why, and the keys that it leaves unknown.
public struct UnreadFile: Sendable, Hashable {
    /// The path from the tree's root; for a setting, the file that states it.
    public var file: String
    /// The setting's line, or where a reader stopped; 0 for the whole file.
    public var line: Int
    public var reason: String
    /// The keys whose value would rest on the absence of a form this file could hold.
    public var keys: [ScanKey]

    /// `file` or `file:line`.
    var place: String { line > 0 ? "\(file):\(line)" : file }

    /// `file[:line] (reason)`.
    var description: String { place + " (\(reason))" }
}

/// What `duo-pose scan` found in an app's tree.
public struct ScanResult: Sendable {
    /// The root as the user named it.
    public var root: String
    /// The app target's project file, relative to the root.
    public var project: String
    /// One entry per settled key, in ``ScanKey`` order.
    public var evidence: [ScanEvidence] = []
    /// Keys the code does not settle.
    public var unknown: [ScanKey] = []
    public var inventory: [InventoryItem] = []
    public var findings: [ScanFinding] = []
    /// How many files were read, and what the walk left out.
    public var filesRead = 0
    var skipped = SourceTree.Skipped()
    /// What could not be read, by path, each with the keys it leaves unknown.
    public var unread: [UnreadFile] = []

    public func value(_ key: ScanKey) -> ScanValue? {
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

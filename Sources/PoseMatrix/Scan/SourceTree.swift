import Foundation

/// The files of an app's tree that the scanner reads, found in one walk that never follows a
/// link out of the tree, never enters a folder twice, never stops at a folder it cannot open,
/// and keeps one name for a file that several links reach. What it could not read is kept with
/// the reason, so that a key is never settled by the absence of a form a file it skipped holds.
struct SourceTree: Sendable {
    /// What the walk and the reads left out, counted for the summary line.
    struct Skipped: Sendable, Hashable {
        var binary = 0
        var huge = 0
        var linkLoops = 0
        /// Links to files or folders outside the tree, and settings naming a file outside it.
        var outside = 0
        var unreadable = 0
        var vendored = 0
        var otherTargets = 0
        /// Names of a file read under another name (a link to it, a hard link).
        var duplicates = 0
        /// Files read but not understood: nested too deep, or not in their format.
        var malformed = 0

        var total: Int {
            binary + huge + linkLoops + outside + unreadable + vendored + otherTargets + duplicates + malformed
        }
    }

    /// One file: its path relative to the tree's root, with `/` separators, and the names that lead to it.
    struct File: Sendable, Hashable {
        var path: String
        /// The folder and file names from the root, as the file system has them.
        var components: [[UInt8]]
        var id: TreeFiles.FileID
        /// Whether the last name is a link (the file is also reached by its own name, perhaps).
        var isLink = false
    }

    /// Files above this size are not read: no source or project file of an app comes near it.
    static let largestFile = 4 << 20
    /// Folders nested deeper than this are not entered: no app's tree comes near it.
    static let deepestFolder = 64
    /// Folders of tools, dependencies and build products: not the app's own code.
    static let ignoredFolders: Set<String> = [
        ".git", ".build", ".swiftpm", "build", "DerivedData", "Pods", "Carthage", "node_modules", "xcuserdata",
    ]

    var root: String
    var files: [File] = []
    var skipped = Skipped()
    /// What could not be read, in the order met.
    var unread: [Unread] = []
    /// The tree's root, which a followed link must lead back under.
    private(set) var rootID = TreeFiles.FileID(stat())
    private var byPath: [String: Int] = [:]
    /// The files by their paths lowercased, made the first time a path is looked for whatever its case.
    private var byLowercasedPath: [String: [Int]]?

    /// Walks the tree under `root`, sorted by path so that output never depends on the file system's order.
    init(root: String) {
        self.root = root
        var walk = TreeWalk(root: root)
        walk.run()
        rootID = walk.rootID
        skipped = walk.skipped
        unread = walk.unread
        files = Self.distinct(walk.files, skipped: &skipped)
        for (index, file) in files.enumerated() { byPath[file.path] = index }
    }

    /// One entry per file: a name that is not a link beats links to it, then the first path.
    private static func distinct(_ found: [File], skipped: inout Skipped) -> [File] {
        var chosen: [TreeFiles.FileID: File] = [:]
        for file in found {
            guard let other = chosen[file.id] else {
                chosen[file.id] = file
                continue
            }
            skipped.duplicates += 1
            if (file.isLink ? 1 : 0, file.path) < (other.isLink ? 1 : 0, other.path) { chosen[file.id] = file }
        }
        return chosen.values.sorted { $0.path < $1.path }
    }

    /// The file at a path from the root, if the walk found it there.
    func file(at path: String) -> File? {
        byPath[path].map { files[$0] }
    }

    /// The file at a path as a Mac's disk finds it, letters' case ignored (`Version.public.xcconfig`
    /// for `Version.Public.xcconfig`, which Xcode reads on macOS's case-insensitive volume): the
    /// exact path first, then the one file whose path differs only in case; nil when two do.
    mutating func file(ignoringCaseAt path: String) -> File? {
        if let exact = file(at: path) { return exact }
        if byLowercasedPath == nil {
            var paths: [String: [Int]] = [:]
            for (index, file) in files.enumerated() { paths[file.path.lowercased(), default: []].append(index) }
            byLowercasedPath = paths
        }
        guard let found = byLowercasedPath?[path.lowercased()], found.count == 1 else { return nil }
        return files[found[0]]
    }

    /// The files any rule reads: sources, property lists, project descriptions and build settings.
    static func isRead(_ name: String) -> Bool {
        let suffixes = [".swift", ".m", ".mm", ".h", ".plist", ".xcconfig", ".yml", ".yaml"]
        return suffixes.contains { name.hasSuffix($0) }
    }

    /// The file's bytes, or nil (kept in ``unread``) when it cannot be read, is over 4 MiB or, unless
    /// `binaryAllowed` (a binary property list), holds NUL bytes. Bytes that are not UTF-8 are read:
    /// the rules look for ASCII names, and evidence shows such bytes as U+FFFD.
    mutating func bytes(of file: File, binaryAllowed: Bool = false) -> [UInt8]? {
        switch TreeFiles.read(root: root, components: file.components, limit: Self.largestFile) {
        case .success(let bytes):
            guard binaryAllowed || !bytes.prefix(8192).contains(0) else {
                record(Unread(path: file.path, reason: .binary))
                return nil
            }
            return bytes
        case .failure(.tooLarge):
            record(Unread(path: file.path, reason: .tooLarge))
        case .failure(.notRegular):
            record(Unread(path: file.path, reason: .unreadable("not a regular file")))
        case .failure(.system(let code)):
            record(Unread(path: file.path, reason: .unreadable(systemReason(code))))
        }
        return nil
    }

    /// The file's text, bytes that are not UTF-8 as U+FFFD; nil as for ``bytes(of:binaryAllowed:)``.
    mutating func text(of file: File) -> String? {
        bytes(of: file).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What the walk or a read found about `path`, if it could not be read.
    func unread(at path: String) -> Unread? {
        unread.first { $0.path == path }
    }

    /// Keeps what could not be read, and counts it.
    mutating func record(_ entry: Unread) {
        unread.append(entry)
        entry.reason.count(in: &skipped)
    }
}

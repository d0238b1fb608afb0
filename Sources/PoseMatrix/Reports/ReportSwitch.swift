import Foundation

/// Puts a run's finished reports in place so that the folder's reports change at one instant:
/// a SIGKILL at any moment leaves the previous run's three or the new run's three, never some of each.
///
/// No system call replaces three files at once, so the switch goes through one symbolic link that
/// a single `rename(2)` replaces: `.duo-pose-reports/current`, in the report folder, names a
/// generation folder that holds one run's files. The new run's files are first moved into a
/// generation of their own. The previous reports are hard-linked into another, which `current` is
/// pointed at; each name then becomes a link through it (`results.jsonl ->
/// .duo-pose-reports/current/results.jsonl`) and shows the same bytes as before. One rename points
/// `current` at the new generation, and all the names change together. Each name then becomes a
/// regular file again, a hard link to the new generation's file, and the generation folders go,
/// so that between runs the folder holds what it always held: the reports as regular files. Every
/// step keeps the set whole; the holder of the folder's lock finishes a switch a kill cut short
/// (``recover(in:)``). Nothing but the reports' names and `.duo-pose-reports` is touched.
///
/// The names are links only while a switch is under way, because consumers of the folder read
/// regular files: GitLab's JUnit report upload refuses a link ("is not a regular file"), its
/// artifact archive keeps a link as a link (so `paths: [shard-*/results.jsonl]` would carry a link
/// without its target), Bazel lists undeclared outputs with `find -L -type f` and zips them
/// following links (a generation folder at rest would appear twice), and GitHub's upload-artifact
/// 4.3.5 uploaded a link's own bytes and 4.4.1 failed on relative links (4.4.2 and later, 7
/// included, upload the target's bytes and leave out hidden folders). A run id that readers check
/// would only detect a mixed set, which dashboards and uploaders read anyway; swapping the whole
/// folder would move other files (signoff.md, a job's own files, the lock) and fails on a mount point.
///
/// Where the file system refuses hard links, the previous reports are copied into their generation
/// and the names stay links through `current` after the switch: still one instant, but links.
struct ReportSwitch: Sendable {
    /// The folder, inside the report folder, that holds the generations while a switch is under way.
    static let directoryName = ".duo-pose-reports"
    /// The link in it that one rename points at the new generation.
    static let currentName = "current"

    /// A point in the finishing of a run, for tests that stop it there.
    enum Step: Equatable, Sendable, CustomStringConvertible {
        /// The report is finished in the new generation; nothing visible has changed.
        case staged(String)
        /// `current` names a generation holding the previous reports.
        case keptPrevious
        /// The name is a link through `current`, showing the previous bytes.
        case linked(String)
        /// `current` names the new generation: the one instant the reports change.
        case switched
        /// The name is a regular file again, with the new bytes.
        case madeRegular(String)

        var description: String {
            switch self {
            case .staged(let name): "\(name) staged"
            case .keptPrevious: "previous reports kept"
            case .linked(let name): "\(name) linked"
            case .switched: "switched"
            case .madeRegular(let name): "\(name) regular again"
            }
        }
    }

    let folder: String
    let names: [String]
    /// `link(2)` from an existing file (a link followed) to a new name; a test replaces it with
    /// one that fails, as on a file system without hard links.
    var hardLink: @Sendable (String, String) -> Bool = { linkat(AT_FDCWD, $0, AT_FDCWD, $1, AT_SYMLINK_FOLLOW) == 0 }

    init(folder: String, names: [String]) {
        self.folder = folder
        self.names = names
    }

    private var directory: String { folder + "/" + Self.directoryName }
    private func path(_ name: String) -> String { folder + "/" + name }

    /// What a name links to while a switch is under way, relative so that the folder can move.
    static func linkTarget(_ name: String) -> String { directoryName + "/" + currentName + "/" + name }

    /// Refuses, before a run, a `.duo-pose-reports` that is not a folder, which the switch could not use.
    static func checkUsable(folder: String) throws(OutputError) {
        let path = folder + "/" + directoryName
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { return }
        throw OutputError(
            path: path,
            message: "is \(fileKind(info.st_mode)), not duo-pose's folder for switching reports; "
                + "refusing to replace it (move it, or choose another --out)")
    }

    /// Creates an empty generation folder and returns its path.
    func makeGeneration() throws(OutputError) -> String {
        if mkdir(directory, 0o777) != 0 && errno != EEXIST { throw Self.failure(directory, "cannot create the folder") }
        try Self.checkUsable(folder: folder)
        let generation = directory + "/run-" + Self.unique()
        guard mkdir(generation, 0o777) == 0 else { throw Self.failure(generation, "cannot create the folder") }
        return generation
    }

    /// Makes `staged`, a generation holding a file for every name, the folder's reports at one
    /// instant, then turns the names back into regular files and removes the generations.
    func publish(_ staged: String, checkpoint: (Step) throws -> Void = { _ in }) throws {
        try keepPrevious()
        try checkpoint(.keptPrevious)
        for name in names where !isLink(name) {
            let temporary = Self.temporary(beside: path(name))
            guard symlink(Self.linkTarget(name), temporary) == 0 else { throw Self.failure(temporary, "cannot create a link") }
            try replace(name, with: temporary)
            try checkpoint(.linked(name))
        }
        try point(at: staged)
        try checkpoint(.switched)
        var regular = true
        for name in names {
            regular = makeRegular(name, from: staged) && regular
            try checkpoint(.madeRegular(name))
        }
        Self.removeGenerations(in: directory, keepingCurrent: !regular)
    }

    /// Points `current` at a generation holding what the names show now, so that each can become
    /// a link through it without changing its bytes. When every name already links through
    /// `current` (a file system without hard links), the generation it names is that one.
    private func keepPrevious() throws {
        if names.allSatisfy(isLink) && Self.readLink(directory + "/" + Self.currentName) != nil { return }
        let generation = try makeGeneration()
        for name in names {
            var info = stat()
            guard stat(path(name), &info) == 0 else { continue }  // no such report (or a link to none)
            if !hardLink(path(name), generation + "/" + name) { try Self.copy(path(name), to: generation + "/" + name) }
        }
        try point(at: generation)
    }

    /// Points `current` at `generation` with one rename.
    private func point(at generation: String) throws(OutputError) {
        let temporary = directory + "/.\(Self.currentName).tmp-" + Self.unique()
        guard symlink((generation as NSString).lastPathComponent, temporary) == 0 else {
            throw Self.failure(temporary, "cannot create a link")
        }
        try replace(Self.directoryName + "/" + Self.currentName, with: temporary)
    }

    /// Renames `temporary` over the name, or removes it and says why not.
    private func replace(_ name: String, with temporary: String) throws(OutputError) {
        guard rename(temporary, path(name)) != 0 else { return }
        let code = errno
        unlink(temporary)
        throw Self.failure(path(name), "cannot be replaced", code)
    }

    /// Replaces a name that links through `current` with a hard link to its file in `generation`,
    /// the same bytes; a name whose generation has no such file is removed, as the report set has
    /// none. False when the file system refuses the hard link: the name stays a link.
    private func makeRegular(_ name: String, from generation: String) -> Bool {
        let source = generation + "/" + name
        var info = stat()
        guard stat(source, &info) == 0 else {
            unlink(path(name))
            return true
        }
        let temporary = Self.temporary(beside: path(name))
        guard hardLink(source, temporary) else { return false }
        guard rename(temporary, path(name)) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Whether the name is a link through `current`, as a switch makes them.
    func isLink(_ name: String) -> Bool {
        Self.readLink(path(name)) == Self.linkTarget(name)
    }

    /// Finishes what a switch cut short by a kill left, under the folder's lock (so no switch is
    /// under way): every name that links through `current` becomes a regular file with the same
    /// bytes, then the generations go. Where a hard link is refused, the name stays a link, and
    /// `current` with the generation it names stays too.
    static func recover(in folder: String) {
        let directory = folder + "/" + directoryName
        var info = stat()
        guard lstat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let switcher = ReportSwitch(folder: folder, names: entries)
        var regular = true
        for name in entries where switcher.isLink(name) {
            regular = switcher.makeRegular(name, from: directory + "/" + currentName) && regular
        }
        removeGenerations(in: directory, keepingCurrent: !regular)
    }

    /// Removes `current`, every generation and the folder; or, while names still link through
    /// `current`, every generation but the one it names.
    static func removeGenerations(in directory: String, keepingCurrent: Bool) {
        let current = directory + "/" + currentName
        let kept = keepingCurrent ? readLink(current) : nil
        if !keepingCurrent { unlink(current) }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard entry != currentName, entry != kept else { continue }
            try? FileManager.default.removeItem(atPath: directory + "/" + entry)
        }
        if !keepingCurrent { rmdir(directory) }
    }

    /// Where a symbolic link points, or nil when the path is not one.
    static func readLink(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count - 1) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Copies a file's bytes to a new file, where a hard link is refused.
    private static func copy(_ source: String, to destination: String) throws(OutputError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw failure(source, "cannot be read") }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw failure(destination, "cannot be created") }
        defer { close(output) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failure(source, "cannot be read") }
            if count == 0 { return }
            var done = 0
            while done < count {
                let written = chunk.withUnsafeBytes { systemWrite(output, $0.baseAddress! + done, count - done) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw failure(destination, "cannot be written") }
                done += written
            }
        }
    }

    /// A hidden name beside `path` that the holder of the folder's lock removes if a kill leaves it.
    private static func temporary(beside path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-" + unique()).path
    }

    private static func unique() -> String {
        "\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
    }

    private static func failure(_ path: String, _ what: String, _ code: Int32 = errno) -> OutputError {
        OutputError(path: path, message: "\(what): \(systemReason(code)); the previous reports are left whole")
    }
}

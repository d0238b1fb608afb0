import Foundation

/// The files of an app's tree that the scanner reads, found in one walk that never follows a
/// link out of the tree or twice, never reads a huge or binary file and never stops at a folder
/// it cannot open.
struct SourceTree: Sendable {
    /// What the walk left out, counted for the summary line.
    struct Skipped: Sendable, Hashable {
        var binary = 0
        var huge = 0
        var linkLoops = 0
        /// Links to files or folders outside the tree: another app's project, `/proc`.
        var outside = 0
        var unreadable = 0
        var vendored = 0
        var otherTargets = 0

        var total: Int { binary + huge + linkLoops + outside + unreadable + vendored + otherTargets }
    }

    /// One file: its path relative to the tree's root, with `/` separators.
    struct File: Sendable, Hashable {
        var path: String
        var url: URL
    }

    /// Files above this size are not read: no source or project file of an app comes near it.
    static let largestFile = 4 << 20
    /// Folders of tools, dependencies and build products: not the app's own code.
    static let ignoredFolders: Set<String> = [
        ".git", ".build", ".swiftpm", "build", "DerivedData", "Pods", "Carthage", "node_modules", "xcuserdata",
    ]

    var root: URL
    var files: [File] = []
    var skipped = Skipped()
    /// The root with every link in its path resolved, which a followed link must stay under.
    private let resolvedRoot: String

    /// Walks the tree under `root`, sorted by path so that output never depends on the file system's order.
    init(root: URL) {
        self.root = root
        resolvedRoot = Self.resolved(root.path) ?? root.path
        var visited: Set<[UInt64]> = []
        walk(root, relative: "", visited: &visited)
        files.sort { $0.path < $1.path }
    }

    /// The path with every link in it resolved, or nil when it leads nowhere.
    private static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether a resolved path is the tree itself or in it.
    private func isInside(_ target: String) -> Bool {
        target == resolvedRoot || target.hasPrefix(resolvedRoot == "/" ? "/" : resolvedRoot + "/")
    }

    private mutating func walk(_ folder: URL, relative: String, visited: inout Set<[UInt64]>) {
        var info = stat()
        guard stat(folder.path, &info) == 0 else {
            skipped.unreadable += 1
            return
        }
        guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else {
            skipped.linkLoops += 1
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            skipped.unreadable += 1
            return
        }
        for name in names.sorted() where !Self.ignoredFolders.contains(name) {
            let url = folder.appendingPathComponent(name)
            let path = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard lstat(url.path, &entry) == 0 else {
                skipped.unreadable += 1
                continue
            }
            if (entry.st_mode & S_IFMT) == S_IFLNK {
                guard let target = Self.resolved(url.path), stat(url.path, &entry) == 0 else {
                    skipped.unreadable += 1  // a link to nothing
                    continue
                }
                guard isInside(target) else {
                    skipped.outside += 1
                    continue
                }
            }
            if (entry.st_mode & S_IFMT) == S_IFDIR {
                if name.hasSuffix(".xcodeproj") {
                    addProject(in: url, path: path)
                } else if !name.hasSuffix(".xcassets") && !name.hasSuffix(".xcworkspace") {
                    walk(url, relative: path, visited: &visited)
                }
            } else if (entry.st_mode & S_IFMT) == S_IFREG && Self.isRead(name) {
                if Int(entry.st_size) > Self.largestFile {
                    skipped.huge += 1
                } else {
                    files.append(File(path: path, url: url))
                }
            }
        }
    }

    /// An `.xcodeproj`'s project file, unless it is a link out of the tree (another checkout's
    /// project would be read as the app's); a link to nothing is counted when it cannot be read.
    private mutating func addProject(in folder: URL, path: String) {
        let project = folder.appendingPathComponent("project.pbxproj")
        var entry = stat()
        if lstat(project.path, &entry) == 0, (entry.st_mode & S_IFMT) == S_IFLNK, let target = Self.resolved(project.path),
            !isInside(target)
        {
            skipped.outside += 1
            return
        }
        files.append(File(path: path + "/project.pbxproj", url: project))
    }

    /// The files any rule reads: sources, property lists, project descriptions and build settings.
    static func isRead(_ name: String) -> Bool {
        let suffixes = [".swift", ".m", ".mm", ".h", ".plist", ".xcconfig", ".yml", ".yaml"]
        return suffixes.contains { name.hasSuffix($0) }
    }

    /// The file's text, or nil (counted) when it holds NUL bytes or is not UTF-8: a binary file.
    mutating func text(of file: File) -> String? {
        guard let data = FileManager.default.contents(atPath: file.url.path) else {
            skipped.unreadable += 1
            return nil
        }
        guard !data.prefix(8192).contains(0), let text = String(data: data, encoding: .utf8) else {
            skipped.binary += 1
            return nil
        }
        return text
    }
}

import Foundation

/// The system calls of the tree walk and of reading its files, each relative to an open folder,
/// so that no path's length matters (a tree may nest past `PATH_MAX`), and none of them reads
/// anything outside the tree: a link is followed only to find where it leads, one folder at a
/// time, and what it leads to is opened only once it is known to be inside.
enum TreeFiles {
    /// A file's identity: its device and inode. Two names for one file (links, hard links) share it.
    struct FileID: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Calls `body` with `name` as a C string.
    static func withName<Result>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (name + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The entry `name` in `folder`, the link itself unless `follow`; nil with `errno` set when there is none.
    static func status(_ folder: Int32, _ name: [UInt8], follow: Bool) -> stat? {
        var info = stat()
        let result = withName(name) { fstatat(folder, $0, &info, follow ? 0 : AT_SYMLINK_NOFOLLOW) }
        return result == 0 ? info : nil
    }

    static func kind(_ info: stat) -> mode_t { info.st_mode & S_IFMT }

    /// Opens the folder `name` in `folder` (following a link); -1 with `errno` set when it cannot.
    static func openFolder(_ folder: Int32, _ name: [UInt8]) -> Int32 {
        withName(name) { openat(folder, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    }

    /// The names in a folder, `.` and `..` left out, in no particular order; nil when it cannot be listed.
    static func names(in folder: Int32) -> [[UInt8]]? {
        let copy = dup(folder)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return nil
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    /// Whether the open folder is the tree's root or inside it: its parents are followed up (`..`)
    /// until the root is met, or the top of the file system, or a parent that cannot be opened.
    static func isInside(_ folder: Int32, root: FileID) -> Bool {
        var current = dup(folder)
        defer { if current >= 0 { close(current) } }
        var info = stat()
        while current >= 0, fstat(current, &info) == 0 {
            let here = FileID(info)
            if here == root { return true }
            let parent = openFolder(current, [0x2E, 0x2E])
            guard parent >= 0, fstat(parent, &info) == 0, FileID(info) != here else {
                if parent >= 0 { close(parent) }
                return false
            }
            close(current)
            current = parent
        }
        return false
    }

    /// Follows the link `name` in `folder` (and links it leads to, at most 40) to the entry that is
    /// not a link: the open folder holding it (the caller closes it) and its name there. Nil when
    /// the link leads nowhere or round in a circle. Nothing it passes through is read.
    static func resolveLink(in folder: Int32, _ name: [UInt8]) -> (folder: Int32, name: [UInt8])? {
        var current = dup(folder)
        var name = name
        for _ in 0..<40 {
            guard current >= 0, let info = status(current, name, follow: false) else { break }
            guard kind(info) == S_IFLNK else { return (current, name) }
            guard let target = linkTarget(current, name) else { break }
            let slash = target.lastIndex(of: 0x2F)
            let folderPart = slash.map { $0 == 0 ? [0x2F] : Array(target[..<$0]) } ?? [0x2E]
            name = slash.map { Array(target[($0 + 1)...]) } ?? target
            if name.isEmpty { name = [0x2E] }
            let next =
                folderPart.first == 0x2F
                ? withName(folderPart) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } : openFolder(current, folderPart)
            close(current)
            current = next
        }
        if current >= 0 { close(current) }
        return nil
    }

    /// The text of the link `name` in `folder`.
    private static func linkTarget(_ folder: Int32, _ name: [UInt8]) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = withName(name) { path in
            buffer.withUnsafeMutableBufferPointer { readlinkat(folder, path, $0.baseAddress!, $0.count) }
        }
        guard count > 0, count < buffer.count else { return nil }
        return Array(buffer[..<count])
    }

    /// Why a read failed, as a reader of the header takes it.
    enum ReadFailure: Error, Equatable {
        case tooLarge
        case notRegular
        case system(Int32)
    }

    /// The whole file `components` names from `root`, at most `limit` bytes; each folder on the way
    /// is opened from the one before. Refuses anything but a regular file, and a file over `limit`.
    static func read(root: String, components: [[UInt8]], limit: Int) -> Result<[UInt8], ReadFailure> {
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for component in components.dropLast() where folder >= 0 {
            let next = openFolder(folder, component)
            close(folder)
            folder = next
        }
        guard folder >= 0, let name = components.last else { return .failure(.system(errno)) }
        let file = withName(name) { openat(folder, $0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        let openError = errno
        close(folder)
        guard file >= 0 else { return .failure(.system(openError)) }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { return .failure(.system(errno)) }
        guard kind(info) == S_IFREG else { return .failure(.notRegular) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge) }
        return readAll(file, limit: limit)
    }

    /// Reads to the end, refusing more than `limit` bytes (a file may grow after `fstat`).
    private static func readAll(_ file: Int32, limit: Int) -> Result<[UInt8], ReadFailure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(file, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.system(errno)) }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { return .failure(.tooLarge) }
        }
    }
}

import Foundation

/// The walk behind ``SourceTree``: depth first, by name, with one open folder per level (so no
/// path's length matters and no recursion grows the stack), each folder entered once.
struct TreeWalk {
    /// A folder being listed: its open descriptor, its names from the root, and the next entry.
    private struct Frame {
        var folder: Int32
        var components: [[UInt8]]
        var names: [[UInt8]]
        var next = 0
    }

    let root: String
    private(set) var rootID = TreeFiles.FileID(stat())
    var files: [SourceTree.File] = []
    var skipped = SourceTree.Skipped()
    var unread: [Unread] = []
    private var visited: Set<TreeFiles.FileID> = []
    private var stack: [Frame] = []

    init(root: String) { self.root = root }

    mutating func run() {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var info = stat()
        guard folder >= 0, fstat(folder, &info) == 0 else {
            if folder >= 0 { close(folder) }
            unread.append(Unread(path: ".", reason: .unreadable(systemReason(errno)), isFolder: true))
            skipped.unreadable += 1
            return
        }
        rootID = TreeFiles.FileID(info)
        enter(folder, components: [], id: rootID)
        while !stack.isEmpty {
            // Cancelled (a signal): the scan stops with no result, so the walk need not finish.
            if Task.isCancelled {
                while let frame = stack.popLast() { close(frame.folder) }
                return
            }
            let top = stack.count - 1
            guard stack[top].next < stack[top].names.count else {
                close(stack.removeLast().folder)
                continue
            }
            let name = stack[top].names[stack[top].next]
            stack[top].next += 1
            visit(name, in: stack[top].folder, components: stack[top].components + [name])
        }
    }

    private static func path(_ components: [[UInt8]]) -> String {
        String(decoding: Array(components.joined(separator: [0x2F])), as: UTF8.self)
    }

    private mutating func record(_ entry: Unread) {
        unread.append(entry)
        entry.reason.count(in: &skipped)
    }

    /// Lists an open folder (taking it over) unless it was entered before or lies too deep.
    private mutating func enter(_ folder: Int32, components: [[UInt8]], id: TreeFiles.FileID) {
        guard visited.insert(id).inserted else {
            skipped.linkLoops += 1
            close(folder)
            return
        }
        guard components.count < SourceTree.deepestFolder else {
            let why = "nested deeper than \(SourceTree.deepestFolder) folders"
            record(Unread(path: Self.path(components), reason: .unreadable(why), isFolder: true))
            close(folder)
            return
        }
        guard let names = TreeFiles.names(in: folder) else {
            record(Unread(path: Self.path(components), reason: .unreadable(systemReason(errno)), isFolder: true))
            close(folder)
            return
        }
        let sorted = names.map { (String(decoding: $0, as: UTF8.self), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        stack.append(Frame(folder: folder, components: components, names: sorted))
    }

    /// One entry of a folder: a file to read, a folder to enter, a link followed if it stays inside.
    private mutating func visit(_ name: [UInt8], in folder: Int32, components: [[UInt8]]) {
        let text = String(decoding: name, as: UTF8.self)
        guard !SourceTree.ignoredFolders.contains(text) else { return }
        let path = Self.path(components)
        guard var info = TreeFiles.status(folder, name, follow: false) else {
            record(Unread(path: path, reason: .unreadable(systemReason(errno))))
            return
        }
        let isLink = TreeFiles.kind(info) == S_IFLNK
        if isLink {
            guard let target = followedLink(name, in: folder, path: path, isRead: SourceTree.isRead(text)) else { return }
            info = target
        }
        switch TreeFiles.kind(info) {
        case S_IFDIR:
            guard !text.hasSuffix(".xcassets") && !text.hasSuffix(".xcworkspace") else { return }
            let opened = TreeFiles.openFolder(folder, name)
            guard opened >= 0 else {
                record(Unread(path: path, reason: .unreadable(systemReason(errno)), isFolder: true))
                return
            }
            if text.hasSuffix(".xcodeproj") {
                addProject(in: opened, components: components)
            } else {
                enter(opened, components: components, id: TreeFiles.FileID(info))
            }
        case S_IFREG where SourceTree.isRead(text):
            if Int(info.st_size) > SourceTree.largestFile {
                record(Unread(path: path, reason: .tooLarge))
            } else {
                files.append(SourceTree.File(path: path, components: components, id: TreeFiles.FileID(info), isLink: isLink))
            }
        default: break
        }
    }

    /// What a link leads to, when that is inside the tree; nil (and counted) when it leads out of
    /// it or nowhere. Links to files the rules do not read are passed over uncounted.
    private mutating func followedLink(_ name: [UInt8], in folder: Int32, path: String, isRead: Bool) -> stat? {
        guard let (holder, last) = TreeFiles.resolveLink(in: folder, name),
            let info = TreeFiles.status(holder, last, follow: false)
        else {
            if isRead { record(Unread(path: path, reason: .dangling)) }
            return nil
        }
        defer { close(holder) }
        let isFolder = TreeFiles.kind(info) == S_IFDIR
        var inside = false
        if isFolder {
            let opened = TreeFiles.openFolder(holder, last)
            inside = opened >= 0 && TreeFiles.isInside(opened, root: rootID)
            if opened >= 0 { close(opened) }
        } else {
            inside = TreeFiles.isInside(holder, root: rootID)
        }
        guard inside else {
            if isFolder || isRead { record(Unread(path: path, reason: .outside, isFolder: isFolder)) }
            return nil
        }
        return info
    }

    /// An `.xcodeproj`'s project file, unless it is a link out of the tree (another checkout's
    /// project would be read as the app's). Takes over the open folder.
    private mutating func addProject(in project: Int32, components: [[UInt8]]) {
        defer { close(project) }
        let name = Array("project.pbxproj".utf8)
        let path = Self.path(components + [name])
        guard var info = TreeFiles.status(project, name, follow: false) else {
            record(Unread(path: path, reason: .unreadable(systemReason(errno))))
            return
        }
        let isLink = TreeFiles.kind(info) == S_IFLNK
        if isLink {
            guard let target = followedLink(name, in: project, path: path, isRead: true) else { return }
            info = target
        }
        files.append(SourceTree.File(path: path, components: components + [name], id: TreeFiles.FileID(info), isLink: isLink))
    }
}

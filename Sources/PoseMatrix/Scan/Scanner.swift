import Foundation

/// Why a tree could not be scanned.
struct ScanError: Error, Equatable, CustomStringConvertible {
    /// `interrupted`: the task running the scan was cancelled (SIGINT, SIGTERM) before it ended.
    enum Cause: Sendable { case missing, notAnApp, interrupted }
    var cause: Cause
    var description: String
}

/// `duo-pose scan`: derives the matrix's `app` block from an iOS app's tree, with evidence.
enum Scanner {
    /// Scans the tree at `path`; the result's paths are relative to it.
    static func scan(_ path: String) throws(ScanError) -> ScanResult {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ScanError(cause: .missing, description: "\(path): no such folder")
        }
        guard isFolder.boolValue else {
            throw ScanError(cause: .missing, description: "\(path): is a file, not an app's folder")
        }
        var tree = SourceTree(root: path)
        try stopIfCancelled()
        guard let target = appTarget(in: &tree) else { throw notAnApp(path, tree: tree) }
        var result = ScanResult(root: path, project: target.projectFile)
        for problem in target.problems { tree.record(problem) }
        let plist = infoPlist(target, tree: &tree)
        let scope = SourceScope(tree: tree, target: target)
        var facts = SourceFacts()
        for file in tree.files where SourceFile.isSource(file.path) {
            try stopIfCancelled()
            guard scope.isApp(file.path, counting: &tree.skipped) else { continue }
            guard let bytes = tree.bytes(of: file) else { continue }
            let source = SourceFile(path: file.path, text: String(decoding: bytes, as: UTF8.self))
            guard !source.isForAnotherPlatform else {
                tree.skipped.otherTargets += 1
                continue
            }
            facts.read(source)
        }
        facts.followCalls()
        result.filesRead = facts.sourceFiles + 1 + (plist.fileRead ? 1 : 0)
        var ignored = SourceTree.Skipped()
        let unreadSources = tree.unread.filter { $0.couldHoldSources && scope.isApp($0.path, counting: &ignored) }
        var settlement = Settlement(facts: facts, unreadSources: unreadSources, unreadPlist: plist.unread)
        settle(&result, plist: plist.entries, target: target, settlement: &settlement)
        result.skipped = tree.skipped
        result.unread = settlement.unreadFiles(tree.unread)
        return result
    }

    /// A scan stops between files once its task is cancelled: a signal to `scan` or to a `run`
    /// scanning its app stops it within a file's reading, not minutes later.
    private static func stopIfCancelled() throws(ScanError) {
        if Task.isCancelled { throw ScanError(cause: .interrupted, description: "interrupted") }
    }

    /// Exit 65's error: what was looked for, how many files were looked at, and the project
    /// descriptions that could not be read.
    private static func notAnApp(_ path: String, tree: SourceTree) -> ScanError {
        let projects = tree.unread.filter { isProjectDescription($0.path) }
        let notRead = projects.isEmpty ? "" : "; not read: " + projects.map(\.description).joined(separator: ", ")
        return ScanError(
            cause: .notAnApp,
            description:
                "\(path): not an iOS app: no application target for iPhone in an .xcodeproj, an XcodeGen project.yml or a Tuist Project.swift "
                + "(\(counted(tree.files.count, "file")) looked at\(notRead))")
    }

    private static func isProjectDescription(_ path: String) -> Bool {
        path.hasSuffix(".xcodeproj/project.pbxproj") || path == "project.yml" || path.hasSuffix("/project.yml")
            || path == "Project.swift" || path.hasSuffix("/Project.swift")
    }

    static func isXcodeGen(_ file: SourceTree.File) -> Bool {
        file.path == "project.yml" || file.path.hasSuffix("/project.yml")
    }

    /// The app target of the project nearest the root (the shallowest; by path among equals).
    private static func appTarget(in tree: inout SourceTree) -> AppTarget? {
        func nearestFirst(_ files: [SourceTree.File]) -> [SourceTree.File] {
            files.sorted { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
        }
        var configs = XCConfigFiles()
        for file in nearestFirst(tree.files.filter { $0.path.hasSuffix(".xcodeproj/project.pbxproj") }) {
            guard let text = tree.text(of: file), let project = XcodeProject(path: file.path, text: text) else { continue }
            if let target = project.appTarget(configFile: { configs.base($0, in: &tree) }) { return target }
        }
        // An XcodeGen project that was not generated: its project.yml describes the same target.
        for file in nearestFirst(tree.files.filter(isXcodeGen)) {
            guard let text = tree.text(of: file) else { continue }
            let target = XcodeGenProject.appTarget(
                path: file.path, text: text, spec: { path in tree.file(at: path).flatMap { tree.text(of: $0) } },
                configFile: { configs.base($0, in: &tree) })
            if let target { return target }
        }
        // A Tuist project that was not generated: its Project.swift (one per project, nearest the root first).
        for file in nearestFirst(tree.files.filter { $0.path == "Project.swift" || $0.path.hasSuffix("/Project.swift") }) {
            guard let text = tree.text(of: file) else { continue }
            if let target = TuistProject.appTarget(path: file.path, text: text) { return target }
        }
        return nil
    }
}

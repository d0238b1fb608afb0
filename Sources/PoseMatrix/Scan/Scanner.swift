import Foundation

/// Why a tree could not be scanned.
public struct ScanError: Error, Equatable, CustomStringConvertible {
    public enum Cause: Sendable { case missing, notAnApp }
    public var cause: Cause
    public var description: String
}

/// `duo-pose scan`: derives the matrix's `app` block from an iOS app's tree, with evidence.
public enum Scanner {
    /// Scans the tree at `path`; the result's paths are relative to it.
    public static func scan(_ path: String) throws(ScanError) -> ScanResult {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ScanError(cause: .missing, description: "\(path): no such folder")
        }
        guard isFolder.boolValue else {
            throw ScanError(cause: .missing, description: "\(path): is a file, not an app's folder")
        }
        var tree = SourceTree(root: URL(fileURLWithPath: path))
        guard let target = appTarget(in: &tree) else {
            throw ScanError(
                cause: .notAnApp,
                description:
                    "\(path): not an iOS app: no application target for iPhone in an .xcodeproj, an XcodeGen project.yml or a Tuist Project.swift "
                    + "(\(counted(tree.files.count, "file")) looked at)")
        }
        var result = ScanResult(root: path, project: target.projectFile)
        let (plist, plistFileRead) = infoPlist(target, tree: &tree)
        var facts = SourceFacts()
        let folder = target.projectFolder
        let otherProjects = Set(projectFolders(tree)).subtracting([folder]).filter { other in
            !(folder == other || folder.hasPrefix(other + "/") || other.isEmpty)
        }
        for file in tree.files where [".swift", ".m", ".mm"].contains(where: file.path.hasSuffix) {
            if otherProjects.contains(where: { file.path.hasPrefix($0 + "/") }) {
                tree.skipped.vendored += 1
                continue
            }
            if target.otherTargetFolders.contains(where: { file.path.hasPrefix($0 + "/") }) {
                tree.skipped.otherTargets += 1
                continue
            }
            guard let text = tree.text(of: file) else { continue }
            facts.read(SourceFile(path: file.path, text: text))
        }
        result.filesRead = facts.sourceFiles + 1 + (plistFileRead ? 1 : 0)
        settle(&result, plist: plist, target: target, facts: facts)
        result.skipped = tree.skipped
        return result
    }

    /// The folders (relative to the root) that hold a project description.
    private static func projectFolders(_ tree: SourceTree) -> [String] {
        tree.files.compactMap { file in
            if file.path.hasSuffix(".xcodeproj/project.pbxproj") {
                return file.path.split(separator: "/").dropLast(2).joined(separator: "/")
            }
            return isXcodeGen(file) ? file.path.split(separator: "/").dropLast().joined(separator: "/") : nil
        }
    }

    private static func isXcodeGen(_ file: SourceTree.File) -> Bool {
        file.path == "project.yml" || file.path.hasSuffix("/project.yml")
    }

    /// The app target of the project nearest the root (the shallowest; by path among equals).
    private static func appTarget(in tree: inout SourceTree) -> AppTarget? {
        let projects = tree.files.filter { $0.path.hasSuffix(".xcodeproj/project.pbxproj") }
            .sorted { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
        for file in projects {
            guard let text = tree.text(of: file) else { continue }
            var configs = tree
            let project = XcodeProject(path: file.path, text: text) { name in configuration(name, in: &configs) }
            if let target = project?.appTarget() { return target }
        }
        // An XcodeGen project that was not generated: its project.yml describes the same target.
        let specs = tree.files.filter(isXcodeGen).sorted {
            $0.path.split(separator: "/").count < $1.path.split(separator: "/").count
        }
        for file in specs {
            guard let text = tree.text(of: file) else { continue }
            if let target = XcodeGenProject.appTarget(path: file.path, text: text) { return target }
        }
        // A Tuist project that was not generated: its Project.swift (one per project, nearest the root first).
        let manifests = tree.files.filter { $0.path == "Project.swift" || $0.path.hasSuffix("/Project.swift") }.sorted {
            ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path)
        }
        for file in manifests {
            guard let text = tree.text(of: file) else { continue }
            if let target = TuistProject.appTarget(path: file.path, text: text) { return target }
        }
        return nil
    }

    /// An `.xcconfig` named by a project: the file whose path ends with the name the project gives.
    private static func configuration(_ name: String, in tree: inout SourceTree, depth: Int = 0) -> [String: BuildSetting] {
        let wanted = AppTarget.normalized(name)
        guard depth < 8, let file = tree.files.first(where: { $0.path == wanted || $0.path.hasSuffix("/" + wanted) }),
            let text = tree.text(of: file)
        else { return [:] }
        return XCConfig.settings(path: file.path, text: text) { configuration($0, in: &tree, depth: depth + 1) }
    }

    /// The target's Info.plist entries: the file `INFOPLIST_FILE` names, with the generated keys over it;
    /// nil when the target has neither; and whether the file was read.
    private static func infoPlist(_ target: AppTarget, tree: inout SourceTree) -> ([String: PlistEntry]?, Bool) {
        // XcodeGen writes `info.properties`, and Tuist its manifest's Info.plist, into the file it generates:
        // they are the file.
        var file = target.properties
        if file == nil, let path = target.infoPlistPath,
            let data = FileManager.default.contents(atPath: tree.root.appendingPathComponent(path).path)
        {
            file = InfoPlist.entries(path: path, data: data)
        }
        let generated = InfoPlist.generated(target.settings)
        if file == nil && generated == nil { return (nil, false) }
        return (InfoPlist.merged(file: file ?? [:], generated: generated ?? [:]), file != nil && target.properties == nil)
    }
}

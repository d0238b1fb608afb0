/// Which sources of the tree are the app target's: not those inside another project's folder (a
/// second app vendored into the tree), nor those under folders only other targets build.
struct SourceScope {
    private let otherProjects: Set<String>
    private let otherTargets: Set<String>

    init(tree: SourceTree, target: AppTarget) {
        let folder = target.projectFolder
        let folders = tree.files.compactMap { file -> String? in
            if file.path.hasSuffix(".xcodeproj/project.pbxproj") {
                return file.path.split(separator: "/").dropLast(2).joined(separator: "/")
            }
            return Scanner.isXcodeGen(file) ? file.path.split(separator: "/").dropLast().joined(separator: "/") : nil
        }
        otherProjects = Set(folders).subtracting([folder]).filter { other in
            !(folder == other || folder.hasPrefix(other + "/") || other.isEmpty)
        }
        otherTargets = Set(target.otherTargetFolders)
    }

    /// Whether the source at `path` is the app's; one that is not is counted in `skipped`.
    /// Each folder above the path is looked up once, so the check costs the path's depth.
    func isApp(_ path: String, counting skipped: inout SourceTree.Skipped) -> Bool {
        var folder = Substring(path)
        var underOtherTarget = false
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if otherProjects.contains(String(folder)) {
                skipped.vendored += 1
                return false
            }
            underOtherTarget = underOtherTarget || otherTargets.contains(String(folder))
        }
        if underOtherTarget { skipped.otherTargets += 1 }
        return !underOtherTarget
    }
}

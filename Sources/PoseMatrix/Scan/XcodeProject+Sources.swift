/// The sources an app target compiles from outside the tree scanned: a scan of `App/` whose
/// project takes its code from `../Sources` cannot see it, so a key settled by a form's absence
/// is unknown, as for any source not read.
extension XcodeProject {
    /// Where each file reference lies, from the tree's root, as its groups nest it: a `<group>`
    /// path joined to its group's, `SOURCE_ROOT` from the project's folder, an absolute path as
    /// given; nil for one relative to the SDK or the build products (no file of the tree).
    func filePaths(projectFolder folder: String) -> [String: String] {
        var paths: [String: String] = [:]
        guard let main = rootObject["mainGroup"] as? String else { return paths }
        var pending: [(id: String, folder: String)] = [(main, folder)]
        var seen: Set<String> = []
        while let (id, parent) = pending.popLast() {
            guard seen.insert(id).inserted, let object = objects[id] else { continue }
            let own = object["path"] as? String
            let here: String
            switch object["sourceTree"] as? String {
            case "<group>", nil: here = own.map { parent.isEmpty ? $0 : parent + "/" + $0 } ?? parent
            case "SOURCE_ROOT": here = own.map { folder.isEmpty ? $0 : folder + "/" + $0 } ?? folder
            case "<absolute>": here = own ?? "/"
            default: continue
            }
            if let children = object["children"] as? [String] {
                pending += children.map { ($0, here) }
            } else {
                paths[id] = here
            }
        }
        return paths
    }

    /// The sources the target compiles (its `PBXSourcesBuildPhase`) that lie outside the tree,
    /// named by the project file's line of the first one's reference: nil when all lie inside.
    func sourcesOutside(target: Object, projectFolder folder: String) -> Unread? {
        let paths = filePaths(projectFolder: folder)
        var outside: [String] = []
        for phase in (target["buildPhases"] as? [String] ?? []).compactMap({ objects[$0] })
        where phase["isa"] as? String == "PBXSourcesBuildPhase" {
            for file in (phase["files"] as? [String] ?? []) {
                guard let reference = objects[file]?["fileRef"] as? String, let path = paths[reference],
                    SourceFile.isSource(path)
                else { continue }
                let normalized = AppTarget.normalized(path)
                if path.hasPrefix("/") || normalized == ".." || normalized.hasPrefix("../") { outside.append(reference) }
            }
        }
        guard let first = outside.first else { return nil }
        return Unread(path: self.path, line: (line(startedBy: first, from: 0) ?? 0) + 1, reason: .sourcesOutside(outside.count))
    }
}

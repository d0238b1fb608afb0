/// Reads the app target out of an XcodeGen `project.yml`: settings (`base` and the `Release`
/// config, project then target) and the Info.plist it declares (`info.path`, `info.properties`).
enum XcodeGenProject {
    static let otherPlatforms: Set<String> = ["macOS", "tvOS", "watchOS", "visionOS"]

    /// `spec` reads another spec file of the tree by its path from the root (an `include:`), and
    /// `configFile` an `.xcconfig` a `configFiles:` entry names.
    static func appTarget(
        path: String, text: String, spec: (String) -> String?, configFile: (String) -> [String: BuildSetting]
    ) -> AppTarget? {
        var tooDeepAt: Int?
        let root = XcodeGenIncludes.merged(path: path, text: text, reading: spec, tooDeepAt: &tooDeepAt)
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let projectSettings = levels(root["configFiles"], root["settings"], root: root, file: path, configFile: configFile)
        for (name, declared) in root["targets"]?.entries ?? [] {
            let target = XcodeGenTemplates.applied(to: declared, named: name, templates: root["targetTemplates"])
            guard target["type"]?.scalar == "application", isForiPhone(target) else { continue }
            let targetSettings = levels(target["configFiles"], target["settings"], root: root, file: path, configFile: configFile)
            var app = AppTarget(
                name: name, projectFile: path, projectFolder: folder,
                settings: AppTarget.resolve(projectSettings + targetSettings))
            if let info = target["info"] {
                if let plistPath = info["path"], let value = plistPath.scalar {
                    app.settings["INFOPLIST_FILE"] = BuildSetting(value: value, location: location(plistPath, path))
                }
                let stated = properties(info["properties"], file: path)
                app.properties = stated.isEmpty ? nil : stated
            }
            guard app.buildsForiPhone else { continue }
            if let line = tooDeepAt {
                let why = "nested deeper than \(YAMLReader.deepest) levels"
                app.problems.append(Unread(path: path, line: line, reason: .malformed(why)))
            }
            let own = Set(sources(target, folder: folder))
            for (other, node) in root["targets"]?.entries ?? [] where other != name {
                app.otherTargetFolders += sources(node, folder: folder).filter { !own.contains($0) }
            }
            return app
        }
        return nil
    }

    /// `platform` (`iOS`, or a list) not only another platform's; without it, `supportedDestinations`
    /// listing `iOS` (XcodeGen's multi-platform targets).
    private static func isForiPhone(_ target: YAMLNode) -> Bool {
        if let platform = target["platform"] {
            let platforms = platform.scalar.map { [$0] } ?? list(platform)
            return !platforms.isEmpty && !platforms.allSatisfy(otherPlatforms.contains)
        }
        guard let destinations = target["supportedDestinations"] else { return false }
        return (destinations.scalar.map { [$0] } ?? list(destinations)).contains("iOS")
    }

    /// A target's `sources`: a path, a list of paths, or a list of `{path: …}`, from the tree's root.
    private static func sources(_ target: YAMLNode, folder: String) -> [String] {
        guard let node = target["sources"] else { return [] }
        let paths: [String]
        if let single = node.scalar {
            paths = [single]
        } else if case .list(let items) = node.value {
            paths = items.compactMap { $0.scalar ?? $0["path"]?.scalar }
        } else {
            paths = []
        }
        return paths.map { AppTarget.normalized(folder.isEmpty ? $0 : folder + "/" + $0) }
    }

    private static func list(_ node: YAMLNode) -> [String] {
        if case .list(let items) = node.value { return items.compactMap(\.scalar) }
        return []
    }

    private static func location(_ node: YAMLNode, _ file: String) -> ScanLocation {
        ScanLocation(file: node.file.isEmpty ? file : node.file, line: node.line, text: node.text)
    }

    /// The setting levels of a project or target: its `configFiles` entry for the configuration
    /// read (an `.xcconfig`), then the `settingGroups` its `settings.groups` names, then its settings.
    private static func levels(
        _ configFiles: YAMLNode?, _ node: YAMLNode?, root: YAMLNode, file: String,
        configFile: (String) -> [String: BuildSetting]
    ) -> [[String: BuildSetting]] {
        var result: [[String: BuildSetting]] = []
        let files = configFiles?.entries ?? []
        let chosen = files.first { $0.key == AppTarget.preferredConfiguration } ?? files.sorted { $0.key < $1.key }.first
        if let path = chosen?.node.scalar {
            let folder = file.split(separator: "/").dropLast().joined(separator: "/")
            result.append(configFile(AppTarget.normalized(folder.isEmpty ? path : folder + "/" + path)))
        }
        let groups = node?["groups"].map { $0.scalar.map { [$0] } ?? list($0) } ?? []
        for group in groups { result += settings(root["settingGroups"]?[group], file: file) }
        return result + settings(node, file: file)
    }

    /// `settings:` as levels: a plain dictionary, or `base` then `configs.Release`.
    private static func settings(_ node: YAMLNode?, file: String) -> [[String: BuildSetting]] {
        guard let node else { return [] }
        func level(_ node: YAMLNode?) -> [String: BuildSetting] {
            var result: [String: BuildSetting] = [:]
            for (key, value) in node?.entries ?? [] {
                let text = value.scalar ?? list(value).joined(separator: " ")
                result[key] = BuildSetting(value: text, location: location(value, file))
            }
            return result
        }
        guard node["base"] != nil || node["configs"] != nil || node["groups"] != nil else { return [level(node)] }
        let configs = node["configs"]?.entries ?? []
        let release =
            configs.first { $0.key == AppTarget.preferredConfiguration }
            ?? configs.sorted { $0.key < $1.key }.first
        return [level(node["base"]), level(release?.node)]
    }

    /// `info.properties`: the Info.plist keys the scan reads, as XcodeGen writes them into the file.
    private static func properties(_ node: YAMLNode?, file: String) -> [String: PlistEntry] {
        var result: [String: PlistEntry] = [:]
        func entry(_ node: YAMLNode?) -> PlistEntry? {
            guard let node else { return nil }
            if let text = node.scalar {
                return PlistEntry(value: .bool(["YES", "yes", "true", "1"].contains(text)), location: location(node, file))
            }
            return PlistEntry(value: .list(list(node)), location: location(node, file))
        }
        result[InfoPlist.multipleScenes] = entry(node?["UIApplicationSceneManifest"]?["UIApplicationSupportsMultipleScenes"])
        result[InfoPlist.requiresFullScreen] = entry(node?["UIRequiresFullScreen"])
        result[InfoPlist.orientations] = entry(node?["UISupportedInterfaceOrientations"])
        result[InfoPlist.iPhoneOrientations] = entry(node?["UISupportedInterfaceOrientations~iphone"])
        return result
    }
}

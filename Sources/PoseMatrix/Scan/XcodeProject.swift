import Foundation

/// Reads the app target out of an `.xcodeproj`'s `project.pbxproj` (an old-style property list).
struct XcodeProject {
    typealias Object = [String: Any]

    let path: String
    let objects: [String: Object]
    let rootObject: Object
    /// The project file's lines, and for each word that starts a line (a quoted one without its
    /// quotes) the lines it starts, in order: a setting's line is a lookup, not a walk (5,000
    /// settings took 53 s, 3,000 targets 116 s).
    private let lines: [Substring]
    private let linesStartedBy: [Substring: [Int]]

    init?(path: String, text: String) {
        guard
            let plist = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
                as? Object,
            let objects = plist["objects"] as? [String: Object], let root = plist["rootObject"] as? String,
            let rootObject = objects[root]
        else { return nil }
        self.path = path
        self.objects = objects
        self.rootObject = rootObject
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var starts: [Substring: [Int]] = [:]
        for (index, line) in lines.enumerated() { starts[Self.firstWord(line), default: []].append(index) }
        linesStartedBy = starts
    }

    /// `KEY` of `\t\tKEY = value;`, and of `"KEY" = value;`.
    private static func firstWord(_ line: Substring) -> Substring {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.first == "\"" {
            let rest = trimmed.dropFirst()
            return rest.prefix { $0 != "\"" }
        }
        return trimmed.prefix { $0 != " " }
    }

    /// The first line at or after `start` that `word` starts.
    func line(startedBy word: String, from start: Int) -> Int? {
        guard let found = linesStartedBy[Substring(word)] else { return nil }
        var (low, high) = (0, found.count)
        while low < high {
            let middle = (low + high) / 2
            if found[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < found.count ? found[low] : nil
    }

    /// The first application target, in the project's order, that an iPhone build makes.
    /// `configFile` reads an `.xcconfig` the project names, by its path as the project gives it.
    func appTarget(configFile: (String) -> [String: BuildSetting]) -> AppTarget? {
        let folder = path.split(separator: "/").dropLast(2).joined(separator: "/")
        let projectList = rootObject["buildConfigurationList"] as? String
        // The project's levels by configuration, each read once however many targets ask.
        var projectLevels: [String: [[String: BuildSetting]]] = [:]
        for id in rootObject["targets"] as? [String] ?? [] {
            guard let target = objects[id], target["isa"] as? String == "PBXNativeTarget",
                target["productType"] as? String == "com.apple.product-type.application"
            else { continue }
            let list = target["buildConfigurationList"] as? String
            let name = configuration(list)
            if projectLevels[name] == nil { projectLevels[name] = levels(list: projectList, named: name, configFile: configFile) }
            let levels = projectLevels[name]! + levels(list: list, named: name, configFile: configFile)
            var app = AppTarget(
                name: target["name"] as? String ?? id, projectFile: path, projectFolder: folder,
                settings: AppTarget.resolve(levels))
            if app.buildsForiPhone {
                if let outside = sourcesOutside(target: target, projectFolder: folder) { app.problems.append(outside) }
                return app
            }
            app.settings = [:]
        }
        return nil
    }

    /// The configuration of a list to read: `Release`, else the list's default
    /// (`defaultConfigurationName`, `FocusRelease` where there are six), else the first by name.
    private func configuration(_ list: String?) -> String {
        let object = list.flatMap { objects[$0] }
        let names = ((object?["buildConfigurations"] as? [String]) ?? []).compactMap { objects[$0]?["name"] as? String }
        if names.contains(AppTarget.preferredConfiguration) { return AppTarget.preferredConfiguration }
        if let given = object?["defaultConfigurationName"] as? String, names.contains(given) { return given }
        return names.sorted().first ?? ""
    }

    /// The setting levels of the configuration `name` of a list (its `.xcconfig`, then its own
    /// settings); only that configuration's `.xcconfig` is read.
    private func levels(
        list id: String?, named name: String, configFile: (String) -> [String: BuildSetting]
    ) -> [[String: BuildSetting]] {
        for configID in (id.flatMap { objects[$0] }?["buildConfigurations"] as? [String]) ?? [] {
            guard let config = objects[configID], config["name"] as? String == name else { continue }
            var levels: [[String: BuildSetting]] = []
            if let reference = config["baseConfigurationReference"] as? String,
                let file = objects[reference]?["path"] as? String
            {
                levels.append(configFile(file))
            } else if let relative = config["baseConfigurationReferenceRelativePath"] as? String {
                levels.append(configFile(relative))
            }
            levels.append(settings(config["buildSettings"] as? Object ?? [:], configID: configID))
            return levels
        }
        return []
    }

    /// A configuration's settings, each with the line of the project file that sets it.
    private func settings(_ values: Object, configID: String) -> [String: BuildSetting] {
        let start = line(startedBy: configID, from: 0) ?? 0
        var result: [String: BuildSetting] = [:]
        for (key, value) in values {
            let text = (value as? String) ?? (value as? [String])?.joined(separator: " ") ?? ""
            let line = line(startedBy: key, from: start) ?? start
            let evidence = line < lines.count ? ScanLocation.evidence(lines[line]) : ""
            result[key] = BuildSetting(value: text, location: ScanLocation(file: path, line: line + 1, text: evidence))
        }
        return result
    }
}

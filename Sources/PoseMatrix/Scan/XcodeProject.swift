import Foundation

/// Reads the app target out of an `.xcodeproj`'s `project.pbxproj` (an old-style property list).
struct XcodeProject {
    typealias Object = [String: Any]

    let path: String
    let text: String
    let objects: [String: Object]
    let rootObject: Object
    /// Reads an `.xcconfig` the project names, by its path as the project gives it.
    let configFile: (String) -> [String: BuildSetting]

    init?(path: String, text: String, configFile: @escaping (String) -> [String: BuildSetting]) {
        guard
            let plist = try? PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
                as? Object,
            let objects = plist["objects"] as? [String: Object], let root = plist["rootObject"] as? String,
            let rootObject = objects[root]
        else { return nil }
        self.path = path
        self.text = text
        self.objects = objects
        self.rootObject = rootObject
        self.configFile = configFile
    }

    /// The first application target, in the project's order, that an iPhone build makes.
    func appTarget() -> AppTarget? {
        let folder = path.split(separator: "/").dropLast(2).joined(separator: "/")
        let projectLevels = levels(list: rootObject["buildConfigurationList"] as? String)
        for id in rootObject["targets"] as? [String] ?? [] {
            guard let target = objects[id], target["isa"] as? String == "PBXNativeTarget",
                target["productType"] as? String == "com.apple.product-type.application"
            else { continue }
            let targetLevels = levels(list: target["buildConfigurationList"] as? String)
            let name = targetLevels.configuration
            let projectConfig = projectLevels.byName[name] ?? []
            var app = AppTarget(
                name: target["name"] as? String ?? id, projectFile: path, projectFolder: folder,
                settings: AppTarget.resolve(projectConfig + (targetLevels.byName[name] ?? [])))
            if app.buildsForiPhone { return app }
            app.settings = [:]
        }
        return nil
    }

    /// Each configuration's setting levels (its `.xcconfig`, then its own settings), and the one to read.
    private func levels(list id: String?) -> (byName: [String: [[String: BuildSetting]]], configuration: String) {
        var byName: [String: [[String: BuildSetting]]] = [:]
        for configID in (id.flatMap { objects[$0] }?["buildConfigurations"] as? [String]) ?? [] {
            guard let config = objects[configID], let name = config["name"] as? String else { continue }
            var levels: [[String: BuildSetting]] = []
            if let reference = config["baseConfigurationReference"] as? String,
                let file = objects[reference]?["path"] as? String
            {
                levels.append(configFile(file))
            } else if let relative = config["baseConfigurationReferenceRelativePath"] as? String {
                levels.append(configFile(relative))
            }
            levels.append(settings(config["buildSettings"] as? Object ?? [:], configID: configID))
            byName[name] = levels
        }
        let names = byName.keys.sorted()
        let chosen = names.contains(AppTarget.preferredConfiguration) ? AppTarget.preferredConfiguration : names.first ?? ""
        return (byName, chosen)
    }

    /// A configuration's settings, each with the line of the project file that sets it.
    private func settings(_ values: Object, configID: String) -> [String: BuildSetting] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(configID + " ") } ?? 0
        var result: [String: BuildSetting] = [:]
        for (key, value) in values {
            let text = (value as? String) ?? (value as? [String])?.joined(separator: " ") ?? ""
            var line = start
            while line < lines.count {
                let trimmed = lines[line].trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix(key + " ") || trimmed.hasPrefix("\"" + key + "\"") { break }
                line += 1
            }
            let found = line < lines.count
            result[key] = BuildSetting(
                value: text,
                location: ScanLocation(
                    file: path, line: found ? line + 1 : start + 1,
                    text: String(found ? lines[line] : lines[start]).trimmingCharacters(in: .whitespaces)))
        }
        return result
    }
}

/// Reads an `.xcconfig`: `KEY = value` lines, `//` comments, `#include` (relative to the file).
enum XCConfig {
    static func settings(
        path: String, text: String, include: (String) -> [String: BuildSetting]
    ) -> [String: BuildSetting] {
        var result: [String: BuildSetting] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                let target = line.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
                let folder = path.split(separator: "/").dropLast().joined(separator: "/")
                result.merge(include(AppTarget.normalized(folder + "/" + target))) { $1 }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { continue }
            result[key] = BuildSetting(
                value: value,
                location: ScanLocation(file: path, line: index + 1, text: String(rawLine).trimmingCharacters(in: .whitespaces)))
        }
        return result
    }
}

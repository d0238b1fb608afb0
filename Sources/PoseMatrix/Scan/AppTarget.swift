import Foundation

/// A build setting's value and the line that sets it.
struct BuildSetting: Sendable, Hashable {
    var value: String
    var location: ScanLocation

    /// `YES`, `true` or `1`, as Xcode reads a boolean setting.
    var isYes: Bool { ["YES", "yes", "true", "1"].contains(value) }
}

/// The app target of a project: its build settings for an iPhone build of the configuration the
/// scan reads, and the Info.plist entries its project description states itself (XcodeGen, Tuist).
struct AppTarget: Sendable {
    var name: String
    /// The project's description file, relative to the tree's root.
    var projectFile: String
    /// The folder `INFOPLIST_FILE` is relative to.
    var projectFolder: String
    var settings: [String: BuildSetting] = [:]
    /// Info.plist entries written in the project description (XcodeGen's `info.properties`, the
    /// Info.plist a Tuist manifest declares): the target's Info.plist file; nil when it states none.
    var properties: [String: PlistEntry]? = nil
    /// Where the project description declares the Info.plist (Tuist's `infoPlist:`), for keys it leaves out.
    var infoPlistDeclaration: ScanLocation?
    /// Folders, from the tree's root, that only other targets build (known for XcodeGen projects).
    var otherTargetFolders: [String] = []
    /// What the project description holds that the scan could not read (a value nested too deep),
    /// each with its file and line; the Info.plist keys it may hold are unknown.
    var problems: [Unread] = []

    /// The configuration the scan reads where a project has several: the one that ships.
    static let preferredConfiguration = "Release"

    /// Resolves a setting for an iPhone device build: a `[sdk=…]` condition matching `iphoneos` beats
    /// the plain key in the same level; later levels beat earlier ones.
    static func resolve(_ levels: [[String: BuildSetting]]) -> [String: BuildSetting] {
        var resolved: [String: BuildSetting] = [:]
        for level in levels {
            var plain: [String: BuildSetting] = [:]
            var conditional: [String: BuildSetting] = [:]
            for (key, setting) in level {
                guard let open = key.firstIndex(of: "[") else {
                    plain[key] = setting
                    continue
                }
                let name = String(key[..<open])
                let condition = key[open...].dropFirst().dropLast()
                guard condition.hasPrefix("sdk="), Self.matches(String(condition.dropFirst(4)), "iphoneos") else { continue }
                conditional[name] = setting
            }
            resolved.merge(plain) { $1 }
            resolved.merge(conditional) { $1 }
        }
        return resolved
    }

    /// A build-setting condition pattern: `*` matches any run of characters.
    static func matches(_ pattern: String, _ name: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return pattern == name }
        var rest = Substring(name)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts.last!)
    }

    /// Whether an iPhone build can make this target: not when its SDK or platforms say macOS only.
    var buildsForiPhone: Bool {
        if let sdk = settings["SDKROOT"]?.value, sdk.hasPrefix("macosx") || sdk.hasPrefix("xr") || sdk.hasPrefix("watch") {
            return false
        }
        if let platforms = settings["SUPPORTED_PLATFORMS"]?.value, !platforms.contains("iphoneos") { return false }
        return true
    }

    /// Where `INFOPLIST_FILE` leads: a path from the tree's root, out of the tree (an absolute
    /// path, or `..` above the root: never read), or a variable the target's settings do not give.
    enum PlistPath: Equatable {
        case inTree(String)
        case outside
        case unresolved(String)
    }

    /// `INFOPLIST_FILE` with its `$(…)` and `${…}` expanded as Xcode does from the target's own
    /// settings; nil when it is not set.
    var infoPlistPath: PlistPath? {
        guard let raw = settings["INFOPLIST_FILE"]?.value, !raw.isEmpty else { return nil }
        var path: String
        switch expanded(raw) {
        case .success(let text): path = text
        case .failure(let unresolved): return .unresolved(unresolved.variable)
        }
        while path.hasPrefix("./") { path.removeFirst(2) }
        guard !path.hasPrefix("/") else { return .outside }
        let inTree = Self.normalized(projectFolder.isEmpty ? path : projectFolder + "/" + path)
        return inTree == ".." || inTree.hasPrefix("../") ? .outside : .inTree(inTree)
    }

    /// A variable a setting names that the scan cannot resolve (`$(CONFIGURATION)`, `$(X:lower)`).
    struct Unresolved: Error {
        var variable: String
    }

    /// What Xcode defines itself for a target, where its settings do not: the project's folder
    /// (`INFOPLIST_FILE` is relative to it) and the target's name.
    private var builtIn: [String: String] {
        ["SRCROOT": ".", "PROJECT_DIR": ".", "SOURCE_ROOT": ".", "TARGET_NAME": name, "PRODUCT_NAME": "$(TARGET_NAME)"]
    }

    /// The value with each variable replaced, innermost first (`$(A_$(B))`), at most 16 times and
    /// to at most 4,096 characters: a setting naming itself never ends.
    func expanded(_ value: String) -> Result<String, Unresolved> {
        var text = value
        for _ in 0..<16 {
            guard let range = Self.innermostVariable(text) else { return .success(text) }
            let name = String(text[text.index(range.lowerBound, offsetBy: 2)..<text.index(before: range.upperBound)])
            guard let replacement = settings[name]?.value ?? builtIn[name], text.count <= 4096 else {
                return .failure(Unresolved(variable: String(text[range])))
            }
            text.replaceSubrange(range, with: replacement)
        }
        return .failure(Unresolved(variable: value))
    }

    /// The first `$(…)` or `${…}` holding no other.
    private static func innermostVariable(_ text: String) -> Range<String.Index>? {
        var opened: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "$", next < text.endIndex, text[next] == "(" || text[next] == "{" {
                opened.append(index)
            } else if text[index] == ")" || text[index] == "}", let start = opened.popLast() {
                return start..<next
            }
            index = next
        }
        return nil
    }

    /// `a/b/../c` → `a/c`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }
}

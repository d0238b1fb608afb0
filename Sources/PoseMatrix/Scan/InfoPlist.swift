import Foundation

/// An Info.plist entry the scan uses, and where it was stated.
struct PlistEntry: Sendable, Hashable {
    var value: ScanValue
    var location: ScanLocation
}

/// The Info.plist entries that decide the app block, from the file and the generated keys.
///
/// Precedence as swift-build's `InfoPlistProcessorTaskAction` implements it
/// (swiftlang/swift-build, Sources/SWBTaskExecution/TaskActions/InfoPlistProcessorTaskAction.swift):
/// `INFOPLIST_KEY_*` settings apply only with `GENERATE_INFOPLIST_FILE = YES`; the generated values
/// are merged over the file's, a setting beating the file, lists combined, dictionaries replaced
/// entry by entry; `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` yields
/// `UIApplicationSupportsMultipleScenes = YES` with empty scene configurations.
enum InfoPlist {
    static let multipleScenes = "UIApplicationSceneManifest.UIApplicationSupportsMultipleScenes"
    static let requiresFullScreen = "UIRequiresFullScreen"
    static let orientations = "UISupportedInterfaceOrientations"
    static let iPhoneOrientations = "UISupportedInterfaceOrientations~iphone"

    /// The entries of an Info.plist file, XML or binary; `#` lines (`INFOPLIST_PREPROCESS`), indented
    /// or not, are blanked first.
    static func entries(path: String, data: Data) -> [String: PlistEntry]? {
        let isBinary = data.starts(with: Array("bplist".utf8))
        var lines: [Substring] = []
        var bytes = data
        if !isBinary {
            let text = String(decoding: data, as: UTF8.self)
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // As the C preprocessor takes them: a `#` after spaces or tabs begins a directive too.
            bytes = Data(lines.map { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("#") ? "" : $0 }.joined(separator: "\n").utf8)
        }
        guard let plist = try? PropertyListSerialization.propertyList(from: bytes, options: [], format: nil) as? [String: Any]
        else { return nil }
        var flat: [String: Any] = plist
        if let manifest = plist["UIApplicationSceneManifest"] as? [String: Any] {
            flat[multipleScenes] = manifest["UIApplicationSupportsMultipleScenes"]
        }
        var result: [String: PlistEntry] = [:]
        for key in [multipleScenes, requiresFullScreen, orientations, iPhoneOrientations] {
            guard let value = flat[key].flatMap(scanValue) else { continue }
            let name = String(key.split(separator: ".").last!)
            let index = lines.firstIndex { $0.contains("<key>\(name)</key>") }
            let location =
                index.map { ScanLocation(file: path, line: $0 + 1, text: ScanLocation.evidence(lines[$0])) }
                ?? ScanLocation(file: path, line: 1, text: "\(name) (binary property list)")
            result[key] = PlistEntry(value: value, location: location)
        }
        return result
    }

    private static func scanValue(_ value: Any) -> ScanValue? {
        if let bool = value as? Bool { return .bool(bool) }
        if let strings = value as? [String] { return .list(strings) }
        if let string = value as? String { return .bool(["YES", "true", "1"].contains(string)) }
        return nil
    }

    /// The generated keys, when `GENERATE_INFOPLIST_FILE = YES`; nil when it is not.
    static func generated(_ settings: [String: BuildSetting]) -> [String: PlistEntry]? {
        guard settings["GENERATE_INFOPLIST_FILE"]?.isYes == true else { return nil }
        var result: [String: PlistEntry] = [:]
        if let setting = settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"], setting.isYes {
            result[multipleScenes] = PlistEntry(value: .bool(true), location: setting.location)
        }
        if let setting = settings["INFOPLIST_KEY_UIRequiresFullScreen"] {
            result[requiresFullScreen] = PlistEntry(value: .bool(setting.isYes), location: setting.location)
        }
        let lists = [
            ("INFOPLIST_KEY_UISupportedInterfaceOrientations", orientations),
            ("INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone", iPhoneOrientations),
        ]
        for (name, key) in lists {
            guard let setting = settings[name] else { continue }
            let values = setting.value.split(whereSeparator: { $0 == " " || $0 == "\"" }).map(String.init)
            result[key] = PlistEntry(value: .list(values), location: setting.location)
        }
        return result
    }

    /// The generated entries over the file's: a setting beats the file, lists are combined.
    static func merged(file: [String: PlistEntry], generated: [String: PlistEntry]) -> [String: PlistEntry] {
        var result = file
        for (key, entry) in generated {
            if case .list(let new) = entry.value, case .list(let old)? = file[key]?.value {
                result[key] = PlistEntry(value: .list(old + new.filter { !old.contains($0) }), location: entry.location)
            } else {
                result[key] = entry
            }
        }
        return result
    }
}

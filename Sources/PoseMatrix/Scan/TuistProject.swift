/// Reads the app target out of a Tuist `Project.swift`, tokenized (comments skipped, string
/// literals kept as data): the first `.target(…)` or `Target(…)` with `product: .app` whose
/// `destinations` or `platform` include iPhone, and the Info.plist its `infoPlist:` declares.
///
/// Tuist generates the target's Info.plist from the manifest (`InfoPlistContentProvider`):
/// `.default` is its iOS-app default, `.extendingDefault(with:)` that default with the given
/// top-level keys replacing the default's, `.dictionary(…)` the given keys only, and
/// `.file(path:)` (or a bare path string) an Info.plist in the tree, relative to the manifest.
enum TuistProject {
    /// The orientations of Tuist's iOS-app default Info.plist; it does not support multiple scenes
    /// and states no `UIRequiresFullScreen`, so those are `false` unless the manifest gives them.
    static let defaultOrientations = [
        "UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
    ]

    static func appTarget(path: String, text: String) -> AppTarget? {
        let file = SourceFile(path: path, text: text, keepingStrings: true)
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let targets = file.tokens.indices.filter { index in
            file[index + 1] == "(" && file.tokens[index].kind == .word
                && ((file[index] == "target" && file[index - 1] == ".") || file[index] == "Target")
        }.map { (index: $0, arguments: ($0 + 2)..<file.close($0 + 1)) }
        guard let app = targets.first(where: { isiPhoneApp(file, $0.arguments) }) else { return nil }
        let name = file.argument("name", in: app.arguments).flatMap { file.string(at: $0.lowerBound) } ?? "App"
        var target = AppTarget(name: name, projectFile: path, projectFolder: folder)
        if let plist = file.argument("infoPlist", in: app.arguments) {
            target.infoPlistDeclaration = file.location(plist.lowerBound - 2)
            read(plist, of: file, into: &target)
        }
        let own = Set(sources(file, app.arguments, folder: folder))
        for other in targets where other.index != app.index {
            target.otherTargetFolders += sources(file, other.arguments, folder: folder).filter { !own.contains($0) }
        }
        return target
    }

    /// `product: .app` and `destinations:` (`.iOS`, `[.iPhone, …]`) or `platform: .iOS`.
    private static func isiPhoneApp(_ file: SourceFile, _ arguments: Range<Int>) -> Bool {
        guard let product = file.argument("product", in: arguments), product.map({ file[$0] }) == [".", "app"] else {
            return false
        }
        if let destinations = file.argument("destinations", in: arguments) {
            return destinations.contains { ["iOS", "iPhone"].contains(file[$0]) && file.tokens[$0].kind == .word }
        }
        return file.argument("platform", in: arguments).map { $0.map { file[$0] } == [".", "iOS"] } ?? false
    }

    /// `infoPlist:` as the target's Info.plist: entries the manifest states, or the file it names.
    private static func read(_ range: Range<Int>, of file: SourceFile, into target: inout AppTarget) {
        let first = range.lowerBound
        if let path = file.string(at: first) ?? pathArgument(file, range) {
            target.settings["INFOPLIST_FILE"] = BuildSetting(value: path, location: file.location(first))
            return
        }
        let form = file[first] == "." ? file[first + 1] : ""
        var entries: [String: PlistEntry] = [:]
        if form == "default" || form == "extendingDefault" {
            entries[InfoPlist.orientations] = PlistEntry(value: .list(defaultOrientations), location: file.location(first))
        }
        let given = form == "extendingDefault" ? file.argument("with", in: callArguments(range)) : nil
        let dictionary = form == "dictionary" ? callArguments(range) : given
        if let dictionary {
            // A dictionary from a helper (`InfoPlist.common`) or with a value computed in code may say
            // anything about the keys: they stay unknown rather than take the default's values.
            var tooDeep: Int?
            let parsed = ManifestValue.parse(file, dictionary.lowerBound, tooDeep: &tooDeep)?.value
            if let index = tooDeep {
                let why = "nested deeper than \(ManifestValue.deepest) levels"
                target.problems.append(Unread(path: file.path, line: file.tokens[index].line, reason: .malformed(why)))
                return
            }
            guard case .dictionary(let members)? = parsed, let stated = plistEntries(members, file: file) else { return }
            entries.merge(stated) { $1 }
        } else if form != "default" {
            return  // a helper's Info.plist (`.appDefault()`): unknown
        }
        target.properties = entries
    }

    /// The arguments of `.form(…)` spanning `range`: none when the argument is `.form` alone
    /// (`infoPlist: .file,` made the range start past its end, and trapped).
    private static func callArguments(_ range: Range<Int>) -> Range<Int> {
        min(range.lowerBound + 3, range.upperBound)..<range.upperBound
    }

    /// `.file(path: "…")`, with the path a string or `.relativeToManifest("…")`.
    private static func pathArgument(_ file: SourceFile, _ range: Range<Int>) -> String? {
        guard file[range.lowerBound] == ".", file[range.lowerBound + 1] == "file",
            let path = file.argument("path", in: callArguments(range))
        else { return nil }
        if let text = file.string(at: path.lowerBound) { return text }
        let helper = path.lowerBound + 1
        return file[helper] == "relativeToManifest" ? file.string(at: helper + 2) : nil
    }

    /// The scan's keys among a dictionary's members, each at the line that states it; nil when one of
    /// them has a value this reader cannot follow.
    private static func plistEntries(_ members: [ManifestValue.Member], file: SourceFile) -> [String: PlistEntry]? {
        var result: [String: PlistEntry] = [:]
        for member in members {
            let key: String
            var value = member.value
            switch member.key {
            case "UIApplicationSceneManifest":
                guard case .dictionary(let inner) = value.value else { return nil }
                guard let scenes = inner.first(where: { $0.key == "UIApplicationSupportsMultipleScenes" }) else { continue }
                key = InfoPlist.multipleScenes
                value = scenes.value
            case "UIRequiresFullScreen": key = InfoPlist.requiresFullScreen
            case "UISupportedInterfaceOrientations": key = InfoPlist.orientations
            case "UISupportedInterfaceOrientations~iphone": key = InfoPlist.iPhoneOrientations
            default: continue
            }
            guard let scanValue = value.scanValue else { return nil }
            result[key] = PlistEntry(value: scanValue, location: file.location(value.index))
        }
        return result
    }

    /// A target's `sources:` globs as folders from the tree's root (`"App/Sources/**"` → `App/Sources`).
    private static func sources(_ file: SourceFile, _ arguments: Range<Int>, folder: String) -> [String] {
        guard let range = file.argument("sources", in: arguments) else { return [] }
        return range.compactMap { file.string(at: $0) }.compactMap { glob in
            let fixed = glob.prefix { $0 != "*" }.split(separator: "/").joined(separator: "/")
            return fixed.isEmpty ? nil : AppTarget.normalized(folder.isEmpty ? fixed : folder + "/" + fixed)
        }
    }
}

/// A value in a manifest's `Plist.Value` literal: a string, a boolean, a list or a dictionary, written
/// as a literal or as `.string(…)`, `.boolean(…)`, `.array(…)`, `.dictionary(…)`; anything else is opaque.
struct ManifestValue {
    struct Member {
        var key: String
        var value: ManifestValue
    }
    indirect enum Value {
        case string(String)
        case bool(Bool)
        case list([ManifestValue])
        case dictionary([Member])
        case opaque
    }
    var value: Value
    /// The token the value starts at.
    var index: Int

    /// The value as the scan reads an Info.plist value: booleans (or `"YES"`) and lists of strings.
    var scanValue: ScanValue? {
        switch value {
        case .bool(let flag): .bool(flag)
        case .string(let text): .bool(["YES", "true", "1"].contains(text))
        case .list(let items):
            .list(items.compactMap { if case .string(let text) = $0.value { text } else { nil } })
        default: nil
        }
    }

    /// Values nested deeper than this are not read: no Info.plist comes near it, and each level is
    /// a frame of the stack (50,000 `[` overflowed it). The value is opaque and the manifest says so.
    static let deepest = 64

    /// The value starting at `index`, and the index after it; nil past the end of the file. `tooDeep`
    /// is set to the first token nested deeper than ``deepest``.
    static func parse(_ file: SourceFile, _ index: Int, level: Int = 0, tooDeep: inout Int?) -> (value: Value, end: Int)? {
        guard index < file.tokens.count else { return nil }
        guard level < deepest else {
            if tooDeep == nil { tooDeep = index }
            return (.opaque, skip(file, from: index))
        }
        let token = file.tokens[index]
        if token.kind == .string { return (.string(token.text), index + 1) }
        if token.text == "true" || token.text == "false" { return (.bool(token.text == "true"), index + 1) }
        if token.text == ".", ["string", "boolean", "array", "dictionary"].contains(file[index + 1]), file[index + 2] == "(" {
            let close = file.close(index + 2)
            return (parse(file, index + 3, level: level + 1, tooDeep: &tooDeep)?.value ?? .opaque, close + 1)
        }
        guard token.text == "[" else { return (.opaque, skip(file, from: index)) }
        if file[index + 1] == ":" && file[index + 2] == "]" { return (.dictionary([]), index + 3) }
        return collection(file, from: index + 1, level: level + 1, tooDeep: &tooDeep)
    }

    /// The elements after a `[`, as a list or, when the first is followed by `:`, a dictionary.
    /// A value that does not move on (a `)` or `}` where an element should be) ends the list:
    /// read again, it looped for ever.
    private static func collection(_ file: SourceFile, from start: Int, level: Int, tooDeep: inout Int?) -> (
        value: Value, end: Int
    ) {
        var items: [ManifestValue] = []
        var members: [Member] = []
        var index = start
        while index < file.tokens.count && file[index] != "]" {
            guard let (first, afterFirst) = parse(file, index, level: level, tooDeep: &tooDeep), afterFirst > index
            else { break }
            if file[afterFirst] == ":", case .string(let key) = first {
                let valueIndex = afterFirst + 1
                guard let (value, end) = parse(file, valueIndex, level: level, tooDeep: &tooDeep), end > valueIndex
                else { break }
                members.append(Member(key: key, value: ManifestValue(value: value, index: valueIndex)))
                index = end
            } else {
                items.append(ManifestValue(value: first, index: index))
                index = afterFirst
            }
            if file[index] == "," { index += 1 }
        }
        return (members.isEmpty || !items.isEmpty ? .list(items) : .dictionary(members), index + 1)
    }

    /// The index of the `,` or closing bracket that ends an expression this reader does not know.
    private static func skip(_ file: SourceFile, from start: Int) -> Int {
        var index = start
        while index < file.tokens.count && ![",", "]", ")", "}"].contains(file[index]) {
            index = "([{".contains(file[index]) && file.tokens[index].kind == .punctuation ? file.close(index) + 1 : index + 1
        }
        return index
    }
}

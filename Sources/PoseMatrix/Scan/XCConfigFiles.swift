import Foundation

/// The `.xcconfig` files a project names, each read once however many configurations or
/// `#include`s reach it (a file including itself seven times took 108 s, growing as B⁸), never
/// one outside the tree: an `#include` that leads out of it, or round in a circle, is kept with
/// its file and line among what was not read.
struct XCConfigFiles {
    /// Includes nested deeper than this are not followed: each level is a frame of the stack.
    static let deepestInclude = 32

    private var settingsByPath: [String: [String: BuildSetting]] = [:]
    /// The files being read, innermost last: an include of one of them is a circle.
    private var reading: [String] = []

    /// A configuration's base file as the project names it, relative to a group the scan does not
    /// follow: the tree's file whose path ends with the name, its leading `..` dropped. A name no
    /// file of the tree ends with is not read.
    mutating func base(_ name: String, in tree: inout SourceTree) -> [String: BuildSetting] {
        var wanted = AppTarget.normalized(name)
        while wanted.hasPrefix("../") { wanted.removeFirst(3) }
        guard !wanted.isEmpty, wanted != "..",
            let file = tree.files.first(where: { $0.path == wanted || $0.path.hasSuffix("/" + wanted) })
        else { return [:] }
        return settings(of: file, in: &tree)
    }

    /// The settings of one file, its includes merged in where they stand.
    private mutating func settings(of file: SourceTree.File, in tree: inout SourceTree) -> [String: BuildSetting] {
        if let known = settingsByPath[file.path] { return known }
        guard let text = tree.text(of: file) else { return [:] }
        reading.append(file.path)
        let settings = XCConfig.settings(path: file.path, text: text) { name, line, optional in
            included(name, from: file.path, line: line, optional: optional, in: &tree)
        }
        reading.removeLast()
        settingsByPath[file.path] = settings
        return settings
    }

    /// What `#include "name"` at `line` of `from` brings: nothing, recorded, when it names a file
    /// outside the tree, one being read (a circle), or lies too deep, or, unless `optional`
    /// (`#include?`), a file the tree does not hold (one a script writes, or git ignores).
    private mutating func included(
        _ name: String, from: String, line: Int, optional: Bool, in tree: inout SourceTree
    ) -> [String: BuildSetting] {
        let folder = from.split(separator: "/").dropLast().joined(separator: "/")
        let path = AppTarget.normalized(folder.isEmpty ? name : folder + "/" + name)
        let problem: Unread.Reason?
        if name.hasPrefix("/") || path == ".." || path.hasPrefix("../") {
            problem = .settingOutside("#include")
        } else if reading.contains(path) {
            problem = .malformed("#include of \(path), which is being read: a circle")
        } else if reading.count >= Self.deepestInclude {
            problem = .malformed("#include nested deeper than \(Self.deepestInclude) files")
        } else {
            problem = nil
        }
        if let problem {
            tree.record(Unread(path: from, line: line, reason: problem))
            return [:]
        }
        guard let file = tree.file(ignoringCaseAt: path) else {
            if !optional { tree.record(Unread(path: from, line: line, reason: .settingMissing("#include"))) }
            return [:]
        }
        return settings(of: file, in: &tree)
    }
}

/// Reads an `.xcconfig`: `KEY = value` lines, `//` comments, `#include` (relative to the file).
enum XCConfig {
    /// `include` reads the file an `#include` names, given as written, with the line naming it and
    /// whether the include is optional (`#include?`).
    static func settings(
        path: String, text: String, include: (String, Int, Bool) -> [String: BuildSetting]
    ) -> [String: BuildSetting] {
        var result: [String: BuildSetting] = [:]
        let rawLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = rawLines.map { $0.components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces) }
        // A file included twice gives each key the value of its last inclusion, so it is merged
        // there only: 8 includes of a file at each of 40 levels merged its settings 8 times a level.
        var lastInclusion: [String: Int] = [:]
        for (index, line) in lines.enumerated() where line.hasPrefix("#include") { lastInclusion[includeName(line)] = index }
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("#include") {
                let target = includeName(line)
                if lastInclusion[target] == index {
                    result.merge(include(target, index + 1, line.hasPrefix("#include?"))) { $1 }
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { continue }
            result[key] = BuildSetting(
                value: value, location: ScanLocation(file: path, line: index + 1, text: ScanLocation.evidence(rawLines[index])))
        }
        return result
    }

    /// `#include "Name.xcconfig"` (or `#include?`) → `Name.xcconfig`.
    private static func includeName(_ line: String) -> String {
        line.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
    }
}

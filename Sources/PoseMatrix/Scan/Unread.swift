/// A file or folder of the tree that the scan could not read, or a setting naming one it would
/// not read, and why: the header lists them, and a key that would rest on the absence of a form
/// such a file could hold is unknown.
struct Unread: Sendable, Hashable {
    enum Reason: Sendable, Hashable {
        /// NUL bytes in its first 8 KiB.
        case binary
        /// Over ``SourceTree/largestFile``.
        case tooLarge
        /// The system refused it (the reason), or it is not a regular file.
        case unreadable(String)
        /// A link to a file or folder outside the tree.
        case outside
        /// A link that leads to nothing: no file holds anything there.
        case dangling
        /// A setting (`INFOPLIST_FILE`, an `#include`) naming a file outside the tree; `path` and
        /// `line` are the setting's.
        case settingOutside(String)
        /// A setting naming a file the tree does not hold.
        case settingMissing(String)
        /// A setting holding a variable the target's settings do not give (the setting, the variable).
        case settingUnresolved(String, String)
        /// Read but not understood (nested too deep, not in its format), at `line`.
        case malformed(String)
        /// Source files the app target compiles from outside the tree (how many); `path` and
        /// `line` are the project file's reference to the first.
        case sourcesOutside(Int)

        /// The few words the header shows after the path.
        var description: String {
            switch self {
            case .binary: "binary"
            case .tooLarge: "over \(SourceTree.largestFile >> 20) MiB"
            case .unreadable(let why): why
            case .outside: "a link out of the tree"
            case .dangling: "a link to nothing"
            case .settingOutside(let name): "\(name) names a file outside the tree, not read"
            case .settingMissing(let name): "\(name) names a file the tree does not hold"
            case .settingUnresolved(let name, let variable): "\(name) holds \(variable), which the target's settings do not give"
            case .malformed(let why): why
            case .sourcesOutside(let count):
                "the app target compiles \(counted(count, "source file")) from outside the tree, not read"
            }
        }

        /// Adds one to the summary's count for this reason.
        func count(in skipped: inout SourceTree.Skipped) {
            switch self {
            case .binary: skipped.binary += 1
            case .tooLarge: skipped.huge += 1
            case .unreadable, .dangling, .settingMissing, .settingUnresolved: skipped.unreadable += 1
            case .outside, .settingOutside, .sourcesOutside: skipped.outside += 1
            case .malformed: skipped.malformed += 1
            }
        }
    }

    /// The path from the tree's root (for a setting, the file that states it).
    var path: String
    /// The line the reason concerns; 0 for the whole file.
    var line = 0
    var reason: Reason
    /// A folder that was not entered, rather than a file.
    var isFolder = false

    /// Whether Swift or Objective-C code the rules read could be in it: a source file by its
    /// name, or a folder that was not entered. A link to nothing holds nothing; a file read but
    /// not understood in part (a Tuist manifest nested too deep) was read by the rules.
    var couldHoldSources: Bool {
        switch reason {
        case .dangling, .settingOutside, .settingMissing, .settingUnresolved, .malformed: false
        case .sourcesOutside: true
        default: isFolder || SourceFile.isSource(path)
        }
    }

    /// `path[:line] (reason)`.
    var description: String {
        (line > 0 ? "\(path):\(line)" : path) + " (\(reason.description))"
    }
}

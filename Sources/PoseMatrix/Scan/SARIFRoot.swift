import Foundation

/// The folder a SARIF file's paths start from, its `%SRCROOT%`. GitHub code scanning reads a
/// relative path from the repository's root (and upload-sarif's `checkout_path` does not rebase
/// relative paths), so the findings of an app in `ios/` must name `ios/Notes/Opener.swift`.
struct SARIFRoot: Sendable, Equatable {
    /// The folder as a `file:` URI ending in `/`.
    var uri: String
    /// The scanned tree's path inside the folder, ending in `/`; empty when the tree is the folder.
    var prefix: String

    /// The nearest folder at or above `tree` that holds a `.git` (a repository's folder, or a
    /// worktree's or submodule's file: only its existence is checked, nothing in it is read);
    /// the tree itself when there is none.
    static func repository(of tree: String) -> SARIFRoot {
        let components = absolute(tree).pathComponents
        for count in stride(from: components.count, through: 1, by: -1) {
            let folder = path(components.prefix(count))
            if FileManager.default.fileExists(atPath: folder + (count == 1 ? "" : "/") + ".git") {
                return SARIFRoot(folder: folder, inside: components.dropFirst(count))
            }
        }
        return SARIFRoot(folder: path(components[...]), inside: [])
    }

    /// `folder`, as `--sarif-root` names it; nil when it does not contain `tree`. Links are
    /// resolved only when the paths as written do not tell.
    static func given(_ folder: String, containing tree: String) -> SARIFRoot? {
        for resolve in [false, true] {
            let outer = absolute(folder, resolvingLinks: resolve).pathComponents
            let inner = absolute(tree, resolvingLinks: resolve).pathComponents
            if inner.starts(with: outer) { return SARIFRoot(folder: path(outer[...]), inside: inner.dropFirst(outer.count)) }
        }
        return nil
    }

    private init(folder: String, inside: ArraySlice<String>) {
        uri = URL(fileURLWithPath: folder, isDirectory: true).absoluteString
        prefix = inside.map { $0 + "/" }.joined()
    }

    private static func absolute(_ path: String, resolvingLinks: Bool = false) -> URL {
        let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        return resolvingLinks ? url.resolvingSymlinksInPath() : url
    }

    /// `["/", "work", "app"]` as `/work/app`.
    private static func path(_ components: ArraySlice<String>) -> String {
        "/" + components.dropFirst().joined(separator: "/")
    }
}

import Foundation

/// An exclusive lock on a report folder (`flock` on `.duo-pose.lock` in it), held while a run,
/// merge or sign-off writes there, so that two of them never mix their reports.
///
/// A second duo-pose that finds the folder locked does not wait: it fails at once with exit 74
/// and says which folder is busy. The lock also makes the clean-up of leftovers safe across PID
/// namespaces (containers sharing a volume): a live writer always holds the lock, so whatever
/// temporary files the holder of the lock finds are a dead run's.
final class FolderLock {
    /// The lock file's name; it is removed again when the lock is released.
    static let fileName = ".duo-pose.lock"

    let folder: String
    private let path: String
    private let descriptor: Int32

    /// Locks `folder`, which must exist, then removes what killed runs left for `reports`
    /// (`.<name>.tmp-*`, and the `.<name>.spool-*` that versions spooling junit.xml left) and
    /// finishes a switch of reports a kill cut short (``ReportSwitch/recover(in:)``).
    init(folder: String, reports: [String]) throws(OutputError) {
        self.folder = folder
        path = (folder as NSString).appendingPathComponent(Self.fileName)
        descriptor = try Self.acquire(path, folder: folder)
        Self.removeLeftovers(in: folder, of: reports)
        ReportSwitch.recover(in: folder)
    }

    deinit {
        // Unlinked while still locked: a run that opened this file meanwhile sees it is gone and retries.
        unlink(path)
        close(descriptor)
    }

    /// Opens and locks the lock file; retries when the previous holder removed it in between.
    private static func acquire(_ path: String, folder: String) throws(OutputError) -> Int32 {
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                throw OutputError(path: folder, message: "cannot create the lock file \(fileName): \(systemReason(errno))")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK {
                    throw OutputError(
                        path: folder,
                        message: "another duo-pose is writing reports in this folder (it holds \(fileName)); "
                            + "wait until it ends, or choose another --out")
                }
                throw OutputError(path: folder, message: "cannot lock \(fileName): \(systemReason(code))")
            }
            var held = stat()
            var current = stat()
            if fstat(descriptor, &held) == 0, stat(path, &current) == 0, held.st_dev == current.st_dev,
                held.st_ino == current.st_ino
            {
                return descriptor
            }
            close(descriptor)
        }
    }

    /// Removes the temporary files of `reports` in `folder`: under the lock, no live run owns any.
    private static func removeLeftovers(in folder: String, of reports: [String]) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries {
            for name in reports where entry.hasPrefix(".\(name).tmp-") || entry.hasPrefix(".\(name).spool-") {
                unlink((folder as NSString).appendingPathComponent(entry))
            }
        }
    }

    /// Creates `folder` and its parents, naming the part that could not be made and why.
    static func createFolder(_ folder: String) throws(OutputError) {
        var current = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + component
            if mkdir(current, 0o777) != 0 && errno != EEXIST {
                throw OutputError(path: current, message: "cannot create the folder: \(systemReason(errno))")
            }
        }
        var info = stat()
        guard stat(folder, &info) == 0 else {
            throw OutputError(path: folder, message: "cannot create the folder: \(systemReason(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError(path: folder, message: "is \(fileKind(info.st_mode)), not a folder")
        }
    }
}

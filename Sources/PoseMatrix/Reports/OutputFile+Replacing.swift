import Foundation

extension OutputFile {
    /// Refuses to replace what is not a report duo-pose wrote: a folder, FIFO, socket or device
    /// (never opened, so nothing blocks), a file nobody may read (no read permission bit, which
    /// holds for root too), a file that cannot be opened, or one whose first bytes are not `owner`'s.
    static func checkReplaceable(_ path: String, owner: Owner) throws(OutputError) {
        let refusal = "refusing to replace it (move it, or choose another --out)"
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return }  // nothing there yet (or a dangling link, which rename replaces)
            throw OutputError(path: path, message: "cannot be checked: \(systemReason(errno)); " + refusal)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw OutputError(path: path, message: "is \(fileKind(info.st_mode)), not a report; " + refusal)
        }
        let signature = owner.signature
        guard info.st_mode & 0o444 != 0 else {
            let mode = String(format: "%03o", info.st_mode & 0o7777)
            throw OutputError(path: path, message: "cannot be read (mode \(mode), no read permission); " + refusal)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputError(path: path, message: "cannot be read: \(systemReason(errno)); " + refusal)
        }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: Owner.allCases.map(\.signature.utf8.count).max()!)
        let count = read(descriptor, &start, start.count)
        if count < 0 {
            throw OutputError(path: path, message: "cannot be read: \(systemReason(errno)); " + refusal)
        }
        let read = start.prefix(max(0, count))
        guard !read.starts(with: signature.utf8) else { return }
        // Another of duo-pose's files (report.md where a sign-off goes) is not one to replace either, but say what it is.
        if let other = Owner.allCases.first(where: { read.starts(with: $0.signature.utf8) }) {
            throw OutputError(path: path, message: "is duo-pose's \(other.kind), not a \(owner.kind); " + refusal)
        }
        throw OutputError(path: path, message: "exists and was not written by duo-pose; " + refusal)
    }
}

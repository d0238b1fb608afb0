import Foundation

/// A report file written through a buffer to a temporary name beside its final one, then
/// renamed into place: an interrupted run never leaves a half-written report under the real name.
public final class OutputFile {
    public let url: URL
    private let temporaryURL: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var committed = false
    private static let bufferLimit = 1 << 20

    /// Which of duo-pose's files this is: an existing file of the name is replaced only when
    /// duo-pose wrote it, as its first bytes show.
    public enum Owner: Sendable {
        case results
        case junit
        case markdown
        case signoff
        /// A path the CI engine chose for duo-pose (Bazel's XML_OUTPUT_FILE).
        case assigned

        /// The start of every file of this kind that duo-pose writes.
        var signature: String? {
            switch self {
            case .results: #"{"type":"header","formatVersion":"#
            case .junit: JUnitReport.prolog
            case .markdown: "# duo-pose: "
            case .signoff: "# Release sign-off: "
            case .assigned: nil
            }
        }
    }

    /// Opens `<folder>/.<name>.tmp-<pid>` for writing, after checking that any file already at
    /// `url` is one duo-pose wrote.
    public init(_ url: URL, owner: Owner) throws {
        self.url = url
        if let signature = owner.signature, let existing = FileHandle(forReadingAtPath: url.path) {
            let start = (try? existing.read(upToCount: signature.utf8.count)) ?? nil
            try? existing.close()
            if start.map({ [UInt8]($0) }) != Array(signature.utf8) {
                throw OutputError(
                    path: url.path,
                    message: "exists and was not written by duo-pose; refusing to replace it (move it, or choose another --out)")
            }
        }
        let folder = url.deletingLastPathComponent()
        Self.removeLeftovers(of: url)
        temporaryURL = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw OutputError(path: url.path, message: "cannot create a file in \(folder.path)")
        }
        handle = try FileHandle(forWritingTo: temporaryURL)
        buffer.reserveCapacity(Self.bufferLimit)
    }

    /// Removes the temporary files a killed run left for this report (`.<name>.tmp-<pid>` and
    /// `.<name>.spool-<pid>`), when no process of that number runs any more.
    static func removeLeftovers(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for entry in entries {
            for marker in [".\(name).tmp-", ".\(name).spool-"] where entry.hasPrefix(marker) {
                guard let pid = Int32(entry.dropFirst(marker.count)), pid != getpid() else { continue }
                if kill(pid, 0) == -1 && errno == ESRCH {
                    try? FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
                }
            }
        }
    }

    deinit {
        if !committed {
            if !closed { try? handle.close() }
            try? FileManager.default.removeItem(at: temporaryURL)
        }
    }

    public func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends bytes through the buffer.
    public func write(bytes: some Collection<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw OutputError(path: url.path, message: "cannot write: \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Appends `count` bytes of another file from `offset`, copied by the kernel where it can.
    func append(from source: FileHandle, offset: Int, count: Int) throws {
        try flush()
        var inOffset = off_t(offset)
        var left = count
        #if os(Linux)
            while left > 0 {
                let copied = sendfile(handle.fileDescriptor, source.fileDescriptor, &inOffset, left)
                if copied <= 0 { break }  // not supported here: copy through memory below
                left -= copied
            }
        #endif
        try source.seek(toOffset: UInt64(inOffset))
        while left > 0 {
            guard let chunk = try source.read(upToCount: min(left, 1 << 20)), !chunk.isEmpty else {
                throw OutputError(path: url.path, message: "a temporary file ended early")
            }
            try handle.write(contentsOf: chunk)
            left -= chunk.count
        }
    }

    private var closed = false

    /// Flushes and closes the temporary file; ``commit()`` then puts it in place.
    public func finishWriting() throws {
        guard !closed else { return }
        try flush()
        try handle.synchronize()
        try handle.close()
        closed = true
    }

    /// Finishes writing and renames the file into place, replacing any earlier report.
    public func commit() throws {
        try finishWriting()
        if rename(temporaryURL.path, url.path) != 0 {
            throw OutputError(path: url.path, message: "cannot move the finished report into place (errno \(errno))")
        }
        committed = true
    }
}

/// A report that could not be written.
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

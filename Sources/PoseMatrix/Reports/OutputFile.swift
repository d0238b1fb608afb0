import Foundation

/// A report file written through a buffer to a temporary name beside its final one, then
/// renamed into place: an interrupted run never leaves a half-written report under the real name.
public final class OutputFile {
    public let url: URL
    private let temporaryURL: URL
    private let descriptor: Int32
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
        /// `duo-pose scan --sarif FILE`.
        case sarif
        /// A path the CI engine chose for duo-pose (Bazel's XML_OUTPUT_FILE).
        case assigned

        /// The start of every file of this kind that duo-pose writes.
        var signature: String? {
            switch self {
            case .results: #"{"type":"header","formatVersion":"#
            case .junit: JUnitReport.prolog
            case .markdown: "# duo-pose: "
            case .signoff: "# Release sign-off: "
            case .sarif: #"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json""#
            case .assigned: nil
            }
        }
    }

    /// Opens `<folder>/.<name>.tmp-<pid>-<random>` for writing, after checking that any file
    /// already at `url` is one duo-pose wrote. The caller holds the folder's ``FolderLock``,
    /// which also removed what killed runs left.
    public init(_ url: URL, owner: Owner) throws(OutputError) {
        self.url = url
        try Self.checkReplaceable(url.path, owner: owner)
        let folder = url.deletingLastPathComponent()
        let unique = "\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        temporaryURL = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(unique)")
        let opened = open(temporaryURL.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard opened >= 0 else {
            throw OutputError(path: url.path, message: "cannot create a file in \(folder.path): \(systemReason(errno))")
        }
        descriptor = opened
        buffer.reserveCapacity(Self.bufferLimit)
    }

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
        guard let signature = owner.signature else { return }
        guard info.st_mode & 0o444 != 0 else {
            let mode = String(format: "%03o", info.st_mode & 0o7777)
            throw OutputError(path: path, message: "cannot be read (mode \(mode), no read permission); " + refusal)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputError(path: path, message: "cannot be read: \(systemReason(errno)); " + refusal)
        }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: signature.utf8.count)
        let count = read(descriptor, &start, start.count)
        if count < 0 {
            throw OutputError(path: path, message: "cannot be read: \(systemReason(errno)); " + refusal)
        }
        if count != start.count || start != Array(signature.utf8) {
            throw OutputError(path: path, message: "exists and was not written by duo-pose; " + refusal)
        }
    }

    deinit {
        if !committed {
            if !closed { close(descriptor) }
            unlink(temporaryURL.path)
        }
    }

    public func write(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends bytes through the buffer.
    public func write(bytes: some Collection<UInt8>) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends a block of bytes; a block of a chunk's cases (hundreds of KB) goes to the kernel
    /// as it is, after what is buffered, instead of being copied through the buffer first: of
    /// the 900 MB a 10^6-case run writes, that skips one copy in user space on the writing thread.
    public func write(bytes: [UInt8]) throws(OutputError) {
        guard bytes.count >= Self.directLimit else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.bufferLimit { try flush() }
            return
        }
        try flush()
        try writeAll(bytes)
        startWriteback()
    }

    /// Blocks at least this long skip the buffer.
    static let directLimit = 1 << 16

    private func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        try writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
        startWriteback()
    }

    /// How many bytes the file has, and how many of them the kernel was asked to write to disk.
    private var writtenOffset: off_t = 0
    private var syncedOffset: off_t = 0
    private static let writebackStep = 1 << 25

    /// Every 32 MB, asks the kernel to start writing the newest bytes to disk without waiting
    /// for it: the disk works while the run goes on, and ``finishWriting()``'s fsync waits only
    /// for the last few MB (on a 10^6-case run, 0.15 to 0.3 s of waiting at the end became 0.02 s).
    private func startWriteback() {
        #if os(Linux)
            guard writtenOffset - syncedOffset >= Self.writebackStep, let syncRange = Self.syncFileRange else { return }
            _ = syncRange(descriptor, syncedOffset, writtenOffset - syncedOffset, 2)  // SYNC_FILE_RANGE_WRITE
            syncedOffset = writtenOffset
        #endif
    }

    #if os(Linux)
        /// Glibc's `sync_file_range`, which Swift's Glibc module leaves out (it is a GNU extension);
        /// nil where the C library has none, and then the final fsync does all the waiting.
        private static let syncFileRange: (@convention(c) (Int32, off_t, off_t, UInt32) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32, off_t, off_t, UInt32) -> Int32).self)
        }()
    #endif

    /// Writes every byte to the temporary file, naming the system's reason when it cannot (a full disk, EFBIG).
    private func writeAll(_ bytes: some ContiguousBytes) throws(OutputError) {
        let failure: Int32? = bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let count = systemWrite(descriptor, raw.baseAddress! + done, raw.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += count
            }
            return nil
        }
        if let failure { throw OutputError(path: url.path, message: "cannot write: \(systemReason(failure))") }
        writtenOffset += off_t(bytes.withUnsafeBytes(\.count))
    }

    /// Appends `count` bytes of another file from `offset`, copied by the kernel where it can.
    func append(from source: FileHandle, offset: Int, count: Int) throws {
        try flush()
        var inOffset = off_t(offset)
        var left = count
        #if os(Linux)
            while left > 0 {
                let copied = sendfile(descriptor, source.fileDescriptor, &inOffset, min(left, Self.writebackStep))
                if copied <= 0 { break }  // not supported here: copy through memory below
                left -= copied
                writtenOffset += off_t(copied)
                startWriteback()
            }
        #endif
        var chunk = [UInt8](repeating: 0, count: min(left, 1 << 20))
        while left > 0 {
            let wanted = min(left, chunk.count)
            let count = chunk.withUnsafeMutableBytes { pread(source.fileDescriptor, $0.baseAddress!, wanted, inOffset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = count == 0 ? "it ended early" : systemReason(errno)
                throw OutputError(path: url.path, message: "cannot read a temporary file back: \(reason)")
            }
            try writeAll(chunk[..<count])
            inOffset += off_t(count)
            left -= count
        }
    }

    private var closed = false

    /// Flushes, syncs and closes the temporary file; ``commit()`` then puts it in place.
    public func finishWriting() throws(OutputError) {
        guard !closed else { return }
        try flush()
        closed = true
        let synced = fsync(descriptor) == 0 || errno == EINVAL  // EINVAL: a file system that cannot sync
        let reason = synced ? nil : errno
        if close(descriptor) != 0 || reason != nil {
            throw OutputError(path: url.path, message: "cannot write: \(systemReason(reason ?? errno))")
        }
    }

    /// Finishes writing and renames the file into place, replacing any earlier report.
    public func commit() throws(OutputError) {
        try finishWriting()
        if rename(temporaryURL.path, url.path) != 0 {
            throw OutputError(path: url.path, message: "cannot move the finished report into place: \(systemReason(errno))")
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

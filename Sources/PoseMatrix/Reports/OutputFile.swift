import Foundation

/// A report file written through a buffer to a temporary name beside its final one, then
/// renamed into place: an interrupted run never leaves a half-written report under the real name.
final class OutputFile {
    let url: URL
    private var temporaryURL: URL
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var committed = false
    private static let bufferLimit = 1 << 20

    /// Which of duo-pose's files this is: an existing file of the name is replaced only when
    /// duo-pose wrote it, as its first bytes show. The run's reports declare theirs
    /// (``RunReport/owner``); the others are here.
    struct Owner: Sendable, Equatable {
        /// What the file is, for messages.
        let kind: String
        /// The start of every file of this kind that duo-pose writes.
        let signature: String

        /// `duo-pose signoff`'s signoff.md.
        static let signoff = Owner(kind: "sign-off", signature: "# Release sign-off: ")
        /// `duo-pose scan --sarif FILE`.
        static let sarif = Owner(
            kind: "SARIF log", signature: #"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json""#)
        /// signoff.html, beside signoff.md.
        static let signoffPage = Owner(kind: "sign-off page", signature: SignOff.htmlSignature)
        /// `duo-pose trend`'s trend.md and trend.html.
        static let trend = Owner(kind: "trend", signature: Trend.markdownSignature)
        static let trendPage = Owner(kind: "trend page", signature: Trend.htmlSignature)
        /// `duo-pose show CASE --svg FILE`, a scene drawing.
        static let drawing = Owner(kind: "scene drawing", signature: SVGCanvas.signature)
        /// junit.xml, which a run also copies to Bazel's `XML_OUTPUT_FILE`.
        static var junit: Owner { JUnitReport.owner }

        /// Every kind, to name the one a file is when it is not the one expected.
        static var allCases: [Owner] { ReportSet.formats.map { $0.owner } + [signoff, signoffPage, sarif, drawing] }
    }

    /// Opens `<folder>/.<name>.tmp-<pid>-<random>` for writing, after checking that any file
    /// already at `url` is one duo-pose wrote. The caller holds the folder's ``FolderLock``,
    /// which also removed what killed runs left.
    init(_ url: URL, owner: Owner) throws(OutputError) {
        self.url = url
        try Self.checkReplaceable(url.path, owner: owner)
        (temporaryURL, descriptor) = try Self.createTemporary(beside: url)
        buffer.reserveCapacity(Self.bufferLimit)
    }

    /// Creates `<folder>/.<name>.tmp-<pid>-<random>`, for reading back too (``fill(_:)``).
    private static func createTemporary(beside url: URL) throws(OutputError) -> (URL, Int32) {
        let folder = url.deletingLastPathComponent()
        let unique = "\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(unique)")
        let opened = open(temporary.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard opened >= 0 else {
            throw OutputError(path: url.path, message: "cannot create a file in \(folder.path): \(systemReason(errno))")
        }
        return (temporary, opened)
    }

    deinit {
        if !committed {
            if !closed { close(descriptor) }
            unlink(temporaryURL.path)
        }
    }

    func write(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends bytes through the buffer.
    func write(bytes: some Collection<UInt8>) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Appends a block of bytes; a block of a chunk's cases (hundreds of KB) goes to the kernel
    /// as it is, after what is buffered, instead of being copied through the buffer first: of
    /// the 900 MB a 10^6-case run writes, that skips one copy in user space on the writing thread.
    func write(bytes: [UInt8]) throws(OutputError) {
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
        if let failure { throw writeError(failure) }
        writtenOffset += off_t(bytes.withUnsafeBytes(\.count))
    }

    /// A stretch of the file written as spaces, to be filled by ``fill(_:)`` once its text is known.
    struct Reservation: Sendable, Equatable {
        let offset: Int
        let length: Int
    }

    /// How many bytes have been written so far, buffered or not.
    var count: Int { Int(writtenOffset) + buffer.count }

    /// Writes `length` spaces and returns where they are.
    func reserve(_ length: Int) throws(OutputError) -> Reservation {
        let reservation = Reservation(offset: count, length: length)
        try write(bytes: repeatElement(UInt8(ascii: " "), count: length))
        return reservation
    }

    /// Puts each text in its reservation: in place when every text is exactly as long as its
    /// reservation, which is the one write a report needs; otherwise by copying the file around the
    /// reservations into a new temporary file, so that a text of any length still lands whole.
    func fill(_ fills: [(Reservation, [UInt8])]) throws(OutputError) {
        try flush()
        guard fills.allSatisfy({ $0.0.length == $0.1.count }) else { return try rewrite(fills) }
        for (reservation, text) in fills {
            var done = 0
            while done < text.count {
                let written = text.withUnsafeBytes {
                    pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(reservation.offset + done))
                }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw writeError(written < 0 ? errno : EIO) }
                done += written
            }
        }
    }

    /// ``fill(_:)``'s way for texts of other lengths: the file again, with the texts in place of the reservations.
    private func rewrite(_ fills: [(Reservation, [UInt8])]) throws(OutputError) {
        let (oldURL, old, end) = (temporaryURL, descriptor, Int(writtenOffset))
        (temporaryURL, descriptor) = try Self.createTemporary(beside: url)
        writtenOffset = 0
        syncedOffset = 0
        defer {
            close(old)
            unlink(oldURL.path)
        }
        var copied = 0
        for (reservation, text) in fills.sorted(by: { $0.0.offset < $1.0.offset }) {
            try append(from: old, offset: copied, count: reservation.offset - copied)
            try writeAll(text)
            copied = reservation.offset + reservation.length
        }
        try append(from: old, offset: copied, count: end - copied)
    }

    /// Appends `count` bytes of another file from `offset`.
    private func append(from source: Int32, offset: Int, count: Int) throws(OutputError) {
        var chunk = [UInt8](repeating: 0, count: min(count, 1 << 20))
        var (position, left) = (off_t(offset), count)
        while left > 0 {
            let wanted = min(left, chunk.count)
            let read = chunk.withUnsafeMutableBytes { pread(source, $0.baseAddress!, wanted, position) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else {
                let reason = read == 0 ? "it ended early" : systemReason(errno)
                throw OutputError(path: url.path, message: "cannot read a temporary file back: \(reason)")
            }
            try writeAll(chunk[..<read])
            position += off_t(read)
            left -= read
        }
    }

    private func writeError(_ code: Int32) -> OutputError {
        OutputError(path: url.path, message: "cannot write: \(systemReason(code))")
    }

    private var closed = false

    /// Flushes, syncs and closes the temporary file; ``commit()`` then puts it in place.
    func finishWriting() throws(OutputError) {
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
    func commit() throws(OutputError) {
        try commit(as: url)
    }

    /// Finishes writing and renames the file to `destination` instead: into the generation folder
    /// from which ``ReportSwitch`` puts a run's reports in place together.
    func commit(as destination: URL) throws(OutputError) {
        try finishWriting()
        if rename(temporaryURL.path, destination.path) != 0 {
            throw OutputError(path: url.path, message: "cannot move the finished report into place: \(systemReason(errno))")
        }
        committed = true
    }
}

/// A report that could not be written.
struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    var path: String
    var message: String
    var description: String { "\(path): \(message)" }
}

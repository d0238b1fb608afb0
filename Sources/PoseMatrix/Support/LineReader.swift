import Foundation

/// Why a file could not be read line by line: it could not be opened or read (the system's
/// reason), or a line or the whole file went past the reader's limits.
struct LineReadError: Error, Equatable, Sendable {
    enum Cause: Equatable, Sendable {
        /// Missing, a folder, or refused by the system: the input is not there to read.
        case unreadable
        /// Read, but past a limit: the input is not what it claims to be.
        case tooLarge
    }

    var cause: Cause
    /// The line being read, when the problem is within the file.
    var line: Int?
    var message: String
}

/// One line of a file without its line end (LF, or CRLF as Windows editors write it).
struct Line {
    var bytes: ArraySlice<UInt8>
    var number: Int
    /// False for a last line that has no line end.
    var isTerminated: Bool
}

/// Reads a file a line at a time in linear time: every byte is examined once to find the line
/// ends, and memory holds one line and one chunk, within `maximumLineLength`.
final class LineReader {
    let path: String
    private let descriptor: Int32
    private let maximumLineLength: Int
    private let maximumFileSize: Int
    private var buffer: [UInt8] = []
    /// What one `read` fills, before it is appended to `buffer`.
    private var chunk = [UInt8](repeating: 0, count: LineReader.chunkSize)
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// `buffer[start..<scanned]` holds no line end.
    private var scanned = 0
    private var atEnd = false
    private var lineNumber = 0
    private(set) var byteCount = 0
    /// SHA-256 of the bytes read so far; nil when the reader was asked not to hash.
    private(set) var hasher: SHA256.Hasher?
    /// Bytes examined for line ends, so that a test can prove the reading linear.
    private(set) var examinedBytes = 0
    static let chunkSize = 1 << 16

    /// Opens `path`; a missing file, a folder or a refusal is an error with the system's reason.
    /// `hashing` keeps the SHA-256 of what is read (``hasher``), which a reader that only counts
    /// can spare: it costs as much as finding the lines.
    init(path: String, maximumLineLength: Int, maximumFileSize: Int = .max, hashing: Bool = true) throws(LineReadError) {
        self.path = path
        hasher = hashing ? SHA256.Hasher() : nil
        self.maximumLineLength = maximumLineLength
        self.maximumFileSize = maximumFileSize
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else {
            let code = errno
            throw LineReadError(
                cause: .unreadable, message: code == ENOENT ? "no such file" : "cannot be read: \(systemReason(code))")
        }
        var info = stat()
        if fstat(opened, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            close(opened)
            throw LineReadError(cause: .unreadable, message: "is a folder, not a file")
        }
        descriptor = opened
    }

    deinit {
        close(descriptor)
    }

    /// The next line, or nil at the end of the file.
    func next() throws(LineReadError) -> Line? {
        while true {
            if let end = lineEnd() {
                examinedBytes += end + 1 - scanned
                lineNumber += 1
                try checkLength(end - start)
                let line = Line(bytes: withoutCarriageReturn(buffer[start..<end]), number: lineNumber, isTerminated: true)
                start = end + 1
                scanned = start
                return line
            }
            examinedBytes += buffer.count - scanned
            scanned = buffer.count
            try checkLength(scanned - start, line: lineNumber + 1)
            if atEnd {
                guard start < buffer.count else { return nil }
                lineNumber += 1
                defer { start = buffer.count }
                return Line(bytes: withoutCarriageReturn(buffer[start...]), number: lineNumber, isTerminated: false)
            }
            try readChunk()
        }
    }

    /// Where the next line feed from `scanned` on lies in `buffer`, found by `memchr`.
    private func lineEnd() -> Int? {
        guard scanned < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            memchr(bytes.baseAddress! + scanned, 0x0A, bytes.count - scanned).map {
                bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
            }
        }
    }

    /// Refuses a line longer than the limit (a CR before its LF counts).
    private func checkLength(_ length: Int, line: Int? = nil) throws(LineReadError) {
        if length > maximumLineLength {
            throw LineReadError(
                cause: .tooLarge, line: line ?? lineNumber, message: "the line is longer than \(maximumLineLength) bytes")
        }
    }

    private func withoutCarriageReturn(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.last == 0x0D ? bytes.dropLast() : bytes
    }

    /// Drops the lines already returned, then appends the next chunk of the file.
    private func readChunk() throws(LineReadError) {
        if start > 0 {
            buffer.removeSubrange(..<start)
            scanned -= start
            start = 0
        }
        let oldCount = buffer.count
        var count: Int
        repeat {
            count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, Self.chunkSize) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else {
            let code = errno
            throw LineReadError(cause: .unreadable, line: nil, message: "cannot be read: \(systemReason(code))")
        }
        // One contiguous copy: appending a repeated zero per byte, then reading over it, made a debug
        // build read at 2 MB/s.
        buffer.append(contentsOf: chunk[..<count])
        if count == 0 { atEnd = true }
        hasher?.update(buffer[oldCount...])
        byteCount += count
        if byteCount > maximumFileSize {
            throw LineReadError(
                cause: .tooLarge, line: lineNumber + 1, message: "the file is larger than \(maximumFileSize) bytes")
        }
    }
}

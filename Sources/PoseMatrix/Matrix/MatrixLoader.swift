import Foundation

/// A matrix with the file it came from: what the reports record about their source.
public struct LoadedMatrix: Sendable {
    public var matrix: Matrix
    /// The path as the user gave it, or `built-in:duo-scenes.json` for the reference matrix.
    var path: String
    /// SHA-256 of the file's bytes.
    var sha256: String
    /// Where a relative path in the matrix (`app.scan`) starts: the file's folder, or the working
    /// folder for a matrix read from standard input, a pipe or the binary.
    var folder = "."
}

/// Reads matrix files: bytes, then JSON5, then the format.
public enum MatrixLoader {
    /// The name the built-in reference matrix is reported under.
    static let builtInPath = "built-in:duo-scenes.json"

    /// The reference matrix compiled into the binary (Matrices/duo-scenes.json).
    static var builtInBytes: [UInt8] { PackageResources.duo_scenes_json }

    /// Loads and validates the built-in reference matrix.
    static func loadBuiltIn() throws(MatrixErrors) -> LoadedMatrix {
        try load(bytes: builtInBytes, path: builtInPath)
    }

    /// What errors and reports call an input read from standard input (`-`).
    static let standardInputName = "<stdin>"

    /// What errors and reports call an input named by path: the path as given, or for a pipe (a
    /// FIFO or socket, such as the `/dev/fd/63` a shell passes for `<(…)`) `<pipe /dev/fd/63>`,
    /// which says, as `<stdin>` does, that the bytes came through a pipe and no file holds them.
    static func sourceName(forPath path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0, [S_IFIFO, S_IFSOCK].contains(info.st_mode & S_IFMT) else { return path }
        return "<pipe \(path)>"
    }

    /// Loads and validates a matrix file from disk, or from a pipe named by path.
    public static func load(path: String) throws(MatrixErrors) -> LoadedMatrix {
        let name = sourceName(forPath: path)
        guard let data = FileManager.default.contents(atPath: path) ?? readStream(path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let message = exists ? (isDirectory.boolValue ? "is a folder, not a matrix file" : "cannot be read") : "no such file"
            throw MatrixErrors(errors: [MatrixError(file: name, message: message)])
        }
        let folder = name == path ? URL(fileURLWithPath: path).deletingLastPathComponent().path : "."
        return try load(bytes: [UInt8](data), path: name, folder: folder)
    }

    /// Validates a matrix given as bytes; `path` is what errors and reports name, `folder` where
    /// a relative path in it starts.
    static func load(bytes: [UInt8], path: String, folder: String = ".") throws(MatrixErrors) -> LoadedMatrix {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (position, byte) = firstInvalidUTF8(bytes)
            throw MatrixErrors(errors: [
                MatrixError(file: path, position: position, message: "the file is not valid UTF-8 (byte \(byte))")
            ])
        }
        let root: JSONNode
        do {
            root = try JSON5Reader.parse(text)
        } catch {
            throw MatrixErrors(errors: [MatrixError(file: path, position: error.position, message: error.message)])
        }
        var decoder = MatrixDecoder(file: path)
        guard let matrix = decoder.decode(root) else { throw MatrixErrors(sorting: decoder.errors) }
        return LoadedMatrix(matrix: matrix, path: path, sha256: SHA256.hex(of: bytes), folder: folder)
    }

    /// Reads a pipe named by path (`<(…)`, `/dev/fd/N`) to its end, which `contents(atPath:)` cannot.
    private static func readStream(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return try? handle.readToEnd() ?? Data()
    }

    /// Where the first byte that is not UTF-8 stands, with lines and columns counted as the
    /// JSON5 reader counts them (a column per character), and the byte in hex.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> (SourcePosition, String) {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var position = SourcePosition(line: 1, column: 1)
        var offset = 0
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
            offset += scalar.count
            if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") {
                position.line += 1
                position.column = 1
            } else {
                position.column += 1
            }
        }
        let byte = offset < bytes.count ? bytes[offset] : 0
        return (position, "0x" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true))
    }
}

/// An invalid matrix file: where (file, line and column, key path) and what was expected.
struct MatrixError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    var file: String
    /// Where in the file, when known.
    var position: SourcePosition?
    /// The key path of the value, for example `poses[2].expect["scene.size"]`, when the file parsed.
    var keyPath: String?
    var message: String

    init(file: String, position: SourcePosition? = nil, keyPath: String? = nil, message: String) {
        self.file = file
        self.position = position
        self.keyPath = keyPath
        self.message = message
    }

    /// `file:line:column: keyPath: message`, the one form every matrix error is shown in.
    var description: String {
        var text = file
        if let position { text += ":\(position.line):\(position.column)" }
        text += ": "
        if let keyPath, !keyPath.isEmpty { text += keyPath + ": " }
        return text + message
    }
}

/// All the errors found in one matrix, in file order.
public struct MatrixErrors: Error, Equatable, Sendable {
    var errors: [MatrixError]

    init(errors: [MatrixError]) {
        self.errors = errors
    }

    /// The errors of one file in file order, by line and column (those without a position first),
    /// errors at the same place in the order they were found.
    init(sorting errors: [MatrixError]) {
        let unplaced = SourcePosition(line: 0, column: 0)
        self.errors = errors.enumerated().sorted {
            let left = $0.element.position ?? unplaced
            let right = $1.element.position ?? unplaced
            return left == right ? $0.offset < $1.offset : left < right
        }.map(\.element)
    }
}

/// A key path being built while decoding: `poses[2].expect["scene.size"]`.
struct KeyPath: CustomStringConvertible {
    private(set) var description = ""

    func appending(_ key: String) -> KeyPath {
        var path = self
        let isIdentifier = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        if isIdentifier {
            path.description += (description.isEmpty ? "" : ".") + key
        } else {
            path.description += "[" + quoted(key) + "]"
        }
        return path
    }

    func appending(index: Int) -> KeyPath {
        var path = self
        path.description += "[\(index)]"
        return path
    }
}

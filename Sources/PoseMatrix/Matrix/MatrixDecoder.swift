/// Turns a parsed matrix document into a ``Matrix``, collecting every error with its place.
///
/// Unknown keys, pose ids, observables, axis names and values are errors with a
/// "did you mean" suggestion; type errors name the key path and the type found.
struct MatrixDecoder {
    let file: String
    private(set) var errors: [MatrixError] = []

    init(file: String) {
        self.file = file
    }

    static let topLevelKeys = ["$schema", "formatVersion", "name", "trust", "app", "axes", "poses", "checklist", "explore"]

    /// Decodes a whole matrix; returns nil when any error was recorded.
    mutating func decode(_ root: JSONNode) -> Matrix? {
        let path = KeyPath()
        guard let members = object(root, path, allowed: Self.topLevelKeys, required: ["formatVersion", "name", "poses"])
        else { return nil }
        if let version = members["formatVersion"], let number = integer(version.value, path.appending("formatVersion")),
            number != Matrix.formatVersion
        {
            fail(
                version.value, path.appending("formatVersion"),
                "format version \(number) is not supported; this duo-pose reads format version \(Matrix.formatVersion)")
            return nil
        }
        if let schema = members["$schema"] { _ = string(schema.value, path.appending("$schema")) }
        let name = members["name"].flatMap { nonEmptyString($0.value, path.appending("name")) }
        let app = members["app"].map { decodeApp($0.value, path.appending("app")) } ?? App()
        let appScan = members["app"].flatMap { decodeAppScan($0.value, path.appending("app")) }
        let axes = members["axes"].map { decodeAxes($0.value, path.appending("axes"), fixed: [:]) } ?? []
        let poses = members["poses"].map { decodePoses($0.value, path.appending("poses")) } ?? []
        let checklist = members["checklist"].map { decodeChecklist($0.value, path.appending("checklist"), poses: poses) } ?? []
        let exploration = members["explore"].flatMap { decodeExploration($0.value, path.appending("explore")) }
        let trust = members["trust"].flatMap { decodeTrust($0.value, path.appending("trust")) }
        guard errors.isEmpty, let name else { return nil }
        return Matrix(
            name: name, app: app, axes: axes, poses: poses, checklist: checklist, exploration: exploration, trust: trust,
            appScan: appScan)
    }

    // MARK: - Errors

    mutating func fail(_ node: JSONNode, _ path: KeyPath, _ message: String) {
        errors.append(MatrixError(file: file, position: node.position, keyPath: path.description, message: message))
    }

    mutating func fail(at position: SourcePosition, _ path: KeyPath, _ message: String) {
        errors.append(MatrixError(file: file, position: position, keyPath: path.description, message: message))
    }

    // MARK: - Typed readers

    /// The members of an object by key, after checking for unknown, duplicate and missing keys.
    mutating func object(
        _ node: JSONNode, _ path: KeyPath, allowed: [String], required: [String] = []
    ) -> [String: JSONNode.Member]? {
        guard case .object(let list) = node.value else {
            fail(node, path, "expected an object, found \(node.typeDescription)")
            return nil
        }
        var members: [String: JSONNode.Member] = [:]
        var suggested: Set<String> = []
        for member in list {
            if let first = members[member.key] {
                fail(
                    at: member.keyPosition, path.appending(member.key),
                    "duplicate key \(quoted(member.key)); first given at line \(first.keyPosition.line)")
                continue
            }
            guard allowed.contains(member.key) else {
                let suggestion = suggest(member.key, from: allowed)
                if let suggestion { suggested.insert(suggestion) }
                fail(
                    at: member.keyPosition, path,
                    "unknown key \(quoted(member.key))" + didYouMean(suggestion)
                        + " (expected " + allowed.map { quoted($0) }.joined(separator: ", ") + ")")
                continue
            }
            members[member.key] = member
        }
        // A misspelt required key is reported once, as unknown with its suggestion.
        for key in required where members[key] == nil && !suggested.contains(key) {
            fail(node, path, "missing required key \(quoted(key))")
        }
        return members
    }

    mutating func string(_ node: JSONNode, _ path: KeyPath) -> String? {
        guard case .string(let text) = node.value else {
            fail(node, path, "expected a string, found \(node.typeDescription) \(node.shortText)")
            return nil
        }
        return text
    }

    mutating func nonEmptyString(_ node: JSONNode, _ path: KeyPath) -> String? {
        guard let text = string(node, path) else { return nil }
        guard !text.allSatisfy(\.isWhitespace) else {
            fail(node, path, "expected a non-empty string")
            return nil
        }
        return text
    }

    mutating func bool(_ node: JSONNode, _ path: KeyPath) -> Bool? {
        guard case .bool(let flag) = node.value else {
            fail(node, path, "expected true or false, found \(node.typeDescription) \(node.shortText)")
            return nil
        }
        return flag
    }

    mutating func integer(_ node: JSONNode, _ path: KeyPath) -> Int? {
        guard case .number(let number, _) = node.value, number == number.rounded(), abs(number) < 1e9 else {
            fail(node, path, "expected a whole number, found \(node.typeDescription) \(node.shortText)")
            return nil
        }
        return Int(number)
    }

    mutating func array(_ node: JSONNode, _ path: KeyPath, nonEmpty: Bool = false) -> [JSONNode]? {
        guard case .array(let items) = node.value else {
            fail(node, path, "expected an array, found \(node.typeDescription) \(node.shortText)")
            return nil
        }
        if nonEmpty && items.isEmpty {
            fail(node, path, "expected at least one value, found an empty array")
            return nil
        }
        return items
    }

    /// `trust`: a non-empty array of provenance levels, each named once.
    mutating func decodeTrust(_ node: JSONNode, _ path: KeyPath) -> Trust? {
        guard let items = array(node, path, nonEmpty: true) else { return nil }
        var levels: Set<Provenance> = []
        for (index, item) in items.enumerated() {
            guard let level = choice(item, path.appending(index: index), as: Provenance.self) else { continue }
            if !levels.insert(level).inserted {
                fail(item, path.appending(index: index), "\(quoted(level.rawValue)) is listed twice")
            }
        }
        return Trust(levels)
    }

    /// A string that must be one of a set of names, with a suggestion when it is not.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: JSONNode, _ path: KeyPath, as type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        guard let text = string(node, path) else { return nil }
        if let value = Choice(rawValue: text) { return value }
        let names = Choice.allCases.map(\.rawValue)
        fail(
            node, path,
            "unknown value \(quoted(text))" + didYouMean(suggest(text, from: names)) + " (expected one of "
                + names.map { quoted($0) }.joined(separator: ", ") + ")")
        return nil
    }
}

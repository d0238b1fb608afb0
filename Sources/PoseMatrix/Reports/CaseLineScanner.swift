import Foundation

/// Reads a case line of `results.jsonl` in the one form `run` writes it — its keys in the
/// writer's order, no white space, strings of printable ASCII without escapes, numbers without
/// exponents — straight from its bytes, where parsing builds a JSON tree of a dozen heap nodes
/// a line (`trend` reads ten million lines for a hundred nights).
///
/// It gives nil for any line it does not read whole in that form, or whose values the reader
/// would refuse (an unknown pose or axis, a status no case has, a negative duration), and the
/// reader then parses the line and refuses it or reads it as JSON: what it gives is what parsing
/// gives (`CaseLineScannerTests` compares the two on real and mutated lines), and every refusal
/// stays the parser's.
struct CaseLineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The case line `line` holds, or nil when the line is not one in the writer's form.
    static func caseLine(_ line: ArraySlice<UInt8>) -> CaseLine? {
        guard line.starts(with: opening) else { return nil }
        return line.withUnsafeBufferPointer { buffer in
            var scanner = CaseLineScanner(buffer)
            scanner.index = opening.count
            return scanner.read()
        }
    }

    /// A case line in the writer's form whose identity (``CaseLine/identity``) is `identity`, the
    /// identity of a line this scanner read before: its index, status, duration and other members,
    /// each checked as ``caseLine(_:)`` checks them; nil for any other line. The identity's bytes
    /// are read alike wherever they stand (the scan of them looks at no byte past their end), so
    /// the line is the one ``caseLine(_:)`` reads, with that line's id, pose, title and values.
    static func tail(_ line: ArraySlice<UInt8>, identity: ArraySlice<UInt8>) -> CaseTail? {
        guard line.starts(with: opening) else { return nil }
        return line.withUnsafeBufferPointer { buffer in
            var scanner = CaseLineScanner(buffer)
            scanner.index = opening.count
            guard let index = scanner.count(), scanner.skip(identity) else { return nil }
            return scanner.tail(index: index)
        }
    }

    private static let opening = Array(#"{"type":"case","index":"#.utf8)

    private mutating func read() -> CaseLine? {
        guard let index = count() else { return nil }
        let identityStart = self.index
        var id: String?
        if skip(#","id":"#) {
            guard let text = string() else { return nil }
            id = text
        }
        guard skip(#","pose":"#), let pose = string(), Pose.named(pose) != nil else { return nil }
        var title: String?
        if skip(#","title":"#) {
            guard let text = string() else { return nil }
            title = text
        }
        guard skip(#","values":{"#), let values = axisValues() else { return nil }
        let identity = identityStart..<self.index
        guard let tail = tail(index: index) else { return nil }
        var line = CaseLine(
            index: index, id: id, pose: pose, title: title, values: values, status: tail.status, duration: tail.duration,
            members: tail.members)
        line.identity = identity
        return line
    }

    /// The values' members up to the closing `}`: known axes, each once, with a text, a number or true/false.
    private mutating func axisValues() -> [AxisEntry]? {
        var values: [AxisEntry] = []
        if skip("}") { return values }
        repeat {
            guard let name = string(), Axis(rawValue: name) != nil, !values.contains(where: { $0.axis == name }),
                skip(":"), let value = axisText()
            else { return nil }
            values.append(AxisEntry(axis: name, value: value))
        } while skip(",")
        return skip("}") ? values : nil
    }

    /// An axis value as the reader's `axisText` gives it: a string's text, `true`, `false`, or a number formatted.
    private mutating func axisText() -> String? {
        if skip("true") { return "true" }
        if skip("false") { return "false" }
        if current == UInt8(ascii: "\"") { return string() }
        return number().map { formatNumber($0.value) }
    }

    /// The members after the values, up to the line's closing `}` and the line's end: the status
    /// and duration, which every case line has, and the members only the records judge, each once
    /// (in ``CaseLine/Member`` order, as the parser lists them).
    private mutating func tail(index caseIndex: Int) -> CaseTail? {
        var status: CaseResult.Status?
        var duration: Double?
        var members: [(member: CaseLine.Member, value: JSONNode)] = []
        while skip(",") {
            guard let key = string(), skip(":") else { return nil }
            switch key {
            case "status":
                guard status == nil, let text = string(), let given = CaseResult.Status(rawValue: text) else { return nil }
                status = given
            case "duration":
                guard duration == nil, let seconds = number(), seconds.value >= 0 else { return nil }
                duration = seconds.value
            default:
                guard let member = CaseLine.Member(rawValue: key), !members.contains(where: { $0.member == member }) else {
                    return nil
                }
                let value: JSONNode.Value
                if member == .pinned {
                    guard let text = string() else { return nil }
                    value = .string(text)
                } else {
                    guard let given = number() else { return nil }
                    value = .number(given.value, text: given.text)
                }
                members.append((member, JSONNode(value: value, position: SourcePosition(line: 1, column: 1))))
            }
        }
        guard skip("}"), index == bytes.count, let status, let duration else { return nil }
        let ordered = zip(members, members.dropFirst()).allSatisfy { $0.member.order < $1.member.order }
        return CaseTail(
            index: caseIndex, status: status, duration: duration,
            members: ordered ? members : members.sorted { $0.member.order < $1.member.order })
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past `expected` when the bytes continue with it.
    private mutating func skip(_ expected: ArraySlice<UInt8>) -> Bool {
        guard !expected.isEmpty, index + expected.count <= bytes.count else { return false }
        let same = expected.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + index, $0.baseAddress!, $0.count) == 0 }
        if same { index += expected.count }
        return same
    }

    /// Moves past `text` when the bytes continue with it.
    private mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        index += count
        return true
    }

    /// A string of printable ASCII with no escape; nil for any other (the parser reads those).
    private mutating func string() -> String? {
        guard current == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        index = end + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A whole number of 0 or more, at most 15 digits (exact in a `Double`, as the reader's count needs).
    private mutating func count() -> Int? {
        let start = index
        while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
        let digits = index - start
        guard digits >= 1 && digits <= 15 && (digits == 1 || bytes[start] != 0x30) else { return nil }
        var value = 0
        for position in start..<index { value = value * 10 + Int(bytes[position] - 0x30) }
        return value
    }

    /// A number as JSON writes it without an exponent (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`), at most 24
    /// characters, with its text: finite, and the value the parser makes of it.
    private mutating func number() -> (value: Double, text: String)? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let integer = index
        while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
        guard index > integer, index - integer == 1 || bytes[integer] != 0x30 else { return nil }
        if current == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while let byte = current, byte >= 0x30 && byte <= 0x39 { index += 1 }
            guard index > fraction else { return nil }
        }
        guard index - start <= 24, current != UInt8(ascii: "e"), current != UInt8(ascii: "E") else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // As the parser does: the magnitude read, then the sign applied.
        guard let magnitude = Double(text.drop { $0 == "-" }) else { return nil }
        return (bytes[start] == UInt8(ascii: "-") ? -magnitude : magnitude, text)
    }
}

extension CaseLine.Member {
    /// The member's place in ``CaseLine/members``, as the parser lists them.
    fileprivate var order: Int { Self.allCases.firstIndex(of: self)! }
}

/// JSON written straight into a ``ByteBuffer``: the one writer behind `results.jsonl`,
/// `list --json`, `show --json`, `scan --json` and `scan --sarif`. It places the commas, colons and
/// line breaks, so that callers say only what goes in; strings are escaped by
/// ``ByteBuffer/appendJSONString(_:)``.
struct JSONWriter {
    /// The separators: `,` and `:` for files, `, ` and `: ` for output people also read.
    enum Style: Sendable {
        case compact
        case spaced
    }

    /// An open object or array: how many members it has so far, and whether each goes on its own line.
    private struct Frame {
        var count: Int
        var multiline: Bool
    }

    private(set) var buffer: ByteBuffer
    private let style: Style
    private var frames: [Frame] = []
    /// Whether a key was written and its value is next.
    private var afterKey = false

    /// A writer; `continuingObject` starts inside an object that already has members (a record
    /// line's body, written after its type and id).
    init(style: Style = .compact, capacity: Int = 256, continuingObject: Bool = false) {
        buffer = ByteBuffer(capacity: capacity)
        self.style = style
        frames.reserveCapacity(8)
        if continuingObject { frames.append(Frame(count: 1, multiline: false)) }
    }

    /// Text that is not JSON, between values: a line end.
    mutating func text(_ text: String) { buffer.append(text) }

    mutating func beginObject(multiline: Bool = false) {
        startValue()
        buffer.append(byte: UInt8(ascii: "{"))
        frames.append(Frame(count: 0, multiline: multiline))
    }

    mutating func endObject() { end(UInt8(ascii: "}")) }

    mutating func beginArray(multiline: Bool = false) {
        startValue()
        buffer.append(byte: UInt8(ascii: "["))
        frames.append(Frame(count: 0, multiline: multiline))
    }

    mutating func endArray() { end(UInt8(ascii: "]")) }

    /// An object member's name; its value comes next.
    mutating func key(_ name: String) {
        startMember()
        buffer.appendJSONString(name)
        buffer.append(byte: UInt8(ascii: ":"))
        if style == .spaced { buffer.append(byte: UInt8(ascii: " ")) }
        afterKey = true
    }

    mutating func string(_ text: String) {
        startValue()
        buffer.appendJSONString(text)
    }

    mutating func number(_ number: Int) {
        startValue()
        buffer.append(number)
    }

    /// A number as people write it: `90`, `174.1`, never `90.0`.
    mutating func number(_ number: Double) {
        startValue()
        buffer.append(formatNumber(number))
    }

    /// An array of strings.
    mutating func strings(_ items: [String]) {
        beginArray()
        for item in items { string(item) }
        endArray()
    }

    /// A member whose value is a string.
    mutating func member(_ name: String, _ text: String) {
        key(name)
        string(text)
    }

    /// A member whose value is a whole number.
    mutating func member(_ name: String, _ number: Int) {
        key(name)
        self.number(number)
    }

    mutating func bool(_ flag: Bool) {
        startValue()
        buffer.append(flag ? "true" : "false")
    }

    mutating func null() {
        startValue()
        buffer.append("null")
    }

    /// A value that is JSON already, such as seconds written by `ResultsJSONL.seconds`.
    mutating func raw(_ json: String) {
        startValue()
        buffer.append(json)
    }

    /// A member rendered before by a writer with no open container (`"key":value`), copied as it
    /// is: a report copies members it rendered for an earlier case this way.
    mutating func member(rendered: [UInt8]) {
        startMember()
        buffer.append(bytes: rendered)
    }

    /// A value that is JSON already, written by `write` straight into the buffer.
    mutating func raw(_ write: (inout ByteBuffer) -> Void) {
        startValue()
        write(&buffer)
    }

    /// Before a value: after a key, nothing; otherwise (in an array) the separator and line break.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
        } else {
            startMember()
        }
    }

    /// Before a member: the separator, and the line break and indent of a multiline container.
    private mutating func startMember() {
        guard !frames.isEmpty else { return }
        let index = frames.count - 1
        if frames[index].count > 0 {
            buffer.append(byte: UInt8(ascii: ","))
            if style == .spaced && !frames[index].multiline { buffer.append(byte: UInt8(ascii: " ")) }
        }
        if frames[index].multiline { newline(indent: frames.count) }
        frames[index].count += 1
    }

    private mutating func end(_ bracket: UInt8) {
        let frame = frames.removeLast()
        if frame.multiline { newline(indent: frames.count) }
        buffer.append(byte: bracket)
    }

    private mutating func newline(indent: Int) {
        buffer.append("\n")
        buffer.append(String(repeating: "  ", count: indent))
    }
}

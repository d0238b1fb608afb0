/// The bytes of a plan group's case ids, made once: every case gets its id with one allocation
/// and a copy of its pieces. Joining strings for every case took an eighth of a dry run (Benchmarks/README.md).
struct CaseIdPieces: Sendable {
    /// The entry's label: the whole id of a case without axes.
    private var label = ""
    /// The head `P5 [`, then each axis's pieces in order, `profile=device` with `, ` before every
    /// axis but the first; flat, so that reading a piece retains nothing.
    private var bytes: [UInt8] = []
    /// Where each piece starts in ``bytes``, axis by axis; one more entry closes the last piece.
    private var starts: [Int] = []
    /// Where each axis's pieces start in ``starts``.
    private var axisStarts: [Int] = []

    init() {}

    init(label: String, entries: [[AxisEntry]]) {
        self.label = label
        guard !entries.isEmpty else { return }
        bytes = Array((label + " [").utf8)
        for (position, values) in entries.enumerated() {
            axisStarts.append(starts.count)
            for entry in values {
                starts.append(bytes.count)
                bytes += ((position > 0 ? ", " : "") + entry.axis + "=" + entry.value).utf8
            }
        }
        starts.append(bytes.count)
    }

    /// The id of the case that takes value `choices[n]` of axis n: `P5 [profile=device, hingeAngle=90]`.
    func id(choices: UnsafeBufferPointer<Int>) -> String {
        guard !axisStarts.isEmpty else { return label }
        let headLength = starts[0]
        var length = headLength + 1
        for (position, choice) in choices.enumerated() {
            let piece = axisStarts[position] + choice
            length += starts[piece + 1] - starts[piece]
        }
        return bytes.withUnsafeBufferPointer { source in
            String(unsafeUninitializedCapacity: length) { buffer in
                var offset = 0
                func copy(_ range: Range<Int>) {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(
                        from: UnsafeBufferPointer(rebasing: source[range]))
                    offset += range.count
                }
                copy(0..<headLength)
                for (position, choice) in choices.enumerated() {
                    let piece = axisStarts[position] + choice
                    copy(starts[piece]..<starts[piece + 1])
                }
                buffer[offset] = UInt8(ascii: "]")
                return offset + 1
            }
        }
    }
}

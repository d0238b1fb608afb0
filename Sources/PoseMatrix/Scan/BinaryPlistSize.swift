/// How large a binary property list becomes once decoded, measured before Foundation decodes
/// it: an array may name one object many times, and the decoder copies it each time (20,000
/// references to one 60 KB string in an 80 KB file took 40 s and 1.2 GB). The objects' table
/// is walked once, each object's size remembered, without recursion.
enum BinaryPlistSize {
    /// The most a property list may hold decoded, in bytes (strings and data by their length, every
    /// other object as one): an Info.plist holds a few kilobytes.
    static let largest = 16 << 20

    /// Why the file must not be decoded, or nil when it may be (not binary, or small enough).
    static func refusal(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("bplist00".utf8)), bytes.count >= 40 else { return nil }
        guard let table = Table(bytes) else { return "a binary property list whose trailer is broken" }
        var sizes = [Int](repeating: -1, count: table.count)
        var stack: [(object: Int, expanded: Bool)] = [(table.top, false)]
        while let (object, expanded) = stack.popLast() {
            guard let children = table.children(of: object) else { return broken }
            if sizes[object] >= 0 { continue }
            if expanded {
                let total = children.references.reduce(children.own) { $0 + max(0, sizes[$1]) }
                guard total <= largest else { return "a binary property list of over \(largest >> 20) MiB once decoded" }
                sizes[object] = total
            } else {
                guard sizes[object] != -2 else { return broken }  // an object inside itself
                sizes[object] = -2
                stack.append((object, true))
                for child in children.references {
                    if sizes[child] == -2 { return broken }
                    if sizes[child] == -1 { stack.append((child, false)) }
                }
            }
        }
        return nil
    }

    private static let broken = "a binary property list whose objects do not decode"

    /// The trailer's figures and the offsets of the objects.
    private struct Table {
        let bytes: [UInt8]
        let count: Int
        let top: Int
        let referenceSize: Int
        let offsets: [Int]

        init?(_ bytes: [UInt8]) {
            let trailer = bytes.count - 32
            let offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            let count = Self.integer(bytes, at: trailer + 8, size: 8)
            let top = Self.integer(bytes, at: trailer + 16, size: 8)
            let tableStart = Self.integer(bytes, at: trailer + 24, size: 8)
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, top < count,
                tableStart >= 8, count <= (trailer - tableStart) / offsetSize
            else { return nil }
            self.bytes = bytes
            self.count = count
            self.top = top
            offsets = (0..<count).map { Self.integer(bytes, at: tableStart + $0 * offsetSize, size: offsetSize) }
        }

        /// A big-endian unsigned integer, at most `Int.max`.
        static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> Int {
            var value = 0
            for index in start..<(start + size) where index < bytes.count {
                guard value <= Int.max >> 8 else { return Int.max }
                value = value << 8 | Int(bytes[index])
            }
            return value
        }

        /// An object's own size and the objects it refers to; nil when it does not decode.
        func children(of object: Int) -> (own: Int, references: [Int])? {
            let start = offsets[object]
            guard start < bytes.count else { return nil }
            let kind = bytes[start] >> 4
            var length = Int(bytes[start] & 0x0F)
            var body = start + 1
            if length == 0x0F && [0x4, 0x5, 0x6, 0xA, 0xC, 0xD].contains(kind) {
                guard body < bytes.count, bytes[body] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(bytes[body] & 0x0F)
                length = Self.integer(bytes, at: body + 1, size: min(size, 8))
                body += 1 + size
            }
            switch kind {
            case 0x4, 0x5: return (length, [])
            case 0x6: return (length > Int.max / 2 ? Int.max / 2 : length * 2, [])
            // A set (0xC) is refused: an Info.plist never holds one, and Foundation on Linux crashed
            // bridging one to Swift (found by Fuzz/run-scan.sh plist).
            case 0xC: return nil
            case 0xA, 0xD:
                let references = kind == 0xD ? length.multipliedReportingOverflow(by: 2).partialValue : length
                guard references >= 0, references <= (bytes.count - body) / referenceSize else { return nil }
                let objects = (0..<references).map { Self.integer(bytes, at: body + $0 * referenceSize, size: referenceSize) }
                return objects.allSatisfy { $0 < count } ? (1, objects) : nil
            default: return (1, [])
            }
        }
    }
}

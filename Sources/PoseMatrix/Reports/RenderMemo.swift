/// What the previous case of a chunk rendered, copied where the next case is the same.
///
/// Neighbouring cases of a plan share every axis value but one, and mostly their failures and
/// reason; the values' strings are made once per plan, so comparing them compares pointers.
/// Escaping and formatting the same text again for every case was about a fifth of the CPU of a
/// 10^6-case run with all three reports (see Benchmarks/README.md, "Where the time goes").
struct RenderMemo {
    /// The last case's axis values, and their members as `results.jsonl` writes them
    /// (`"axis":value,"axis":value`), with where each member ends.
    private var entries: [AxisEntry] = []
    private var members = ByteBuffer(capacity: 256)
    private var memberEnds: [Int] = []
    /// Per position, the `"axis":` key last made there, and whether the axis's values are literals.
    private var keys: [(axis: String, bytes: [UInt8], isLiteral: Bool)] = []
    /// `" classname="<prefix><pose>" time="` of the last case's pose.
    private var classname: (pose: String, bytes: [UInt8])?

    /// The last failed, not-run or error case's `<testcase>` after its time attribute, and what it was made from.
    private var tail: (result: TailKey, bytes: [UInt8])?

    /// What a testcase's tail is made from.
    private struct TailKey {
        var status: CaseResult.Status
        var failures: [CaseResult.Failure]
        var reason: String?
        var line: Int?

        /// Whether the two make the same tail; the reasons compared by their bytes (``String/hasSameBytes(as:)``).
        func makesSameTail(as other: TailKey) -> Bool {
            status == other.status && line == other.line && reason.hasSameBytes(as: other.reason) && failures == other.failures
        }
    }

    /// Appends the members of a case's axis values: the last case's members up to the first value
    /// that differs, then the rest made again. Neighbouring cases differ in the innermost axis
    /// mostly, so this is one copy and one member per case (a copy per member was 6 % of the CPU).
    mutating func appendMembers(_ values: [AxisEntry], to out: inout ByteBuffer) {
        var same = 0
        while same < min(entries.count, values.count) && entries[same] == values[same] { same += 1 }
        if same < entries.count {
            members.truncate(to: same == 0 ? 0 : memberEnds[same - 1])
            entries.removeLast(entries.count - same)
            memberEnds.removeLast(memberEnds.count - same)
        }
        for position in same..<values.count {
            let entry = values[position]
            if position == keys.count || keys[position].axis != entry.axis {
                var key = JSONWriter(capacity: 32)
                key.key(entry.axis)
                let made = (entry.axis, key.buffer.bytes, AxisEntry.isLiteral(axis: entry.axis))
                if position == keys.count { keys.append(made) } else { keys[position] = made }
            }
            if position > 0 { members.append(byte: UInt8(ascii: ",")) }
            members.append(bytes: keys[position].bytes)
            if keys[position].isLiteral { members.append(entry.value) } else { members.appendJSONString(entry.value) }
            entries.append(entry)
            memberEnds.append(members.count)
        }
        out.append(bytes: members.bytes)
    }

    /// The bytes of a `<testcase>` between its name and its time: `" classname="<prefix><pose>" time="`.
    mutating func classname(pose: String, prefix: String) -> [UInt8] {
        if let classname, classname.pose == pose { return classname.bytes }
        var bytes = ByteBuffer(capacity: 64)
        bytes.append("\" classname=\"")
        bytes.appendXML(prefix)
        bytes.appendXML(pose)
        bytes.append("\" time=\"")
        classname = (pose, bytes.bytes)
        return bytes.bytes
    }

    /// The tail of a case's `<testcase>` element, rendered by `render` unless the last one was made from the same.
    mutating func testcaseTail(of result: CaseResult, render: (CaseResult) -> [UInt8]) -> [UInt8] {
        let key = TailKey(status: result.status, failures: result.failures, reason: result.reason, line: result.line)
        if let tail, tail.result.makesSameTail(as: key) { return tail.bytes }
        let bytes = render(result)
        tail = (key, bytes)
        return bytes
    }
}

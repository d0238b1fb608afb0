/// What the previous case of a chunk rendered, copied where the next case is the same.
///
/// Neighbouring cases of a plan share every axis value but one, and mostly their failures and
/// reason; the values' strings are made once per plan, so comparing them compares pointers.
/// Escaping and formatting the same text again for every case was about a fifth of the CPU of a
/// 10^6-case run with all three reports (see Benchmarks/README.md, "Where the time goes").
struct RenderMemo {
    /// Per position of a case's values: the last case's axis value there and its `"axis":value` member.
    private var members: [Member] = []

    /// An axis value's member of `results.jsonl`, in two parts kept apart: the innermost axis
    /// keeps its name from case to case while its value changes.
    private struct Member {
        var axis: String
        /// `"axis":`.
        var key: [UInt8]
        var isLiteral: Bool
        /// The value last written, or nil; and its bytes.
        var value: String? = nil
        var valueBytes: [UInt8] = []
    }
    /// The last failed, not-run or error case's `<testcase>` after its time attribute, and what it was made from.
    private var tail: (result: TailKey, bytes: [UInt8])?

    /// What a testcase's tail is made from.
    private struct TailKey: Equatable {
        var status: CaseResult.Status
        var failures: [CaseResult.Failure]
        var reason: String?
        var line: Int?
    }

    /// Appends the `"axis":value` member of the axis value at `position` of a case's values; the
    /// parts equal to the last case's are copied, a new value is written and kept without allocating.
    mutating func appendMember(_ entry: AxisEntry, at position: Int, to out: inout ByteBuffer) {
        if position == members.count || members[position].axis != entry.axis {
            var key = JSONWriter(capacity: 32)
            key.key(entry.axis)
            let member = Member(axis: entry.axis, key: key.buffer.bytes, isLiteral: AxisEntry.isLiteral(axis: entry.axis))
            if position == members.count { members.append(member) } else { members[position] = member }
        }
        out.append(bytes: members[position].key)
        guard members[position].value != entry.value else { return out.append(bytes: members[position].valueBytes) }
        let start = out.count
        if members[position].isLiteral { out.append(entry.value) } else { out.appendJSONString(entry.value) }
        members[position].value = entry.value
        members[position].valueBytes.removeAll(keepingCapacity: true)
        members[position].valueBytes.append(contentsOf: out.bytes[start...])
    }

    /// The tail of a case's `<testcase>` element, rendered by `render` unless the last one was made from the same.
    mutating func testcaseTail(of result: CaseResult, render: (CaseResult) -> [UInt8]) -> [UInt8] {
        let key = TailKey(status: result.status, failures: result.failures, reason: result.reason, line: result.line)
        if let tail, tail.result == key { return tail.bytes }
        let bytes = render(result)
        tail = (key, bytes)
        return bytes
    }
}

/// What the previous case of a chunk rendered, copied where the next case is the same.
///
/// Neighbouring cases of a plan share every axis value but one, and mostly their failures and
/// reason; the values' strings are made once per plan, so comparing them compares pointers.
/// Escaping and formatting the same text again for every case was about a fifth of the CPU of a
/// 10^6-case run with all three reports (see Benchmarks/README.md, "Where the time goes").
struct RenderMemo {
    /// The last case's axis values, and each one's `"axis":value` member of `results.jsonl`.
    private var entries: [AxisEntry] = []
    private var members: [[UInt8]] = []
    /// The last failed, not-run or error case's `<testcase>` after its time attribute, and what it was made from.
    private var tail: (result: TailKey, bytes: [UInt8])?

    /// What a testcase's tail is made from.
    private struct TailKey: Equatable {
        var status: CaseResult.Status
        var failures: [CaseResult.Failure]
        var reason: String?
        var line: Int?
    }

    /// The `"axis":value` member of the axis value at `position` of a case's values.
    mutating func member(_ entry: AxisEntry, at position: Int) -> [UInt8] {
        if position < entries.count && entries[position] == entry { return members[position] }
        var json = JSONWriter(capacity: 32)
        json.key(entry.axis)
        json.value(axisValue: entry)
        if position < entries.count {
            entries[position] = entry
            members[position] = json.buffer.bytes
        } else {
            entries.append(entry)
            members.append(json.buffer.bytes)
        }
        return json.buffer.bytes
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

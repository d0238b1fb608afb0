import Foundation

/// Where a run's observed values come from.
public enum ObservationSource: Sendable {
    /// The scene model.
    case model
    /// Values recorded on a real simulator or device, case by case.
    case recorded(RecordedObservations)
}

/// Observables recorded by a probe in an app, one JSON object per pose case (JSON Lines):
/// `{"pose": "P5", "title": "…", "values": {"profile": "device"}, "observables": {"display": "inner"}}`.
public struct RecordedObservations: Sendable {
    struct Record: Sendable {
        var observables: [Observable: ObservedValue]
        var line: Int
        /// What names the case, with positions, to say why a record matches no case.
        var pose: (id: String, position: SourcePosition)
        var title: (text: String, position: SourcePosition)?
        var values: [(axis: String, value: String, position: SourcePosition)] = []
        var valuesPosition: SourcePosition
    }

    public var path: String
    public var sha256: String
    private(set) var records: [String: Record] = [:]

    /// The reason given to a case the file has no record for.
    public static let noRecord = "no observation recorded"

    /// The key a case and its record share: pose, title and axis values in any order.
    static func key(pose: String, title: String?, values: [(String, String)]) -> String {
        ([pose, title ?? ""] + values.map { "\($0.0)=\($0.1)" }.sorted()).joined(separator: "\u{0}")
    }

    /// What the recording says for a case: each expected observable's value, or why there is none.
    func observation(for testCase: TestCase, _ observable: Observable) -> Observation {
        let values = zip(testCase.values, testCase.texts).map { ($0.0.rawValue, $1) }
        guard let record = records[Self.key(pose: testCase.entry.pose.id, title: testCase.entry.title, values: values)] else {
            return .unknown(Self.noRecord)
        }
        guard let value = record.observables[observable] else {
            return .unknown("\(observable.rawValue) not recorded (\(path):\(record.line))")
        }
        return .fact(value, .measured, "observed: \(path):\(record.line)")
    }

    /// Reads and checks a recording; every error names its line and column.
    public static func load(path: String) throws(MatrixErrors) -> RecordedObservations {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MatrixErrors(errors: [MatrixError(file: path, message: "no such file")])
        }
        guard let text = String(validating: [UInt8](data), as: UTF8.self) else {
            throw MatrixErrors(errors: [MatrixError(file: path, message: "the file is not valid UTF-8")])
        }
        var recording = RecordedObservations(path: path, sha256: SHA256.hex(of: [UInt8](data)))
        var errors: [MatrixError] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            var decoder = MatrixDecoder(file: path)
            let record: (String, Record)?
            do {
                record = decoder.decodeObservation(try JSON5Reader.parse(String(line)), line: number)
            } catch {
                errors.append(MatrixError(file: path, position: error.position.onLine(number), message: error.message))
                continue
            }
            errors += decoder.errors.map { error in
                var moved = error
                moved.position = error.position?.onLine(number)
                return moved
            }
            guard let (key, value) = record else { continue }
            if let first = recording.records[key] {
                errors.append(
                    MatrixError(
                        file: path, position: SourcePosition(line: number, column: 1),
                        message: "this case is already recorded on line \(first.line)"))
                continue
            }
            recording.records[key] = value
        }
        guard errors.isEmpty else { throw MatrixErrors(errors: errors) }
        return recording
    }

    /// How many cases the recording covers.
    public var count: Int { records.count }
}

extension SourcePosition {
    /// The position within one line of a JSON Lines file, moved to that line.
    func onLine(_ line: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }
}

extension MatrixDecoder {
    /// One observation record: pose, optional title, axis values and observables.
    mutating func decodeObservation(_ node: JSONNode, line: Int) -> (String, RecordedObservations.Record)? {
        let path = KeyPath()
        guard
            let members = object(
                node, path, allowed: ["pose", "title", "values", "observables"], required: ["pose", "observables"]),
            let poseMember = members["pose"], let id = string(poseMember.value, path.appending("pose")),
            let observablesMember = members["observables"]
        else { return nil }
        guard Pose.named(id) != nil else {
            fail(poseMember.value, path.appending("pose"), "unknown pose \(quoted(id))" + didYouMean(Pose.suggestion(for: id)))
            return nil
        }
        let title = members["title"].flatMap { nonEmptyString($0.value, path.appending("title")) }
        var values: [(axis: String, value: String, position: SourcePosition)] = []
        if let valuesMember = members["values"],
            let axes = object(valuesMember.value, path.appending("values"), allowed: Axis.allCases.map(\.rawValue))
        {
            for member in axes.values {
                let axis = Axis(rawValue: member.key)!
                if let value = axisValue(member.value, axis: axis, path.appending("values").appending(member.key)) {
                    values.append((axis.rawValue, value.description, member.keyPosition.onLine(line)))
                }
            }
        }
        var observed: [Observable: ObservedValue] = [:]
        if let fields = object(
            observablesMember.value, path.appending("observables"), allowed: Observable.allCases.map(\.rawValue))
        {
            for member in fields.values {
                let observable = Observable(rawValue: member.key)!
                if let value = expectedValue(member.value, observable, path.appending("observables").appending(member.key)) {
                    observed[observable] = value
                }
            }
        }
        guard errors.isEmpty else { return nil }
        let titlePosition = members["title"]?.value.position.onLine(line)
        return (
            RecordedObservations.key(pose: id, title: title, values: values.map { ($0.axis, $0.value) }),
            RecordedObservations.Record(
                observables: observed, line: line, pose: (id, poseMember.value.position.onLine(line)),
                title: title.map { ($0, titlePosition!) }, values: values,
                valuesPosition: (members["values"]?.value.position ?? node.position).onLine(line))
        )
    }
}

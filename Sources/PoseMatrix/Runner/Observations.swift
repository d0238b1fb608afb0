import Foundation

/// Where a run's observed values come from.
enum ObservationSource: Sendable {
    /// The scene model.
    case model
    /// Values recorded on a real simulator or device, case by case.
    case recorded(RecordedObservations)
}

/// Why a recording cannot be used: it could not be read (exit 66), or its lines are wrong (65).
enum ObservationsError: Error {
    case unreadable(MatrixError)
    case invalid(MatrixErrors)
}

/// Observables recorded by a probe in an app, one JSON object per pose case (JSON Lines):
/// `{"pose": "P5", "title": "…", "values": {"profile": "device"}, "observables": {"display": "inner"}}`.
struct RecordedObservations: Sendable {
    struct Record: Sendable {
        var observables: [Observable: ObservedValue]
        var line: Int
        /// What names the case, with positions, to say why a record matches no case.
        var pose: (id: String, position: SourcePosition)
        var title: (text: String, position: SourcePosition)?
        var values: [(axis: String, value: String, position: SourcePosition)] = []
        var valuesPosition: SourcePosition
    }

    var path: String
    var sha256: String
    private(set) var records: [String: Record] = [:]

    /// The reason given to a case the file has no record for.
    static let noRecord = "no observation recorded"

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

    /// The longest line of a recording; a record is a few hundred bytes.
    static let maximumLineLength = 1 << 20
    /// The largest recording read: its records are held in memory for the run.
    static let maximumFileSize = 256 << 20

    /// Reads a recording, line by line (LF or CRLF), and checks every record against the matrix
    /// it is used with, in one pass: every error, of any line, is reported at once with its
    /// line and column, in file order. A pipe named by path is called as a matrix read from one
    /// is (`<pipe /dev/fd/63>`).
    static func load(path: String, for matrix: Matrix, matrixPath: String) throws(ObservationsError)
        -> RecordedObservations
    {
        let name = MatrixLoader.sourceName(forPath: path)
        let lines: LineReader
        do {
            lines = try LineReader(path: path, maximumLineLength: maximumLineLength, maximumFileSize: maximumFileSize)
        } catch {
            throw .unreadable(MatrixError(file: name, message: error.message))
        }
        var recording = RecordedObservations(path: name, sha256: "")
        var errors: [MatrixError] = []
        while true {
            let line: Line
            do {
                guard let next = try lines.next() else { break }
                line = next
            } catch {
                let position = error.line.map { SourcePosition(line: $0, column: 1) }
                let failure = MatrixError(file: name, position: position, message: error.message)
                if error.cause == .unreadable { throw .unreadable(failure) }
                errors.append(failure)  // past a limit nothing more is read, but what was read is checked
                break
            }
            errors += recording.add(line, path: name)
        }
        errors += recording.mismatches(in: matrix, matrixPath: matrixPath, linesInError: !errors.isEmpty)
        guard errors.isEmpty else { throw .invalid(MatrixErrors(sorting: errors)) }
        var hasher = lines.hasher ?? SHA256.Hasher()  // opened hashing: never the empty hasher
        recording.sha256 = hasher.finalize()
        return recording
    }

    /// Decodes one line of a recording and adds its record; returns its errors.
    private mutating func add(_ line: Line, path: String) -> [MatrixError] {
        let number = line.number
        guard let text = String(validating: line.bytes, as: UTF8.self) else {
            return [
                MatrixError(file: path, position: SourcePosition(line: number, column: 1), message: "the line is not valid UTF-8")
            ]
        }
        guard JSON5Reader.holdsValue(text) else { return [] }  // blank, or comments only
        var decoder = MatrixDecoder(file: path)
        let record: (String, Record)?
        do {
            record = decoder.decodeObservation(try JSON5Reader.parse(text, strict: true), line: number)
        } catch {
            return [MatrixError(file: path, position: error.position.onLine(number), message: error.message)]
        }
        var errors = decoder.errors.map { error in
            var moved = error
            moved.position = error.position?.onLine(number)
            return moved
        }
        guard let (key, value) = record else { return errors }
        if let first = records[key] {
            errors.append(
                MatrixError(
                    file: path, position: SourcePosition(line: number, column: 1),
                    message: "this case is already recorded on line \(first.line)"))
            return errors
        }
        records[key] = value
        return errors
    }

    /// How many cases the recording covers.
    var count: Int { records.count }
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
        if Pose.named(id) == nil {
            // Reported, and the rest of the record is still checked: every error of a line at once.
            fail(poseMember.value, path.appending("pose"), Pose.unknownMessage(id))
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

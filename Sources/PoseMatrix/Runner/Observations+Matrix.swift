/// Every record of a recording must name a case of the matrix it is used with: a misspelt
/// title or another matrix's file is an error, never a silently ignored line.
extension RecordedObservations {
    /// Why records name no case of the matrix (whatever --pose and --where keep), each at the
    /// record's line and column. A file no record of which matches is refused whole, and so is a
    /// file with no record: every case would be not run, from nothing. Neither is said when
    /// lines are in error (`linesInError`): their errors say more.
    func mismatches(in matrix: Matrix, matrixPath: String, linesInError: Bool) -> [MatrixError] {
        guard !records.isEmpty else {
            if linesInError { return [] }
            return [
                MatrixError(
                    file: path, position: nil,
                    message: "holds no record, so no case of \(matrixPath) could be evaluated: is it the right file?")
            ]
        }
        let sorted = records.values.sorted { $0.line < $1.line }
        let mismatched = sorted.map { mismatches(of: $0, in: matrix) }.filter { !$0.isEmpty }
        if mismatched.count == sorted.count && !linesInError {
            return [
                MatrixError(
                    file: path, position: sorted.first.map { SourcePosition(line: $0.line, column: 1) },
                    message: "no record matches a case of \(matrixPath): these observations are for another matrix")
            ]
        }
        return mismatched.flatMap { $0 }
    }

    /// Why a record names no case of the matrix, or nothing when it names one.
    private func mismatches(of record: Record, in matrix: Matrix) -> [MatrixError] {
        let pose = record.pose.id
        let entries = matrix.poses.filter { $0.pose.id == pose }
        guard !entries.isEmpty else {
            return [MatrixError(file: path, position: record.pose.position, message: "the matrix has no \(pose) entry")]
        }
        let titled = entries.filter { $0.title == record.title?.text }
        guard !titled.isEmpty else {
            let titles = entries.compactMap(\.title)
            guard let title = record.title else {
                return [
                    MatrixError(
                        file: path, position: record.pose.position,
                        message: "every \(pose) entry has a title; name one ("
                            + titles.map { quoted($0) }.joined(separator: ", ") + ")")
                ]
            }
            return [
                MatrixError(
                    file: path, position: title.position,
                    message: "the matrix has no \(pose) entry titled \(quoted(title.text))"
                        + didYouMean(suggest(title.text, from: titles)))
            ]
        }
        let perEntry = titled.map { mismatches(of: record, in: $0, top: matrix.axes) }
        return perEntry.contains { $0.isEmpty } ? [] : perEntry[0]
    }

    /// Why a record's values name no case of one entry (each value the entry never takes, and the
    /// axes it lacks), or nothing when they name one.
    private func mismatches(of record: Record, in entry: PoseEntry, top: [AxisSpec]) -> [MatrixError] {
        let axes = Plan.mergedAxes(top: top, entry: entry)
        var errors: [MatrixError] = []
        for given in record.values {
            guard let spec = axes.first(where: { $0.axis.rawValue == given.axis }) else {
                errors.append(
                    MatrixError(
                        file: path, position: given.position,
                        message: "\(entry.label) has no axis \(given.axis) in the matrix"))
                continue
            }
            let names = spec.values.map(\.description)
            if !names.contains(given.value) {
                errors.append(
                    MatrixError(
                        file: path, position: given.position,
                        message: "\(entry.label) never runs with \(given.axis)=\(given.value) (the matrix has "
                            + names.joined(separator: ", ") + ")"))
            }
        }
        let missing = axes.map(\.axis.rawValue).filter { axis in !record.values.contains { $0.axis == axis } }
        if !missing.isEmpty {
            errors.append(
                MatrixError(
                    file: path, position: record.valuesPosition,
                    message: "values lacks " + missing.joined(separator: ", ") + ", which \(entry.label) runs over"))
        }
        return errors
    }
}

/// Every record of a recording must name a case of the matrix it is used with: a misspelt
/// title or another matrix's file is an error, never a silently ignored line.
extension RecordedObservations {
    /// Checks every record against the matrix's cases (whatever --pose and --where keep);
    /// errors name the record's line and column. A file no record of which matches is refused
    /// whole, and so is a file with no record: every case would be not run, from nothing.
    public func check(against matrix: Matrix, matrixPath: String) throws(MatrixErrors) {
        guard !records.isEmpty else {
            throw MatrixErrors(errors: [
                MatrixError(
                    file: path, position: nil,
                    message: "holds no record, so no case of \(matrixPath) could be evaluated: is it the right file?")
            ])
        }
        let sorted = records.values.sorted { $0.line < $1.line }
        let errors = sorted.compactMap { mismatch(of: $0, in: matrix) }
        guard !errors.isEmpty else { return }
        if errors.count == sorted.count {
            throw MatrixErrors(errors: [
                MatrixError(
                    file: path, position: sorted.first.map { SourcePosition(line: $0.line, column: 1) },
                    message: "no record matches a case of \(matrixPath): these observations are for another matrix")
            ])
        }
        throw MatrixErrors(errors: errors)
    }

    /// Why a record names no case of the matrix, or nil when it names one.
    private func mismatch(of record: Record, in matrix: Matrix) -> MatrixError? {
        let pose = record.pose.id
        let entries = matrix.poses.filter { $0.pose.id == pose }
        guard !entries.isEmpty else {
            return MatrixError(file: path, position: record.pose.position, message: "the matrix has no \(pose) entry")
        }
        let titled = entries.filter { $0.title == record.title?.text }
        guard !titled.isEmpty else {
            let titles = entries.compactMap(\.title)
            guard let title = record.title else {
                return MatrixError(
                    file: path, position: record.pose.position,
                    message: "every \(pose) entry has a title; name one (" + titles.map { quoted($0) }.joined(separator: ", ")
                        + ")")
            }
            return MatrixError(
                file: path, position: title.position,
                message: "the matrix has no \(pose) entry titled \(quoted(title.text))"
                    + didYouMean(suggest(title.text, from: titles)))
        }
        let mismatches = titled.map { mismatch(of: record, in: $0, top: matrix.axes) }
        return mismatches.contains { $0 == nil } ? nil : mismatches[0]
    }

    /// Why a record's values name no case of one entry, or nil when they name one.
    private func mismatch(of record: Record, in entry: PoseEntry, top: [AxisSpec]) -> MatrixError? {
        let axes = Plan.mergedAxes(top: top, entry: entry)
        for given in record.values {
            guard let spec = axes.first(where: { $0.axis.rawValue == given.axis }) else {
                return MatrixError(
                    file: path, position: given.position, message: "\(entry.label) has no axis \(given.axis) in the matrix")
            }
            let names = spec.values.map(\.description)
            if !names.contains(given.value) {
                return MatrixError(
                    file: path, position: given.position,
                    message: "\(entry.label) never runs with \(given.axis)=\(given.value) (the matrix has "
                        + names.joined(separator: ", ") + ")")
            }
        }
        let missing = axes.map(\.axis.rawValue).filter { axis in !record.values.contains { $0.axis == axis } }
        guard missing.isEmpty else {
            return MatrixError(
                file: path, position: record.valuesPosition,
                message: "values lacks " + missing.joined(separator: ", ") + ", which \(entry.label) runs over")
        }
        return nil
    }
}

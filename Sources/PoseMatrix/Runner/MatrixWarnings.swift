/// Mistakes in a valid matrix that leave cases unchecked without failing anything: a `where`
/// clause no case can match, and a pose entry that expects nothing for a profile it runs in.
/// Shown as `Warning: FILE:LINE:COLUMN: …`; the exit code does not change.
enum MatrixWarnings {
    /// The warnings of a matrix, in file order.
    static func warnings(for matrix: Matrix, file: String) -> [MatrixError] {
        var warnings: [MatrixError] = []
        for entry in matrix.poses {
            let values = possibleValues(of: entry, in: matrix)
            for clause in entry.whereClauses {
                guard
                    let (axis, value) = clause.when.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first(where: {
                        !(values[$0.key] ?? []).contains($0.value)
                    })
                else { continue }
                warnings.append(
                    warning(
                        at: clause.place, file: file,
                        "this clause never matches: \(entry.label) has no case with \(axis.rawValue)=\(value) "
                            + "(its values: \(describe(values[axis] ?? [])))"))
            }
            for profile in values[.profile] ?? [] where expectsNothing(entry, profile: profile, values: values) {
                warnings.append(
                    warning(
                        at: entry.place, file: file,
                        "\(entry.label) expects nothing for profile=\(profile): those cases are not run"))
            }
        }
        return warnings.sorted {
            ($0.position?.line ?? 0, $0.position?.column ?? 0) < ($1.position?.line ?? 0, $1.position?.column ?? 0)
        }
    }

    /// Every value each axis takes in an entry's cases: its axes over the top-level ones, the
    /// values the pose sets itself, and the defaults of the axes nobody varies.
    static func possibleValues(of entry: PoseEntry, in matrix: Matrix) -> [Axis: [AxisValue]] {
        let axes = Plan.mergedAxes(top: matrix.axes, entry: entry)
        let defaults = CaseSettings(values: entry.pose.fixed, app: matrix.app)
        var values: [Axis: [AxisValue]] = [:]
        for axis in Axis.allCases {
            if let spec = axes.first(where: { $0.axis == axis }) {
                values[axis] = spec.values
            } else if let value = defaults.value(of: axis) {
                values[axis] = [value]
            }
        }
        return values
    }

    /// True when the entry has no expectation of its own and no clause that a case of this profile can match.
    private static func expectsNothing(_ entry: PoseEntry, profile: AxisValue, values: [Axis: [AxisValue]]) -> Bool {
        guard entry.expect.isEmpty, entry.pose.notRunIn[Profile(rawValue: profile.description) ?? .device] == nil else {
            return false
        }
        return !entry.whereClauses.contains { clause in
            clause.when.allSatisfy { axis, value in
                axis == .profile ? value == profile : (values[axis] ?? []).contains(value)
            }
        }
    }

    private static func describe(_ values: [AxisValue]) -> String {
        values.isEmpty ? "none" : values.map(\.description).joined(separator: ", ")
    }

    private static func warning(at place: MatrixPlace?, file: String, _ message: String) -> MatrixError {
        MatrixError(file: file, position: place?.position, keyPath: place?.keyPath, message: message)
    }
}

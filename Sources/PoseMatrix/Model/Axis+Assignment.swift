/// `axis=value`, as `--where` and `--axis` take it and case ids spell it.
extension Axis {
    /// Why a text does not name an axis and one of its values.
    enum AssignmentError: Error, Equatable {
        /// No `=` in the text.
        case notAnAssignment
        /// No axis has this name; the suggestion is the one meant, if one is close.
        case unknownAxis(String, suggestion: String?)
        /// The axis has no such value; the suggestion is the one meant, if one is close.
        case invalidValue(Axis, String, suggestion: String?)
    }

    /// The axis and value `axis=value` names.
    static func assignment(_ text: String) throws(AssignmentError) -> (Axis, AxisValue) {
        guard let equals = text.firstIndex(of: "=") else { throw .notAnAssignment }
        let name = String(text[..<equals])
        let raw = String(text[text.index(after: equals)...])
        guard let axis = Axis(rawValue: name) else {
            throw .unknownAxis(name, suggestion: suggest(name, from: Axis.allCases.map(\.rawValue)))
        }
        guard let value = axis.parse(raw) else {
            var suggestion: String?
            if case .choice(let names) = axis.domain { suggestion = suggest(raw, from: names) }
            throw .invalidValue(axis, raw, suggestion: suggestion)
        }
        return (axis, value)
    }
}

/// Reading the device table in the model's current state: the one place where a row's
/// provenance becomes an observation's (``SceneModel/measuredProvenance(_:)`` decides how firm a
/// measurement is where the model stands).
extension SceneModel {
    /// How firm a known row is in the current state and profile: measured where the simulator
    /// measured it; elsewhere Apple's word for a value Apple publishes, otherwise an inference
    /// from the measurement; a row nobody measured keeps its own provenance. Nil for an unknown row.
    func citation(of fact: DeviceFact) -> Citation? {
        let row = fact.row
        guard case .known(_, let citation) = row.value else { return nil }
        guard let measurement = row.measurement else { return citation }
        if row.elsewhere == .apple {
            return isMeasured(in: measurement.states) ? citation : Citation(.apple, citation.source)
        }
        return measuredProvenance(measurement)
    }

    /// A row as an observation: its value (or `value`, one derived from it by a rule that keeps
    /// its firmness, such as mirroring a frame) with its citation here, or its reason when unknown.
    func reading(_ fact: DeviceFact, as value: ObservedValue? = nil) -> Observation {
        guard let citation = citation(of: fact) else { return .unknown(fact.reason) }
        return .fact(value ?? fact.observedValue, citation)
    }
}

extension DeviceFact {
    /// The value as observables write it: single numbers as numbers, the rest as text.
    var observedValue: ObservedValue {
        if case .number(let number) = quantity { return .number(number) }
        return .text(text)
    }

    /// Insets as whole points, top, left, bottom, right.
    var wholeInsets: (top: Int, left: Int, bottom: Int, right: Int) {
        let insets = quantity.insets
        return (Int(insets.top), Int(insets.left), Int(insets.bottom), Int(insets.right))
    }
}

/// How many events of each kind, and the least firm of them: what the `events.*` counts
/// read, kept without an event log so a run's thousands of cases allocate nothing for it.
struct EventTallies: Sendable {
    struct Tally: Sendable {
        var count = 0
        /// The least firm event's provenance and source.
        var weakest: Citation?

        mutating func add(_ citation: Citation) {
            count += 1
            weaken(to: citation)
        }

        /// Lowers the firmness to the citation's without counting an event.
        mutating func weaken(to citation: Citation) {
            if let strength = weakest?.provenance.strength, citation.provenance.strength >= strength { return }
            weakest = citation
        }
    }

    private var tallies: (Tally, Tally, Tally, Tally, Tally, Tally, Tally, Tally) = (
        .init(), .init(), .init(), .init(), .init(), .init(), .init(), .init()
    )

    subscript(kind: SceneEvent.Kind) -> Tally {
        get {
            switch kind {
            case .hinge: tallies.0
            case .geometryUpdate: tallies.1
            case .screenChange: tallies.2
            case .phaseChange: tallies.3
            case .sessionConnected: tallies.4
            case .sessionDiscarded: tallies.5
            case .windowRequest: tallies.6
            case .crash: tallies.7
            }
        }
        set {
            switch kind {
            case .hinge: tallies.0 = newValue
            case .geometryUpdate: tallies.1 = newValue
            case .screenChange: tallies.2 = newValue
            case .phaseChange: tallies.3 = newValue
            case .sessionConnected: tallies.4 = newValue
            case .sessionDiscarded: tallies.5 = newValue
            case .windowRequest: tallies.6 = newValue
            case .crash: tallies.7 = newValue
            }
        }
    }

    /// Counts one event in place: reading the tally out and writing it back copied it for every event.
    mutating func add(_ kind: SceneEvent.Kind, _ citation: Citation) {
        switch kind {
        case .hinge: tallies.0.add(citation)
        case .geometryUpdate: tallies.1.add(citation)
        case .screenChange: tallies.2.add(citation)
        case .phaseChange: tallies.3.add(citation)
        case .sessionConnected: tallies.4.add(citation)
        case .sessionDiscarded: tallies.5.add(citation)
        case .windowRequest: tallies.6.add(citation)
        case .crash: tallies.7.add(citation)
        }
    }
}

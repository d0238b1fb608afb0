/// A night's cases by their place in its file, for the next night to match against: each case's
/// id, pose, track and identity bytes (``CaseLine/identity``; none for a line not in the
/// writer's form), kept in one array of bytes.
struct NightPlaces: Sendable {
    private(set) var ids: [String] = []
    private var poses: [String] = []
    private var tracks: [Int] = []
    private var bytes: [UInt8] = []
    /// Where each place's identity ends in `bytes` (it starts where the place before's ends).
    private var ends: [Int] = []

    var count: Int { ids.count }

    /// Room for as many places and identity bytes as `other` holds.
    mutating func reserve(like other: NightPlaces) {
        ids.reserveCapacity(other.count)
        poses.reserveCapacity(other.count)
        tracks.reserveCapacity(other.count)
        ends.reserveCapacity(other.count)
        bytes.reserveCapacity(other.bytes.count)
    }

    mutating func append(id: String, pose: String, identity: ArraySlice<UInt8>?, track: Int) {
        ids.append(id)
        poses.append(pose)
        tracks.append(track)
        if let identity { bytes.append(contentsOf: identity) }
        ends.append(bytes.count)
    }

    /// The case at `place`, when there is one with identity bytes.
    subscript(place: Int) -> (id: String, pose: String, track: Int, identity: ArraySlice<UInt8>)? {
        guard place < count else { return nil }
        let start = place == 0 ? 0 : ends[place - 1]
        guard ends[place] > start else { return nil }
        return (ids[place], poses[place], tracks[place], bytes[start..<ends[place]])
    }

    func track(at place: Int) -> Int { tracks[place] }

    /// The same places without their identity bytes: matched by id only.
    func withoutIdentities() -> NightPlaces {
        var places = self
        places.bytes = []
        places.ends = Array(repeating: 0, count: count)
        return places
    }

    /// The same places with each track `renumbered[track]`.
    func renumbered(_ renumbered: [Int]) -> NightPlaces {
        var places = self
        places.tracks = tracks.map { renumbered[$0] }
        return places
    }
}

/// Matches a night's cases to the night before's: at the same place with the same identity, by
/// the same id, or across axes (``AcrossAxes``); each case of the night before once.
struct NightMatcher {
    private let previous: NightPlaces
    /// The place of each id of the night before, made when a case is first matched by id.
    private var places: [String: Int]?
    private var matched: [Bool]
    private var matchedCount = 0
    private var acrossAxes: AcrossAxes?

    init(previous: NightPlaces, before: RunHeader?, now: RunHeader) {
        self.previous = previous
        matched = Array(repeating: false, count: previous.count)
        acrossAxes = before.map { AcrossAxes(earlier: $0, later: now) }
    }

    /// The cases of the night before that no case of this night matched.
    var unmatchedCount: Int { previous.count - matchedCount }

    /// The night before's case at `place`, when it has identity bytes and no case matched it yet.
    func unmatched(at place: Int) -> (id: String, pose: String, track: Int, identity: ArraySlice<UInt8>)? {
        guard place < matched.count, !matched[place] else { return nil }
        return previous[place]
    }

    /// Marks the night before's case at `place` matched.
    mutating func take(_ place: Int) {
        matched[place] = true
        matchedCount += 1
    }

    /// The track of the night before's case `id` matches, or nil for a case new to the plan.
    mutating func match(_ id: String) -> Int? {
        if places == nil {
            // An id given twice names its last place, as a dictionary written case by case would.
            places = Dictionary(previous.ids.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { $1 })
        }
        guard let found = place(of: id) else { return nil }
        take(found)
        return previous.track(at: found)
    }

    /// The place of the unmatched case of the night before that `id` matches.
    private mutating func place(of id: String) -> Int? {
        let places = self.places!
        if let place = places[id], !matched[place] { return place }
        let matched = self.matched  // the closures below read it; `take` writes it once they are done
        return acrossAxes?.match(id, earlierIDs: { Array(places.keys) }, taken: { matched[places[$0]!] }).flatMap { places[$0] }
    }
}

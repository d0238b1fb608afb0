/// Joining a trend of later nights onto a trend of the nights before them, as reading all the
/// nights one after another would have made it: `trend` reads two halves of the nights at once.
extension Trend {
    /// Appends `later`'s nights and cases: each case of its first night matched to a case of
    /// this trend's last night by `matcher` (made on that night's cases), by id or across axes,
    /// its track continued; `firstPlaces` are `later`'s first night's cases.
    ///
    /// Reading that night next would match a case to the one at its place when their identity
    /// bytes are the same, which is the case its id names as long as the night before gives each
    /// id once, as every run does (a matrix refuses two entries of one pose with one title).
    mutating func join(_ later: Trend, firstPlaces: NightPlaces, matching matcher: NightMatcher) {
        var matcher = matcher
        var continues = [Int?](repeating: nil, count: later.tracks.count)
        var added = 0
        for place in 0..<firstPlaces.count {
            if let found = matcher.match(firstPlaces.ids[place]) {
                continues[firstPlaces.track(at: place)] = found
            } else {
                added += 1
            }
        }
        let offset = nights.count
        nights += later.nights
        nights[offset].added = added
        nights[offset].removed = matcher.unmatchedCount
        var renumbered = [Int](repeating: 0, count: later.tracks.count)
        for (index, track) in later.tracks.enumerated() {
            if let earlier = continues[index] {
                tracks[earlier].continue(with: track, after: offset)
                renumbered[index] = earlier
            } else {
                tracks.append(track.shifted(by: offset))
                renumbered[index] = tracks.count - 1
            }
        }
        places = later.places.renumbered(renumbered)
    }
}

extension Trend.Track {
    /// Continues this track with `later`, the same case's track over the nights after night `offset`.
    mutating func `continue`(with later: Self, after offset: Int) {
        let later = later.shifted(by: offset)
        // A change where the later nights' first verdict differs from this track's last.
        var boundary: Int?
        if let mine = verdict, let theirs = later.firstVerdict, mine != theirs.verdict { boundary = theirs.night }
        id = later.id
        lastSeen = later.lastSeen
        changes += later.changes + (boundary == nil ? 0 : 1)
        if firstChange == 0 { firstChange = boundary ?? later.firstChange }
        if later.lastChange > 0 {
            lastChange = later.lastChange
        } else if let boundary {
            lastChange = boundary
        }
        firstVerdict = firstVerdict ?? later.firstVerdict
        verdict = later.verdict ?? verdict
    }

    /// The track with its nights counted after night `offset`.
    func shifted(by offset: Int) -> Self {
        var track = self
        track.lastSeen += track.lastSeen > 0 ? offset : 0
        track.firstChange += track.firstChange > 0 ? offset : 0
        track.lastChange += track.lastChange > 0 ? offset : 0
        track.firstVerdict = firstVerdict.map { ($0.verdict, $0.night + offset) }
        return track
    }
}

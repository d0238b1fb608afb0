/// The states an exploration has found: a hash table of packed state keys, open addressing
/// with linear probing, for `Explorer` only.
///
/// Speed: with `Set<SceneModel.StateKey>` a third of each insert was SipHash (a seeded hasher
/// made, fed five words and finalized for every one of 3.0 million successors at depth 12) and
/// the rest mostly cache misses on the set's occupancy bitmap and then its bucket. Here the hash
/// is a few multiplications and a slot is its own occupancy mark, so an insert touches one
/// cache line. Only membership is asked, never the order, so the exploration's outcome is
/// the same as with `Set`.
struct VisitedStates {
    /// Keys by slot; an empty slot holds ``empty``, whose angle no state has (NaN).
    private var slots: [SceneModel.StateKey]
    private(set) var count = 0

    private static let empty = SceneModel.StateKey(angle: .nan, fields: 0, windows0: 0, windows1: 0, windows2: 0)

    init(minimumCapacity: Int = 16) {
        slots = Array(repeating: Self.empty, count: Self.slotCount(for: minimumCapacity))
    }

    /// Adds the key; false if it was there already.
    mutating func insert(_ key: SceneModel.StateKey) -> Bool {
        precondition(!key.angle.isNaN, "a state's hinge angle is a number")
        if (count + 1) * 4 > slots.count * 3 { reserveCapacity(count + 1) }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while !slots[slot].angle.isNaN {
            if slots[slot] == key { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = key
        count += 1
        return true
    }

    /// Makes room for `capacity` keys at once, rather than doubling during a level.
    mutating func reserveCapacity(_ capacity: Int) {
        let wanted = Self.slotCount(for: capacity)
        guard wanted > slots.count else { return }
        let old = slots
        slots = Array(repeating: Self.empty, count: wanted)
        let mask = wanted - 1
        for key in old where !key.angle.isNaN {
            var slot = Self.hash(key) & mask
            while !slots[slot].angle.isNaN { slot = (slot + 1) & mask }
            slots[slot] = key
        }
    }

    /// A power of two with room for `capacity` keys at most three quarters full.
    private static func slotCount(for capacity: Int) -> Int {
        var slots = 16
        while slots * 3 < capacity * 4 { slots *= 2 }
        return slots
    }

    /// Mixes the key's words (a multiply and a shift each, then a finalizer), so that keys
    /// differing in a few bits spread over the table. Equal keys hash alike: 0° and -0° are
    /// equal angles with different bits, so the angle's bits are taken of their sum with 0.
    private static func hash(_ key: SceneModel.StateKey) -> Int {
        // No array of the words: an array literal is an allocation for every hash.
        var hash = mix(0, (key.angle + 0).bitPattern)
        hash = mix(hash, key.fields)
        hash = mix(hash, key.windows0)
        hash = mix(hash, key.windows1)
        hash = mix(hash, key.windows2)
        hash = (hash ^ hash >> 32) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: hash ^ hash >> 32)
    }

    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ mixed >> 29
    }
}

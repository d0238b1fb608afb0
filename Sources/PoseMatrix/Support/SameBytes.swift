import Foundation

extension String {
    /// Whether the two strings are the same UTF-8 bytes, as the reports write them.
    ///
    /// `==` asks whether they are canonically equivalent: for text outside ASCII (a reason with
    /// "°") that was made apart, as the model makes a reason for each case, it normalizes both as
    /// it goes, which was 2 % of a 10^6-case run's CPU (Benchmarks/README.md, "Reports, fourth
    /// pass"). Where equal text is grouped, or written once and referenced, the bytes are what
    /// counts: two spellings of one text are two texts in the file.
    func hasSameBytes(as other: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count
                    && (mine.isEmpty || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0)
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension String? {
    /// Whether both are nil, or both are strings of the same bytes (``String/hasSameBytes(as:)``).
    func hasSameBytes(as other: String?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let mine?, let theirs?): mine.hasSameBytes(as: theirs)
        default: false
        }
    }
}

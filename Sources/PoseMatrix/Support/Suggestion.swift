/// The candidate closest to a misspelt word, when one is close enough to be what was meant.
///
/// Closeness is the edit distance, ignoring case; a candidate qualifies within a third of
/// the word's length (at least 2 edits), or when one contains the other.
func suggest(_ word: String, from candidates: [String]) -> String? {
    let lowered = word.lowercased()
    guard !lowered.isEmpty, lowered.count <= 100 else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased())
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let limit = max(2, lowered.count / 3)
    if best.distance <= limit { return best.candidate }
    let contained = candidates.first { $0.count > 2 && lowered.contains($0.lowercased()) }
    return contained
}

/// The Levenshtein distance between two strings, in characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &row)
    }
    return previous[b.count]
}

/// "; did you mean "x"?" when there is a suggestion, else nothing.
func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean \(quoted($0))?" } ?? ""
}

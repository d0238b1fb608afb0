/// A one-line count of cases done, redrawn in place on a terminal (plain text: no colour,
/// so NO_COLOR has nothing to turn off).
struct Progress {
    let total: Int
    /// Where to draw, or nil to stay silent.
    let sink: (any TextSink)?
    private var done = 0
    private var shownPercent = -1

    init(total: Int, sink: (any TextSink)?) {
        self.total = total
        self.sink = sink
    }

    mutating func advance(by count: Int) {
        guard let sink, total > 0 else { return }
        done += count
        let percent = done * 100 / total
        guard percent != shownPercent else { return }
        shownPercent = percent
        sink.write("\rduo-pose: \(done) of \(total) cases (\(percent)%)")
    }

    /// Removes the line before the summary is printed.
    func clear() {
        guard let sink, shownPercent >= 0 else { return }
        sink.write("\r\u{1B}[K")
    }
}

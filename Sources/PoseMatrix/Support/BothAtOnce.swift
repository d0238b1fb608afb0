import Foundation

/// Runs `first` and `second` at once, each on a thread of its own, and gives both results when
/// both are done: two independent halves of a job on a machine's two cores.
func bothAtOnce<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    let results = Pair<First, Second>()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
            let value = first()
            results.lock.withLock { results.first = value }
        } else {
            let value = second()
            results.lock.withLock { results.second = value }
        }
    }
    return results.lock.withLock { (results.first!, results.second!) }
}

/// The two results, each written once under the lock by its own thread.
private final class Pair<First, Second>: @unchecked Sendable {
    let lock = NSLock()
    var first: First?
    var second: Second?
}

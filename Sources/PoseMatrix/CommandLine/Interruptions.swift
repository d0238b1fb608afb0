import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into task cancellation, so a run stops between chunks, leaves
/// the previous reports whole and removes its temporary files, then exits 130 or 143.
///
/// Work that ends normally despite a signal (it was past its last point of no return, moving
/// the finished reports into place) keeps its own exit code: a process never both replaces its
/// files and exits 130 or 143. A second signal stops the process at once, even when the work
/// is blocked (opening a FIFO that no process writes); the next run removes what it left.
public final class Interruptions: @unchecked Sendable {
    // @unchecked: `signalReceived` is written on the signal queue and read after the work ends,
    // both under `lock`.
    private let lock = NSLock()
    private var signalReceived: Int32?
    private var sources: [any DispatchSourceSignal] = []

    /// The signal that stopped the work, if one did.
    var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signalReceived
    }

    /// Starts watching; `cancel` is called once, on the first signal.
    public init(cancel: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                let first = self.signalReceived == nil
                if first { self.signalReceived = signalNumber }
                self.lock.unlock()
                if first { cancel() } else { _exit(DuoPose.ExitCode.interrupted(by: signalNumber)) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The process's exit code: the signal's (130 or 143) when the work stopped because of it,
    /// the work's own code when it finished.
    public func exitCode(for work: Int32) -> Int32 {
        Self.exitCode(work: work, signal: received)
    }

    /// Commands that stop on cancellation return 130 (``DuoPose/ExitCode/interrupted(by:)`` with
    /// SIGINT), not knowing which signal it was; only that code becomes the signal's own.
    static func exitCode(work: Int32, signal: Int32?) -> Int32 {
        guard let signal, work == DuoPose.ExitCode.interrupted(by: SIGINT) else { return work }
        return DuoPose.ExitCode.interrupted(by: signal)
    }
}

import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into task cancellation, so a run stops between chunks, leaves
/// the previous reports whole and removes its temporary files, then exits 130 or 143.
public final class Interruptions: @unchecked Sendable {
    // @unchecked: `received` is written on the signal queue and read after the work ends,
    // both under `lock`.
    private let lock = NSLock()
    private var signalReceived: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// The signal that stopped the work, if one did.
    public var received: Int32? {
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
                if first { cancel() }
            }
            source.resume()
            sources.append(source)
        }
    }
}

import Foundation

/// A run's or a sign-off's time as the reports write it: ISO 8601, UTC, to the second.
enum Timestamp {
    /// SOURCE_DATE_EPOCH when given, else the epoch in deterministic runs, else `now`.
    static func string(sourceDateEpoch: Int?, deterministic: Bool, now: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let epoch = sourceDateEpoch {
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(epoch)))
        }
        return formatter.string(from: deterministic ? Date(timeIntervalSince1970: 0) : now)
    }
}

import Foundation

/// Where a command writes text: standard output or error, or a buffer in tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
}

/// A process stream.
public final class StandardStream: TextSink, Sendable {
    private let handle: FileHandle

    public static var output: StandardStream { StandardStream(FileHandle.standardOutput) }
    public static var error: StandardStream { StandardStream(FileHandle.standardError) }

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    public func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
}

/// Text kept in memory, for tests.
public final class CapturedText: TextSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }
}

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
final class CapturedText: TextSink {
    private(set) var text = ""

    init() {}

    func write(_ text: String) {
        self.text += text
    }
}

/// A sink that escapes what a terminal or CI log would act on (see ``TerminalText``), keeping
/// line breaks: every command writes through one, so no value can forge a control sequence.
final class TerminalSink: TextSink {
    private let base: any TextSink

    init(_ base: any TextSink) {
        self.base = base
    }

    func write(_ text: String) {
        base.write(TerminalText.escaped(text, keepingLineBreaks: true))
    }
}

import Foundation

/// The system's words for an error number, as `strerror` gives them ("Permission denied"),
/// so that a message names the cause instead of a framework's error code.
func systemReason(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// What kind of file a `stat` mode describes, for messages about a file of the wrong kind.
func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a file"
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
}

/// `write(2)`, under a name that types with a `write` method of their own can call.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

#if canImport(Glibc)
import Glibc
#endif
import UserListKit

/// Prints warnings to standard error as they happen: `userlist: warning: …`.
final class StandardErrorReporter: WarningReporter {
    /// A progress line may be on the terminal: erase it first (it is redrawn below the warning).
    private let prefix: String

    init(erasingLine: Bool = false) {
        prefix = erasingLine ? "\r\u{1B}[K" : ""
    }

    func warn(_ message: String) {
        StandardError.write("\(prefix)userlist: warning: \(message)\n")
    }
}

enum StandardError {
    /// Unbuffered, in one `write` per message, so lines from warnings and errors never interleave.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { if errno == EINTR { continue } else { return } }
                offset += n
            }
        }
    }
}

import UserListKit
import UserListPlatform

/// Prints warnings to standard error as they happen: `userlist: warning: …`.
/// (A progress line on the terminal is taken off first by the run, not here: see `ProgressWarnings`.)
/// `-q` drops them (errors are not warnings: they still print).
final class StandardErrorReporter: WarningReporter {
    private let quiet: Bool

    init(quiet: Bool = false) {
        self.quiet = quiet
    }

    func warn(_ warning: Diagnostic) {
        guard !quiet else { return }
        StandardError.write("userlist: warning: \(warning.text)\n")
    }
}

enum StandardError {
    /// `userlist: <message>` as one line: every diagnostic is exactly one line, whatever a jq
    /// `error("a\nb")` or a file name holding a newline or an escape byte put in it.
    static func report(_ message: String) {
        write("userlist: \(oneLine(message))\n")
    }

    /// One line, as every diagnostic is (``Diagnostic/oneLine(_:)``): for text from outside
    /// the library (ArgumentParser's messages).
    static func oneLine(_ text: String) -> String { Diagnostic.oneLine(text) }

    /// Prints `--help` or `--version` text on standard output; a failed write (`> /dev/full`, a
    /// closed standard output) is exit 74 with one line, not a silent success.
    static func printOrFail(_ text: String) -> Never {
        if let failure = FileWriting.writeAll(FileWriting.standardOutput, text.hasSuffix("\n") ? text : text + "\n") {
            report("<stdout>: write error: \(SystemError.text(of: failure))")
            ProcessExit.now(74)
        }
        ProcessExit.now(0)
    }

    /// Unbuffered, in one `write` per message, so lines from warnings and errors never interleave.
    static func write(_ text: String) {
        _ = FileWriting.writeAll(FileWriting.standardError, text)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line written to standard error when the process crashes (SIGILL, SIGTRAP, SIGSEGV, SIGBUS,
/// SIGABRT, SIGFPE), before the signal is handed to the handler it replaced (Swift's backtracer,
/// whose trace follows). For test suites that run code in process where a trap would end the
/// whole run before any issue is recorded: the note says where to look.
package enum CrashSignalNote {
    /// The note's bytes and the handlers it replaced, made once, read by the handler (which may
    /// not allocate).
    nonisolated(unsafe) private static var note: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var noteLength = 0
    nonisolated(unsafe) private static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    private static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    /// Installs the handler with `text` as the note; call once (a second call replaces the note
    /// and would make the handler hand the signal to itself).
    package static func install(_ text: String) {
        note = strdup(text)
        noteLength = text.utf8.count
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if let note = CrashSignalNote.note { _ = write(STDERR_FILENO, note, CrashSignalNote.noteLength) }
                // The handler this one replaced (Swift's backtracer) takes the signal again.
                sigaction(signal, CrashSignalNote.previous + Int(signal), nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + Int(signal))
        }
    }
}

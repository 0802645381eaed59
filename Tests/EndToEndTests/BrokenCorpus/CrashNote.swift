#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The exports are read in this process: a trap in the reader ends the whole test run with a
/// signal, before any issue is recorded. So each test case keeps the export it is reading in a
/// file (`checking.txt` in its scratch folder, kept when the process dies), and a handler for the
/// crash signals says where those files are before handing the signal on (Swift's backtrace follows).
enum CrashNote {
    /// The note's bytes and the handlers it replaced, made once, read by the handler (which may
    /// not allocate).
    nonisolated(unsafe) private static var note: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var noteLength = 0
    nonisolated(unsafe) private static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    private static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    /// Installs the handler, once.
    static let installed: Void = {
        let text = "\nBrokenCorpusTests: userlist crashed reading an export; the export each test case was reading, with its seed and variant, is in \(BrokenCorpusTests.scratch.path)/userlist-corpus-*/checking.txt\n"
        note = strdup(text)
        noteLength = text.utf8.count
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if let note = CrashNote.note { _ = write(2, note, CrashNote.noteLength) }
                // The handler this one replaced (Swift's backtracer) takes the signal again.
                sigaction(signal, CrashNote.previous + Int(signal), nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + Int(signal))
        }
    }()
}

import Foundation
import UserListPlatform

/// The exports are read in this process: a trap in the reader ends the whole test run with a
/// signal, before any issue is recorded. So each test case keeps the export it is reading in a
/// file (`checking.txt` in its scratch folder, kept when the process dies), and a handler for the
/// crash signals (UserListPlatform's ``CrashSignalNote``) says where those files are before
/// handing the signal on (Swift's backtrace follows).
enum CrashNote {
    /// Installs the handler, once.
    static let installed: Void = {
        CrashSignalNote.install("\nBrokenCorpusTests: userlist crashed reading an export; the export each test case was reading, with its seed and variant, is in \(BrokenCorpusTests.scratch.path)/userlist-corpus-*/checking.txt\n")
    }()
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parent process's id: the one process besides this one that is surely running while this
/// one runs, so a test can name a live PID that is not its own (``AtomicFile`` keeps the
/// temporaries of live runs) without starting a process. Foundation's `ProcessInfo` gives only
/// this process's own id.
package enum ProcessIdentity {
    /// The parent's id (`getppid`).
    package static var parent: Int32 { getppid() }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CStackGuard

/// Temporary files to remove if a signal ends the run first (``AtomicFile``).
///
/// A signal handler may only make async-signal-safe calls: the paths are kept as C strings in a
/// fixed table it reads without locks, and it calls `unlink`, then restores the default action
/// and raises the signal again, so the process still ends by it (a shell sees 130 for ^C, 141
/// when the reader of a pipe is gone, as `head` leaves it).
///
/// SIGHUP and SIGPIPE ignored when the process starts stay ignored: `nohup` asks for the one, and
/// a parent that ignores SIGPIPE asks for EPIPE, which the writers report as a write error (74).
enum PendingFiles {
    private static let slots = 8
    nonisolated(unsafe) private static var table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: slots)
    nonisolated(unsafe) private static var installed = false
    /// SIGQUIT too: the Swift runtime would print every thread's stack for it and carry on.
    /// SIGPIPE: a `--rejects /dev/stdout` or `--summary -` whose reader has gone, while `--output`
    /// is still being written.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]
    /// Left ignored when inherited ignored.
    private static let ignorable: [Int32] = [SIGHUP, SIGPIPE]

    /// Installs the handlers (once): a signal removes what is pending and ends the process by it.
    static func installHandlers() {
        guard !installed else { return }
        table.initialize(repeating: nil, count: slots)
        for signal in signals { installHandler(signal) }
        // A crash inside libjq exits 65 after removing these files too.
        ul_guard_install(table, Int32(slots))
        installed = true
    }

    static func add(_ path: String) {
        installHandlers()
        guard let slot = (0..<slots).first(where: { table[$0] == nil }) else { return }
        table[slot] = strdup(path)
    }

    static func remove(_ path: String) {
        for slot in 0..<slots {
            guard let entry = table[slot], String(cString: entry) == path else { continue }
            table[slot] = nil
            free(entry)
        }
    }

    private static func installHandler(_ signal: Int32) {
        if ignorable.contains(signal) {
            var current = sigaction()
            sigaction(signal, nil, &current)
            if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { received in
            // A stretch that must finish once begun (ProcessSignals.deferring): later.
            if ul_signal_hold(received) != 0 { return }
            ul_status_line_erase()
            let paged = ul_pager_wait() != 0
            var pending = false
            for slot in 0..<PendingFiles.slots {
                if let entry = PendingFiles.table[slot] {
                    unlink(entry)
                    pending = true
                }
            }
            // The person quit the pager before the end: they have read what they wanted, as
            // with git's pager; a run that still had files to write did not succeed.
            if received == SIGPIPE, paged, !pending { _exit(0) }
            Glibc.signal(received, SIG_DFL)
            raise(received)
        }
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

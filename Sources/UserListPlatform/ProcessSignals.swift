#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CStackGuard

/// Process-wide signal choices, made once at start-up by the executable, before any thread.
public enum ProcessSignals {
    /// - Past `ulimit -f`, the kernel kills a writer with SIGXFSZ and no message; ignored, the
    ///   write fails with EFBIG instead, which the output reports as a write error (exit 74).
    /// - SIGINT, SIGTERM and SIGHUP are unblocked: a parent that spawned userlist from a thread
    ///   with signals blocked (Dispatch's threads block nearly all) would otherwise leave a
    ///   killed run unable to remove its `--output` temporary file, or to stop at all.
    /// - SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE end the run at once, by the signal, after
    ///   removing any `--output` temporary file (SIGQUIT printed a crash trace and then went on,
    ///   exit 0); SIGHUP and SIGPIPE stay ignored when inherited so (`nohup`; see ``PendingFiles``).
    public static func prepare() {
        signal(SIGXFSZ, SIG_IGN)
        PendingFiles.installHandlers()
        var set = sigset_t()
        sigemptyset(&set)
        for signal in PendingFiles.signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Runs `body` with SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGPIPE held: one that arrives
    /// meanwhile, on any thread, ends the run (as it always does, removing pending temporary
    /// files) once `body` is over, not in the middle of it. For a short stretch that must finish
    /// once begun: `--split-pages` renaming a written set of pages into place.
    public static func deferring<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        PendingFiles.installHandlers()
        ul_signals_defer(1)
        defer {
            ul_signals_defer(0)
            let held = ul_signal_held()
            if held != 0 { raise(held) }
        }
        return try body()
    }
}

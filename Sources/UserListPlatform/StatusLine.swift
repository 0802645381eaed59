import CStackGuard

/// The one status line a run may keep on standard error (the progress line, on a terminal).
///
/// What ends the run without going through its code — SIGINT, SIGTERM, SIGHUP, SIGQUIT,
/// SIGPIPE (``PendingFiles``), a crash inside libjq or `--jq-timeout` (CStackGuard) — erases it
/// first, so ^C leaves the shell's prompt on a clean line instead of after half a progress line.
/// The flag lives in C, where the signal handlers read it without locks.
public enum StatusLine {
    /// What erases a line on a terminal: carriage return, then erase to its end.
    public static let erase = "\r\u{1B}[K"

    /// Records whether the line is on the screen now (drawn and not yet erased).
    public static func setShown(_ shown: Bool) {
        ul_status_line_set(shown ? 1 : 0)
    }
}

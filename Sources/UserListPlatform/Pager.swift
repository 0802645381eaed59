#if canImport(Glibc)
import Glibc
#endif
import CStackGuard

/// A pager for what standard output shows a person (`$PAGER`, `less -FRX` by default), as `git`
/// and `gh` use one: started when a table turns out longer than the terminal, with standard
/// output sent into it; at the end (exit, or a signal) standard output is closed and the pager
/// waited for, so the prompt comes back only when the person has quit it.
public enum Pager {
    nonisolated(unsafe) private static var started = false

    /// The pager to use: `PAGER`, or `less -FRX` when `less` is on `PATH`; nil for none (`PAGER`
    /// empty or `cat`, or no `less`).
    /// A `PAGER` whose program isn't there (`PAGER=nonexistent`) is none too: started through
    /// `sh -c`, it failed after the table was written into its pipe, and the table was lost (exit 0).
    public static func command(environment: (String) -> String?) -> String? {
        let path = environment("PATH") ?? "/usr/bin:/bin"
        func runnable(_ program: Substring) -> Bool {
            if program.contains("/") { return access(String(program), X_OK) == 0 }
            return path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
        }
        if let pager = environment("PAGER") {
            let words = pager.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let program = words.first, words != ["cat"] else { return nil }
            // A shell word we can't follow (a variable, an assignment, quotes) is left to `sh`.
            if program.contains(where: { "$='\"=`".contains($0) }) { return pager }
            return runnable(program) ? pager : nil
        }
        return runnable("less") ? "less -FRX" : nil
    }

    /// Runs `command` with `sh -c`, its standard input a pipe that standard output now writes to.
    /// Returns false (standard output untouched) when it can't be started.
    @discardableResult
    public static func start(_ command: String) -> Bool {
        guard !started else { return true }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        var pid: pid_t = 0
        let arguments = ["sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            return false
        }
        dup2(ends[1], STDOUT_FILENO)
        close(ends[1])
        started = true
        ul_pager_set(pid)
        atexit { _ = ul_pager_wait() }
        return true
    }
}

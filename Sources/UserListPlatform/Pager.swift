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
    public static func command(environment: (String) -> String?) -> String? {
        if let pager = environment("PAGER") {
            let words = pager.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.isEmpty || words == ["cat"] ? nil : pager
        }
        let path = environment("PATH") ?? "/usr/bin:/bin"
        let hasLess = path.split(separator: ":").contains { access("\($0)/less", X_OK) == 0 }
        return hasLess ? "less -FRX" : nil
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

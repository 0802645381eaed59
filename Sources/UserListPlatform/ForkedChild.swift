#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A body run in a forked copy of this process, so that a crash in it (libjq's `assert`, a
/// trap) ends only the copy: the caller gets what the copy wrote and the signal that ended it.
/// For tests of C libraries that abort on some inputs (jq 1.6's own known failures).
///
/// The copy has only the forking thread; its standard error goes into the same pipe as its
/// report (an `assert`'s text is kept), crash signals kill it plainly (no Swift backtrace of the
/// copy), and an alarm ends it after `seconds`, so a case that loops forever fails instead of
/// hanging the suite.
package enum ForkedChild {
    /// What the copy wrote (its report, then or before it its standard error) and the signal
    /// that ended it, 0 when it exited.
    package struct Ending: Sendable, Equatable {
        package var output: [UInt8]
        package var signal: Int32
    }

    private static let crashSignals: [Int32] = [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

    /// Runs `body` in a forked copy and waits for it; `body`'s result is the copy's report.
    /// Fails, with the call that failed as its operation, only when the copy can't be made.
    package static func run(timeLimit seconds: UInt32, _ body: () -> [UInt8]) throws(SystemError) -> Ending {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemError("pipe failed", subject: "a forked child") }
        let pid = fork()
        if pid < 0 {
            let failure = SystemError("fork failed", subject: "a forked child")
            close(ends[0]); close(ends[1])
            throw failure
        }
        if pid == 0 {
            close(ends[0])
            dup2(ends[1], STDERR_FILENO)
            for signal in crashSignals { Glibc.signal(signal, SIG_DFL) }
            alarm(seconds)
            let report = body()
            if !report.isEmpty { _ = report.withUnsafeBytes { FileWriting.writeAll(ends[1], $0.baseAddress!, $0.count) } }
            _exit(0)
        }
        close(ends[1])
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while let count = try? FileReading.readAvailable(ends[0], into: &chunk, from: 0, name: "a forked child"), count > 0 {
            output.append(contentsOf: chunk[0..<count])
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Ending(output: output, signal: status & 0x7f)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ending the process with an exit code (the contract's: 0, 64–78), so the command needs no
/// `Glibc` for it.
public enum ProcessExit {
    public static func now(_ code: Int32) -> Never { exit(code) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process can learn about its terminal and environment: whether a descriptor is a
/// terminal, the terminal's size, a variable's value.
public enum TerminalFacts {
    /// Whether `fd` is a terminal (`isatty`).
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// The size of the terminal on `fd` (`TIOCGWINSZ`), each part nil when it is not known.
    public static func size(of fd: Int32) -> (columns: Int?, rows: Int?) {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return (nil, nil) }
        return (size.ws_col > 0 ? Int(size.ws_col) : nil, size.ws_row > 0 ? Int(size.ws_row) : nil)
    }

    /// The environment variable `name`, or nil when it is not set.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The seconds since 1970-01-01 UTC now (`time`).
    public static func now() -> Int64 { Int64(time(nil)) }
}

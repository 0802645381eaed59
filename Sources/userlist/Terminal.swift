#if canImport(Glibc)
import Glibc
#endif

/// Facts about the terminal standard output is attached to.
enum Terminal {
    /// The terminal's width in columns, for fitting tables; `COLUMNS` wins when set.
    static func columns() -> Int? {
        if let value = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), value > 0 { return value }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

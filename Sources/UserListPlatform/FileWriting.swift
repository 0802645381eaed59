#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to a descriptor: every byte, retrying when a signal interrupts.
public enum FileWriting {
    public static let standardOutput: Int32 = STDOUT_FILENO
    public static let standardError: Int32 = STDERR_FILENO

    /// Writes the `count` bytes from `start` to `fd`: nil once all are written, else the failure's
    /// `errno` (`EIO` for a write of nothing, which would otherwise loop forever).
    public static func writeAll(_ fd: Int32, _ start: UnsafeRawPointer, _ count: Int) -> Int32? {
        var p = start
        var left = count
        while left > 0 {
            let written = write(fd, p, left)
            if written > 0 {
                p += written
                left -= written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    /// Writes `text` to `fd`: nil, or the failure's `errno`.
    public static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { bytes in bytes.isEmpty ? nil : writeAll(fd, bytes.baseAddress!, bytes.count) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a descriptor without moving its offset, for inputs read twice (a big document's
/// outline first, then its users).
public enum FileReading {
    /// Whether `fd` is a regular file, so its bytes can be read again at any offset (a pipe,
    /// a terminal or `<(zcat …)` can't).
    public static func isRegularFile(_ fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The size of the regular file at `path`, or nil (not a regular file, or not there).
    public static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Up to `buffer.count` bytes of `fd` at `offset`: the count read, 0 at the end.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, name: String) throws(SystemError) -> Int {
        while true {
            let n = pread(fd, buffer.baseAddress!, buffer.count, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw SystemError("read error", subject: name) }
        }
    }
}

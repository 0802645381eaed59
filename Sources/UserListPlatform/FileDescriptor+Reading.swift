#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading descriptors: opening an input, reading it as a stream (retrying when a signal
/// interrupts), and reading at an offset without moving it, for inputs read twice (a big
/// document's outline first, then its users).
public enum FileReading {
    /// Standard input's descriptor.
    public static let standardInput: Int32 = STDIN_FILENO

    /// Opens `path` for reading; a directory is refused (`EISDIR`), as `cat` refuses one. The
    /// error's ``SystemError/reason`` is all there is to say: its operation is empty.
    public static func openInput(_ path: String) throws(SystemError) -> Int32 {
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else { throw SystemError("", subject: path) }
        var info = stat()
        if fstat(opened, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(opened)
            throw SystemError("", subject: path, code: EISDIR)
        }
        return opened
    }

    /// Fails, with only a reason, when the process may not read `path` (`access`).
    public static func checkReadable(_ path: String) throws(SystemError) {
        guard access(path, R_OK) == 0 else { throw SystemError("", subject: path) }
    }

    /// Closes a descriptor ``openInput(_:)`` gave.
    public static func closeInput(_ fd: Int32) { close(fd) }

    /// Up to `count` bytes of `fd` into `start`, from where it stands: the count read, 0 at the
    /// end. A signal that interrupts the call is retried; any other failure is `read error`.
    public static func readAvailable(_ fd: Int32, into start: UnsafeMutableRawPointer, count: Int, name: String) throws(SystemError) -> Int {
        while true {
            let n = systemRead(fd, start, count)
            if n >= 0 { return n }
            if errno != EINTR { throw SystemError("read error", subject: name) }
        }
    }

    /// Reads into `buffer` from index `start` to its end; for arrays, whose
    /// `withUnsafeMutableBytes` rethrows untyped.
    public static func readAvailable(_ fd: Int32, into buffer: inout [UInt8], from start: Int, name: String) throws(SystemError) -> Int {
        let result = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemError) in try readAvailable(fd, into: bytes.baseAddress! + start, count: bytes.count - start, name: name) }
        }
        return try result.get()
    }

    /// Whether `fd` has bytes waiting within `milliseconds` (`poll`).
    public static func hasDataWaiting(_ fd: Int32, milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) != 0
    }

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

/// `read(2)`, named apart from ``FileReading/read(_:into:at:name:)``, which hides it in the type.
private func systemRead(_ fd: Int32, _ start: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, start, count)
    #else
    Darwin.read(fd, start, count)
    #endif
}

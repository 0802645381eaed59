#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A nameless temporary file in `$TMPDIR` (else `/tmp`): created with `mkstemp` and unlinked at
/// once, so it disappears with its descriptor however the process ends — a signal, an error, or
/// a normal exit — and no run leaves one behind.
public final class TemporaryFile: @unchecked Sendable {
    /// What the file is for, in messages: `temporary file for sorting`.
    public let purpose: String
    private let fd: Int32
    /// Bytes written so far (the file is only appended to).
    public private(set) var length = 0

    /// `name` goes into the file name (`userlist-sort-XXXXXX`), `purpose` into messages.
    public init(name: String, purpose: String) throws(SystemError) {
        self.purpose = purpose
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/userlist-\(name)-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw SystemError("cannot create a \(purpose)", subject: directory)
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.fd = fd
    }

    deinit { close(fd) }

    /// Appends `bytes`.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = pwrite(fd, bytes.baseAddress! + offset, bytes.count - offset, off_t(length + offset))
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                throw SystemError(SystemError.writeError, subject: purpose, code: written < 0 ? errno : EIO)
            }
        }
        length += bytes.count
    }

    /// Reads up to `buffer.count` bytes at `offset`; the count read (0 at the end).
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemError) -> Int {
        while true {
            let n = pread(fd, buffer.baseAddress!, buffer.count, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR {
                throw SystemError("read error", subject: purpose)
            }
        }
    }

    /// Appends `bytes`; for arrays, whose `withUnsafeBytes` rethrows untyped.
    public func append(_ bytes: [UInt8]) throws(SystemError) {
        let result = bytes.withUnsafeBytes { bytes in Result { () throws(SystemError) in try append(bytes) } }
        try result.get()
    }

    /// Reads into `buffer[range]` at `offset`; the count read (0 at the end).
    public func read(into buffer: inout [UInt8], _ range: some RangeExpression<Int>, at offset: Int) throws(SystemError) -> Int {
        let result = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[range]), at: offset) }
        }
        return try result.get()
    }

    /// Sends the bytes from `offset` to the end to `descriptor` (a file, a pipe, a terminal) with
    /// `sendfile`, which copies them inside the kernel instead of through a buffer; false when
    /// the descriptor can't take that (nothing was sent then: copy the bytes instead).
    public func send(to descriptor: Int32, from offset: Int = 0) throws(SystemError) -> Bool {
        var position = off_t(offset)
        var first = true
        while Int(position) < length {
            let sent = sendfile(descriptor, fd, &position, min(length - Int(position), 1 << 30))
            if sent > 0 { first = false; continue }
            if sent < 0, errno == EINTR || errno == EAGAIN { continue }
            if sent < 0, first, errno == EINVAL || errno == ENOSYS { return false }
            throw SystemError(SystemError.writeError, subject: "the output", code: sent < 0 ? errno : EIO)
        }
        return true
    }
}

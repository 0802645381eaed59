@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
import UserListPlatform

/// Buffered byte output to a file descriptor, or to memory for tests.
///
/// Bytes collect in a 64 KiB buffer and go out with POSIX `write(2)`, looping over partial writes
/// and retrying `EINTR`. The first failure is remembered: later writes are dropped, and `flush()`
/// throws it as a `UserlistError(.output, …)` (exit 74). Signal handling is left alone, so a closed
/// pipe ends the process with SIGPIPE as it does for `jq` or `head`, unless SIGPIPE is ignored, in
/// which case `EPIPE` is reported like any other write error.
///
/// Nothing is flushed on `deinit`: the caller decides when output is complete and calls `flush()`.
public final class OutputWriter {
    /// Large enough that a million rows take only a few thousand system calls.
    static let capacity = 64 * 1024

    /// Where flushed bytes go.
    private enum Sink {
        case fileDescriptor(Int32)
        case memory
    }

    private let sink: Sink
    /// Names the destination in error messages (`stdout`, a file path).
    public let name: String
    private let buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// Everything flushed so far, for the in-memory writer. Unchecked: read for every line a
    /// stage writes to a bucket (``writtenCount``), its exclusivity check ~0.7% of a page's map.
    @exclusivity(unchecked) private var stored: [UInt8] = []
    /// The `errno` of the first failed write; once set, output is dropped.
    private var failure: Int32?
    /// Called once, with the bytes about to go out, just before the first byte goes to the file
    /// descriptor: a progress line on the same terminal is taken off the screen before results
    /// reach it, and a pager started when they are longer than the terminal (a full buffer is).
    public var beforeFirstWrite: ((UnsafeRawBufferPointer) -> Void)?

    /// Writes to `fileDescriptor` (which stays open; the caller owns it). `name` appears in errors.
    public init(fileDescriptor: Int32, name: String) {
        self.sink = .fileDescriptor(fileDescriptor)
        self.name = name
        self.buffer = .allocate(capacity: Self.capacity)
    }

    /// Writes to the process's standard output.
    public static func standardOutput() -> OutputWriter {
        OutputWriter(fileDescriptor: FileWriting.standardOutput, name: "<stdout>")
    }

    /// Writes to the process's standard error (`--rejects -` when standard output carries the rows).
    public static func standardError() -> OutputWriter {
        OutputWriter(fileDescriptor: FileWriting.standardError, name: "<stderr>")
    }

    /// The descriptor written to, nil for the in-memory writer: bytes already in a file (a
    /// spool of rows) can go to it from the kernel once this writer is flushed.
    package var fileDescriptor: Int32? {
        if case .fileDescriptor(let fd) = sink { fd } else { nil }
    }

    /// Collects the output in memory; read it back with `bytes` or `text`.
    public init() {
        self.sink = .memory
        self.name = "memory"
        self.buffer = .allocate(capacity: Self.capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// All bytes written so far, flushed or not (in-memory writer; empty for a file descriptor).
    public var bytes: [UInt8] {
        guard case .memory = sink else { return [] }
        return stored + UnsafeBufferPointer(start: buffer, count: count)
    }

    /// How many bytes the in-memory writer holds (flushed or not).
    public var writtenCount: Int { stored.count + count }

    /// The in-memory writer's bytes, without a copy while they fit its buffer (a line being built).
    public func withWrittenBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard case .memory = sink else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        if stored.isEmpty { return body(UnsafeRawBufferPointer(start: buffer, count: count)) }
        return bytes.withUnsafeBytes(body)
    }

    /// Empties the in-memory writer, keeping its memory: one writer reused line after line.
    public func removeAll() {
        guard case .memory = sink else { return }
        stored.removeAll(keepingCapacity: true)
        count = 0
    }

    /// `bytes` decoded as UTF-8.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the string's UTF-8 bytes.
    @inline(__always)
    public func write(_ s: String) { writeUTF8(of: s) }

    /// Appends a substring's UTF-8 bytes.
    @inline(__always)
    public func write(_ s: Substring) { writeUTF8(of: s) }

    @inline(__always)
    private func writeUTF8<Text: StringProtocol>(of text: Text) {
        // Native strings expose their UTF-8 storage directly; only bridged ones need a copy.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            write(UnsafeRawBufferPointer(utf8))
        }
        if done == nil {
            var copy = String(text)
            copy.withUTF8 { write(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Appends one byte.
    @inline(__always)
    public func write(byte: UInt8) {
        if count == Self.capacity { drain() }
        buffer[count] = byte
        count += 1
    }

    /// Appends `n` copies of `byte` (padding).
    public func write(byte: UInt8, repeating n: Int) {
        var left = n
        while left > 0 {
            if count == Self.capacity { drain() }
            let chunk = min(left, Self.capacity - count)
            (buffer + count).initialize(repeating: byte, count: chunk)
            count += chunk
            left -= chunk
        }
    }

    /// Appends the decimal digits of `value`, without allocating a `String`.
    public func write(int value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits and a sign
        withUnsafeMutableBytes(of: &digits) { raw in
            var magnitude = value.magnitude
            var i = raw.count
            repeat {
                i -= 1
                raw[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                i -= 1
                raw[i] = UInt8(ascii: "-")
            }
            write(UnsafeRawBufferPointer(rebasing: raw[i...]))
        }
    }

    /// Appends raw bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        guard n > 0, let base = bytes.baseAddress else { return }
        if n <= Self.capacity - count {
            (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: n)
            count += n
            return
        }
        drain()
        if n >= Self.capacity {
            // Too big to be worth copying: send it straight out.
            emit(base, n)
        } else {
            (buffer + count).update(from: base.assumingMemoryBound(to: UInt8.self), count: n)
            count += n
        }
    }

    /// Appends what `body` writes at the pointer it is given, at most `maximumCount` bytes (it
    /// returns how many it wrote): straight into the buffer, where escaping a value (JSON, CSV,
    /// TSV) writes each run of plain bytes without a call and a room check of its own. The
    /// escapers write the same way into a reading thread's slab of rows (``ColumnValuesWriter``).
    public func write(maximumCount: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        if maximumCount > Self.capacity - count { drain() }
        guard maximumCount > Self.capacity else {
            let written = body(UnsafeMutableRawPointer(buffer + count))
            precondition(written <= maximumCount, "no more than the bound")
            count += written
            return
        }
        let temporary = UnsafeMutableRawPointer.allocate(byteCount: maximumCount, alignment: 8)
        defer { temporary.deallocate() }
        write(UnsafeRawBufferPointer(start: temporary, count: body(temporary)))
    }

    /// Sends the buffered bytes out; throws the first write error seen, now or earlier.
    public func flush() throws(UserlistError) {
        drain()
        if let failure {
            throw UserlistError(.output, SystemError(SystemError.writeError, subject: name, code: failure))
        }
    }

    /// Empties the buffer into the sink.
    private func drain() {
        if count > 0 { emit(buffer, count) }
        count = 0
    }

    private func emit(_ start: UnsafeRawPointer, _ n: Int) {
        switch sink {
        case .memory:
            stored.append(contentsOf: UnsafeRawBufferPointer(start: start, count: n))
        case .fileDescriptor(let fd):
            guard failure == nil else { return }
            if let hook = beforeFirstWrite {
                beforeFirstWrite = nil
                hook(UnsafeRawBufferPointer(start: start, count: n))
            }
            failure = FileWriting.writeAll(fd, start, n)
        }
    }
}

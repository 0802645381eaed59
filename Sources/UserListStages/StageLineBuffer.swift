import UserListDomain
import UserListPlatform
import UserListInput

/// Lines of a byte source read a buffer at a time: ``next()`` gives each line without its `\n`
/// (a last line without one is a line too), valid until the next call. The buffer is 1 MiB and
/// doubles for a line longer than it holds. The one buffered line reader of the stages:
/// ``StageInput`` hands its lines to a closure, ``StageRunCursor`` is pulled a line at a time
/// by the merge of sorted runs (each run its own reader).
final class StageLineBuffer {
    private let fill: (UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int
    /// Its own allocation (not an array's): a line points into it until the next call.
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var filled = 0
    private var ended = false
    /// The offset of `buffer[0]` from the first byte `fill` gave, plus `origin`.
    private var base: Int

    /// `fill` reads into its buffer and returns the bytes read (0: the end); `prefix` comes
    /// before them (bytes read already to tell a compressed file); `origin`: the offset of the
    /// first byte, for ``nextOffset``.
    init(prefix: [UInt8] = [], origin: Int = 0, fill: @escaping (UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int) {
        self.fill = fill
        base = origin
        buffer = .allocate(byteCount: max(1 << 20, prefix.count), alignment: 8)
        prefix.withUnsafeBytes { if let bytes = $0.baseAddress { buffer.baseAddress!.copyMemory(from: bytes, byteCount: $0.count) } }
        filled = prefix.count
    }

    deinit {
        buffer.deallocate()
    }

    /// The lines of an open descriptor, decompressed when its first bytes are a compressed file's
    /// (as one run tells one): a sorted run `stage partial --compress-run` wrote, a partition of
    /// `stage map --compress-frames` frames. `failure` words a read error.
    static func reading(_ fd: Int32, name: String, failure: @escaping (SystemError) -> UserlistError) throws(UserlistError) -> StageLineBuffer {
        let first: [UInt8]
        do { first = try Compression.readFirstBytes(fd, name: name).bytes } catch { throw failure(error) }
        if let compression = Compression(magic: first) {
            let stream = try compression.stream(fd, prefix: first, inputName: name, progress: ReadProgress?.none)
            return StageLineBuffer { (room) throws(UserlistError) in try stream.read(into: room) }
        }
        return StageLineBuffer(prefix: first) { (room) throws(UserlistError) in
            do throws(SystemError) { return try FileReading.readAvailable(fd, into: room.baseAddress!, count: room.count, name: name) } catch { throw failure(error) }
        }
    }

    /// Where the next line begins: `origin` plus the bytes before it.
    var nextOffset: Int { base + start }

    /// The next line; nil at the end.
    func next() throws(UserlistError) -> UnsafeRawBufferPointer? {
        while true {
            if start < filled, let found = Memory.first(UInt8(ascii: "\n"), in: buffer.baseAddress! + start, count: filled - start) {
                let end = UnsafeRawPointer(buffer.baseAddress!).distance(to: found)
                defer { start = end + 1 }
                return UnsafeRawBufferPointer(rebasing: buffer[start..<end])
            }
            if ended {
                guard start < filled else { return nil }
                defer { start = filled }
                return UnsafeRawBufferPointer(rebasing: buffer[start..<filled])
            }
            try readMore()
        }
    }

    /// The next lines as one block, without a call per line: every whole line the buffer holds
    /// that begins before offset `stop` (as ``nextOffset`` counts), each ending in `\n` (a last
    /// line without one is given one), and whether a byte follows the block — a line it leaves
    /// out begins there, before `stop` or not. Nil when no line begins before `stop`. Valid until
    /// the next call. To tell whether a byte follows, the block's last line waits for the next
    /// read when nothing after it is in the buffer yet.
    func nextBlock(before stop: Int = .max) throws(UserlistError) -> (lines: UnsafeRawBufferPointer, followed: Bool)? {
        while true {
            guard base + start < stop else { return nil }
            let bytes = UnsafeRawPointer(buffer.baseAddress!)
            if start < filled, let last = Self.lastNewline(in: bytes + start, count: filled - start) {
                var end = bytes.distance(to: last) + 1
                if stop - base < end {
                    // The block ends where the first line at or past `stop` begins.
                    let from = max(start, stop - base - 1)
                    end = bytes.distance(to: Memory.first(UInt8(ascii: "\n"), in: bytes + from, count: end - from)!) + 1
                }
                if end == filled && !ended {
                    // Nothing known after the last line: it waits, unless it is the only one.
                    if let previous = Self.lastNewline(in: bytes + start, count: end - 1 - start) {
                        end = bytes.distance(to: previous) + 1
                    }
                }
                if end < filled || ended {
                    defer { start = end }
                    return (UnsafeRawBufferPointer(rebasing: buffer[start..<end]), end < filled)
                }
            } else if ended {
                guard start < filled else { return nil }
                // A last line without a line break: given one, as the lines of a block have.
                if filled == buffer.count { grow() }
                buffer[filled] = UInt8(ascii: "\n")
                filled += 1
                continue
            }
            try readMore()
        }
    }

    /// The partial line to the front, room made, more read (none: the end).
    private func readMore() throws(UserlistError) {
        if start > 0 {
            Memory.move(buffer.baseAddress!, from: buffer.baseAddress! + start, count: filled - start)
            filled -= start
            base += start
            start = 0
        }
        if filled == buffer.count { grow() }
        let n = try fill(UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        if n == 0 { ended = true }
        filled += n
    }

    /// The last `\n` of the `count` bytes from `start`: a scan back over one line, no longer.
    private static func lastNewline(in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        var index = count - 1
        while index >= 0 {
            if start.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "\n") { return start + index }
            index -= 1
        }
        return nil
    }

    /// Twice the room: for a line longer than the buffer holds.
    private func grow() {
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * buffer.count, alignment: 8)
        grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: filled)
        buffer.deallocate()
        buffer = grown
    }
}

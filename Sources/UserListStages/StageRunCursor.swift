import UserListDomain
import UserListPlatform
import UserListInput

/// One sorted run's file read a line at a time, for `stage merge --runs`: plain lines, or one zstd
/// frame of them as `stage partial --compress-run` writes (recognised by its magic bytes).
/// ``line`` is the current line without its `\n`, valid until ``advance()``.
final class StageRunCursor {
    let path: String
    private let fd: Int32
    private var stream: (any CompressedStream)?
    /// Its own allocation (not an array's): ``line`` points into it between calls.
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var filled = 0
    private var ended = false
    private(set) var line = UnsafeRawBufferPointer(start: nil, count: 0)

    /// Opens `path`; ``advance()`` gives its first line.
    init(path: String) throws(UserlistError) {
        self.path = path
        do { fd = try FileReading.openInput(path) } catch {
            throw UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "stage merge", input: path, "\(error.reason) (a sorted run given with --runs)"))
        }
        buffer = .allocate(byteCount: 1 << 20, alignment: 8)
        var first = [UInt8](repeating: 0, count: Compression.magicLength)
        var count = 0
        while count < first.count {
            let n = try first.withUnsafeMutableBytes { all in
                Result { () throws(UserlistError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: all[count...])) }
            }.get()
            if n == 0 { break }
            count += n
        }
        first.removeLast(first.count - count)
        if let compression = Compression(magic: first) {
            stream = try compression.stream(fd, prefix: first, inputName: path, progress: ReadProgress?.none)
        } else {
            first.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            filled = first.count
        }
    }

    deinit {
        FileReading.closeInput(fd)
        buffer.deallocate()
    }

    /// Moves to the next line; false at the end of the file.
    func advance() throws(UserlistError) -> Bool {
        while true {
            if let end = newline() {
                line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                start = end + 1
                return true
            }
            if ended {
                guard start < filled else { return false }
                line = UnsafeRawBufferPointer(rebasing: buffer[start..<filled])
                start = filled
                return true
            }
            // The partial line to the front, room made, more read.
            if start > 0 {
                Memory.move(buffer.baseAddress!, from: buffer.baseAddress! + start, count: filled - start)
                filled -= start
                start = 0
            }
            if filled == buffer.count {
                let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * buffer.count, alignment: 8)
                grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: filled)
                buffer.deallocate()
                buffer = grown
            }
            let n = try fill()
            if n == 0 { ended = true }
            filled += n
        }
    }

    private func newline() -> Int? {
        guard start < filled else { return nil }
        return Memory.first(UInt8(ascii: "\n"), in: buffer.baseAddress! + start, count: filled - start).map { UnsafeRawPointer(buffer.baseAddress!).distance(to: $0) }
    }

    private func fill() throws(UserlistError) -> Int {
        let room = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
        if let stream { return try stream.read(into: room) }
        return try read(into: room)
    }

    private func read(into room: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int {
        do { return try FileReading.readAvailable(fd, into: room.baseAddress!, count: room.count, name: path) } catch {
            throw UserlistError(.noInput, Diagnostic(.unreadableInput, scope: "stage merge", input: path, "\(error.reason) (a sorted run given with --runs)"))
        }
    }
}

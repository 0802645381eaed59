#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable, padded byte buffer over one input, read in chunks.
///
/// The Gateway parses what is in the buffer, then `discard`s the bytes it consumed; what remains
/// (an incomplete document) moves to the front and the next `fill` appends to it. So memory stays
/// at one chunk unless a single document is bigger, and then it grows to hold that document.
/// It also keeps the line and column of its first byte, so positions stay exact across chunks.
final class InputBuffer {
    let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var storage: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// Valid bytes at the front of `storage`.
    private(set) var count = 0
    private(set) var reachedEnd = false

    /// 1-based line of the buffer's first byte in the whole input.
    private(set) var firstLine = 1
    /// Characters between the start of that line and the buffer's first byte.
    private(set) var firstColumnOffset = 0

    static let defaultChunkSize = 16 << 20

    /// Opens `source`; a file that can't be opened is the contract's exit 66.
    init(_ source: InputSource, chunkSize: Int = defaultChunkSize) throws {
        name = source.description
        switch source {
        case .standardInput:
            fd = 0
            ownsDescriptor = false
        case .file(let path):
            let opened = open(path, O_RDONLY)
            guard opened >= 0 else {
                throw UserlistError(.noInput, "\(path): \(String(cString: strerror(errno)))")
            }
            var info = stat()
            if fstat(opened, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                close(opened)
                throw UserlistError(.noInput, "\(path): \(String(cString: strerror(EISDIR)))")
            }
            fd = opened
            ownsDescriptor = true
        }
        capacity = chunkSize
        storage = Self.allocate(capacity)
    }

    deinit {
        storage.deallocate()
        if ownsDescriptor { close(fd) }
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutableRawPointer {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: capacity + JSONDocumentStream.padding, alignment: 64)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: capacity + JSONDocumentStream.padding)
        return pointer
    }

    /// The valid bytes.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    /// Reads until the buffer is full or the input ends.
    func fill() throws {
        while count < capacity, !reachedEnd {
            let n = read(fd, storage + count, capacity - count)
            if n > 0 {
                count += n
            } else if n == 0 {
                reachedEnd = true
            } else if errno != EINTR {
                throw UserlistError(.noInput, "\(name): read error: \(String(cString: strerror(errno)))")
            }
        }
        // simdjson reads past the end in wide loads; keep the padding zeroed after valid bytes.
        memset(storage + count, 0, JSONDocumentStream.padding)
    }

    /// Doubles the capacity, for a document larger than the buffer.
    func grow() {
        let bigger = Self.allocate(capacity * 2)
        bigger.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = bigger
        capacity *= 2
    }

    /// Drops the first `consumed` bytes, moving the rest to the front.
    func discard(_ consumed: Int) {
        precondition(consumed <= count)
        advancePosition(over: UnsafeRawBufferPointer(start: storage, count: consumed))
        memmove(storage, storage + consumed, count - consumed)
        count -= consumed
    }

    /// Skips a UTF-8 byte order mark at the very start of the input.
    func skipByteOrderMark() {
        let b = bytes
        if firstLine == 1, firstColumnOffset == 0, b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
            memmove(storage, storage + 3, count - 3)
            count -= 3
        }
    }

    private func advancePosition(over consumed: UnsafeRawBufferPointer) {
        let newlines = TextPosition.countNewlines(in: consumed)
        if newlines == 0 {
            firstColumnOffset += Self.characterCount(consumed)
        } else {
            firstLine += newlines
            var lastBreak = consumed.count - 1
            while consumed[lastBreak] != UInt8(ascii: "\n") { lastBreak -= 1 }
            firstColumnOffset = Self.characterCount(UnsafeRawBufferPointer(rebasing: consumed[(lastBreak + 1)...]))
        }
    }

    private static func characterCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// The 1-based line and column of byte `offset` of the buffer, in the whole input.
    func location(ofOffset offset: Int, path: String? = nil) -> SourceLocation {
        let prefix = UnsafeRawBufferPointer(start: storage, count: min(offset, count))
        let newlines = TextPosition.countNewlines(in: prefix)
        var lineStart = 0
        if newlines > 0 {
            lineStart = prefix.count - 1
            while prefix[lineStart] != UInt8(ascii: "\n") { lineStart -= 1 }
            lineStart += 1
        }
        var column = Self.characterCount(UnsafeRawBufferPointer(rebasing: prefix[lineStart...])) + 1
        if newlines == 0 { column += firstColumnOffset }
        return SourceLocation(input: name, line: firstLine + newlines, column: column, path: path)
    }
}

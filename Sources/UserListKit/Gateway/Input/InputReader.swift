#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one input as a sequence of ``InputChunk``s.
///
/// Each new chunk starts with the bytes the previous one could not use (an incomplete document),
/// so documents are never split; a document bigger than a chunk gets a chunk twice the size.
final class InputReader {
    let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private(set) var reachedEnd = false
    let chunkSize: Int

    static let defaultChunkSize = 16 << 20

    /// Opens `source`; a file that can't be opened is the contract's exit 66.
    init(_ source: InputSource, chunkSize: Int = defaultChunkSize) throws {
        name = source.description
        self.chunkSize = chunkSize
        switch source {
        case .standardInput:
            fd = STDIN_FILENO
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
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    func firstChunk() throws -> InputChunk {
        let chunk = InputChunk(inputName: name, capacity: chunkSize, firstLine: 1, firstColumnOffset: 0)
        reachedEnd = try !chunk.read(from: fd)
        chunk.skipByteOrderMark()
        return chunk
    }

    /// The next chunk, starting with `previous`'s bytes from `keepFrom` on; `grow` doubles its size.
    func nextChunk(after previous: InputChunk, keepFrom: Int, grow: Bool = false) throws -> InputChunk {
        let (line, column) = previous.position(after: keepFrom)
        let kept = UnsafeRawBufferPointer(rebasing: previous.bytes[keepFrom...])
        let capacity = grow ? previous.capacity * 2 : max(chunkSize, kept.count * 2)
        let chunk = InputChunk(inputName: name, capacity: capacity, firstLine: line, firstColumnOffset: column)
        chunk.append(kept)
        if !reachedEnd { reachedEnd = try !chunk.read(from: fd) }
        return chunk
    }
}

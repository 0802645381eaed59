import UserListDomain
import CZlib
import CZstd
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The decompressed bytes of a gzip or zstd input, recognised by its first bytes, so
/// `userlist export.ndjson.gz` and `curl … | gzip -d`-less pipes read as the plain text would;
/// positions in messages are in the decompressed text.
protocol CompressedStream: AnyObject {
    /// Up to `buffer.count` decompressed bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// The compression formats userlist reads, by their magic bytes.
enum Compression {
    case gzip, zstd

    /// The longest magic number: how many bytes to look at.
    static let magicLength = 4

    init?(magic bytes: [UInt8]) {
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B {
            self = .gzip
        } else if bytes.count >= 4, bytes[0] == 0x28, bytes[1] == 0xB5, bytes[2] == 0x2F, bytes[3] == 0xFD {
            self = .zstd
        } else {
            return nil
        }
    }

    /// A stream decompressing `fd`, whose first bytes (`prefix`) were read already.
    func stream(_ fd: Int32, prefix: [UInt8], inputName: String, progress: ReadProgress?) throws -> any CompressedStream {
        let source = CompressedSource(fd: fd, prefix: prefix, inputName: inputName, progress: progress)
        switch self {
        case .gzip: return try GzipStream(source)
        case .zstd: return try ZstdStream(source)
        }
    }
}

/// The compressed bytes: what detection read first, then the descriptor, a buffer at a time.
final class CompressedSource {
    let fd: Int32
    let inputName: String
    let progress: ReadProgress?
    let buffer: UnsafeMutableRawBufferPointer
    /// Valid bytes in `buffer`.
    private(set) var count = 0
    private(set) var ended = false

    init(fd: Int32, prefix: [UInt8], inputName: String, progress: ReadProgress?) {
        self.fd = fd
        self.inputName = inputName
        self.progress = progress
        buffer = .allocate(byteCount: 1 << 18, alignment: 16)
        prefix.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        count = prefix.count
    }

    deinit { buffer.deallocate() }

    /// Refills the buffer (what was consumed is gone); false once the descriptor has ended.
    func refill() throws -> Bool {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress!, buffer.count)
            if n > 0 {
                count = n
                progress?.addBytes(n)
                return true
            }
            if n == 0 {
                count = 0
                ended = true
                return false
            }
            if errno != EINTR { throw UserlistError(.noInput, Diagnostic(.unreadableInput, input: inputName, "read error: \(String(cString: strerror(errno)))")) }
        }
    }
}

/// gzip through zlib's inflate, member after member (`cat a.gz b.gz` is one gzip input).
final class GzipStream: CompressedStream {
    private let source: CompressedSource
    private var stream = z_stream()
    private var finished = false

    init(_ source: CompressedSource) throws {
        self.source = source
        stream.next_in = source.buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(source.count)
        // 15 + 16: a gzip header and trailer, not a raw zlib stream.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "gzip: cannot start decompressing"))
        }
    }

    deinit { inflateEnd(&stream) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(buffer.count)
        while stream.avail_out > 0 {
            if stream.avail_in == 0 {
                if try !source.refill() {
                    // The descriptor ended: fine between members, not inside one.
                    if stream.total_in > 0 || stream.total_out > 0 {
                        throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "gzip: the compressed data ends early (truncated file?)"))
                    }
                    finished = true
                    break
                }
                stream.next_in = source.buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(source.count)
            }
            let status = inflate(&stream, Z_NO_FLUSH)
            if status == Z_STREAM_END {
                // Another member may follow: start over on what is left.
                inflateReset(&stream)
                if stream.avail_in == 0, try !source.refill() {
                    finished = true
                    break
                }
                if stream.avail_in == 0 {
                    stream.next_in = source.buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_in = uInt(source.count)
                }
                continue
            }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "gzip: \(message)"))
            }
        }
        return buffer.count - Int(stream.avail_out)
    }
}

/// zstd through libzstd's streaming decompressor (frames one after another, as `zstd` writes them).
final class ZstdStream: CompressedStream {
    private let source: CompressedSource
    private let context: OpaquePointer
    private var input: ZSTD_inBuffer
    private var finished = false
    /// The last call ended a frame: the input may end there.
    private var atFrameEnd = true

    init(_ source: CompressedSource) throws {
        self.source = source
        guard let context = ZSTD_createDStream() else { throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "zstd: cannot start decompressing")) }
        self.context = context
        ZSTD_initDStream(context)
        input = ZSTD_inBuffer(src: source.buffer.baseAddress, size: source.count, pos: 0)
    }

    deinit { ZSTD_freeDStream(context) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        var output = ZSTD_outBuffer(dst: buffer.baseAddress, size: buffer.count, pos: 0)
        while output.pos < output.size {
            if input.pos == input.size {
                if try !source.refill() {
                    if !atFrameEnd { throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "zstd: the compressed data ends early (truncated file?)")) }
                    finished = true
                    break
                }
                input = ZSTD_inBuffer(src: source.buffer.baseAddress, size: source.count, pos: 0)
            }
            let result = ZSTD_decompressStream(context, &output, &input)
            if ZSTD_isError(result) != 0 {
                throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "zstd: \(String(cString: ZSTD_getErrorName(result)))"))
            }
            atFrameEnd = result == 0
        }
        return output.pos
    }
}

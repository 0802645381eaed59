import UserListDomain
import CZlib
import CZstd
import CLzma
import CBzip2
import UserListPlatform

/// The decompressed bytes of a gzip, zstd, xz, lzma or bzip2 input, recognised by its first bytes, so
/// `userlist export.ndjson.gz` and `curl … | gzip -d`-less pipes read as the plain text would;
/// positions in messages are in the decompressed text.
package protocol CompressedStream: AnyObject {
    /// Up to `buffer.count` decompressed bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int
}

/// The compression formats userlist reads, by their magic bytes. (Package: `stage map --range`
/// reads a compressed input whole, as one run does.)
package enum Compression {
    case gzip, zstd, xz, lzma, bzip2

    /// The longest magic number: how many bytes to look at.
    package static let magicLength = 6

    private static let magics: [(bytes: [UInt8], format: Compression)] = [
        ([0x1F, 0x8B], .gzip),
        ([0x28, 0xB5, 0x2F, 0xFD], .zstd),
    ] + (0x50...0x5F).map { (bytes: [UInt8($0), 0x2A, 0x4D, 0x18], format: Compression.zstd) } + [
        // zstd's skippable frames (0x184D2A5?, little-endian) start what `pzstd` writes; the
        // decoder skips them. `P`…`_` then `*M` and a control byte is never the start of JSON.
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], .xz),  // "\xFD7zXZ\0"
        // The legacy .lzma header has no magic: its properties byte is 0x5D for every preset
        // of xz, lzma and 7-Zip, and the low bytes of their dictionary sizes (powers of two
        // from 64 KiB) are 0. `]` then NUL is never the start of JSON text.
        ([0x5D, 0x00, 0x00], .lzma),
        // "BZh" and the block size, `1` to `9` (never the start of JSON text).
        ([0x42, 0x5A, 0x68], .bzip2),
    ]

    package init?(magic bytes: [UInt8]) {
        guard let match = Self.magics.first(where: { bytes.starts(with: $0.bytes) }) else { return nil }
        self = match.format
    }

    /// Whether more bytes after `prefix` could still make a magic number: detection stops
    /// reading as soon as they can't, so a pipe's first line (`{}` and a pause) is not waited on.
    static func mayBeMagic(_ prefix: ArraySlice<UInt8>) -> Bool {
        magics.contains { $0.bytes.count > prefix.count && $0.bytes.starts(with: prefix) }
    }

    /// An input's first bytes, read until they are a magic number's length or can't be one (a
    /// pipe's first line is not waited on), and whether the descriptor ended there. What
    /// ``init(magic:)`` looks at; a plain input's text begins with them.
    package static func readFirstBytes(_ fd: Int32, name: String) throws(SystemError) -> (bytes: [UInt8], ended: Bool) {
        var first = [UInt8](repeating: 0, count: magicLength)
        var count = 0
        var ended = false
        while count < first.count, count == 0 || mayBeMagic(first[..<count]) {
            let n = try FileReading.readAvailable(fd, into: &first, from: count, name: name)
            if n == 0 {
                ended = true
                break
            }
            count += n
        }
        first.removeLast(first.count - count)
        return (first, ended)
    }

    /// A stream decompressing `fd`, whose first bytes (`prefix`) were read already.
    package func stream(_ fd: Int32, prefix: [UInt8], inputName: String, progress: ReadProgress?) throws(UserlistError) -> any CompressedStream {
        let source = CompressedSource(fd: fd, prefix: prefix, inputName: inputName, progress: progress)
        switch self {
        case .gzip: return try GzipStream(source)
        case .zstd: return try ZstdStream(source)
        case .xz, .lzma: return try XzStream(source, format: self)
        case .bzip2: return try Bzip2Stream(source)
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
    func refill() throws(UserlistError) -> Bool {
        let n: Int
        do { n = try FileReading.readAvailable(fd, into: buffer.baseAddress!, count: buffer.count, name: inputName) } catch { throw UserlistError(.noInput, error) }
        if n == 0 {
            count = 0
            ended = true
            return false
        }
        count = n
        progress?.addBytes(n)
        return true
    }
}

/// gzip through zlib's inflate, member after member (`cat a.gz b.gz` is one gzip input).
final class GzipStream: CompressedStream {
    private let source: CompressedSource
    private var stream = z_stream()
    private var finished = false
    /// The compressed bytes of the members before this one (zlib counts one member's).
    private var membersBefore = 0

    init(_ source: CompressedSource) throws(UserlistError) {
        self.source = source
        stream.next_in = source.buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(source.count)
        // 15 + 16: a gzip header and trailer, not a raw zlib stream.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "gzip: cannot start decompressing"))
        }
    }

    deinit { inflateEnd(&stream) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int {
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
                // Another member may follow: start over on what is left. Zero bytes after a
                // member, to the end, are padding (a file written in blocks, tape's or tar's), as
                // gzip itself reads them.
                membersBefore += Int(stream.total_in)
                inflateReset(&stream)
                if try skipPaddingToTheEnd() {
                    finished = true
                    break
                }
                continue
            }
            guard status == Z_OK || status == Z_BUF_ERROR else {
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                let place = membersBefore + Int(stream.total_in)
                throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "gzip: \(message) (at byte \(place) of the compressed input)"))
            }
        }
        return buffer.count - Int(stream.avail_out)
    }

    /// Between members: steps over zero bytes; true when nothing but zeros is left (the input
    /// ends), false when a byte that may start another member is next.
    private func skipPaddingToTheEnd() throws(UserlistError) -> Bool {
        while true {
            if stream.avail_in == 0 {
                guard try source.refill() else { return true }
                stream.next_in = source.buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(source.count)
            }
            while stream.avail_in > 0, stream.next_in.pointee == 0 {
                stream.next_in += 1
                stream.avail_in -= 1
                membersBefore += 1
            }
            if stream.avail_in > 0 { return false }
        }
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

    init(_ source: CompressedSource) throws(UserlistError) {
        self.source = source
        guard let context = ZSTD_createDStream() else { throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "zstd: cannot start decompressing")) }
        self.context = context
        ZSTD_initDStream(context)
        input = ZSTD_inBuffer(src: source.buffer.baseAddress, size: source.count, pos: 0)
    }

    deinit { ZSTD_freeDStream(context) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int {
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

/// xz (`.xz`, streams one after another as `cat a.xz b.xz` makes them) and legacy lzma (`.lzma`)
/// through liblzma's streaming decoders.
final class XzStream: CompressedStream {
    /// The most memory the decoder may take: an xz or lzma header names its dictionary size
    /// (up to 4 GiB), and liblzma allocates it up front. `xz -9` needs 65 MiB to decompress;
    /// a stream that needs more than this is refused before anything is allocated.
    static let memoryLimit: UInt64 = 256 << 20
    /// liblzma's LZMA_CONCATENATED (`UINT32_C(0x08)`, a macro Swift does not import).
    private static let concatenated: UInt32 = 0x08

    private let source: CompressedSource
    private let name: String
    private var stream = lzma_stream()
    private var finished = false

    init(_ source: CompressedSource, format: Compression) throws(UserlistError) {
        self.source = source
        name = format == .lzma ? "lzma" : "xz"
        let status = format == .lzma
            ? lzma_alone_decoder(&stream, Self.memoryLimit)
            : lzma_stream_decoder(&stream, Self.memoryLimit, Self.concatenated)
        guard status == LZMA_OK else {
            throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "\(name): cannot start decompressing"))
        }
        stream.next_in = UnsafePointer(source.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
        stream.avail_in = source.count
    }

    deinit { lzma_end(&stream) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = buffer.count
        while stream.avail_out > 0 {
            if stream.avail_in == 0, !source.ended, try source.refill() {
                stream.next_in = UnsafePointer(source.buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
                stream.avail_in = source.count
            }
            // LZMA_FINISH once the input has ended: the decoder then says whether it ended whole.
            let action = source.ended && stream.avail_in == 0 ? LZMA_FINISH : LZMA_RUN
            let status = lzma_code(&stream, action)
            if status == LZMA_OK { continue }
            if status == LZMA_STREAM_END {
                finished = true
                break
            }
            throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "\(name): \(describe(status, finishing: action == LZMA_FINISH))"))
        }
        return buffer.count - stream.avail_out
    }

    private func describe(_ status: lzma_ret, finishing: Bool) -> String {
        switch status {
        case LZMA_BUF_ERROR where finishing, LZMA_DATA_ERROR where finishing && stream.avail_in == 0:
            return "the compressed data ends early (truncated file?)"
        case LZMA_MEMLIMIT_ERROR:
            let needed = lzma_memusage(&stream)
            return "decompressing needs \((needed + (1 << 20) - 1) >> 20) MiB of memory, more than the \(Self.memoryLimit >> 20) MiB userlist allows"
        case LZMA_FORMAT_ERROR: return "not in the \(name) format"
        case LZMA_OPTIONS_ERROR: return "unsupported compression options"
        case LZMA_DATA_ERROR: return "the compressed data is corrupt"
        case LZMA_MEM_ERROR: return "out of memory"
        default: return "error \(status.rawValue)"
        }
    }
}

/// bzip2 through libbz2's streaming decompressor, stream after stream (`cat a.bz2 b.bz2`, and
/// the many streams pbzip2 and lbzip2 write). Its memory is bounded by the format: at most
/// about 3.7 MB for the largest block size.
final class Bzip2Stream: CompressedStream {
    private let source: CompressedSource
    private var stream = bz_stream()
    private var finished = false
    /// Inside a stream: the input may not end here.
    private var inStream = false

    init(_ source: CompressedSource) throws(UserlistError) {
        self.source = source
        try start()
        stream.next_in = UnsafeMutableRawPointer(source.buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
        stream.avail_in = UInt32(source.count)
    }

    deinit { BZ2_bzDecompressEnd(&stream) }

    private func start() throws(UserlistError) {
        guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else {
            throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "bzip2: cannot start decompressing"))
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(UserlistError) -> Int {
        guard !finished, buffer.count > 0 else { return 0 }
        stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
        stream.avail_out = UInt32(min(buffer.count, Int(UInt32.max)))
        let capacity = Int(stream.avail_out)
        while stream.avail_out > 0 {
            if stream.avail_in == 0 {
                if try !source.refill() {
                    if inStream { throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "bzip2: the compressed data ends early (truncated file?)")) }
                    finished = true
                    break
                }
                stream.next_in = UnsafeMutableRawPointer(source.buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                stream.avail_in = UInt32(source.count)
            }
            inStream = true
            let status = BZ2_bzDecompress(&stream)
            if status == BZ_STREAM_END {
                // Another stream may follow: start over on what is left (keeping it).
                inStream = false
                let next = stream.next_in, left = stream.avail_in
                let output = stream.next_out, room = stream.avail_out
                BZ2_bzDecompressEnd(&stream)
                stream = bz_stream()
                try start()
                stream.next_in = next
                stream.avail_in = left
                stream.next_out = output
                stream.avail_out = room
                continue
            }
            guard status == BZ_OK else {
                let what = switch status {
                case BZ_DATA_ERROR_MAGIC: "not in the bzip2 format"
                case BZ_DATA_ERROR: "the compressed data is corrupt"
                case BZ_MEM_ERROR: "out of memory"
                default: "error \(status)"
                }
                throw UserlistError(.data, Diagnostic(.unreadableInput, input: source.inputName, "bzip2: \(what)"))
            }
        }
        return capacity - Int(stream.avail_out)
    }
}

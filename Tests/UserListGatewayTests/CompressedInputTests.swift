import CZlib
import CZstd
import CLzma
import Testing
import UserListDomain
@testable import UserListGateway
@_spi(Pipeline) @testable import UserListInput
import UserListTestSupport

extension GatewayTests {
    /// gzip, zstd, xz and lzma inputs, known by their magic bytes: the same records and positions as the
    /// plain text, from files and pipes, whatever the chunk size; broken archives are exit 65.
    @Suite struct CompressedInputTests {
        let dir = TemporaryDirectory()

        static func gzip(_ bytes: [UInt8]) -> [UInt8] {
            var stream = z_stream()
            deflateInit2_(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
            var input = bytes
            input.withUnsafeMutableBytes { inBuffer in
                out.withUnsafeMutableBytes { outBuffer in
                    stream.next_in = inBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    stream.avail_in = uInt(inBuffer.count)
                    stream.next_out = outBuffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_out = uInt(outBuffer.count)
                    deflate(&stream, Z_FINISH)
                }
            }
            out.removeLast(Int(stream.avail_out))
            deflateEnd(&stream)
            return out
        }

        static func zstd(_ bytes: [UInt8]) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
            let size = out.withUnsafeMutableBytes { o in bytes.withUnsafeBytes { i in ZSTD_compress(o.baseAddress, o.count, i.baseAddress, i.count, 3) } }
            out.removeLast(out.count - size)
            return out
        }

        static func xz(_ bytes: [UInt8]) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: lzma_stream_buffer_bound(bytes.count))
            var size = 0
            let status = out.withUnsafeMutableBytes { o in
                bytes.withUnsafeBytes { i in
                    lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nil, i.baseAddress!.assumingMemoryBound(to: UInt8.self), i.count, o.baseAddress!.assumingMemoryBound(to: UInt8.self), &size, o.count)
                }
            }
            precondition(status == LZMA_OK)
            out.removeLast(out.count - size)
            return out
        }

        /// The legacy `.lzma` format (`lzma -c`), with an end marker and no size in its header.
        static func lzma(_ bytes: [UInt8]) -> [UInt8] {
            var stream = lzma_stream()
            var options = lzma_options_lzma()
            _ = lzma_lzma_preset(&options, 6)
            precondition(lzma_alone_encoder(&stream, &options) == LZMA_OK)
            var out = [UInt8](repeating: 0, count: bytes.count + 1024)
            bytes.withUnsafeBytes { i in
                out.withUnsafeMutableBytes { o in
                    stream.next_in = i.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    stream.avail_in = i.count
                    stream.next_out = o.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    stream.avail_out = o.count
                    precondition(lzma_code(&stream, LZMA_FINISH) == LZMA_STREAM_END)
                }
            }
            out.removeLast(stream.avail_out)
            lzma_end(&stream)
            return out
        }

        static func compress(_ bytes: [UInt8], _ format: String) -> [UInt8] {
            switch format {
            case "gzip": gzip(bytes)
            case "zstd": zstd(bytes)
            case "xz": xz(bytes)
            default: lzma(bytes)
            }
        }

        static let text = (1...300).map { #"{"id":\#($0),"name":"Zoë \#($0)","email":"z\#($0)@example.org"}"# }.joined(separator: "\n") + "\n"

        private func outcome(_ inputs: [InputSource], chunkSize: Int) -> String {
            do {
                let read = try GatewayTests.read(inputs, chunkSize: chunkSize, workers: 2)
                return read.records.indices.map { index in
                    let place = read.location(ofRecord: index).map { "\($0.line):\($0.column)" } ?? "?"
                    if case .user(let user) = read.records[index] { return "\(user.id) \(user.name ?? "-") @\(place)" }
                    return "record \(read.records[index]) @\(place)"
                }.joined(separator: "\n")
            } catch {
                return "error \(error)"
            }
        }

        @Test(arguments: ["gzip", "zstd", "xz", "lzma"])
        func sameAsThePlainText(_ format: String) {
            let plain = dir.write("plain.ndjson", Self.text)
            let packed = Self.compress(Array(Self.text.utf8), format)
            let path = dir.write("packed", bytes: packed)
            let expected = outcome([.file(plain)], chunkSize: 1 << 20)
            #expect(expected.hasPrefix("1 Zoë 1 @1:1"))
            for chunkSize in [64, 500, 1 << 20] {
                #expect(outcome([.file(path)], chunkSize: chunkSize) == expected, "\(format), chunk \(chunkSize)")
            }
            #expect(outcome([.file(dir.pipe(bytes: packed))], chunkSize: 500) == expected, "\(format) through a pipe")
        }

        @Test func gzipMembersOneAfterAnother() {
            let half = Self.text.utf8.count / 2
            let bytes = Array(Self.text.utf8)
            let path = dir.write("two.gz", bytes: Self.gzip(Array(bytes[..<half])) + Self.gzip(Array(bytes[half...])))
            #expect(outcome([.file(path)], chunkSize: 300) == outcome([.file(dir.write("plain.ndjson", Self.text))], chunkSize: 300))
        }

        /// `pzstd` starts its files with a skippable frame (magic 0x184D2A50–5F): zstd all the
        /// same (it was "invalid literal" at 1:1).
        @Test(arguments: [0x50, 0x5F])
        func zstdAfterASkippableFrame(_ first: Int) {
            let skippable: [UInt8] = [UInt8(first), 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 0xDE, 0xAD, 0xBE, 0xEF]
            let path = dir.write("p.zst", bytes: skippable + Self.zstd(Array(Self.text.utf8)))
            #expect(outcome([.file(path)], chunkSize: 500) == outcome([.file(dir.write("plain.ndjson", Self.text))], chunkSize: 500))
        }

        @Test func errorsArePlacedInTheDecompressedText() {
            let broken = Self.text.replacingOccurrences(of: #""id":150,"#, with: #""id":150"#)
            let path = dir.write("broken.gz", bytes: Self.gzip(Array(broken.utf8)))
            let error = GatewayTests.readError(file: path, chunkSize: 500)
            #expect(error?.kind == .data)
            #expect(error?.message.hasPrefix("\(path):150:") == true, "\(String(describing: error))")
        }

        @Test(arguments: ["gzip", "zstd", "xz", "lzma"])
        func truncatedArchivesAreBadData(_ format: String) {
            let packed = Self.compress(Array(Self.text.utf8), format)
            let path = dir.write("cut", bytes: Array(packed[..<(packed.count / 2)]))
            let error = GatewayTests.readError(file: path, chunkSize: 500)
            #expect(error?.kind == .data)
            #expect(error?.message == "\(path): \(format): the compressed data ends early (truncated file?)")
        }

        @Test func corruptGzipIsBadData() {
            var packed = Self.gzip(Array(Self.text.utf8))
            for index in 20..<40 { packed[index] ^= 0x5A }
            let error = GatewayTests.readError(file: dir.write("corrupt.gz", bytes: packed), chunkSize: 500)
            #expect(error?.kind == .data)
            #expect(error?.message.contains(": gzip: ") == true, "\(String(describing: error))")
        }

        @Test func xzStreamsOneAfterAnother() {
            let half = Self.text.utf8.count / 2
            let bytes = Array(Self.text.utf8)
            let path = dir.write("two.xz", bytes: Self.xz(Array(bytes[..<half])) + Self.xz(Array(bytes[half...])))
            #expect(outcome([.file(path)], chunkSize: 300) == outcome([.file(dir.write("plain.ndjson", Self.text))], chunkSize: 300))
        }

        @Test func corruptXzIsBadData() {
            var packed = Self.xz(Array(Self.text.utf8))
            for index in 40..<60 { packed[index] ^= 0x5A }
            let path = dir.write("corrupt.xz", bytes: packed)
            let error = GatewayTests.readError(file: path, chunkSize: 500)
            #expect(error?.kind == .data)
            #expect(error?.message == "\(path): xz: the compressed data is corrupt", "\(String(describing: error))")
        }

        /// An lzma header names a 4 GiB dictionary: refused before liblzma allocates it.
        @Test func aDictionaryPastTheMemoryLimitIsRefused() {
            let header: [UInt8] = [0x5D, 0x00, 0x00, 0xFF, 0xFF] + [UInt8](repeating: 0xFF, count: 8) + [0x00, 0x3D, 0x88, 0x00]
            let path = dir.write("huge-dictionary.lzma", bytes: header)
            let error = GatewayTests.readError(file: path, chunkSize: 500)
            #expect(error?.kind == .data)
            #expect(error?.message == "\(path): lzma: decompressing needs 4096 MiB of memory, more than the 256 MiB userlist allows")
        }

        /// Text is not held back for a magic number it can't start: a pipe's first short line
        /// is read at once (the gzip magic is 2 bytes, xz's 6).
        @Test func magicNumbersAreRecognisedByTheirPrefix() {
            #expect(Compression(magic: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) == .xz)
            #expect(Compression(magic: [0x5D, 0x00, 0x00, 0x80, 0x00, 0xFF]) == .lzma)
            #expect(Compression(magic: [0xFD, 0x37, 0x7A, 0x58, 0x5A]) == nil)
            #expect(Compression(magic: Array("]\n".utf8)) == nil)
            #expect(Compression.mayBeMagic([0xFD, 0x37]))
            #expect(!Compression.mayBeMagic(ArraySlice("{".utf8)))
            #expect(!Compression.mayBeMagic([0x1F, 0x8B]))
        }
    }
}

import CZlib
import CZstd
import Testing
@_spi(Pipeline) @testable import UserListKit
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway

extension GatewayTests {
    /// gzip and zstd inputs, known by their magic bytes: the same records and positions as the
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

        @Test(arguments: ["gzip", "zstd"])
        func sameAsThePlainText(_ format: String) {
            let plain = dir.write("plain.ndjson", Self.text)
            let packed = format == "gzip" ? Self.gzip(Array(Self.text.utf8)) : Self.zstd(Array(Self.text.utf8))
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

        @Test func errorsArePlacedInTheDecompressedText() {
            let broken = Self.text.replacingOccurrences(of: #""id":150,"#, with: #""id":150"#)
            let path = dir.write("broken.gz", bytes: Self.gzip(Array(broken.utf8)))
            let error = GatewayTests.readError(file: path, chunkSize: 500)
            #expect(error?.kind == .data)
            #expect(error?.message.hasPrefix("\(path):150:") == true, "\(String(describing: error))")
        }

        @Test(arguments: ["gzip", "zstd"])
        func truncatedArchivesAreBadData(_ format: String) {
            let packed = format == "gzip" ? Self.gzip(Array(Self.text.utf8)) : Self.zstd(Array(Self.text.utf8))
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
    }
}


import Foundation
import Testing
import UserListDomain
@_spi(Pipeline) @testable import UserListInput
import UserListTestSupport

extension InputTests {
    /// ``InputReader`` on its own, below any payload shape: the chunks hold the input's bytes
    /// (decompressed, a byte order mark dropped), positions count from the input's start, and an
    /// HTTP error transcript says what its body says only through the reader it is given.
    @Suite struct InputReaderTests {
        let dir = TemporaryDirectory()

        /// Every byte of the input, chunk after chunk, nothing kept over.
        private func bytes(of source: InputSource, chunkSize: Int) throws -> [UInt8] {
            let input = try InputReader(source, chunkSize: chunkSize, errorBody: { _ in nil })
            var chunk = try input.firstChunk()
            var all = Array(chunk.bytes)
            while !input.reachedEnd {
                chunk = try input.nextChunk(after: chunk, keepFrom: chunk.count)
                all += chunk.bytes
            }
            return all
        }

        private static let lines = (1...200).map { #"{"id":\#($0),"name":"Zoë \#($0)"}"# }.joined(separator: "\n") + "\n"

        @Test(arguments: [16, 100, 4096])
        func chunksHoldEveryByteOfAFile(chunkSize: Int) throws {
            let path = dir.write("users.ndjson", Self.lines)
            #expect(try bytes(of: .file(path), chunkSize: chunkSize) == Array(Self.lines.utf8))
        }

        /// gzip and zstd are recognised by their magic bytes: the chunks hold the plain text.
        @Test(arguments: [["gzip", "-c", "-n"], ["zstd", "-c", "-q"]])
        func compressedInputReadsAsThePlainText(command: [String]) throws {
            let plain = dir.write("users.ndjson", Self.lines)
            let packed = dir.path("users.packed")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command + [plain]
            FileManager.default.createFile(atPath: packed, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: packed))
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "\(command[0]) is not installed")
            #expect(try Data(contentsOf: URL(fileURLWithPath: packed)).prefix(4) != Data(Self.lines.utf8.prefix(4)))
            #expect(try bytes(of: .file(packed), chunkSize: 64) == Array(Self.lines.utf8))
        }

        @Test func aByteOrderMarkIsDropped() throws {
            let path = dir.write("bom.json", "\u{FEFF}[{\"id\":1}]")
            let input = try InputReader(.file(path), errorBody: { _ in nil })
            let chunk = try input.firstChunk()
            #expect(Array(chunk.bytes) == Array("[{\"id\":1}]".utf8))
            #expect(chunk.location(ofOffset: 1) == InputLocation(input: path, line: 1, column: 2))
        }

        /// Two marks (a tool added its own to a file that had one) are dropped too: the text
        /// after them is whole (the second was "improper structure", fatal with --skip-bad-json).
        @Test func twoByteOrderMarksAreDropped() throws {
            let path = dir.write("bom2.json", "\u{FEFF}\u{FEFF}[{\"id\":1}]")
            let input = try InputReader(.file(path), errorBody: { _ in nil })
            let chunk = try input.firstChunk()
            #expect(Array(chunk.bytes) == Array("[{\"id\":1}]".utf8))
        }

        /// A chunk that starts with bytes kept from the one before knows their line and column.
        @Test func aNextChunkStartsWhereTheKeptBytesWere() throws {
            let path = dir.write("lines.ndjson", "ab\ncdé\nfg\n")
            let input = try InputReader(.file(path), chunkSize: 6, errorBody: { _ in nil })
            let first = try input.firstChunk()
            #expect(first.safeRegionEnd == 3)
            let next = try input.nextChunk(after: first, keepFrom: 4)
            #expect(Array(next.bytes.prefix(2)) == Array("dé".utf8.prefix(2)))
            #expect(next.location(ofOffset: 0) == InputLocation(input: path, line: 2, column: 2))
            #expect(next.location(ofOffset: 3) == InputLocation(input: path, line: 2, column: 4))
            #expect(next.location(ofOffset: 4) == InputLocation(input: path, line: 3, column: 1))
        }

        /// Chunks bigger than one `read` (their line breaks counted piece by piece as they come),
        /// each cut at its last line break with a partial line kept over, from a file and from
        /// gzip: every chunk's first line is the input's line there.
        @Test(arguments: [false, true])
        func chunksFarIntoABigInputKnowTheirLine(gzipped: Bool) throws {
            var text = ""
            var random = SeededGenerator(state: 5)
            for line in 1...60_000 { text += "{\"id\":\(line)" + String(repeating: "x", count: Int.random(in: 0...40, using: &random)) + "}\n" }
            var path = dir.write("big.ndjson", text)
            if gzipped {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["gzip", "-f", "-n", path]
                try process.run()
                process.waitUntilExit()
                try #require(process.terminationStatus == 0, "gzip is not installed")
                path += ".gz"
            }
            let bytes = Array(text.utf8)
            let input = try InputReader(.file(path), chunkSize: 700_000, errorBody: { _ in nil })
            var chunk = try input.firstChunk()
            var start = 0, checked = 0
            while !input.reachedEnd {
                let keepFrom = chunk.safeRegionEnd - 7  // the last line's first bytes stay over
                start += keepFrom
                chunk = try input.nextChunk(after: chunk, keepFrom: keepFrom)
                let line = 1 + bytes[..<start].count { $0 == UInt8(ascii: "\n") }
                let lineStart = bytes[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                #expect(chunk.location(ofOffset: 0) == InputLocation(input: path, line: line, column: start - lineStart + 1))
                checked += 1
            }
            #expect(checked >= 2)
        }

        /// The reader passes an HTTP error's body to `errorBody` (its bytes after the head), and
        /// the error says what that returns; a body it can't read leaves the status alone.
        @Test func anHTTPErrorSaysWhatItsReaderFindsInTheBody() throws {
            let body = #"{"message":"Bad credentials"}"#
            let path = dir.write("error.txt", "HTTP/2 401 \r\ncontent-type: application/json\r\n\r\n" + body)
            var seen: [String] = []
            do {
                _ = try InputReader(.file(path), errorBody: { bytes in
                    seen.append(String(decoding: bytes, as: UTF8.self))
                    return "what the body says"
                }).firstChunk()
                Issue.record("no error")
            } catch {
                #expect(error.kind == .data)
                #expect(error.message.hasSuffix("HTTP 401 Unauthorized: what the body says"), "\(error.message)")
            }
            #expect(seen.map { $0.trimmingCharacters(in: .whitespaces) } == [body])
            do {
                _ = try InputReader(.file(path), errorBody: { _ in nil }).firstChunk()
                Issue.record("no error")
            } catch {
                #expect(error.message.hasSuffix("HTTP 401 Unauthorized"), "\(error.message)")
            }
        }
    }
}

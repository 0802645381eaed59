import Testing
import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension GatewayTests {
    /// Inputs bigger than a chunk: every user arrives once, in order, whatever the chunk size.
    @Suite struct UserGatewayChunkTests {
        let dir = TemporaryDirectory()

        static let chunkSizes = [64, 100, 257, 4096]

        @Test(arguments: chunkSizes)
        func manyUserNDJSON(chunkSize: Int) throws {
            let text = (1...400).map(GatewayTests.placeholderUser).joined(separator: "\n") + "\n"
            let path = dir.write("many.ndjson", text)
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize)
            #expect(read.users.map(\.id) == (1...400).map(String.init))
            #expect(read.users.last?.address?.city == "City 400")
            #expect(read.reasons.isEmpty)
            if chunkSize < 1000 { #expect(read.batches.count > 1) }
        }

        @Test(arguments: chunkSizes)
        func multiLineArrayBiggerThanTheChunk(chunkSize: Int) throws {
            let body = (1...300).map { "  " + GatewayTests.placeholderUser($0) }.joined(separator: ",\n")
            let text = "[\n\(body)\n]\n"
            #expect(text.utf8.count > chunkSize * 4)
            let path = dir.write("big.json", text)
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize)
            #expect(read.users.map(\.id) == (1...300).map(String.init))
        }

        @Test(arguments: chunkSizes)
        func singleLineArrayBiggerThanTheChunk(chunkSize: Int) throws {
            let text = "[" + (1...300).map(GatewayTests.placeholderUser).joined(separator: ",") + "]"
            let path = dir.write("line.json", text)
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize)
            #expect(read.users.map(\.id) == (1...300).map(String.init))
        }

        @Test(arguments: chunkSizes)
        func prettyPrintedEnvelopesOneAfterAnother(chunkSize: Int) throws {
            var text = ""
            for page in 0..<5 {
                let users = (1...20).map { "    " + GatewayTests.placeholderUser(page * 20 + $0) }.joined(separator: ",\n")
                text += "{\n  \"users\": [\n\(users)\n  ],\n  \"total\": 100\n}\n"
            }
            let path = dir.write("pages.json", text)
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize)
            #expect(read.users.map(\.id) == (1...100).map(String.init))
        }

        @Test(arguments: chunkSizes)
        func documentsSharingLinesAcrossChunks(chunkSize: Int) throws {
            // Several documents per line, separated by spaces only, some spanning lines.
            var text = ""
            for id in 1...150 {
                text += GatewayTests.placeholderUser(id)
                text += id % 3 == 0 ? "\n" : (id % 7 == 0 ? " [\n" + GatewayTests.placeholderUser(1000 + id) + "\n] " : " ")
            }
            let path = dir.write("stream.json", text)
            var expected: [String] = []
            for id in 1...150 {
                expected.append(String(id))
                if id % 3 != 0, id % 7 == 0 { expected.append(String(1000 + id)) }
            }
            // Documents over several lines among one-line ones: pretty-printed input (read as
            // line-delimited, the first line-spanning document would be a broken record).
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize, layout: .pretty)
            #expect(read.users.map(\.id) == expected)
        }

        @Test func multiByteTextAcrossChunkBoundaries() throws {
            let names = (1...200).map { "张伟 José Müller 🎉 \($0)" }
            let text = names.enumerated().map { #"{"id":\#($0.offset + 1),"name":"\#($0.element)"}"# }.joined(separator: "\n")
            let path = dir.write("intl.ndjson", text)
            let read = try GatewayTests.read(file: path, chunkSize: 64)
            #expect(read.users.compactMap(\.name) == names)
        }

        @Test func severalFilesWithTinyChunks() throws {
            let a = dir.write("a.ndjson", (1...50).map(GatewayTests.placeholderUser).joined(separator: "\n"))
            let b = dir.write("b.json", "[\n" + (51...100).map(GatewayTests.placeholderUser).joined(separator: ",\n") + "\n]")
            let read = try GatewayTests.read([.file(a), .file(b)], chunkSize: 64)
            #expect(read.users.map(\.id) == (1...100).map(String.init))
        }

        @Test func documentBiggerThanTheParserBatch() throws {
            // simdjson indexes 1 MiB at a time at first: a ~2.5 MB document makes it retry with a bigger batch.
            let count = 20_000
            let text = #"{"users":["# + (1...count).map(GatewayTests.placeholderUser).joined(separator: ",") + "]}\n" + GatewayTests.placeholderUser(count + 1)
            #expect(text.utf8.count > 2 << 20)
            let path = dir.write("huge.json", text)
            let read = try GatewayTests.read(file: path, chunkSize: 1 << 16)
            #expect(read.users.count == count + 1)
            #expect(read.users.map(\.id) == (1...count + 1).map(String.init))
        }
    }
}

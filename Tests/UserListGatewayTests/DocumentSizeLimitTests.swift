import Testing
import UserListDomain
@testable import UserListGateway
@_spi(Pipeline) @testable import UserListInput
import UserListTestSupport

extension GatewayTests {
    /// One document read whole takes about ten times its size, so past ``InputReader/maximumChunkSize``
    /// (512 MiB; 256 bytes here) it is refused where it starts, instead of growing until the
    /// OOM killer ends the run (a gigabyte string gzips to a megabyte).
    @Suite struct DocumentSizeLimitTests {
        let dir = TemporaryDirectory()

        private func read(_ text: String, maximumChunk: Int) throws -> [String] {
            let input = try InputReader(.file(dir.write("input.json", text)), chunkSize: 64)
            input.maximumChunk = maximumChunk
            var reader = DocumentReader(input: input, parser: ChunkParser(shapes: PayloadShapes.all, transform: nil))
            var ids: [String] = []
            try reader.read { batch in
                for record in batch.records { if case .user(let user) = record { ids.append(user.id) } }
            }
            return ids
        }

        static let text = #"{"id":1}"# + "\n" + #"{"id":2}"# + "\n  " + #"{"id":3,"name":""# + String(repeating: "a", count: 300) + "\"}\n"

        @Test func aDocumentPastTheLimitIsRefusedWhereItStarts() throws {
            #expect(throws: UserlistError.self) { try read(Self.text, maximumChunk: 256) }
            do {
                _ = try read(Self.text, maximumChunk: 256)
            } catch let error as UserlistError {
                #expect(error.kind == .data)
                #expect(error.message.hasSuffix("input.json:3:3: a document bigger than 256 bytes: userlist reads one document whole, in about ten times its size (NDJSON, and an array or envelope of users that begins an input, are read in parts)"), "\(error.message)")
            }
        }

        @Test func upToTheLimitItIsRead() throws {
            #expect(try read(Self.text, maximumChunk: 512) == ["1", "2", "3"])
            #expect(InputReader.maximumChunkSize == 512 << 20)
        }
    }
}

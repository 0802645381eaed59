import Testing
@testable import UserListGateway
@testable import UserListInput
import UserListTestSupport

extension GatewayTests {
    /// White space many chunks long (a gigabyte of spaces gzipped to a megabyte): dropped chunk by
    /// chunk between documents, never inside a string, with every position still right.
    @Suite struct WhitespaceRunTests {
        let dir = TemporaryDirectory()

        /// Documents between runs of spaces and line breaks 40 chunks long, and a name holding a
        /// run of spaces after a `}` (where a guess may cut a one-line document).
        static let text: String = {
            let spaces = String(repeating: " ", count: 2_600)
            let breaks = String(repeating: "\n", count: 2_600)
            let inner = "a}" + String(repeating: " ", count: 700) + "b"
            return spaces + #"{"id":1,"name":"One"}"# + breaks + #"{"id":2,"name":"\#(inner)"}"# + spaces + breaks
                + #"{"id":3,"name":"Three"}"# + "\n" + spaces
        }()

        static let expected = "1 One @1:2601\n2 a}\(String(repeating: " ", count: 700))b @2601:1\n3 Three @5201:1"

        private func outcome(_ read: GatewayRead) -> String {
            read.users.indices.map { index in
                let place = read.location(ofRecord: index).map { "\($0.line):\($0.column)" } ?? "?"
                return "\(read.users[index].id) \(read.users[index].name ?? "-") @\(place)"
            }.joined(separator: "\n")
        }

        @Test(arguments: [64, 150, 1000], [1, 2, 4])
        func documentsBetweenLongRunsOfWhiteSpace(chunkSize: Int, workers: Int) throws {
            let path = dir.write("spaced.ndjson", Self.text)
            #expect(try outcome(GatewayTests.read(file: path, chunkSize: chunkSize, workers: workers)) == Self.expected)
            #expect(try outcome(GatewayTests.read([.file(dir.pipe(Self.text))], chunkSize: chunkSize, workers: workers)) == Self.expected)
        }

        /// The in-order reader (`--jq`, `--explain`) keeps chunks at their size across white space,
        /// where it doubled one for every chunk of it.
        @Test func theInOrderReaderDoesNotGrowOnWhiteSpace() throws {
            let path = dir.write("spaces.json", String(repeating: " ", count: 100_000) + #"{"id":1}"# + "\n" + String(repeating: " \n", count: 50_000))
            let input = try InputReader(.file(path), chunkSize: 256)
            var reader = DocumentReader(input: input, parser: ChunkParser(shapes: PayloadShapes.all, transform: nil))
            var ids: [String] = []
            try reader.read { batch in
                for record in batch.records { if case .user(let user) = record { ids.append(user.id) } }
            }
            #expect(ids == ["1"])
            #expect(input.largestChunk <= 512)
        }

        @Test func onlyWhiteSpaceIsAnEmptyList() throws {
            let path = dir.write("blank.json", String(repeating: " \n\t\r", count: 10_000))
            #expect(try GatewayTests.read(file: path, chunkSize: 100, workers: 2).records.isEmpty)
        }
    }
}

import Testing
import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension GatewayTests {
    /// ``ParallelReader``: chunks split at line breaks and parsed by several workers give the same
    /// records, in the same order, with the same errors, as one reader would, including when the
    /// split guessed wrong.
    @Suite struct ParallelReaderTests {
        let dir = TemporaryDirectory()

        static let chunkSizes = [64, 150, 1000]
        static let workerCounts = [1, 2, 4, 7]

        @Test(arguments: chunkSizes, workerCounts)
        func manyLinesKeepTheirOrder(chunkSize: Int, workers: Int) throws {
            let path = dir.write("lines.ndjson", (1...400).map(GatewayTests.placeholderUser).joined(separator: "\n") + "\n")
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize, workers: workers)
            #expect(read.users.map(\.id) == (1...400).map(String.init))
        }

        @Test(arguments: chunkSizes, workerCounts)
        func prettyPrintedDocumentsInTheMiddleOfLines(chunkSize: Int, workers: Int) throws {
            // Lines, then documents over many lines (a guess at a line break inside one fails and
            // the rest is read in order), then lines again: read as pretty-printed, since input
            // that starts line-delimited takes a document over several lines as broken.
            var parts = (1...60).map(GatewayTests.placeholderUser)
            parts.append("{\n  \"users\": [\n" + (61...80).map { "    " + GatewayTests.placeholderUser($0) }.joined(separator: ",\n") + "\n  ]\n}")
            parts.append("[\n" + (81...90).map(GatewayTests.placeholderUser).joined(separator: ",\n") + "\n]")
            parts += (91...150).map(GatewayTests.placeholderUser)
            let path = dir.write("mixed.json", parts.joined(separator: "\n") + "\n")
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize, workers: workers, layout: .pretty)
            #expect(read.users.map(\.id) == (1...150).map(String.init))
            let error = GatewayTests.readError(file: path, chunkSize: chunkSize, workers: workers, layout: .lines)
            #expect(error?.message == "\(path):61:1: record cut off at the end of its line: unclosed object (parser stopped at 61:2)")
        }

        @Test(arguments: chunkSizes, workerCounts)
        func aSyntaxErrorLateInTheInputIsFoundWhereItIs(chunkSize: Int, workers: Int) throws {
            var lines = (1...200).map(GatewayTests.placeholderUser)
            lines[170] = #"{"id":171,"name":"Broken" "email":"x@example.com"}"#
            let text = lines.joined(separator: "\n") + "\n"
            let path = dir.write("broken.ndjson", text)
            let error = GatewayTests.readError(file: path, chunkSize: chunkSize, workers: workers, layout: .lines)
            let (line, column) = GatewayTests.position(of: #" "email":"x@"#, in: text)
            #expect(error?.message == "\(path):\(line):1: expected ',' or '}' after an object member (parser stopped at \(line):\(column + 1))")
        }

        @Test(arguments: workerCounts)
        func recordsLocateAcrossChunks(workers: Int) throws {
            var lines = (1...120).map(GatewayTests.placeholderUser)
            lines[99] = #"{"name":"No Id"}"#
            let path = dir.write("noid.ndjson", lines.joined(separator: "\n"))
            let read = try GatewayTests.read(file: path, chunkSize: 200, workers: workers)
            #expect(read.users.count == 120)
            let index = try #require(read.users.firstIndex { $0.name == "No Id" })
            #expect(read.location(ofRecord: index).map { "\($0.line):\($0.column)" } == "100:1")
        }

        @Test(arguments: workerCounts)
        func lastPageNoteComesAfterEveryRecord(workers: Int) throws {
            let page = #"{"page":1,"per_page":2,"total":6,"total_pages":3,"data":[{"id":1,"email":"a@example.com","first_name":"A","last_name":"B","avatar":"https://x/1.jpg"}]}"#
            let path = dir.write("pages.ndjson", (1...30).map(GatewayTests.placeholderUser).joined(separator: "\n") + "\n" + page + "\n")
            let read = try GatewayTests.read(file: path, chunkSize: 128, workers: workers)
            #expect(read.users.count == 31)
            #expect(read.batches.last?.records.isEmpty == true)
            #expect(read.batches.last?.notes.first?.contains("total_pages") == true)
        }
    }
}

extension GatewayTests.ParallelReaderTests {
    @Test(arguments: GatewayTests.ParallelReaderTests.chunkSizes, GatewayTests.ParallelReaderTests.workerCounts)
    func documentsOnOneLongLineStream(chunkSize: Int, workers: Int) throws {
        // No line break at all: regions end after a `}` or `]`, never inside a number.
        let docs = (1...150).map { $0 % 10 == 0 ? "[" + GatewayTests.placeholderUser($0) + "]" : GatewayTests.placeholderUser($0) }
        let path = dir.write("oneline.json", docs.joined(separator: " ") + " ")
        let read = try GatewayTests.read(file: path, chunkSize: chunkSize, workers: workers)
        #expect(read.users.map(\.id) == (1...150).map(String.init))
        #expect(read.batches.count > 1)
    }
}

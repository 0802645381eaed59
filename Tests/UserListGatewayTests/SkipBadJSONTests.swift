import Testing
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
import UserListTestSupport

extension GatewayTests {
    /// `--skip-bad-json`: each document that isn't JSON becomes one malformed record at its
    /// syntax error, with its text, and reading goes on at the next line — the same whatever
    /// the chunk size and the number of workers.
    @Suite struct SkipBadJSONTests {
        let dir = TemporaryDirectory()

        private func read(_ path: String, chunkSize: Int, workers: Int) throws -> [String] {
            var gateway = UserGateway(inputs: [.file(path)], chunkSize: chunkSize)
            gateway.workers = workers
            gateway.skipBadJSON = true
            var lines: [String] = []
            try gateway.readRecords { batch in
                for (index, record) in batch.records.enumerated() {
                    switch record {
                    case .user(let user): lines.append("user \(user.id)")
                    case .malformed(let reason):
                        let text = batch.text(ofRecord: index)
                        lines.append("bad \(batch.location(ofRecord: index)) \(reason) \(String(describing: text))")
                    case .unusable(let reason): lines.append("unusable \(reason) \(String(describing: batch.text(ofRecord: index)))")
                    case .excluded: lines.append("excluded")
                    case .keyed(let keyed): lines.append("keyed \(keyed.id)")
                    }
                }
            }
            return lines
        }

        private func expectSameEverywhere(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [String] {
            let path = dir.write("mixed.ndjson", text)
            let whole = try read(path, chunkSize: text.utf8.count * 2 + 64, workers: 1)
            for chunkSize in [64, 150, 1000] {
                for workers in [1, 3] {
                    #expect(try read(path, chunkSize: chunkSize, workers: workers) == whole, "chunk \(chunkSize), \(workers) workers", sourceLocation: sourceLocation)
                }
            }
            return whole
        }

        @Test func badLinesAreSkippedAndTheRestRead() throws {
            var lines = (1...40).map { #"{"id":\#($0),"name":"Zoë \#($0)"}"# }
            lines[4] = #"{"id":5,"name":"broken"#
            lines[12] = "not json at all"
            lines[20] = #"{"id":21,}"#
            lines[30] = #"{"id":31,"name":5}"#
            let read = try expectSameEverywhere(lines.joined(separator: "\n") + "\n")
            #expect(read.filter { $0.hasPrefix("user") }.count == 36)
            // Each bad record is its line, located at its start, its error read on the line alone.
            #expect(read[4] == #"bad \#(dir.path("mixed.ndjson")):5:1 invalid JSON: record cut off at the end of its line: unterminated string (parser stopped at 5:23) Optional(UserListDomain.RecordText.raw("{\"id\":5,\"name\":\"broken"))"#)
            #expect(read[12].hasPrefix("bad \(dir.path("mixed.ndjson")):13:1 invalid JSON: invalid literal (parser stopped at 13:2)"))
            #expect(read[12].hasSuffix(#"raw("not json at all"))"#))
            #expect(read[20].hasPrefix("bad \(dir.path("mixed.ndjson")):21:1 invalid JSON: expected a string key (parser stopped at 21:10)"))
            #expect(read[30] == #"unusable "name" is a number, expected a string Optional(UserListDomain.RecordText.json("{\"id\":31,\"name\":5}"))"#)
        }

        @Test func badLastLineWithoutNewline() throws {
            let text = (1...30).map { #"{"id":\#($0)}"# }.joined(separator: "\n") + "\n{\"id\":31"
            let read = try expectSameEverywhere(text)
            #expect(read.count == 31)
            #expect(read.last?.hasPrefix("bad \(dir.path("mixed.ndjson")):31:") == true)
        }

        @Test func everyLineBad() throws {
            let read = try expectSameEverywhere(String(repeating: "garbage line\n", count: 25))
            #expect(read.count == 25)
            #expect(read.allSatisfy { $0.hasPrefix("bad ") })
        }

        @Test func prettyPrintedDocumentsAroundABadOne() throws {
            let good = (1...12).map { "{\n  \"id\": \($0),\n  \"name\": \"User \($0)\"\n}" }
            var documents = good
            documents[6] = "{\n  \"id\": 7,\n  \"name\": oops\n}"
            let read = try expectSameEverywhere(documents.joined(separator: "\n") + "\n")
            // Pretty-printed: the broken document is one reject, from its first line to the next
            // document, located where it starts, with where the parser stopped.
            #expect(read.filter { $0.hasPrefix("user") }.count == 11)
            #expect(read.filter { $0.hasPrefix("bad ") } == [#"bad \#(dir.path("mixed.ndjson")):\#(6 * 4 + 1):1 invalid JSON: invalid literal (parser stopped at \#(6 * 4 + 3):11) Optional(UserListDomain.RecordText.raw("{\n  \"id\": 7,\n  \"name\": oops\n}"))"#])
        }
    }
}

import Testing
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension GatewayTests {
    /// A top-level array bigger than a chunk is read element by element (``ArrayElementScanner``):
    /// the same records, reasons, positions and errors as reading it whole.
    @Suite struct ArrayStreamingTests {
        let dir = TemporaryDirectory()

        /// What a read came to, in a comparable form.
        private func outcome(_ path: String, chunkSize: Int, workers: Int) -> String {
            do {
                let read = try GatewayTests.read(file: path, chunkSize: chunkSize, workers: workers)
                var lines: [String] = []
                for (index, record) in read.records.enumerated() {
                    let place = read.location(ofRecord: index).map { "\($0)" } ?? "?"
                    switch record {
                    case .user(let user): lines.append("user \(user.id) \(user.name ?? "-") \(user.username ?? "-") @ \(place)")
                    case .unusable(let reason): lines.append("unusable \(reason) @ \(place)")
                    case .excluded(let reason): lines.append("excluded \(reason)")
                    case .keyed(let keyed): lines.append("keyed \(keyed.id)")
                    case .malformed(let reason): lines.append("malformed \(reason) @ \(place)")
                    }
                }
                return lines.joined(separator: "\n")
            } catch {
                return "error \(error)"
            }
        }

        /// Streams with tiny chunks, and compares with one chunk holding everything.
        private func expectSameAsWhole(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let path = dir.write("array.json", text)
            let whole = outcome(path, chunkSize: text.utf8.count * 2 + 64, workers: 1)
            for chunkSize in [64, 200, 1000] {
                for workers in [1, 3] {
                    #expect(outcome(path, chunkSize: chunkSize, workers: workers) == whole, "chunk \(chunkSize), \(workers) workers", sourceLocation: sourceLocation)
                }
            }
        }

        static func users(_ range: ClosedRange<Int>) -> [String] { range.map(GatewayTests.placeholderUser) }

        @Test func oneLineArray() {
            expectSameAsWhole("[" + Self.users(1...120).joined(separator: ",") + "]")
        }

        @Test func prettyPrintedArray() {
            expectSameAsWhole("[\n  " + Self.users(1...120).joined(separator: ",\n  ") + "\n]\n")
        }

        @Test func stringsFullOfPunctuation() {
            let tricky = (1...80).map { #"{"id":\#($0),"name":"A, [b] {c} \"d\", \\ e","bio":"]},[{"}"# }
            expectSameAsWhole("[" + tricky.joined(separator: " , ") + "]")
        }

        @Test func badRecordsKeepTheirArrayIndex() {
            var users = Self.users(1...100)
            users[41] = #"{"name":"No Id"}"#
            users[77] = "17"
            users[90] = #"{"id":91,"name":5}"#
            expectSameAsWhole("[" + users.joined(separator: ",\n") + "]")
        }

        @Test func moreDocumentsAfterTheArray() {
            let text = "[" + Self.users(1...60).joined(separator: ",") + "]\n" + Self.users(61...90).joined(separator: "\n")
            expectSameAsWhole(text)
        }

        @Test func gitHubUsersAreDetectedFromTheFirstElement() {
            let users = (1...60).map { #"{"login":"octo\#($0)","id":\#($0),"node_id":"MDQ\#($0)","avatar_url":"https://avatars.example.com/u/\#($0)"}"# }
            expectSameAsWhole("[" + users.joined(separator: ",") + "]")
        }

        @Test(arguments: [
            ("missing comma", #"{"id":41} {"id":42}"#),
            ("doubled comma", #"{"id":41},,{"id":42}"#),
            ("bad member", #"{"id":41 "name":"x"}"#),
            ("bad literal", #"{"id":41,"name":tru}"#),
            ("trailing comma", #"{"id":41},"#),
        ])
        func syntaxErrorsAreReportedAsWhenReadWhole(_ name: String, _ broken: String) {
            let text = "[" + Self.users(1...40).joined(separator: ",") + "," + broken + (broken.hasSuffix(",") ? "" : ",") + Self.users(43...80).joined(separator: ",") + "]"
            expectSameAsWhole(text)
        }

        /// `--skip-bad-json` over a one-line array read a region at a time: a bad element is
        /// skipped alone, its text its own, however the regions fall (it took every element
        /// after it in its region with it: the region's line was the bad record).
        @Test func aBadElementOfAOneLineArrayIsSkippedAlone() throws {
            var users = Self.users(1...120)
            users[40] = #"{"id":41,"name":"bad" "email":"x"}"#
            users[99] = #"{"id":100,"name":"bad2",}"#
            let path = dir.write("array.json", "[" + users.joined(separator: ",") + "]")
            for chunkSize in [200, 1000, 4000] {
                for workers in [1, 3] {
                    let read = try GatewayTests.read([.file(path)], chunkSize: chunkSize, workers: workers, skipBadJSON: true)
                    let malformed = read.records.indices.filter { if case .malformed = read.records[$0] { true } else { false } }
                    #expect(read.records.count == 120, "chunk \(chunkSize), \(workers) workers")
                    #expect(malformed == [40, 99], "chunk \(chunkSize), \(workers) workers")
                }
            }
        }

        @Test func unclosedArray() {
            expectSameAsWhole("[" + Self.users(1...80).joined(separator: ",\n"))
        }
    }
}

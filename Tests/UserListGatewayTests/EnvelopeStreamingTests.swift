import Foundation
import Testing
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
import UserListInput
import UserListTestSupport

extension GatewayTests {
    /// An envelope bigger than a chunk (`{"users": [...], …}`) is read from its outline and its
    /// users' array element by element (``DocumentOutline``): the same records, reasons,
    /// positions, notes and errors as reading it whole, from a file or from a pipe.
    @Suite struct EnvelopeStreamingTests {
        let dir = TemporaryDirectory()

        /// What a read came to, in a comparable form, and how many batches it came in.
        private func outcome(_ inputs: [InputSource], chunkSize: Int, workers: Int) -> (text: String, batches: Int) {
            do {
                let read = try GatewayTests.read(inputs, chunkSize: chunkSize, workers: workers)
                var lines: [String] = []
                for (index, record) in read.records.enumerated() {
                    let place = read.location(ofRecord: index).map { "\($0)" } ?? "?"
                    switch record {
                    case .user(let user): lines.append("user \(user.id) \(user.name ?? "-") \(user.email ?? "-") @ \(place)")
                    case .unusable(let reason): lines.append("unusable \(reason) @ \(place)")
                    case .excluded(let reason): lines.append("excluded \(reason)")
                    case .keyed(let keyed): lines.append("keyed \(keyed.id)")
                    case .malformed(let reason): lines.append("malformed \(reason) @ \(place)")
                    }
                }
                lines += read.batches.flatMap(\.notes)
                return (lines.joined(separator: "\n"), read.batches.count)
            } catch {
                return ("error \(error)", 0)
            }
        }

        /// Reads `text` with tiny chunks (from a file and through a pipe) and with one chunk
        /// holding everything; `streams`: the tiny-chunk read came in many batches, not one.
        private func expectSameAsWhole(_ text: String, streams: Bool = true, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let path = dir.write("envelope.json", text)
            let whole = outcome([.file(path)], chunkSize: text.utf8.count * 2 + 64, workers: 1)
            for chunkSize in [64, 300, 1000] {
                for workers in [1, 3] {
                    let read = outcome([.file(path)], chunkSize: chunkSize, workers: workers)
                    #expect(read.text == whole.text, "chunk \(chunkSize), \(workers) workers", sourceLocation: sourceLocation)
                    if streams { #expect(read.batches > 3, "chunk \(chunkSize): \(read.batches) batches", sourceLocation: sourceLocation) }
                }
            }
            let piped = outcome([.file(dir.pipe(text))], chunkSize: 300, workers: 2)
            #expect(piped.text == whole.text.replacingOccurrences(of: path, with: dir.path("fifo")), "through a pipe", sourceLocation: sourceLocation)
        }

        static func users(_ range: ClosedRange<Int>) -> [String] { range.map(GatewayTests.placeholderUser) }

        @Test func seedEnvelopeWithItsTotalAfterTheUsers() {
            expectSameAsWhole(#"{"page": 1, "users": ["# + Self.users(1...120).joined(separator: ",\n") + #"], "total": 120}"#)
        }

        @Test func shapeKnownOnlyByKeysAfterTheUsers() {
            // dummyjson.com's envelope is recognised by "skip" and "limit", after the array; its
            // "total" says more pages follow, which is reported at the end.
            let users = (1...100).map { #"{"id":\#($0),"firstName":"Ann \#($0)","lastName":"Lee","email":"a\#($0)@example.com"}"# }
            expectSameAsWhole(#"{"users": ["# + users.joined(separator: ",") + #"], "total": 300, "skip": 0, "limit": 100}"#)
        }

        @Test func usersOneLevelDownAfterAnotherArray() {
            let tags = (1...40).map { #""tag-\#($0)""# }.joined(separator: ",")
            expectSameAsWhole(#"{"meta": {"tags": [\#(tags)]}, "data": {"members": ["# + Self.users(1...90).joined(separator: ",\n  ") + "]}}\n")
        }

        @Test func badRecordsKeepTheirPathInTheEnvelope() {
            var users = Self.users(1...100)
            users[41] = #"{"name":"No Id","email":"x@example.com"}"#
            users[77] = "17"
            expectSameAsWhole(#"{"users": ["# + users.joined(separator: ",\n") + "]}\n" + Self.users(101...130).joined(separator: "\n"))
        }

        @Test func syntaxErrorInTheUsers() {
            let text = #"{"users": ["# + Self.users(1...60).joined(separator: ",\n") + #",{"id":61 "name":"x"},"# + Self.users(62...90).joined(separator: ",") + "]}"
            expectSameAsWhole(text, streams: false)
        }

        @Test func syntaxErrorInAnotherArrayIsReportedAtItsPlace() {
            let tags = (1...40).map { #""t\#($0)""# }.joined(separator: ",") + ",nul"
            expectSameAsWhole(#"{"users": ["# + Self.users(1...60).joined(separator: ",\n") + #"], "tags": [\#(tags)]}"#, streams: false)
        }

        @Test func syntaxErrorAfterTheUsers() {
            expectSameAsWhole(#"{"users": ["# + Self.users(1...60).joined(separator: ",\n") + #"], "total": 60,}"#, streams: false)
        }

        @Test func unclosedEnvelope() {
            expectSameAsWhole(#"{"users": ["# + Self.users(1...60).joined(separator: ",\n") + "]", streams: false)
        }

        @Test func fewUsersBesideABigArrayAreReadWhole() {
            let log = (1...300).map { #"{"at":\#($0)}"# }.joined(separator: ",")
            expectSameAsWhole(#"{"users": ["# + Self.users(1...3).joined(separator: ",") + #"], "log": [\#(log)]}"#, streams: false)
        }

        @Test func ambiguousEnvelopeNeedsUsersAt() {
            let text = #"{"admins": ["# + Self.users(1...50).joined(separator: ",") + #"], "members": ["# + Self.users(51...90).joined(separator: ",") + "]}"
            expectSameAsWhole(text, streams: false)
        }
    }
}

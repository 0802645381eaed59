import Foundation
import Testing
import UserListDomain
@testable import UserListGateway
import UserListInput
import UserListTestSupport

extension GatewayTests {
    /// The next page as a whole read sees it (issue 20): the last document of the last input,
    /// whichever way the input is read — whole, streamed element by element in tiny chunks, by
    /// several workers, or through `--explain`'s reader — and a `curl -i` header when the body
    /// says nothing.
    @Suite struct NextPageReadingTests {
        let dir = TemporaryDirectory()

        private func next(_ inputs: [InputSource], chunkSize: Int? = nil, workers: Int = 2, explain: Bool = false) throws -> NextPage? {
            var gateway = chunkSize.map { UserGateway(inputs: inputs, chunkSize: $0) } ?? UserGateway(inputs: inputs)
            gateway.workers = workers
            let paging = PagingReport()
            gateway.paging = paging
            if explain { gateway.explanation = MappingExplanation() }
            try gateway.readRecords { _ in }
            return paging.next
        }

        private static let users = (1...60).map(GatewayTests.placeholderUser).joined(separator: ",\n")

        @Test(arguments: [nil, 64, 300] as [Int?])
        func anEnvelopeBiggerThanAChunk(chunkSize: Int?) throws {
            let path = dir.write("page.json", #"{"results": ["# + Self.users + #"], "next_cursor": "c-2", "has_more": true}"#)
            for explain in [false, true] {
                #expect(try next([.file(path)], chunkSize: chunkSize, explain: explain) == NextPage(value: "c-2", source: "next_cursor"))
            }
        }

        /// (The head must fit in the first chunk: 4 MiB in a run.)
        @Test(arguments: [nil, 128, 300] as [Int?])
        func aCurlTranscriptOfABigArrayKeepsItsLinkHeader(chunkSize: Int?) throws {
            let text = "HTTP/2 200 \r\nlink: <https://api.example.com/users?page=2>; rel=\"next\"\r\n\r\n[" + Self.users + "]\n"
            let path = dir.write("page.txt", text)
            #expect(try next([.file(path)], chunkSize: chunkSize) == NextPage(value: "https://api.example.com/users?page=2", source: "Link header"))
        }

        /// Pages one after another (NDJSON of envelopes, several files): the last one decides.
        @Test func theLastDocumentOfTheLastInputDecides() throws {
            let pages = dir.write("pages.ndjson", [
                #"{"results": [{"id": 1, "email": "a@example.com"}], "next": "https://x.example/2"}"#,
                #"{"results": [{"id": 2, "email": "b@example.com"}], "next": "https://x.example/3"}"#,
            ].joined(separator: "\n") + "\n")
            let last = dir.write("last.json", #"{"results": [{"id": 3, "email": "c@example.com"}], "next": null}"#)
            #expect(try next([.file(pages)], chunkSize: 64) == NextPage(value: "https://x.example/3", source: "next"))
            #expect(try next([.file(pages), .file(last)]) == nil)
            #expect(try next([.file(last), .file(pages)]) == NextPage(value: "https://x.example/3", source: "next"))
        }
    }
}

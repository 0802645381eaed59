import Testing
import UserListDomain
@testable import UserListInput

extension InputTests {
    /// What comes before the JSON (issue 20): a script guard line, `curl -i` status lines and
    /// headers; read, and blanked so every position after it is the file's own.
    @Suite struct InputPreambleTests {
        private func preamble(_ text: String) -> InputPreamble {
            Array(text.utf8).withUnsafeBytes { InputPreamble($0) }
        }

        @Test(arguments: [")]}'\n[1]", ")]}',\n[1]", "while(1);\n[1]", "for(;;);\r\n[1]"])
        func scriptGuardLines(text: String) {
            let found = preamble(text)
            #expect(found.length == text.utf8.count - 3)
            #expect(found.response == nil)
        }

        @Test func curlIncludeGivesTheLastResponse() throws {
            let text = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 301 Moved Permanently\r\nLocation: https://x/\r\n\r\nHTTP/2 200 \r\n"
                + "link: <https://api.github.com/users?since=46>; rel=\"next\", <https://api.github.com/users{?since}>; rel=\"first\"\r\n\r\n[]"
            let found = preamble(text)
            #expect(found.length == text.utf8.count - 2)
            let response = try #require(found.response)
            #expect(response.status == 200)
            #expect(response.reason == "OK")
            #expect(response.nextLink == "https://api.github.com/users?since=46")
            #expect(!response.isError)
        }

        @Test func anErrorStatusAndItsReason() throws {
            let response = try #require(preamble("HTTP/1.1 429 Too Many Requests\nRetry-After: 30\n\n{}").response)
            #expect(response.status == 429)
            #expect(response.reason == "Too Many Requests")
            #expect(response.isError)
            #expect(try #require(preamble("HTTP/2 404\r\n\r\n").response).reason == "Not Found")
        }

        @Test(arguments: [
            // Not a preamble: JSON, a head without its blank line, a status line that is no status.
            "[{\"id\":1}]", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", "HTTP/x hello\r\n\r\n[]", " )]}'\n[]",
        ])
        func notAPreamble(text: String) {
            #expect(preamble(text).length == 0)
        }

        @Test(arguments: [
            ("<https://a.example/u?page=2>; rel=\"next\"", "https://a.example/u?page=2"),
            ("<https://a.example/u?page=1>; rel=\"prev\", <https://a.example/u?page=3>; rel=\"next\"", "https://a.example/u?page=3"),
            ("<https://a.example/u?after=x>; rel=next; type=\"application/json\"", "https://a.example/u?after=x"),
            ("<https://a.example/u?page=9>; rel=\"last next\"", "https://a.example/u?page=9"),
            // RFC 8288: commas and semicolons inside <…> are the URL's.
            ("<https://a.example/s?fields=id,login;v=2&page=2>; rel=\"next\", <https://a.example/s?fields=id,login&page=9>; rel=\"last\"",
             "https://a.example/s?fields=id,login;v=2&page=2"),
            ("<https://a.example/u?p=1>; rel=\"prev\"; title=\"a, b\", <https://a.example/u?p=3>; rel=\"next\"", "https://a.example/u?p=3"),
        ])
        func linkHeaderNext(header: String, next: String) {
            #expect(HTTPResponseHead.nextLink(in: header[...]) == next)
        }

        @Test func noNextInALinkHeaderWithoutOne() {
            #expect(HTTPResponseHead.nextLink(in: "<https://a.example/u?page=1>; rel=\"first\", <https://a.example/u?page=1>; rel=\"prev\""[...]) == nil)
        }
    }
}

import Testing
import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension GatewayTests {
    /// The batch locator: where a record starts (`file:line:col`) and its path in the document.
    @Suite struct UserGatewayLocationTests {
        let dir = TemporaryDirectory()

        @Test func recordInAPrettyPrintedEnvelope() throws {
            let text = """
                {
                  "total": 3,
                  "users": [
                    {"id": 1},
                    {"id": 2},
                      {"id": 3, "name": 4}
                  ]
                }
                """
            let path = dir.write("env.json", text)
            let read = try GatewayTests.read(file: path)
            let location = try #require(read.location(ofRecord: 2))
            #expect(location == InputLocation(input: path, line: 6, column: 7, path: ".users[2]"))
            #expect(location.description == "\(path):6:7")
            #expect(read.location(ofRecord: 0) == InputLocation(input: path, line: 4, column: 5, path: ".users[0]"))
        }

        @Test func recordInATopLevelArray() throws {
            let text = #"[{"id":1,"name":"Ann"},{"id":2,"name":42},{"id":true}]"#
            let path = dir.write("users.json", text)
            let read = try GatewayTests.read(file: path)
            #expect(read.location(ofRecord: 1) == InputLocation(input: path, line: 1, column: 24, path: ".[1]"))
            #expect(read.location(ofRecord: 2) == InputLocation(input: path, line: 1, column: 43, path: ".[2]"))
        }

        @Test func singleUserDocumentsAreTheirOwnPath() throws {
            let text = "{\"id\":1}\n\n   {\"id\":2,\"name\":7}\n"
            let path = dir.write("users.ndjson", text)
            let read = try GatewayTests.read(file: path)
            #expect(read.location(ofRecord: 1) == InputLocation(input: path, line: 3, column: 4, path: "."))
        }

        @Test func recordAfterMultiByteText() throws {
            // Columns count characters, not bytes.
            let text = #"[{"id":1,"name":"张伟 José"}, {"id":2}]"#
            let path = dir.write("intl.json", text)
            let read = try GatewayTests.read(file: path)
            let expected = GatewayTests.position(of: #"{"id":2}"#, in: text)
            #expect(expected.column == 29)
            #expect(read.location(ofRecord: 1) == InputLocation(input: path, line: 1, column: expected.column, path: ".[1]"))
        }

        @Test(arguments: [64, 100, 333, 4096])
        func locationsStayRightInLaterChunks(chunkSize: Int) throws {
            var lines = (1...120).map(GatewayTests.placeholderUser)
            lines[89] = "  " + #"{"id":90,"name":90}"#
            let text = lines.joined(separator: "\n") + "\n"
            let path = dir.write("users.ndjson", text)
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize)
            #expect(read.records.count == 120)
            #expect(read.reasons == [#""name" is a number, expected a string"#])
            #expect(read.location(ofRecord: 89) == InputLocation(input: path, line: 90, column: 3, path: "."))
            #expect(read.location(ofRecord: 119)?.line == 120)
        }

        @Test(arguments: [64, 100, 4096])
        func locationOfAnArrayElementInALaterChunk(chunkSize: Int) throws {
            let body = (1...60).map { "    " + GatewayTests.placeholderUser($0) }.joined(separator: ",\n")
            let text = "{\"page\": 1,\n  \"users\": [\n\(body)\n  ]\n}\n[\n" + (61...80).map { "  " + GatewayTests.placeholderUser($0) }.joined(separator: ",\n") + "\n]\n"
            let path = dir.write("pages.json", text)
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize)
            #expect(read.users.count == 80)
            #expect(read.location(ofRecord: 41) == InputLocation(input: path, line: 44, column: 5, path: ".users[41]"))
            let second = GatewayTests.position(of: GatewayTests.placeholderUser(75), in: text)
            #expect(read.location(ofRecord: 74) == InputLocation(input: path, line: second.line, column: 3, path: ".[14]"))
        }

        @Test(arguments: [64, 90, 4096])
        func documentStartingMidLineInALaterChunk(chunkSize: Int) throws {
            // The second document starts on line 1 after the first and runs onto later lines.
            let filler = String(repeating: "x", count: 80)
            let text = "{\"id\":1} {\"id\":2,\n\"bio\":\"\(filler)\",\n\"name\":5}\n{\"id\":3}\n"
            let path = dir.write("stream.json", text)
            let read = try GatewayTests.read(file: path, chunkSize: chunkSize, layout: .pretty)
            #expect(read.records.count == 3)
            #expect(read.reasons == [#""name" is a number, expected a string"#])
            #expect(read.location(ofRecord: 1) == InputLocation(input: path, line: 1, column: 10, path: "."))
            #expect(read.location(ofRecord: 2) == InputLocation(input: path, line: 4, column: 1, path: "."))
        }

        @Test func inputNameIsThePathAsGiven() throws {
            let path = dir.write("named.json", #"[{"id":1}]"#)
            let read = try GatewayTests.read(file: path)
            #expect(read.location(ofRecord: 0)?.input == path)
        }
    }
}

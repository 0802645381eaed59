import Testing
import UserListDomain
@testable import UserListGateway
import UserListInput
import UserListTestSupport

extension GatewayTests {
    /// Every document shape and stream form the contract lists, read from real files.
    @Suite struct UserGatewayShapeTests {
        let dir = TemporaryDirectory()

        @Test func topLevelArray() throws {
            let path = dir.write("users.json", #"[{"id":1,"name":"Leanne Graham"},{"id":2,"name":"Ervin Howell"}]"#)
            let read = try GatewayTests.read(file: path)
            #expect(read.users.map(\.id) == ["1", "2"])
            #expect(read.users.map(\.name) == ["Leanne Graham", "Ervin Howell"])
            #expect(read.reasons.isEmpty)
        }

        @Test func seed000Envelope() throws {
            let path = dir.write("envelope.json", """
                {"users":[
                  {"id":"u1","name":"Alice","email":"alice@example.com","avatar_url":"https://cdn.example.com/a.png","bio":"iOS Developer"},
                  {"id":"u2","name":"Bob","email":"bob@example.com","avatar_url":null,"bio":"Designer"}
                ],"total":2}
                """)
            let users = try GatewayTests.read(file: path).users
            #expect(users == [
                User(id: "u1", name: "Alice", email: "alice@example.com", avatarURL: "https://cdn.example.com/a.png", bio: "iOS Developer"),
                User(id: "u2", name: "Bob", email: "bob@example.com", bio: "Designer"),
            ])
        }

        @Test func envelopeWithTotalFirst() throws {
            let path = dir.write("envelope.json", #"{"total":1,"page":1,"users":[{"id":7,"name":"Ann"}]}"#)
            #expect(try GatewayTests.read(file: path).users == [User(id: "7", name: "Ann")])
        }

        @Test func singleUserObject() throws {
            let path = dir.write("user.json", #"{"id":1,"name":"Leanne Graham","username":"Bret","email":"Sincere@april.biz"}"#)
            let read = try GatewayTests.read(file: path)
            #expect(read.users == [User(id: "1", name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz")])
        }

        @Test func jsonPlaceholderUserMapsEveryField() throws {
            let path = dir.write("user.json", """
                {
                  "id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz",
                  "address": {"street": "Kulas Light", "suite": "Apt. 556", "city": "Gwenborough", "zipcode": "92998-3874",
                              "geo": {"lat": "-37.3159", "lng": "81.1496"}},
                  "phone": "1-770-736-8031 x56442", "website": "hildegard.org",
                  "company": {"name": "Romaguera-Crona", "catchPhrase": "Multi-layered client-server neural-net", "bs": "harness real-time e-markets"}
                }
                """)
            #expect(try GatewayTests.read(file: path).users == [Fixtures.leanne])
        }

        @Test func numbersWhereTextIsExpectedAreKeptAsText() throws {
            let path = dir.write("user.json", #"{"id":1,"phone":5551234,"address":{"zipcode":92998,"geo":{"lat":-37.3159,"lng":81}}}"#)
            let user = try #require(try GatewayTests.read(file: path).users.first)
            #expect(user.phone == "5551234")
            #expect(user.address?.zipcode == "92998")
            #expect(user.address?.geo?.lng == "81")
            #expect(user.address?.geo?.lat.flatMap(Double.init) == -37.3159)
        }

        @Test func unknownFieldsAreIgnored() throws {
            let path = dir.write("user.json", #"{"id":1,"name":"Ann","role":{"admin":true},"tags":[1,2]}"#)
            #expect(try GatewayTests.read(file: path).users == [User(id: "1", name: "Ann")])
        }

        @Test func ndjson() throws {
            let path = dir.write("users.ndjson", """
                {"id":1,"name":"Ann"}
                {"id":2,"name":"Bob"}
                {"id":3,"name":"Cy"}

                """)
            #expect(try GatewayTests.read(file: path).users == Fixtures.named(["Ann", "Bob", "Cy"]))
        }

        @Test func ndjsonWithCRLFAndNoFinalNewline() throws {
            let path = dir.write("users.ndjson", "{\"id\":1,\"name\":\"Ann\"}\r\n{\"id\":2,\"name\":\"Bob\"}")
            #expect(try GatewayTests.read(file: path).users == Fixtures.named(["Ann", "Bob"]))
        }

        @Test func documentsSeparatedOnlyBySpaces() throws {
            let path = dir.write("stream.json", #"{"id":1,"name":"Ann"} {"id":2,"name":"Bob"}  [{"id":3,"name":"Cy"}]{"users":[{"id":4,"name":"Di"}]}"#)
            #expect(try GatewayTests.read(file: path).users == Fixtures.named(["Ann", "Bob", "Cy", "Di"]))
        }

        @Test func mixedShapesInOneStream() throws {
            let path = dir.write("stream.json", """
                [{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}]
                {"users":[{"id":3,"name":"Cy"}],"total":1}
                {"id":4,"name":"Di"}
                """)
            #expect(try GatewayTests.read(file: path).users.map(\.id) == ["1", "2", "3", "4"])
        }

        @Test func prettyPrintedMultiLineArray() throws {
            let path = dir.write("pretty.json", """
                [
                  {
                    "id": 1,
                    "name": "Ann"
                  },
                  {
                    "id": 2,
                    "name": "Bob"
                  }
                ]
                """)
            #expect(try GatewayTests.read(file: path).users == Fixtures.named(["Ann", "Bob"]))
        }

        @Test func emptyArrayAndEnvelopeGiveNoRecords() throws {
            let path = dir.write("empty.json", #"[] {"users":[],"total":0}"#)
            #expect(try GatewayTests.read(file: path).records.isEmpty)
        }

        @Test(arguments: ["", "   \n\t\r\n  "])
        func blankFileGivesNoRecordsAndNoError(text: String) throws {
            let path = dir.write("blank.json", text)
            let read = try GatewayTests.read(file: path)
            #expect(read.records.isEmpty)
            #expect(read.batches.isEmpty)
        }

        @Test func utf8ByteOrderMarkIsAccepted() throws {
            let path = dir.write("bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array(#"[{"id":1,"name":"Ann"}]"#.utf8))
            let read = try GatewayTests.read(file: path)
            #expect(read.users == [User(id: "1", name: "Ann")])
            // Columns count from after the mark.
            #expect(read.location(ofRecord: 0)?.column == 2)
        }

        @Test func byteOrderMarkAloneIsAnEmptyInput() throws {
            let path = dir.write("bom.json", bytes: [0xEF, 0xBB, 0xBF])
            #expect(try GatewayTests.read(file: path).records.isEmpty)
        }

        @Test func severalInputsAreReadInOrderAsOneList() throws {
            let first = dir.write("a.json", #"[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}]"#)
            let empty = dir.write("b.json", "")
            let third = dir.write("c.ndjson", "{\"id\":3,\"name\":\"Cy\"}\n")
            let read = try GatewayTests.read([.file(first), .file(empty), .file(third)])
            #expect(read.users == Fixtures.named(["Ann", "Bob", "Cy"]))
        }

        @Test func internationalTextSurvivesUnescaping() throws {
            let path = dir.write("intl.json", #"[{"id":"1","name":"Jos\u00e9 M\u00fcller","bio":"\u5f20\u4f1f \ud83c\udf89"},{"id":"2","name":"张伟"}]"#)
            let users = try GatewayTests.read(file: path).users
            #expect(users.map(\.name) == ["José Müller", "张伟"])
            #expect(users.first?.bio == "张伟 🎉")
        }

        @Test func nullFieldsMapToNil() throws {
            let path = dir.write("nulls.json", #"[{"id":1,"name":null,"email":null,"address":null,"company":null}]"#)
            let user = try #require(try GatewayTests.read(file: path).users.first)
            #expect(user == User(id: "1"))
        }

        @Test func recordWithoutIdMapsToEmptyId() throws {
            // The Gateway maps; the Service decides that an empty id is not a user.
            let path = dir.write("noid.json", #"[{"name":"Ann"}]"#)
            #expect(try GatewayTests.read(file: path).users == [User(id: "", name: "Ann")])
        }

        @Test func inputSourceArguments() {
            #expect(InputSource(argument: "-") == .standardInput)
            #expect(InputSource(argument: "users.json") == .file("users.json"))
            #expect(InputSource.standardInput.description == "<stdin>")
            #expect(InputSource.file("a/b.json").description == "a/b.json")
        }

        @Test func noInputsMeansStandardInput() {
            #expect(UserGateway(inputs: []).inputs == [.standardInput])
            #expect(UserGateway(inputs: [.file("x")]).inputs == [.file("x")])
        }
    }
}

import Testing
@testable import UserListGateway

extension GatewayTests {
    /// ``GeneralEnvelopeShape``: finding the one array of user-like records in an unknown envelope.
    @Suite struct GeneralEnvelopeShapeTests {
        /// Where the shape finds the users of `json`, or nil.
        private func found(_ json: String) throws -> String? {
            try ParsedJSON.with(json) { GeneralEnvelopeShape().userRecords(in: $0)?.summary }
        }

        @Test func theOneArrayOfUsersAtTheTopLevel() throws {
            let json = #"{"ok":1,"tags":["x"],"posts":[{"id":1,"title":"post"}],"staff":[{"id":1,"name":"Ann"},{"id":2,"email":"bo@x.org"}]}"#
            #expect(try found(json) == ".staff (2)")
        }

        @Test func theOneArrayOfUsersOneLevelDown() throws {
            #expect(try found(#"{"status":"ok","result":{"page":1,"people":[{"id":1,"email":"a@x.org"}]}}"#) == ".result.people (1)")
        }

        @Test func theTopLevelBeatsOneLevelDown() throws {
            #expect(try found(#"{"result":{"friends":[{"username":"b"}]},"crew":[{"username":"a"}]}"#) == ".crew (1)")
        }

        @Test func aRecordIsUserLikeByANameUsernameOrEmailAnywhereTheGeneralMappingLooks() throws {
            #expect(try found(#"{"rows":[{"id":"1","attributes":{"username":"ann"}}]}"#) == ".rows (1)")
            #expect(try found(#"{"rows":[{"id":"1","name":{"first":"Ann"}}]}"#) == ".rows (1)")
        }

        @Test(arguments: [
            #"{"members":[{"username":"a"}],"friends":[{"username":"b"}]}"#,
            #"{"friends":[{"username":"b"}],"members":[{"username":"a"}]}"#,
        ])
        func ofTwoArraysOfUsersTheOneUnderAWellKnownKey(_ json: String) throws {
            #expect(try found(json) == ".members (1)")
        }

        @Test func anIDAndABareNameAreAPersonOnlyUnderAKeyThatListsPeople() throws {
            #expect(try found(#"{"batchcomplete":"","query":{"allusers":[{"userid":1,"name":"Ann"},{"userid":2,"name":"Bo"}]}}"#) == ".query.allusers (2)")
            #expect(try found(#"{"members":[{"id":"7","name":"Björk"}],"total":1}"#) == ".members (1)")
            #expect(try found(#"{"products":[{"id":1,"name":"Chair"}],"total":1}"#) == nil)
            // Typed as a person: Miro's board members under `data`.
            #expect(try found(#"{"data":[{"id":"345","name":"Tuan Le","role":"editor","type":"board_member"}],"total":1}"#) == ".data (1)")
            #expect(try found(#"{"data":[{"id":"9","name":"Roadmap","type":"board"}],"total":1}"#) == nil)
            #expect(try found(#"{"members":[{"name":"no id"}]}"#) == nil)
        }

        @Test func twoArraysOfUsersUnderOtherKeysAreAmbiguous() throws {
            #expect(try found(#"{"friends":[{"username":"a"}],"followers":[{"username":"b"}]}"#) == "ambiguous .friends, .followers")
            #expect(try found(#"{"x":{"friends":[{"username":"a"}],"followers":[{"username":"b"}]}}"#) == "ambiguous .x.friends, .x.followers")
        }

        @Test func twoArraysUnderWellKnownKeysAreAmbiguousToo() throws {
            #expect(try found(#"{"users":[{"username":"a"}],"members":[{"username":"b"}]}"#) == "ambiguous .users, .members")
        }

        @Test func anEmptyArrayUnderAWellKnownKeyIsAnEmptyList() throws {
            #expect(try found(#"{"users":[],"total":0}"#) == ".users (0)")
            #expect(try found(#"{"data":[],"links":{}}"#) == ".data (0)")
            #expect(try found(#"{"result":{"items":[]}}"#) == ".result.items (0)")
        }

        @Test func anEmptyArrayIsNotChosenOverAnArrayOfUsers() throws {
            #expect(try found(#"{"data":[],"crew":[{"username":"a"}]}"#) == ".crew (1)")
        }

        @Test func emptyArraysUnderOtherOrSeveralKeysAreNotAList() throws {
            #expect(try found(#"{"friends":[]}"#) == nil)
            #expect(try found(#"{"users":[],"data":[]}"#) == nil)
        }

        @Test(arguments: [
            #"{"status":"ok","count":3}"#,
            #"{"posts":[{"id":1,"title":"post"}]}"#,
            #"{"data":[{"id":1,"title":"post","body":"…"}]}"#,
            #"{"users":["ann","bo"]}"#,
            #"{"a":{"b":{"users":[{"email":"too@deep.example"}]}}}"#,
            #"{"products":[{"id":1,"name":"Widget"}],"channels":[{"id":"C1","name":"general"}]}"#,
            #"[{"name":"an array is not an envelope"}]"#,
        ])
        func noUsers(_ json: String) throws {
            #expect(try found(json) == nil)
        }

        @Test func aSparseFirstRecordDoesNotHideTheUsers() throws {
            #expect(try found(#"{"people":[{"id":1},{"id":2,"username":"bo"}]}"#) == ".people (2)")
        }
    }
}

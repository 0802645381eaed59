import Testing
@testable import UserListGateway

extension GatewayTests {
    /// ``DeepEnvelopeShape``: users more than one level down, found when nothing shallower is.
    @Suite struct DeepEnvelopeShapeTests {
        private func found(_ json: String) throws -> String? {
            try ParsedJSON.with(json) { DeepEnvelopeShape().userRecords(in: $0)?.summary }
        }

        @Test func oneArrayManyLevelsDown() throws {
            let json = #"{"data":{"actor":{"org":{"domains":{"list":[{"id":"d1","name":"Default","users":{"users":[{"id":"1","email":"a@x.org"}],"nextCursor":null}}]}}}}}"#
            #expect(try found(json) == ".data.actor.org.domains.list[0].users.users (1)")
        }

        @Test func theSameListInEveryElementOfAnOuterListIsAllOfThem() throws {
            let json = #"{"teams":[{"id":"t1","name":"A","members":[{"user":{"id":1,"email":"a@x.org"}}]},{"id":"t2","name":"B","members":[]},{"id":"t3","name":"C","members":[{"user":{"id":2,"email":"b@x.org"}},{"user":{"id":3,"email":"c@x.org"}}]}]}"#
            #expect(try found(json) == "arrays .teams[0].members (1), .teams[2].members (2)")
        }

        @Test func aTopLevelArrayOfGroups() throws {
            #expect(try found(#"[{"group":"a","people":[{"username":"ann"}]},{"group":"b","people":[{"username":"bo"}]}]"#)
                == "arrays .[0].people (1), .[1].people (1)")
        }

        @Test func usersKeyedByIDFurtherDown() throws {
            #expect(try found(#"{"ocs":{"meta":{"status":"ok"},"data":{"users":{"admin":{"id":"admin","displayname":"Administrator","email":"a@x.de"},"s.y":{"id":"s.y","displayname":"山本 さくら","email":"s@x.jp"}}}}}"#)
                == "keyed .ocs.data.users (2)")
        }

        @Test func keysThatAreIDsAreOneList() throws {
            let json = #"{"response":{"result":[{"412762000000035003":[{"EmailID":"k@x.in","FirstName":"Karthik","EmployeeID":"ZP-1"}]},{"412762000000036021":[{"EmailID":"l@x.in","FirstName":"Lakshmi","EmployeeID":"ZP-2"}]}]}}"#
            #expect(try found(json) == #"arrays .response.result[0]."412762000000035003" (1), .response.result[1]."412762000000036021" (1)"#)
        }

        @Test func theShallowestLevelWins() throws {
            let json = #"{"a":{"b":{"crew":[{"username":"x"}]}},"c":{"d":{"e":{"crew":[{"username":"y"}]}}}}"#
            #expect(try found(json) == ".a.b.crew (1)")
        }

        @Test func differentListsAtOneLevelAreNarrowedToAWellKnownNameElseAmbiguous() throws {
            #expect(try found(#"{"a":{"b":{"friends":[{"username":"x"}],"members":[{"username":"y"}]}}}"#) == ".a.b.members (1)")
            #expect(try found(#"{"a":{"b":{"friends":[{"username":"x"}]},"c":{"fans":[{"username":"y"}]}}}"#) == "ambiguous .a.b.friends, .a.c.fans")
        }

        @Test(arguments: [
            #"{"a":{"b":{"products":[{"id":1,"name":"Chair"}]}}}"#,
            #"{"a":{"b":{"c":[1,2,3]}}}"#,
            #"{"error":{"code":409,"message":"conflict","details":{"x":{"conflicts":[{"email":"a@x.org"}]}}}}"#,
            #"[1,"two",null]"#,
            // Front's contacts: their `handles` are people-like but have no ids; a detail, not the list.
            #"{"_results":[{"id":"crd_1","name":"Ann","handles":[{"handle":"ann@x.org","source":"email"}]}]}"#,
        ])
        func noUsersInNonPeopleOrInAnErrorBody(_ json: String) throws {
            #expect(try found(json) == nil)
        }

        @Test func nothingPastTheDepthLimit() throws {
            var json = #"{"users":[{"username":"deep"}]}"#
            for _ in 0..<DeepEnvelopeShape.maximumDepth { json = #"{"x":"# + json + "}" }
            #expect(try found(json) == nil)
        }
    }
}

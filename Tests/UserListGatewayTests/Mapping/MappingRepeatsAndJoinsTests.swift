import Testing
@testable import UserListGateway

extension GatewayTests {
    /// Repeated object keys, joins with a bad part, and the general mapping's left-out records.
    @Suite struct MappingRepeatsAndJoinsTests {
        private let places = UserMapping([.id: ["id"], .city: ["address.city"], .zipcode: ["address.zipcode"]])
        private let names = UserMapping([.id: ["id"], .name: [.joined("first_name", "last_name"), "name"], .street: [.joined("no", "street")]])

        @Test func aRepeatedObjectKeyReplacesTheEarlierObject() throws {
            let user = try #require(try ParsedJSON.map(#"{"id":1,"address":{"city":"X"},"address":{"zipcode":"1"}}"#, with: places).user)
            #expect(user.address?.city == nil)
            #expect(user.address?.zipcode == "1")
        }

        @Test func aRepeatedKeyThatIsNullDropsTheObject() throws {
            let user = try #require(try ParsedJSON.map(#"{"id":1,"address":{"city":"X"},"address":null}"#, with: places).user)
            #expect(user.address == nil)
        }

        @Test func aJoinWithAWrongTypedPartFallsToTheNextSource() throws {
            let user = try #require(try ParsedJSON.map(#"{"id":1,"first_name":"Ann","last_name":7,"name":"Ann Seven"}"#, with: names).user)
            #expect(user.name == "Ann Seven")
        }

        @Test func aJoinWithAWrongTypedPartAndNothingElseIsUnusable() throws {
            let reason = try ParsedJSON.map(#"{"id":1,"first_name":"Ann","last_name":7}"#, with: names).unusableReason
            #expect(reason == #""last_name" is a number, expected a string"#)
        }

        @Test func aJoinForAFieldThatTakesNumbersKeepsThem() throws {
            let user = try #require(try ParsedJSON.map(#"{"id":1,"no":221,"street":"Baker Street"}"#, with: names).user)
            #expect(user.address?.street == "221 Baker Street")
        }

        @Test(arguments: [
            (#"{"id":"1","username":"ci","bot":true}"#, "bot"),
            (#"{"id":"1","username":"ci","is_bot":true}"#, "bot"),
            (#"{"id":"1","username":"gone","deleted":true}"#, "deleted account"),
        ])
        func theGeneralMappingLeavesOutBotsAndDeletedAccounts(json: String, reason: String) throws {
            #expect(try ParsedJSON.map(json, with: UserMapping.general).excludedReason == reason)
        }

        @Test func aFalseFlagKeepsTheUser() throws {
            let record = try ParsedJSON.map(#"{"id":"1","username":"ann","bot":false,"deleted":false}"#, with: UserMapping.general)
            #expect(record.user?.username == "ann")
        }
    }
}

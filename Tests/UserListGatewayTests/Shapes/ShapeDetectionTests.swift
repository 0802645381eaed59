import Testing
@testable import UserListGateway

extension GatewayTests {
    /// Detection through ``PayloadShapes/all`` in order: each named API's minimal document is taken
    /// by that API's shape, not by an earlier one; without its telltale keys, by a generic shape.
    @Suite struct ShapeDetectionTests: ShapeDetectionSuite {
        private static let general = "envelope (general mapping)"

        @Test func reqres() throws {
            let page = #"{"page":2,"per_page":6,"total":12,"total_pages":2,"data":[{"id":7,"email":"michael.lawson@reqres.in","first_name":"Michael","last_name":"Lawson"}]}"#
            #expect(try detect(page) == "reqres.in user list: .data (1)")
            #expect(try detect(#"{"total":12,"data":[{"id":7,"first_name":"Michael"}]}"#) == "\(Self.general): .data (1)")
        }

        @Test func aJSONRPCResponseIsNeverAUserItsResultMayBe() throws {
            #expect(try detect(#"{"jsonrpc":"2.0","id":7,"result":{"id":42,"name":"Ann","email":"a@x.org"}}"#) == "user object: single .result")
            #expect(try detect(#"{"jsonrpc":"2.0","id":7,"result":[{"id":42,"email":"a@x.org"}]}"#) == "\(Self.general): .result (1)")
        }

        @Test func dummyJSONIsNotTakenByTheUsersEnvelope() throws {
            let page = #"{"users":[{"id":1,"firstName":"Emily","lastName":"Johnson"}],"total":208,"skip":0,"limit":1}"#
            #expect(try detect(page) == "dummyjson.com users: .users (1)")
            #expect(try detect(#"{"users":[{"id":1,"firstName":"Emily"}],"total":208,"limit":1}"#) == "envelope with a \"users\" array: .users (1)")
        }

        @Test func randomUserNeedsInfo() throws {
            let results = #"{"results":[{"name":{"first":"Ana","last":"Silva"},"login":{"uuid":"u-1"}}],"info":{"seed":"x","results":1,"page":1,"version":"1.4"}}"#
            #expect(try detect(results) == "randomuser.me results: .results (1)")
            #expect(try detect(#"{"results":[{"name":{"first":"Ana","last":"Silva"}}],"info":"v1"}"#) == "\(Self.general): .results (1)")
        }

        @Test func scimListResponseBySchemasOrTotalResults() throws {
            let bySchemas = #"{"schemas":["urn:ietf:params:scim:api:messages:2.0:ListResponse"],"Resources":[{"id":"2819c223","userName":"bjensen"}]}"#
            #expect(try detect(bySchemas) == "SCIM 2.0 users: .Resources (1)")
            #expect(try detect(#"{"totalResults":1,"Resources":[{"id":"2819c223","userName":"bjensen"}]}"#) == "SCIM 2.0 users: .Resources (1)")
            #expect(try detect(#"{"Resources":[{"id":"2819c223","userName":"bjensen"}]}"#) == "\(Self.general): .Resources (1)")
        }

        @Test func scimUserResourceBySchemas() throws {
            let user = #"{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],"id":"2819c223","userName":"bjensen"}"#
            #expect(try detect(user) == "SCIM 2.0 users: single .")
            #expect(try detect(#"{"id":"2819c223","userName":"bjensen"}"#) == "user object: single .")
        }

        @Test func microsoftGraphNeedsODataContext() throws {
            let page = #"{"@odata.context":"https://graph.microsoft.com/v1.0/$metadata#users","value":[{"id":"87d349ed","displayName":"Adele Vance"}]}"#
            #expect(try detect(page) == "Microsoft Graph users: .value (1)")
            #expect(try detect(#"{"value":[{"id":"87d349ed","displayName":"Adele Vance"}]}"#) == "\(Self.general): .value (1)")
        }

        @Test func slackNeedsOk() throws {
            #expect(try detect(#"{"ok":true,"members":[{"id":"W012A3CDE","name":"spengler"}]}"#) == "Slack users.list: .members (1)")
            #expect(try detect(#"{"members":[{"id":"W012A3CDE","name":"spengler","profile":{"email":"egon@x.org"}}]}"#) == "\(Self.general): .members (1)")
        }

        @Test func gitHubByLoginAndNodeIDOnTheFirstElement() throws {
            #expect(try detect(#"[{"login":"octocat","id":1,"node_id":"MDQ6VXNlcjE="},{"login":"b","id":2}]"#) == "GitHub users: . (2)")
            #expect(try detect(#"[{"login":"octocat","id":1},{"login":"b","id":2,"node_id":"x"}]"#) == "array of users: . (2)")
            #expect(try detect(#"{"login":"octocat","id":1,"node_id":"MDQ6VXNlcjE=","name":"The Octocat"}"#) == "GitHub users: single .")
        }

        @Test func theGenericShapes() throws {
            #expect(try detect(#"{"users":[{"id":"u1","name":"Alice"}],"total":1}"#) == "envelope with a \"users\" array: .users (1)")
            #expect(try detect(#"[{"id":1,"name":"Leanne Graham"}]"#) == "array of users: . (1)")
            #expect(try detect("[]") == "array of users: . (0)")
            #expect(try detect(#"{"id":1,"name":"Leanne Graham"}"#) == "user object: single .")
            #expect(try detect(#"{"result":{"people":[{"name":"Ann","email":"ann@x.org"}]}}"#) == "\(Self.general): .result.people (1)")
            // A team object has its own id and name, but its members are the users.
            let team = #"{"id":"T1","name":"Platform team","members":[{"id":1,"email":"a@x.org"},{"id":2,"email":"b@x.org"}]}"#
            #expect(try detect(team) == "\(Self.general): .members (2)")
        }

        @Test func nothingTakesADocumentWithoutUsers() throws {
            #expect(try detect(#"{"status":"ok","count":3}"#) == nil)
            #expect(try detect(#""users""#) == nil)
        }
    }
}

import Testing
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
@_spi(Pipeline) import UserListJSON

extension GatewayTests {
    /// Users in an object keyed by id, and GraphQL connections (issue 20): found by detection in
    /// order, after the single user, and never taking a single user's document.
    @Suite struct KeyedAndGraphQLShapeTests: ShapeDetectionSuite {
        private static let keyed = "object keyed by id (general mapping)"
        private static let graphQL = "GraphQL connection (general mapping)"

        @Test(arguments: [
            (#"{"joined":{"@a:example.org":{"display_name":"A"},"@b:example.org":{"display_name":"B"}}}"#, "\(keyed): keyed .joined (2)"),
            (#"{"users":{"U1":{"name":"Ann Lee","email":"a@example.com"}}}"#, "\(keyed): keyed .users (1)"),
            (#"{"ann":{"full_name":"Ann Lee"},"bo":{"full_name":"Bo Berg","email":"bo@example.com"}}"#, "\(keyed): keyed . (2)"),
        ])
        func usersKeyedById(json: String, found: String) throws {
            #expect(try detect(json) == found)
        }

        @Test(arguments: [
            // A single user, however many objects it holds.
            (#"{"id":1,"name":"Leanne","address":{"city":"Gwenborough","geo":{"lat":"1"}},"company":{"name":"R-C"}}"#, "user object: single ."),
            // One user wrapped under a wrapper's name.
            (#"{"user":{"id":"7","name":"Wrapped Person","email":"w@example.com"}}"#, "user object: single ."),
            // A map whose values aren't all users, or aren't all objects: not keyed (the
            // general mapping still finds a person one level down, as before).
            (#"{"profile":{"full_name":"Ann Lee"},"b":{"count":3}}"#, "user object: single ."),
            (#"{"profile":{"full_name":"Ann Lee"},"total":2}"#, "user object: single ."),
        ] as [(String, String?)])
        func notAMapOfUsers(json: String, found: String?) throws {
            #expect(try detect(json) == found)
        }

        @Test func theKeyIsTheIdOfARecordWithoutOne() throws {
            let ids = try ParsedJSON.with(#"{"users":{"U1":{"name":"Ann Lee","email":"a@example.com"},"U2":{"id":"own","email":"b@example.com"},"U3":{"id":"  ","email":"c@example.com"}}}"#) { document -> [String] in
                guard case .keyed(let object, _)? = KeyedUsersShape.records(in: document) else { return [] }
                var ids: [String] = []
                object.forEachField { key, record in ids.append(AutomaticMapping.shared.map(record).identified(byKey: key).user?.id ?? "-") }
                return ids
            }
            #expect(ids == ["U1", "own", "U3"])
        }

        @Test(arguments: [
            (#"{"data":{"organization":{"login":"octo-org","membersWithRole":{"totalCount":2,"nodes":[{"login":"octocat","name":"The Octocat"}]}}}}"#,
             "\(graphQL): .data.organization.membersWithRole.nodes (1)"),
            (#"{"data":{"customers":{"edges":[{"cursor":"c1","node":{"id":"gid://shopify/Customer/1","displayName":"Ayşe","email":"a@example.com"}}],"pageInfo":{"hasNextPage":false}}}}"#,
             "\(graphQL): .data.customers.edges (1)"),
            // A plain array under `data` is any envelope's.
            (#"{"data":{"users":[{"id":"1","email":"a@example.com"}]}}"#, "envelope (general mapping): .data.users (1)"),
            // Connections of something else are not users.
            (#"{"data":{"repository":{"issues":{"nodes":[{"number":1,"title":"Bug"}]}}}}"#, nil),
        ] as [(String, String?)])
        func graphQLConnections(json: String, found: String?) throws {
            #expect(try detect(json) == found)
        }

        @Test func anEdgesPersonIsReadInItsNode() throws {
            let json = #"{"cursor":"c1","node":{"id":"gid://shopify/Customer/1","displayName":"Ayşe Yılmaz","email":"a@example.com"}}"#
            #expect(try ParsedJSON.map(json, with: AutomaticMapping.shared).user == User(id: "gid://shopify/Customer/1", name: "Ayşe Yılmaz", email: "a@example.com"))
        }
    }
}

import Foundation
import Testing
import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@testable import UserListService
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension GatewayTests {
    /// On seed 000's and JSONPlaceholder's own records the general mapping gives exactly the user
    /// ``NativeRecord`` (``UserDTO``'s fields) gives, so `--explain` may describe either path with the general mapping.
    @Suite struct NativeEquivalenceTests {
        /// The package's root (``PackageRoot``).
        private static let root = PackageRoot.url

        private static func sample(_ name: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent("Samples/\(name)"), encoding: .utf8)
        }

        /// Each record of `json` (at `key`, or the document itself when it is an array), mapped both ways.
        private func bothWays(_ json: String, at key: StaticString? = nil) throws -> [(general: SourceRecord, dto: SourceRecord)] {
            try ParsedJSON.with(json) { document in
                let array = key.flatMap { document.field($0) } ?? document
                var pairs: [(SourceRecord, SourceRecord)] = []
                array.forEachElement { record in
                    let dto: SourceRecord
                    switch NativeRecord.read(record) {
                    case .user(let user): dto = .user(user)
                    case .unusable(let error): dto = .unusable(reason: error.reason)
                    case .foreign: dto = .unusable(reason: "a key UserDTO does not have")
                    }
                    pairs.append((UserMapping.general.map(record), dto))
                }
                return pairs
            }
        }

        /// With `normalized`, compared as the Service passes them on (trimmed, empty → nil).
        private func expectSameUsers(_ pairs: [(general: SourceRecord, dto: SourceRecord)], count: Int, normalized: Bool = false,
                                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            #expect(pairs.count == count, sourceLocation: sourceLocation)
            for (general, dto) in pairs {
                guard let dtoUser = dto.user, let generalUser = general.user else {
                    Issue.record("not a user: general \(general), DTO \(dto)", sourceLocation: sourceLocation)
                    continue
                }
                let (a, b) = normalized ? (UserNormalizer.normalize(generalUser), UserNormalizer.normalize(dtoUser)) : (generalUser, dtoUser)
                #expect(a == b, "user \(dtoUser.id)", sourceLocation: sourceLocation)
            }
        }

        /// An empty `address` or `company` is an object of nils from the DTO and no object from the
        /// general mapping; the Service makes both nil.
        @Test func emptyObjectsAgreeOnceNormalised() throws {
            let json = #"[{"id":4,"address":{},"company":{}},{"id":5,"address":{"geo":null,"city":""}},{"id":6,"address":{"geo":{}}}]"#
            let pairs = try bothWays(json)
            expectSameUsers(pairs, count: 3, normalized: true)
            #expect(pairs.allSatisfy { UserNormalizer.normalize($0.dto.user!).address == nil })
        }

        @Test func jsonPlaceholderUsers() throws {
            let pairs = try bothWays(Self.sample("jsonplaceholder-users.json"))
            expectSameUsers(pairs, count: 10)
            #expect(pairs.first?.general.user == Fixtures.leanne)
        }

        /// Seed 000 has `"name": ""`: the DTO keeps it for the Service to make nil, the general
        /// mapping reads a blank string as no value, so they agree once normalised.
        @Test func seed000Users() throws {
            let pairs = try bothWays(Self.sample("seed-users-response.json"), at: "users")
            expectSameUsers(pairs, count: 8, normalized: true)
            #expect(pairs[1].general.user?.name == "  Grace Hopper ")
            #expect(pairs[5].general.user?.name == nil)
        }

        @Test func internationalUsers() throws {
            let json = try Self.sample("international-users.json")
            let pairs = try bothWays(json)
            #expect(pairs.count > 5)
            expectSameUsers(pairs, count: pairs.count)
        }

        @Test func nullsNumbersAndMissingObjects() throws {
            let json = """
                [{"id":1,"name":null,"username":null,"email":null,"avatar_url":null,"bio":null,"phone":null,"website":null,"address":null,"company":null},
                 {"id":2,"name":"Ann","phone":5551234,"address":{"street":"Main","zipcode":92998,"geo":{"lat":-37.3159,"lng":81}}},
                 {"id":"u3","name":"Bo","address":{"city":"Oslo","geo":null},"company":{"name":null,"bs":"synergy"}},
                 {"id":4,"website":"example.org"},
                 {"id":18446744073709551615,"name":"Big"},
                 {"id":1.0,"email":"one@x.org"},
                 {"name":"No id"}]
                """
            let pairs = try bothWays(json)
            expectSameUsers(pairs, count: 7)
            #expect(pairs[1].general.user?.address == Address(street: "Main", zipcode: "92998", geo: Geo(lat: "-37.3159", lng: "81")))
            #expect(pairs[4].general.user?.id == "18446744073709551615")
        }

        @Test(arguments: [#"{"id":1,"name":42}"#, #"{"id":1,"email":true}"#, #"{"id":1,"address":{"city":7}}"#, #"{"id":false}"#])
        func aWrongScalarIsRejectedBothWays(_ json: String) throws {
            let pairs = try bothWays("[\(json)]")
            let reasons = try #require(pairs.first.map { ($0.general.unusableReason, $0.dto.unusableReason) })
            #expect(reasons.0 != nil)
            #expect(reasons.0 == reasons.1)
        }
    }
}

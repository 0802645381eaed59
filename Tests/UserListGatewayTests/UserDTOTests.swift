import Foundation
import Testing
import UserListDomain
@testable import UserListGateway
import UserListTestSupport

extension GatewayTests {
    /// The DTOs' `Codable` conformance (JSONDecoder) and their mapping to the domain.
    @Suite struct UserDTOTests {
        static let jsonPlaceholderUser = """
            {
              "id": 1,
              "name": "Leanne Graham",
              "username": "Bret",
              "email": "Sincere@april.biz",
              "address": {
                "street": "Kulas Light",
                "suite": "Apt. 556",
                "city": "Gwenborough",
                "zipcode": "92998-3874",
                "geo": { "lat": "-37.3159", "lng": "81.1496" }
              },
              "phone": "1-770-736-8031 x56442",
              "website": "hildegard.org",
              "company": {
                "name": "Romaguera-Crona",
                "catchPhrase": "Multi-layered client-server neural-net",
                "bs": "harness real-time e-markets"
              }
            }
            """

        static let seedResponse = """
            {"users":[
              {"id":"u1","name":"Alice","email":"alice@example.com","avatar_url":"https://cdn.example.com/alice.png","bio":"iOS Developer"},
              {"id":"u2","name":"Bob","email":"bob@example.com","avatar_url":null,"bio":"Designer"}
            ],"total":2}
            """

        private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
            try JSONDecoder().decode(type, from: Data(json.utf8))
        }

        @Test func decodesJSONPlaceholderShape() throws {
            let dto = try decode(UserDTO.self, Self.jsonPlaceholderUser)
            #expect(dto.id == .integer(1))
            #expect(dto.username == "Bret")
            #expect(dto.address?.geo == GeoDTO(lat: "-37.3159", lng: "81.1496"))
            #expect(dto.company?.catchPhrase == "Multi-layered client-server neural-net")
            #expect(dto.avatar_url == nil)
            #expect(dto.bio == nil)
        }

        @Test func jsonPlaceholderMapsToTheCanonicalUser() throws {
            let user = try decode(UserDTO.self, Self.jsonPlaceholderUser).toDomain()
            #expect(user == Fixtures.leanne)
            #expect(user.address?.geo?.lat == "-37.3159")
            #expect(user.company?.name == "Romaguera-Crona")
        }

        @Test func decodesSeed000Response() throws {
            let response = try decode(UsersResponse.self, Self.seedResponse)
            #expect(response.total == 2)
            #expect(response.users.count == 2)
            #expect(response.users[0].id == .string("u1"))
            #expect(response.users[0].avatar_url == "https://cdn.example.com/alice.png")
        }

        @Test func seed000MapsAvatarURL() throws {
            let users = try decode(UsersResponse.self, Self.seedResponse).users.map { $0.toDomain() }
            #expect(users == [
                User(id: "u1", name: "Alice", email: "alice@example.com", avatarURL: "https://cdn.example.com/alice.png", bio: "iOS Developer"),
                User(id: "u2", name: "Bob", email: "bob@example.com", bio: "Designer"),
            ])
        }

        @Test func responseWithoutTotal() throws {
            let response = try decode(UsersResponse.self, #"{"users":[]}"#)
            #expect(response.total == nil)
            #expect(response.users.isEmpty)
        }

        @Test(arguments: [
            ("1", "1"),
            ("1.0", "1"),
            ("-5", "-5"),
            ("9007199254740993", "9007199254740993"),
            ("18446744073709551615", "18446744073709551615"),
            (#""abc""#, "abc"),
            (#""007""#, "007"),
        ])
        func identifierTextFromJSONDecoder(json: String, text: String) throws {
            let dto = try decode(UserDTO.self, #"{"id":\#(json)}"#)
            #expect(dto.id?.text == text)
            #expect(dto.toDomain().id == text)
        }

        @Test(arguments: [
            (DTOIdentifier.string("u1"), "u1"),
            (.integer(-42), "-42"),
            (.unsigned(UInt64.max), "18446744073709551615"),
            (.double(3.0), "3"),
            (.double(2.5), "2.5"),
        ])
        func identifierText(id: DTOIdentifier, text: String) {
            #expect(id.text == text)
        }

        @Test func missingIdMapsToEmptyId() throws {
            let dto = try decode(UserDTO.self, #"{"name":"Ann"}"#)
            #expect(dto.id == nil)
            #expect(dto.toDomain() == User(id: "", name: "Ann"))
        }

        @Test func wrongTypeIsADecodingError() {
            #expect(throws: DecodingError.self) {
                try decode(UserDTO.self, #"{"id":1,"name":42}"#)
            }
        }

        @Test func encodesAndDecodesBack() throws {
            let dto = UserDTO(
                id: .unsigned(9_007_199_254_740_993), name: "José", email: "jose@example.es",
                avatar_url: "https://a/b.png", phone: "1", address: AddressDTO(city: "Zürich", geo: GeoDTO(lat: "1", lng: "2")),
                company: CompanyDTO(name: "ACME"))
            let data = try JSONEncoder().encode(dto)
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains(#""avatar_url""#))
            let back = try JSONDecoder().decode(UserDTO.self, from: data)
            #expect(back.toDomain() == dto.toDomain())
            #expect(back.id?.text == "9007199254740993")
        }

        @Test func nestedDTOsMapFieldForField() {
            let address = AddressDTO(street: "s", suite: "su", city: "c", zipcode: "z", geo: GeoDTO(lat: "1", lng: "2")).toDomain()
            #expect(address == Address(street: "s", suite: "su", city: "c", zipcode: "z", geo: Geo(lat: "1", lng: "2")))
            #expect(CompanyDTO(name: "n", catchPhrase: "c", bs: "b").toDomain() == Company(name: "n", catchPhrase: "c", bs: "b"))
            #expect(AddressDTO().toDomain() == Address())
        }

        @Test func numericTextFieldsDecodeLikeTheGateway() throws {
            // The Gateway's own decoder keeps numeric phone, zipcode and coordinates as text
            // (see UserGatewayShapeTests); the Codable DTOs document the same ("numbers are accepted").
            let json = #"{"id":1,"phone":5551234,"address":{"zipcode":92998,"geo":{"lat":-37.3159,"lng":81}}}"#
            let user = try decode(UserDTO.self, json).toDomain()
            #expect(user.phone == "5551234")
            #expect(user.address?.zipcode == "92998")
            #expect(user.address?.geo?.lat == "-37.3159")
            #expect(user.address?.geo?.lng == "81")
        }
    }
}

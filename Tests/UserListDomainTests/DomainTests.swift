import Foundation
import Testing
import UserListDomain
import UserListTestSupport

/// The parent suite of the Domain tests, so `swift test --filter DomainTests` selects them all.
@Suite enum DomainTests {}

extension DomainTests {
    @Suite struct SourceLocationTests {
        @Test func describesAsFileLineColumn() {
            let location = InputLocation(input: "users.json", line: 3, column: 17)
            #expect(location.description == "users.json:3:17")
            #expect("\(location)" == "users.json:3:17")
        }

        @Test func pathIsNotPartOfTheDescription() {
            let location = InputLocation(input: "<stdin>", line: 1, column: 24, path: ".[1]")
            #expect(location.description == "<stdin>:1:24")
            #expect(location.path == ".[1]")
        }

        @Test func equalityIncludesThePath() {
            let a = InputLocation(input: "a.json", line: 1, column: 1, path: ".users[0]")
            let b = InputLocation(input: "a.json", line: 1, column: 1, path: ".users[1]")
            #expect(a != b)
            #expect(a == InputLocation(input: "a.json", line: 1, column: 1, path: ".users[0]"))
        }
    }

    @Suite struct UserlistErrorTests {
        @Test(arguments: [
            (UserlistError.Kind.usage, Int32(64)),
            (.data, 65),
            (.noInput, 66),
            (.output, 74),
        ])
        func exitCodesFollowTheContract(kind: UserlistError.Kind, code: Int32) {
            let error = UserlistError(kind, Diagnostic(.syntax, "message"))
            #expect(error.exitCode == code)
            #expect(error.kind.rawValue == code)
        }

        @Test func descriptionIsTheMessageWithoutPrefix() {
            let error = UserlistError(.data, Diagnostic(.syntax, at: SourceLocation(input: "users.json", line: 3, column: 17), "expected ',' or '}' after an object member"))
            #expect(error.description == "users.json:3:17: expected ',' or '}' after an object member")
            #expect(!error.description.hasPrefix("userlist:"))
        }

        @Test func kindsAreDistinct() {
            #expect(UserlistError(.data, Diagnostic(.syntax, "x")) != UserlistError(.noInput, Diagnostic(.syntax, "x")))
            #expect(UserlistError(.data, Diagnostic(.syntax, "x")) == UserlistError(.data, Diagnostic(.syntax, "x")))
        }
    }

    @Suite struct UserCodableTests {
        @Test func fullUserRoundTrips() throws {
            let user = User(
                id: "1", name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz",
                avatarURL: "https://i.pravatar.cc/150?u=1", bio: "Line one\nLine two",
                phone: "1-770-736-8031 x56442", website: "hildegard.org",
                address: Address(street: "Kulas Light", suite: "Apt. 556", city: "Gwenborough", zipcode: "92998-3874",
                                 geo: Geo(lat: "-37.3159", lng: "81.1496")),
                company: Company(name: "Romaguera-Crona", catchPhrase: "Multi-layered", bs: "harness"))
            let data = try JSONEncoder().encode(user)
            let decoded = try JSONDecoder().decode(User.self, from: data)
            #expect(decoded == user)
        }

        @Test func minimalUserRoundTripsWithNils() throws {
            let user = User(id: "u1")
            let decoded = try JSONDecoder().decode(User.self, from: JSONEncoder().encode(user))
            #expect(decoded == user)
            #expect(decoded.name == nil)
            #expect(decoded.address == nil)
        }

        @Test func internationalTextRoundTrips() throws {
            let user = User(id: "张", name: "张伟", email: "zhang@example.cn", bio: "🎉 José Müller")
            let decoded = try JSONDecoder().decode(User.self, from: JSONEncoder().encode(user))
            #expect(decoded == user)
        }

        @Test func encodesCamelCaseAvatarURL() throws {
            let data = try JSONEncoder().encode(User(id: "1", avatarURL: "https://a/b.png"))
            let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["avatarURL"] as? String == "https://a/b.png")
            #expect(object["avatar_url"] == nil)
        }
    }

    @Suite struct UserValueTests {
        @Test func encodesEveryKeyWithNulls() throws {
            let data = try JSONEncoder().encode(User(id: "1", name: "Ann"))
            let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(Set(object.keys) == ["id", "name", "username", "email", "avatarURL", "bio", "phone", "website", "address", "company"])
            #expect(object["id"] as? String == "1")
            #expect(object["email"] is NSNull)
            #expect(object["address"] is NSNull)
        }

        @Test func decodesMissingKeysAsNil() throws {
            let user = try JSONDecoder().decode(User.self, from: Data(#"{"id":"7","address":{"city":"Paris"}}"#.utf8))
            #expect(user == User(id: "7", address: Address(city: "Paris")))
        }

        @Test func decodingWithoutIdFails() {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(User.self, from: Data(#"{"name":"Ann"}"#.utf8))
            }
        }

        @Test func copiesAreIndependentValues() {
            let original = User(id: "1", name: "Ann", address: Address(city: "Paris"))
            var copy = original
            copy.name = "Bob"
            copy.address?.city = "Berlin"
            #expect(original.name == "Ann")
            #expect(original.address?.city == "Paris")
            #expect(copy.name == "Bob")
            #expect(copy.address?.city == "Berlin")
            #expect(copy != original)
        }

        @Test func equalityAndHashingAreByValue() {
            let a = User(id: "1", name: "Ann", company: Company(name: "ACME"))
            let b = User(id: "1", name: "Ann", company: Company(name: "ACME"))
            let c = User(id: "1", name: "Ann", company: Company(name: "Acme"))
            #expect(a == b)
            #expect(a.hashValue == b.hashValue)
            #expect(a != c)
            #expect(Set([a, b, c]).count == 2)
        }
    }

    @Suite struct SupportTypeTests {
        @Test func collectedWarningsKeepOrder() {
            let warnings = CollectedWarnings()
            #expect(warnings.messages.isEmpty)
            warnings.warn(.warning(.note, "first"))
            warnings.warn(.warning(.note, "second"))
            #expect(warnings.messages == ["first", "second"])
        }

        @Test func recordBatchAsksItsLocator() {
            let batch = RecordBatch(records: [.user(User(id: "1")), .unusable(reason: "bad")]) { index in
                InputLocation(input: "f.json", line: index + 10, column: 2, path: ".[\(index)]")
            }
            #expect(batch.records.count == 2)
            #expect(batch.location(ofRecord: 1) == InputLocation(input: "f.json", line: 11, column: 2, path: ".[1]"))
            #expect(batch.location(ofRecord: 0).description == "f.json:10:2")
        }
    }
}

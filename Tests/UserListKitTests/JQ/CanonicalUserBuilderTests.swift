import Testing
@testable import UserListKit

/// `--where` reuses one canonical user value per worker and overwrites it for each user: a user
/// must never see a field left over from the one before.
@Suite struct CanonicalUserBuilderTests {
    static let full = User(
        id: "1", name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz", phone: "1-770",
        website: "hildegard.org",
        address: Address(street: "Kulas Light", suite: "Apt. 556", city: "Gwenborough", zipcode: "92998", geo: Geo(lat: "-37.3", lng: "81.1")),
        company: Company(name: "Romaguera-Crona", catchPhrase: "Multi-layered", bs: "harness"))
    static let bare = User(id: "2", name: "Ervin")
    static let noGeo = User(id: "3", email: "c@x.io", bio: "Hi", address: Address(city: "Paris"), company: Company(name: "ACME"))
    static let other = User(
        id: "4", name: "张伟", avatarURL: "https://a/4.png",
        address: Address(street: "S", suite: nil, city: "北京", zipcode: nil, geo: Geo(lat: "39.9", lng: nil)),
        company: nil)

    /// The contract's canonical JSON for each user, written out in full.
    static let expected: [String: String] = [
        "1": #"{"id":"1","name":"Leanne Graham","username":"Bret","email":"Sincere@april.biz","avatarURL":null,"bio":null,"phone":"1-770","website":"hildegard.org","address":{"street":"Kulas Light","suite":"Apt. 556","city":"Gwenborough","zipcode":"92998","geo":{"lat":"-37.3","lng":"81.1"}},"company":{"name":"Romaguera-Crona","catchPhrase":"Multi-layered","bs":"harness"}}"#,
        "2": #"{"id":"2","name":"Ervin","username":null,"email":null,"avatarURL":null,"bio":null,"phone":null,"website":null,"address":null,"company":null}"#,
        "3": #"{"id":"3","name":null,"username":null,"email":"c@x.io","avatarURL":null,"bio":"Hi","phone":null,"website":null,"address":{"street":null,"suite":null,"city":"Paris","zipcode":null,"geo":null},"company":{"name":"ACME","catchPhrase":null,"bs":null}}"#,
        "4": #"{"id":"4","name":"张伟","username":null,"email":null,"avatarURL":"https://a/4.png","bio":null,"phone":null,"website":null,"address":{"street":"S","suite":null,"city":"北京","zipcode":null,"geo":{"lat":"39.9","lng":null}},"company":null}"#,
    ]

    @Test func everyUserSeesExactlyItsOwnFields() throws {
        var variables = JQVariables()
        for (id, json) in Self.expected { try variables.bind("u\(id)", json: json) }
        // Compare the whole value, and its key order as printed, with the expected text.
        let filter = try JQUserFilter(expression: #"tojson == ($ARGS.named["u" + .id] | tojson)"#, variables: variables, parallelism: 1)
        let sequence = [Self.full, Self.bare, Self.noGeo, Self.other, Self.full, Self.noGeo, Self.bare, Self.other]
        for user in sequence {
            #expect(try filter.includes(user), "user \(user.id) after the others")
        }
    }

    @Test func aFreshBuildMatchesTheReusedOne() throws {
        let builder = CanonicalUserBuilder()
        for user in [Self.full, Self.bare, Self.noGeo, Self.other] {
            #expect(builder.build(user).json() == Self.expected[user.id])
        }
    }

    @Test func anOutputThatIsPartOfTheInputDoesNotLeakIntoTheNextUser() throws {
        // `.address` returns a piece of the reused value; the next user must not change what was seen.
        let filter = try JQUserFilter(expression: #".address.city == "Gwenborough" or .address == null"#, parallelism: 1)
        #expect(try filter.includes(Self.full))
        #expect(try filter.includes(Self.bare))
        #expect(try !filter.includes(Self.noGeo))
        #expect(try filter.includes(Self.full))
    }
}

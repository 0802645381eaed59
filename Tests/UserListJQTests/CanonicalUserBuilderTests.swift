import Testing
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) @testable import UserListViewModel
@_spi(Pipeline) import UserListJSON

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

    /// Some fields, and the jq program that nulls every other field of the whole user.
    static let sparseCases: [(CanonicalUserBuilder.Fields, String)] = [
        ([.object(.address), .init(.city)], #".[] = null | .address = ($u.address | if . then map_values(null) | .city = $u.address.city else null end)"#),
        (.whole(.address), #".[] = null | .address = $u.address"#),
        ([.init(.name), .init(.email), .object(.company), .init(.bs)], #".[] = null | .name = $u.name | .email = $u.email | .company = ($u.company | if . then map_values(null) | .bs = $u.company.bs else null end)"#),
        ([.object(.address), .whole(.geo), .object(.company)], #".[] = null | .address = ($u.address | if . then map_values(null) | .geo = $u.address.geo else null end) | .company = ($u.company | if . then map_values(null) else null end)"#),
        ([.init(.id)], #".[] = null | .id = $u.id"#),
        ([], #".[] = null"#),
    ]

    /// The whole user's JSON with only `fields` kept (every key still there, in order).
    static func expectedSparse(_ id: String, _ projection: String) throws -> String {
        var variables = JQVariables()
        try variables.bind("u", json: try #require(expected[id]))
        let program = try JQProgram("$u | " + projection, variables: variables)
        return try #require(try program.first(.null)?.json())
    }

    @Test(arguments: 0..<sparseCases.count)
    func aSparseBuildSetsOnlyItsFields(index: Int) throws {
        let (fields, projection) = Self.sparseCases[index]
        let builder = CanonicalUserBuilder(fields: fields)
        for user in [Self.full, Self.bare, Self.noGeo, Self.other] {
            #expect(builder.build(user).json() == (try Self.expectedSparse(user.id, projection)), "user \(user.id)")
        }
    }

    @Test(arguments: 0..<sparseCases.count)
    func aReusedSparseValueShowsNothingOfTheUserBefore(index: Int) throws {
        let (fields, projection) = Self.sparseCases[index]
        // As the filter does it: fill, let libjq see the value (and keep it), release, fill again.
        let program = try JQProgram("tojson")
        var canonical = CanonicalUserBuilder(fields: fields).reusableValue()
        let sequence = [Self.full, Self.bare, Self.noGeo, Self.other, Self.full, Self.noGeo, Self.bare, Self.other, Self.full]
        for user in sequence {
            canonical.fill(from: user)
            let seen = try #require(try program.first(canonical.object.copy())?.json())
            program.releaseInput()
            #expect(seen == JQValue.string(try Self.expectedSparse(user.id, projection)).json(), "user \(user.id) after the others")
        }
    }
}

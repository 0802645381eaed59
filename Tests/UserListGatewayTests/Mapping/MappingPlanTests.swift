import Testing
import UserListDomain
@testable import UserListGateway

extension GatewayTests {
    /// ``MappingPlan``'s rules one at a time, each through a small ``UserMapping`` of its own.
    @Suite struct MappingPlanTests {
        private func map(_ json: String, _ mapping: UserMapping) throws -> SourceRecord {
            try ParsedJSON.map(json, with: mapping)
        }

        private func user(_ json: String, _ mapping: UserMapping, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> User {
            try #require(try map(json, mapping).user, "expected a user from \(json)", sourceLocation: sourceLocation)
        }

        // MARK: Which source wins

        private let names = UserMapping([.id: ["id"], .name: ["name", "displayName", "*.name"]], nestedPersonKeys: ["profile"])

        @Test func theFirstSourceWithAValueWinsWhateverTheKeyOrder() throws {
            #expect(try user(#"{"displayName":"Second","name":"First"}"#, names).name == "First")
            #expect(try user(#"{"displayName":"Second"}"#, names).name == "Second")
            #expect(try user(#"{"name":"First","displayName":7}"#, names).name == "First")
        }

        @Test(arguments: [#""  ""#, #""\t\n ""#, #""""#, "null"])
        func aBlankStringOrNullFallsThrough(_ blank: String) throws {
            #expect(try user(#"{"name":\#(blank),"displayName":"Shown"}"#, names).name == "Shown")
            #expect(try user(#"{"id":1,"name":\#(blank)}"#, names).name == nil)
        }

        @Test func aStringIsKeptAsGivenForTheServiceToTrim() throws {
            #expect(try user(#"{"name":"  Grace Hopper "}"#, names).name == "  Grace Hopper ")
        }

        // MARK: Types

        @Test func aWrongScalarWithNoLaterValueMakesTheRecordUnusable() throws {
            #expect(try map(#"{"id":1,"name":42}"#, names).unusableReason == #""name" is a number, expected a string"#)
            #expect(try map(#"{"id":1,"name":true}"#, names).unusableReason == #""name" is a boolean, expected a string"#)
            #expect(try map(#"{"id":1,"displayName":true}"#, names).unusableReason == #""displayName" is a boolean, expected a string"#)
            // `false` is no value (Odoo's empty fields): the record stays, without a name.
            #expect(try map(#"{"id":1,"displayName":false}"#, names).unusableReason == nil)
            #expect(try map(#"{"id":false}"#, names).unusableReason == #""id" is a boolean, expected a string or a number"#)
            #expect(try map(#"{"id":true}"#, names).unusableReason == #""id" is a boolean, expected a string or a number"#)
        }

        @Test func aWrongScalarIsForgivenWhenALaterSourceHasAValue() throws {
            #expect(try user(#"{"name":42,"displayName":"Ann"}"#, names).name == "Ann")
            #expect(try user(#"{"name":false,"profile":{"name":"Ann"}}"#, names).name == "Ann")
        }

        @Test func theReasonNamesANestedPath() throws {
            let mapping = UserMapping([.id: ["id"], .email: ["contact.email"]])
            #expect(try map(#"{"id":1,"contact":{"email":5}}"#, mapping).unusableReason == #""contact.email" is a number, expected a string"#)
        }

        @Test func anObjectOrArrayWhereAStringIsExpectedIsSkippedSilently() throws {
            let mapping = UserMapping([.id: ["id"], .name: ["name", .joined("name.first", "name.last")]])
            #expect(try user(#"{"id":1,"name":{"first":"Ada","last":"Lovelace"}}"#, mapping).name == "Ada Lovelace")
            // A list of values gives its first that isn't blank (issue 20: LDAP's `"cn": ["Ada"]`);
            // a list of objects is another API's convention, read by other sources.
            #expect(try user(#"{"id":1,"name":[" ","Ada"]}"#, mapping).name == "Ada")
            let array = try map(#"{"id":1,"name":[{"given":"Ada"}]}"#, mapping)
            #expect(array.unusableReason == nil)
            #expect(array.user == User(id: "1"))
            #expect(try user(#"{"id":1,"name":{"nick":"ada"}}"#, mapping) == User(id: "1"))
        }

        @Test func numbersAreAcceptedWhereAPIsSendThemAndKeepTheirText() throws {
            let mapping = UserMapping([
                .id: ["id"], .phone: ["phone"], .street: ["street"], .zipcode: ["zip"], .lat: ["lat"], .lng: ["lng"],
            ])
            let found = try user(#"{"id":1,"phone":5551234,"street":12,"zip":92998,"lat":-37.3159,"lng":81.0}"#, mapping)
            #expect(found == User(id: "1", phone: "5551234", address: Address(street: "12", zipcode: "92998", geo: Geo(lat: "-37.3159", lng: "81"))))
            #expect(try user(#"{"id":1.0}"#, mapping).id == "1")
        }

        @Test(arguments: ["1352307446446612493", "18446744073709551615", "9007199254740993", "-9223372036854775808"])
        func sixtyFourBitIdsStayExact(_ id: String) throws {
            #expect(try user(#"{"id":\#(id)}"#, names).id == id)
        }

        // MARK: Joined parts

        @Test func joinedPartsAreSpacedAndMissingOnesLeftOut() throws {
            let mapping = UserMapping([
                .id: ["id"],
                .name: [.joined("first", "middle", "last"), "fallback"],
                .street: [.joined("street.number", "street.name")],
            ])
            #expect(try user(#"{"first":"Ada","last":"Lovelace"}"#, mapping).name == "Ada Lovelace")
            #expect(try user(#"{"first":"Ada","middle":null,"last":"Lovelace"}"#, mapping).name == "Ada Lovelace")
            #expect(try user(#"{"first":" ","middle":"King","last":"Lovelace"}"#, mapping).name == "King Lovelace")
            #expect(try user(#"{"last":"Lovelace","first":"Ada"}"#, mapping).name == "Ada Lovelace")
            #expect(try user(#"{"street":{"number":221,"name":"Baker Street"}}"#, mapping).address?.street == "221 Baker Street")
            #expect(try user(#"{"street":{"name":"Baker Street"}}"#, mapping).address?.street == "Baker Street")
        }

        @Test func joinedWithNoPartsFallsThrough() throws {
            let mapping = UserMapping([.id: ["id"], .name: [.joined("first", "last"), "fallback"]])
            #expect(try user(#"{"first":null,"last":"  ","fallback":"Ann"}"#, mapping).name == "Ann")
            #expect(try user(#"{"id":1,"first":{"x":1}}"#, mapping).name == nil)
        }

        // MARK: Primary element

        private let emails = UserMapping([.id: ["id"], .email: [.primaryElement("emails", key: "value"), "email"]])

        @Test func thePrimaryElementWinsEvenWhenNotFirst() throws {
            let json = #"{"emails":[{"value":"work@x.org","primary":false},{"value":"home@x.org","primary":true}]}"#
            #expect(try user(json, emails).email == "home@x.org")
        }

        @Test func withoutAPrimaryTheFirstElement() throws {
            #expect(try user(#"{"emails":[{"value":"a@x.org"},{"value":"b@x.org"}]}"#, emails).email == "a@x.org")
            #expect(try user(#"{"emails":[{"value":"a@x.org","primary":"true"},{"value":"b@x.org"}]}"#, emails).email == "a@x.org")
        }

        @Test func anArrayOfStringsGivesItsFirst() throws {
            #expect(try user(#"{"emails":["a@x.org","b@x.org"]}"#, emails).email == "a@x.org")
        }

        @Test func theNamedKeyIsRead() throws {
            let mapping = UserMapping([.id: ["id"], .avatarURL: [.primaryElement("photos", key: "url")]])
            let json = #"{"photos":[{"value":"wrong","url":"https://x.org/1.png"},{"url":"https://x.org/2.png","primary":true}]}"#
            #expect(try user(json, mapping).avatarURL == "https://x.org/2.png")
        }

        @Test func anEmptyArrayOrAnElementWithoutTheKeyFallsThrough() throws {
            #expect(try user(#"{"emails":[],"email":"plain@x.org"}"#, emails).email == "plain@x.org")
            #expect(try user(#"{"emails":[{"type":"work","primary":true}],"email":"plain@x.org"}"#, emails).email == "plain@x.org")
            #expect(try user(#"{"emails":"not@an.array","email":"plain@x.org"}"#, emails).email == "plain@x.org")
        }

        // MARK: `*` paths

        private let anywhere = UserMapping([.id: ["id"], .email: ["email", "*.email"]], nestedPersonKeys: ["profile", "a", "b"])

        @Test func aStarPathFindsTheKeyInANestedObject() throws {
            #expect(try user(#"{"id":1,"profile":{"email":"p@x.org"}}"#, anywhere).email == "p@x.org")
        }

        @Test func theTopLevelKeyBeatsTheNestedOneWhereverItIs() throws {
            #expect(try user(#"{"profile":{"email":"p@x.org"},"email":"top@x.org"}"#, anywhere).email == "top@x.org")
        }

        @Test func theFirstNestedObjectInDocumentOrderWins() throws {
            #expect(try user(#"{"b":{"email":"b@x.org"},"a":{"email":"a@x.org"}}"#, anywhere).email == "b@x.org")
            #expect(try user(#"{"a":{"name":"no email"},"b":{"email":"b@x.org"}}"#, anywhere).email == "b@x.org")
        }

        /// Only the objects named as the person's are looked into: any other may be another person.
        @Test func objectsNotNamedAsThePersonsAreNeverLookedInto() throws {
            #expect(try user(#"{"id":1,"meta":{"email":"m@x.org"}}"#, anywhere).email == nil)
            #expect(try user(#"{"meta":{"email":"m@x.org"},"profile":{"email":"p@x.org"}}"#, anywhere).email == "p@x.org")
        }

        @Test func aStarPathLooksOneLevelDownOnlyAndNotIntoArrays() throws {
            #expect(try user(#"{"id":1,"a":{"b":{"email":"deep@x.org"}}}"#, anywhere).email == nil)
            #expect(try user(#"{"id":1,"list":[{"email":"l@x.org"}]}"#, anywhere).email == nil)
        }

        // MARK: Duplicates, exclusions, non-objects

        @Test func ofDuplicateKeysTheLastWinsAsInJQ() throws {
            let mapping = UserMapping([.id: ["id"], .name: ["name"], .city: ["address.city"]])
            #expect(try user(#"{"name":"First","name":"Last"}"#, mapping).name == "Last")
            #expect(try user(#"{"address":{"city":"First","city":"Last"}}"#, mapping).address?.city == "Last")
            #expect(try user(#"{"id":1,"id":2}"#, mapping).id == "2")
        }

        @Test func ofDuplicateKeysInTheNestedObjectAStarPathFindsTheLastWins() throws {
            #expect(try user(#"{"id":1,"profile":{"email":"old@x.org","email":"new@x.org"}}"#, anywhere).email == "new@x.org")
            #expect(try user(#"{"a":{"email":"a@x.org","email":"a2@x.org"},"b":{"email":"b@x.org"}}"#, anywhere).email == "a2@x.org")
        }

        private let slackLike = UserMapping(
            [.id: ["id"], .name: ["name"]],
            excluding: [RecordExclusion(when: "is_bot", isTrue: "bot"), RecordExclusion(when: "id", is: "USLACKBOT", "bot"),
                        RecordExclusion(when: "flags.deleted", isTrue: "deleted account")])

        @Test func exclusionsLeaveTheRecordOutWithTheirReason() throws {
            #expect(try map(#"{"id":"B1","name":"Bot","is_bot":true}"#, slackLike).excludedReason == "bot")
            #expect(try map(#"{"id":"USLACKBOT","name":"Slackbot"}"#, slackLike).excludedReason == "bot")
            #expect(try map(#"{"id":"U1","flags":{"deleted":true}}"#, slackLike).excludedReason == "deleted account")
            #expect(try map(#"{"id":"U1","name":5,"is_bot":true}"#, slackLike).excludedReason == "bot")
        }

        @Test func exclusionsNeedExactlyTrueOrTheValue() throws {
            #expect(try user(#"{"id":"U1","is_bot":false}"#, slackLike).id == "U1")
            #expect(try user(#"{"id":"U1","is_bot":"true"}"#, slackLike).id == "U1")
            #expect(try user(#"{"id":"USLACKBOT2"}"#, slackLike).id == "USLACKBOT2")
        }

        @Test(arguments: [("[1]", "an array"), (#""u1""#, "a string"), ("3", "a number"), ("null", "a null"), ("true", "a boolean")])
        func aRecordThatIsNotAnObjectIsUnusable(_ json: String, _ found: String) throws {
            #expect(try map(json, names).unusableReason == "expected a user object, found \(found)")
            #expect(try ParsedJSON.sources(json, with: names).isEmpty)
        }

        // MARK: Sources and the address/company objects

        @Test func sourcesNameTheWinningSourceOfEachField() throws {
            let mapping = UserMapping([
                .id: ["id", "uid"],
                .name: ["displayName", .joined("first", "last")],
                .email: [.primaryElement("emails", key: "value"), "*.email"],
                .avatarURL: ["avatar"],
            ], nestedPersonKeys: ["profile"])
            let json = #"{"uid":"u1","first":"Ada","last":"Lovelace","x":{"a":1},"profile":{"email":"p@x.org"}}"#
            #expect(try ParsedJSON.sources(json, with: mapping) == [.id: "uid", .name: "first + last", .email: "profile.email"])
            let scim = #"{"id":"1","displayName":"Ada","emails":[{"value":"a@x.org"}]}"#
            #expect(try ParsedJSON.sources(scim, with: mapping) == [.id: "id", .name: "displayName", .email: "emails[primary].value"])
        }

        @Test func sourcesLeaveOutAFieldWithAWrongType() throws {
            #expect(try ParsedJSON.sources(#"{"id":1,"name":42}"#, with: names) == [.id: "id"])
        }

        @Test func aPathKeyWithDotsIsQuotedAsJQWritesIt() {
            #expect(FieldPath(keys: ["urn:x:2.0:User", "organization"]).description == #""urn:x:2.0:User".organization"#)
            #expect(FieldSource.joined("name.first", "name.last").description == "name.first + name.last")
        }

        private let places = UserMapping([
            .id: ["id"], .city: ["address.city"], .lat: ["address.geo.lat"], .lng: ["address.geo.lng"],
            .companyName: ["company.name"], .bs: ["company.bs"],
        ])

        @Test func addressAndCompanyAreNilWhenNoneOfTheirFieldsWasFound() throws {
            #expect(try user(#"{"id":1,"address":{"country":"DE"},"company":{}}"#, places) == User(id: "1"))
            #expect(try user(#"{"id":1,"address":{"city":" "},"company":{"name":null}}"#, places) == User(id: "1"))
        }

        @Test func oneFieldIsEnoughForTheObject() throws {
            #expect(try user(#"{"id":1,"address":{"geo":{"lng":8.5}}}"#, places)
                == User(id: "1", address: Address(geo: Geo(lng: "8.5"))))
            #expect(try user(#"{"id":1,"company":{"bs":"synergy"}}"#, places) == User(id: "1", company: Company(bs: "synergy")))
        }
    }
}

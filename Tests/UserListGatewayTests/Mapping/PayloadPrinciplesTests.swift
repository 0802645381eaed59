import Testing
import UserListDomain
@testable import UserListGateway

extension GatewayTests {
    /// The general mapping's principles of issue 20, each tried on records in the shapes real
    /// APIs send (the providers' names appear nowhere in the mapping).
    @Suite struct PayloadPrinciplesTests: GeneralMappingSuite {
        // MARK: Ids under other names

        @Test(arguments: [
            (#"{"localId":"ZY1b","email":"x@example.com","displayName":"Zed"}"#, "ZY1b", "localId"),
            (#"{"vid":204727,"email":"bob@example.com"}"#, "204727", "vid"),
            (#"{"descriptor":"aad.M2Y","originId":"ab12","displayName":"Ann","mailAddress":"ann@example.com"}"#, "aad.M2Y", "descriptor"),
            (#"{"originId":"ab12","displayName":"Ann"}"#, "ab12", "originId"),
            (#"{"entryUUID":"5e3f-11","uid":"ann","cn":"Ann Lee"}"#, "5e3f-11", "entryUUID"),
            (#"{"login":"octocat","name":"The Octocat","avatarUrl":"https://example.com/o.png"}"#, "octocat", "login"),
            (#"{"Username":"a1b2-c3","Enabled":true,"UserStatus":"CONFIRMED"}"#, "a1b2-c3", "Username"),
            (#"{"name":"@alice:example.org","displayname":"Alice"}"#, "@alice:example.org", "name"),
            (#"{"name":"users/114231","displayName":"Gee Park","type":"HUMAN"}"#, "users/114231", "name"),
        ])
        func anObviousIdentifierIsTheId(json: String, id: String, source: String) throws {
            #expect(try user(json).id == id)
            #expect(try sources(json)[.id] == source)
        }

        /// Of several identifiers, the stable opaque one: an OpenID subject over the login, a
        /// descriptor over the origin's id, a UUID over a login.
        @Test func theStableOpaqueIdWinsOverALogin() throws {
            #expect(try user(#"{"Username":"jdoe","sub":"d9c0-77"}"#).id == "d9c0-77")
            #expect(try user(#"{"login":"jdoe","uuid":"0f1e","name":"J Doe"}"#).id == "0f1e")
            #expect(try user(#"{"originId":"ab12","descriptor":"aad.M2Y","displayName":"Ann"}"#).id == "aad.M2Y")
        }

        /// A Matrix id or a resource name is never a name to show; a display name never an id.
        @Test func anIdentifierUnderNameIsNotTheTitle() throws {
            let matrix = try user(#"{"name":"@bjorn:example.org","displayname":"Björn","avatar_url":null}"#)
            #expect(matrix.id == "@bjorn:example.org")
            #expect(matrix.name == "Björn")
            // Without a display name there is no name at all: the title falls back to the id.
            #expect(try user(#"{"name":"@li:example.org","displayname":null,"admin":0}"#).name == nil)
            // A person's name is not an identifier, even one without spaces.
            #expect(try user(#"{"login":"ann","name":"Ann"}"#).name == "Ann")
            #expect(try ParsedJSON.map(#"{"displayName":"Only A Name","active":true}"#, with: AutomaticMapping.shared).user?.id == "")
        }

        @Test(arguments: ["@alice:example.org", "@a:b", "users/1234", "people/c4561", "groups/0a1b"])
        func identifiers(text: String) {
            #expect(Array(text.utf8).withUnsafeBufferPointer { IdentifierText.matches($0) })
        }

        @Test(arguments: ["Alice", "@alice", "@ alice:x", "alice:x", "Ann/Bob", "a/b c", "users/", "u/1", "José", "", "@:x"])
        func notIdentifiers(text: String) {
            #expect(!Array(text.utf8).withUnsafeBufferPointer { IdentifierText.matches($0) })
        }

        // MARK: E-mails in lists, value wrappers

        @Test(arguments: [
            // The primary one wins wherever it is, else the first verified, else the first.
            (#"{"id":"1","emails":[{"address":"a@x.example"},{"address":"p@x.example","primary":true}]}"#, "p@x.example", "emails[primary].address"),
            (#"{"id":"1","emails":[{"email":"old@x.example","verified":false},{"email":"v@x.example","verified":true}]}"#, "v@x.example", "emails[verified].email"),
            (#"{"id":"1","emails":[{"value":"first@x.example"},{"value":"second@x.example"}]}"#, "first@x.example", "emails[primary].value"),
            (#"{"id":"1","email_addresses":[{"email_address":"u@x.example","verification":{"status":"unverified"}},{"email_address":"v@x.example","verification":{"status":"verified"}}]}"#, "v@x.example", "email_addresses[verified].email_address"),
            (#"{"id":"1","emailAddresses":[{"metadata":{"verified":true},"value":"v@x.example"},{"metadata":{"primary":true},"value":"p@x.example"}]}"#, "p@x.example", "emailAddresses[primary].value"),
            (#"{"id":"1","emails":[{"address":"v@x.example","verified":true},{"address":"p@x.example","is_primary":true}]}"#, "p@x.example", "emails[primary].address"),
        ])
        func anAddressFromAList(json: String, email: String, source: String) throws {
            #expect(try user(json).email == email)
            #expect(try sources(json)[.email] == source)
        }

        @Test func aWrappedValueIsItsValue() throws {
            let json = #"{"vid":7,"firstname":{"value":"Ann","versions":[{"value":"Ann"}]},"lastname":{"value":"Lee","timestamp":1476768116149},"mail":{"value":"ann@example.com","source":"API"}}"#
            #expect(try user(json) == User(id: "7", name: "Ann Lee", email: "ann@example.com"))
            let found = try sources(json)
            #expect(found[.name] == "firstname.value + lastname.value")
            #expect(found[.email] == "mail.value")
            // One level down too (HubSpot's `properties`), and PascalCase `Value`.
            #expect(try user(#"{"vid":8,"properties":{"email":{"Value":"bo@example.com"}}}"#).email == "bo@example.com")
            #expect(try sources(#"{"vid":8,"properties":{"email":{"Value":"bo@example.com"}}}"#)[.email] == "properties.email.Value")
        }

        /// `{"name": "SSN", "value": …}` names its value (randomuser's national id): not a wrapper.
        @Test func aNamedValueIsNotAWrapper() throws {
            let json = #"{"id":{"name":"SSN","value":"405-88-3636"},"login":{"uuid":"7a0eed16"},"email":"a@example.com"}"#
            #expect(try user(json).id == "7a0eed16")
            #expect(try ParsedJSON.with(#"{"value":{"a":1},"timestamp":1}"#) { MappingPlan.wrappedValue($0) } == nil)
        }

        @Test func typedIdentitiesInProfilesGiveTheAddress() throws {
            let json = """
                {"vid":204727,"identity-profiles":[{"vid":204727,"identities":[
                  {"type":"LEAD_GUID","value":"f9c6","timestamp":1},{"type":"EMAIL","value":"bob@example.com","timestamp":1,"is-primary":true}]}]}
                """
            #expect(try user(json).email == "bob@example.com")
            #expect(try sources(json)[.email] == #""identity-profiles"[].identities[type=EMAIL].value"#)
            // The record's own address wins over one from its identities.
            #expect(try user(#"{"vid":1,"identities":[{"type":"EMAIL","value":"other@example.com"}],"email":"own@example.com"}"#).email == "own@example.com")
        }

        // MARK: Attribute lists

        @Test(arguments: [
            // Cognito's ListUsers: the OpenID subject among the attributes is the id.
            (#"{"Username":"jdoe","Attributes":[{"Name":"sub","Value":"d9c0"},{"Name":"email","Value":"j@example.com"},{"Name":"name","Value":"J Doe"}]}"#,
             User(id: "d9c0", name: "J Doe", username: "jdoe", email: "j@example.com")),
            // `[{key, value}]`, `[{name, values: […]}]`.
            (#"{"id":"1","custom_attributes":[{"key":"email","value":"k@example.com"},{"key":"department","value":"Ops"}]}"#,
             User(id: "1", email: "k@example.com")),
            (#"{"objectName":"uid=ann,dc=example","attributes":[{"name":"cn","values":["Ann Lee","A. Lee"]},{"name":"mail","values":["ann@example.org"]}]}"#,
             User(id: "uid=ann,dc=example", name: "Ann Lee", email: "ann@example.org")),
            // `attributes: {k: [v]}` (Keycloak, LDAP gateways); an object of plain values (Ory's `traits`).
            (#"{"id":"1","attributes":{"phone":["+1 555"],"mail":["m@example.com"]}}"#, User(id: "1", email: "m@example.com", phone: "+1 555")),
            (#"{"id":"1","traits":{"email":"t@example.com","name":{"first":"Tea","last":"Ro"}}}"#, User(id: "1", name: "Tea Ro", email: "t@example.com")),
        ])
        func attributesAreReadAsTheRecordsKeys(json: String, expected: User) throws {
            #expect(try user(json) == expected)
        }

        @Test func explainNamesTheAttributeEachValueCameFrom() throws {
            let found = try sources(#"{"Username":"jdoe","UserAttributes":[{"Name":"sub","Value":"d9c0"},{"Name":"given_name","Value":"J"},{"Name":"family_name","Value":"Doe"}]}"#)
            #expect(found[.id] == "UserAttributes[Name=sub].Value")
            #expect(found[.name] == "UserAttributes[Name=given_name].Value + UserAttributes[Name=family_name].Value")
            #expect(try sources(#"{"id":"1","attributes":{"phone":["", "+1 555"]}}"#)[.phone] == "attributes.phone[1]")
            #expect(try sources(#"{"id":"1","traits":{"name":{"first":"Tea","last":"Ro"}}}"#)[.name] == "traits.name.first + traits.name.last")
        }

        /// The record's own keys win over its attributes, whichever comes first.
        @Test func theRecordsOwnKeysWin() throws {
            #expect(try user(#"{"attributes":{"email":["a@example.com"]},"id":"1","email":"own@example.com"}"#).email == "own@example.com")
            #expect(try user(#"{"id":"1","email":"own@example.com","Attributes":[{"Name":"email","Value":"a@example.com"}]}"#).email == "own@example.com")
            #expect(try user(#"{"id":"own","Attributes":[{"Name":"id","Value":"other"}]}"#).id == "own")
        }

        /// Entries that name nothing the mapping knows, or hold no value, change nothing.
        @Test func unknownOrEmptyAttributesAreIgnored() throws {
            #expect(try user(#"{"id":"1","attributes":[{"Name":"custom:x","Value":"y"},{"Name":"email"},{"Value":"z"},"text",7]}"#) == User(id: "1"))
        }

        // MARK: Records that are not people

        @Test(arguments: [
            ("bot", "bot"), ("Bot", "bot"), ("group", "group"), ("GROUP", "group"), ("app", "app"), ("application", "app"),
            ("service", "service account"), ("Service_Account", "service account"), ("serviceAccount", "service account"),
            ("#microsoft.graph.servicePrincipal", "service account"), ("#microsoft.graph.group", "group"),
            ("admin#directory#group", "group"), ("system", "system account"), ("groupOfNames", "group"),
        ])
        func kindsThatAreNotPeople(word: String, reason: String) {
            #expect(Array(word.utf8).withUnsafeBufferPointer { NonPersonKind.reason(of: $0) } == reason)
        }

        @Test(arguments: ["user", "person", "PERSON", "member", "guest", "admin#directory#user", "#microsoft.graph.user", "atlassian", "", "customer", "robotics"])
        func kindsOfPeople(word: String) {
            #expect(Array(word.utf8).withUnsafeBufferPointer { NonPersonKind.reason(of: $0) } == nil)
        }

        @Test(arguments: [
            (#"{"id":"1","name":"Notices","user_type":"bot"}"#, "bot"),
            (#"{"descriptor":"vssgp.Uy0","subjectKind":"group","displayName":"Contributors"}"#, "group"),
            (#"{"accountId":"5b10","accountType":"app","displayName":"Automation for Jira"}"#, "app"),
            (##"{"id":"7","kind":"admin#directory#group","email":"eng@example.com"}"##, "group"),
            (##"{"id":"8","@odata.type":"#microsoft.graph.servicePrincipal","displayName":"Sync"}"##, "service account"),
            (#"{"id":"9","username":"service-account-etl","serviceAccountClientId":"etl"}"#, "service account"),
            (#"{"id":"10","username":"club","group":true,"bot":false}"#, "group"),
            (#"{"objectName":"cn=eng,dc=example","attributes":[{"type":"objectClass","values":["top","groupOfNames"]},{"type":"cn","values":["eng"]}]}"#, "group"),
            (#"{"id":"11","isBot":true,"name":"Helper"}"#, "bot"),
        ])
        func aRecordTypedAsNotAPersonIsLeftOut(json: String, reason: String) throws {
            #expect(try ParsedJSON.map(json, with: AutomaticMapping.shared).excludedReason == reason)
            // --include-non-people keeps it, as a user.
            let kept = try ParsedJSON.map(json, with: AutomaticMapping.shared.configured(MappingOptions(includeNonPeople: true)))
            #expect(kept.user != nil, "\(kept)")
        }

        @Test func peopleAndDeletedAccountsStayAsTheyWere() throws {
            #expect(try user(#"{"id":"1","type":"person","name":"Ann"}"#).name == "Ann")
            #expect(try user(#"{"id":"1","type":{"id":"oty1"},"name":"Ann"}"#).name == "Ann")  // Okta's type is an object
            #expect(try user(#"{"id":"1","type":2,"email":"a@example.com"}"#).email == "a@example.com")  // Zoom's is a number
            let deleted = #"{"id":"2","name":"Gone","deleted":true}"#
            #expect(try ParsedJSON.map(deleted, with: AutomaticMapping.shared.configured(MappingOptions(includeNonPeople: true))).excludedReason == "deleted account")
        }

        @Test func theHintSaysWhatTheFlagKeeps() {
            #expect(NonPerson.hint(for: ["bot": 2]) == "--include-non-people keeps them")
            #expect(NonPerson.hint(for: ["bot": 2, "deleted account": 1]) == "--include-non-people keeps the 2 that are not people")
            #expect(NonPerson.hint(for: ["deleted account": 1]) == nil)
            #expect(NonPerson.count(in: ["group": 3, "app": 1, "deleted account": 2]) == 4)
        }

        // MARK: Avatars

        @Test(arguments: [
            (#"{"id":"1","email":"a@example.com","icon":"https://img.example.com/i.png"}"#, "https://img.example.com/i.png", "icon"),
            (#"{"id":"1","email":"a@example.com","icons":{"image_36":"https://i.example/36","image_72":"https://i.example/72"}}"#, "https://i.example/72", "icons.image_72 (largest of 2 sizes)"),
            (#"{"id":"1","email":"a@example.com","avatar":{"type":"avatar","image_url":"https://i.example/a.png"}}"#, "https://i.example/a.png", "avatar.image_url"),
            (#"{"id":"1","email":"a@example.com","avatar":{"href":"https://i.example/h.png"}}"#, "https://i.example/h.png", "avatar.href"),
            (#"{"id":"1","email":"a@example.com","photo":{"url":"https://x.zendesk.com/api/v2/attachments/9.json","content_url":"https://x.zendesk.com/system/photos/9/me.png"}}"#,
             "https://x.zendesk.com/system/photos/9/me.png", "photo.content_url"),
            (#"{"id":"1","email":"a@example.com","image":{"url":"https://cdn.example/c.jpg"}}"#, "https://cdn.example/c.jpg", "image.url"),
            (#"{"id":"1","email":"a@example.com","picture":{"data":{"height":50,"url":"https://fb.example/p.jpg","width":50}}}"#, "https://fb.example/p.jpg", "picture.data.url"),
        ])
        func avatarsUnderOtherNames(json: String, avatar: String, source: String) throws {
            #expect(try user(json).avatarURL == avatar)
            #expect(try sources(json)[.avatarURL] == source)
        }

        @Test func aPathIsResolvedAgainstTheBaseURLOrDropped() throws {
            let json = #"{"user_id":8,"email":"a@example.com","avatar_url":"/user_avatars/2/08fb.png?version=1"}"#
            #expect(try user(json).avatarURL == nil)
            let base = try #require(BaseURL("https://chat.example.org/some/page"))
            let configured = AutomaticMapping.shared.configured(MappingOptions(baseURL: base))
            #expect(try ParsedJSON.map(json, with: configured).user?.avatarURL == "https://chat.example.org/user_avatars/2/08fb.png?version=1")
            #expect(try ParsedJSON.sources(json, with: configured)[.avatarURL] == "avatar_url (resolved against --base-url)")
            // A native record's avatar too (seed 000's vocabulary goes through NativeRecord).
            #expect(try ParsedJSON.map(#"{"id":1,"avatar_url":"/a.png"}"#, with: AutomaticMapping.shared).user?.avatarURL == nil)
            #expect(try ParsedJSON.map(#"{"id":1,"avatar_url":"/a.png"}"#, with: configured).user?.avatarURL == "https://chat.example.org/a.png")
            #expect(try ParsedJSON.map(#"{"id":1,"avatar_url":"mxc://m.org/x"}"#, with: configured).user?.avatarURL == nil)
            #expect(try ParsedJSON.map(#"{"id":1,"avatar_url":"https://c.example/{size}.png"}"#, with: AutomaticMapping.shared).user?.avatarURL == "https://c.example/512.png")
        }

        /// A URL that can't be shown leaves room for a later source.
        @Test func anUnusableAvatarFallsThroughToTheNextSource() throws {
            #expect(try user(#"{"id":"1","email":"a@example.com","avatar_url":"mxc://m.org/x","picture":"https://p.example/p.png"}"#).avatarURL == "https://p.example/p.png")
        }

        @Test(arguments: [
            ("https://forum.example.org", "/user_avatar/a/512/1.png", "https://forum.example.org/user_avatar/a/512/1.png"),
            ("https://forum.example.org/t/topic/12?page=2", "/a.png", "https://forum.example.org/a.png"),
            ("https://api.example.com/v2/users/", "./avatars/a.png", "https://api.example.com/v2/users/avatars/a.png"),
            ("https://api.example.com/v2/users/list", "../img/b.png?s=64", "https://api.example.com/v2/img/b.png?s=64"),
            ("http://localhost:8080", "/users?page=3", "http://localhost:8080/users?page=3"),
        ])
        func baseURLResolution(base: String, reference: String, resolved: String) throws {
            #expect(try #require(BaseURL(base)).resolve(reference) == resolved)
        }

        @Test(arguments: ["ftp://example.org", "example.org", "/path", "https://", "mxc://m.org", ""])
        func notABaseURL(text: String) {
            #expect(BaseURL(text) == nil)
        }

        // MARK: More payloads from providers named nowhere else

        @Test(arguments: [
            // Personio: every attribute wrapped with its label.
            (#"{"type":"Employee","attributes":{"id":{"label":"ID","value":1,"type":"integer"},"first_name":{"label":"First name","value":"Andrew"},"last_name":{"label":"Last name","value":"Dunst"},"email":{"label":"Email","value":"andrew@example.com"}}}"#,
             User(id: "1", name: "Andrew Dunst", email: "andrew@example.com")),
            // Appwrite's `$id`, Twilio's `sid`, `identity` (the login) and `friendly_name`, BambooHR's `workEmail`.
            (#"{"$id":"5e5ea5c16897e","name":"John Doe","email":"john@example.io","prefs":{}}"#, User(id: "5e5ea5c16897e", name: "John Doe", email: "john@example.io")),
            (#"{"sid":"USaaa","identity":"alice","friendly_name":"Alice Q","attributes":"{}"}"#, User(id: "USaaa", name: "Alice Q", username: "alice")),
            (#"{"id":"123","displayName":"John Doe","workEmail":"jdoe@example.com"}"#, User(id: "123", name: "John Doe", email: "jdoe@example.com")),
            // Vimeo's and Calendly's resources are known by their URI.
            (#"{"uri":"/users/152184","name":"Staff Picks","link":"https://vimeo.com/staff","bio":"Curated"}"#, User(id: "/users/152184", name: "Staff Picks", bio: "Curated")),
        ])
        func morePayloads(json: String, expected: User) throws {
            #expect(try user(json) == expected)
        }
    }
}

import Testing
import UserListDomain
@testable import UserListGateway

extension GatewayTests {
    /// Records of public APIs no shape names, as their documentation shows them, through the
    /// general mapping (``AutomaticMapping``, as an envelope or array of them is read).
    @Suite struct GeneralMappingTests: GeneralMappingSuite {
        /// GitLab `GET /users` (a list item, as a non-admin sees it).
        static let gitLabListItem = """
            {"id":1,"username":"john_smith","name":"John Smith","state":"active","locked":false,
             "avatar_url":"https://gitlab.example.com/uploads/-/system/user/avatar/1/avatar.png","web_url":"https://gitlab.example.com/john_smith"}
            """

        @Test func gitLabListItem() throws {
            #expect(try user(Self.gitLabListItem) == User(
                id: "1", name: "John Smith", username: "john_smith",
                avatarURL: "https://gitlab.example.com/uploads/-/system/user/avatar/1/avatar.png",
                website: "https://gitlab.example.com/john_smith"))
        }

        /// GitLab `GET /users/:id`: the full public profile.
        @Test func gitLabUserProfile() throws {
            let found = try user("""
                {"id":1,"username":"john_smith","public_email":"john@example.com","name":"John Smith","state":"active",
                 "locked":false,"avatar_url":"https://gitlab.example.com/a.png","web_url":"https://gitlab.example.com/john_smith",
                 "created_at":"2012-05-23T08:00:58Z","bio":"","bot":false,"location":"Zürich","skype":"","linkedin":"",
                 "twitter":"","discord":"","organization":"Example Corp","job_title":"Operations Specialist",
                 "pronouns":"he/him","work_information":null,"followers":1,"following":1,"is_followed":false}
                """)
            #expect(found.name == "John Smith")
            #expect(found.bio == "Operations Specialist")  // `bio` is empty: the job title stands in
            #expect(found.address == Address(city: "Zürich"))
            #expect(found.company == Company(name: "Example Corp"))
        }

        /// Stripe `GET /v1/customers/:id`.
        static let stripeCustomer = """
            {"id":"cus_NffrFeUfNV2Hib","object":"customer",
             "address":{"city":"München","country":"DE","line1":"Leopoldstraße 12","line2":"3. OG","postal_code":"80802","state":null},
             "balance":0,"created":1680893993,"currency":null,"default_source":null,"delinquent":false,
             "description":"Enterprise plan since 2023","discount":null,"email":"jenny.rosen@example.com","invoice_prefix":"0759376C",
             "invoice_settings":{"custom_fields":null,"default_payment_method":null,"footer":null,"rendering_options":null},
             "livemode":false,"metadata":{},"name":"Jenny Rosen","next_invoice_sequence":1,"phone":"+4930123456",
             "preferred_locales":[],"shipping":null,"tax_exempt":"none","test_clock":null}
            """

        @Test func stripeCustomer() throws {
            #expect(try user(Self.stripeCustomer) == User(
                id: "cus_NffrFeUfNV2Hib", name: "Jenny Rosen", email: "jenny.rosen@example.com",
                bio: "Enterprise plan since 2023", phone: "+4930123456",
                address: Address(street: "Leopoldstraße 12", suite: "3. OG", city: "München", zipcode: "80802")))
            #expect(try sources(Self.stripeCustomer)[.zipcode] == "address.postal_code")
        }

        /// A customer created with only an email: the name comes from the shipping details, never
        /// from `metadata`.
        @Test func stripeCustomerWithoutAName() throws {
            let json = """
                {"id":"cus_Q1","object":"customer","address":null,"description":null,"email":"ops@example.com",
                 "metadata":{"name":"internal"},"name":null,"phone":null,
                 "shipping":{"address":{"city":"Lyon"},"name":"Zoé Martin","phone":"+33 4 00 00 00 00"}}
                """
            #expect(try user(json) == User(id: "cus_Q1", name: "Zoé Martin", email: "ops@example.com", phone: "+33 4 00 00 00 00"))
            #expect(try sources(json)[.name] == "shipping.name")
        }

        /// Zendesk `GET /api/v2/users/:id`: a 13-digit id, and a `photo` attachment object.
        @Test func zendeskUser() throws {
            let found = try user("""
                {"id":1524385761234,"url":"https://example.zendesk.com/api/v2/users/1524385761234.json","name":"Johnny Agent",
                 "email":"johnny@example.com","created_at":"2009-07-20T22:55:29Z","time_zone":"Copenhagen","phone":"+15551234567",
                 "shared_phone_number":false,
                 "photo":{"id":928374,"file_name":"profile.png","content_url":"https://example.zendesk.com/photos/profile.png",
                          "content_type":"image/png","size":166144,"thumbnails":[]},
                 "locale":"en-US","organization_id":57542,"role":"agent","verified":true,"external_id":null,"tags":[],
                 "alias":"","active":true,"signature":"Have a nice day, Johnny","details":"","notes":"","suspended":false,
                 "user_fields":{"user_decimal":5.1,"user_dropdown":"option_1"}}
                """)
            #expect(found.id == "1524385761234")
            #expect(found.name == "Johnny Agent")
            #expect(found.email == "johnny@example.com")
            #expect(found.phone == "+15551234567")
            #expect(found.company == nil)  // `organization_id` is a reference, not a name
        }

        /// A JSON:API resource object: the person's fields are one level down, in `attributes`.
        static let jsonAPIResource = """
            {"type":"users","id":"42","attributes":{"name":"Ayşe Yılmaz","email":"ayse@example.com.tr","username":"ayse"},
             "relationships":{"team":{"data":{"type":"teams","id":"3"}}},"links":{"self":"https://api.example.com/users/42"}}
            """

        @Test func jsonAPIResource() throws {
            #expect(try user(Self.jsonAPIResource) == User(id: "42", name: "Ayşe Yılmaz", username: "ayse", email: "ayse@example.com.tr"))
            #expect(try sources(Self.jsonAPIResource) == [
                .id: "id", .name: "attributes.name", .username: "attributes.username", .email: "attributes.email",
            ])
        }

        /// Discord `GET /users/@me`: a snowflake id as a string.
        @Test func discordUser() throws {
            let found = try user("""
                {"id":"80351110224678912","username":"nelly","discriminator":"0","global_name":"Nelly",
                 "avatar":"8342729096ea3675442027381ff50dfe","bot":false,"system":false,"mfa_enabled":true,
                 "banner":"06c16474723fe537c283b8efa61a30c8","accent_color":16711680,"locale":"en-US","verified":true,
                 "email":"nelly@discord.com","flags":64,"premium_type":1,"public_flags":64,"avatar_decoration_data":null}
                """)
            #expect(found.id == "80351110224678912")
            #expect(found.username == "nelly")
            #expect(found.email == "nelly@discord.com")
        }

        /// Keycloak admin `GET /admin/realms/{realm}/users`: `attributes` values are arrays, read
        /// as the record's keys (issue 20).
        @Test func keycloakUser() throws {
            let json = """
                {"id":"f3a1b2c4-5d6e-4f70-8a9b-0c1d2e3f4a5b","createdTimestamp":1700000000000,"username":"jdoe","enabled":true,
                 "totp":false,"emailVerified":true,"firstName":"Jörg","lastName":"Doe","email":"jdoe@example.com",
                 "attributes":{"phone":["+49 30 1234"]},"disableableCredentialTypes":[],"requiredActions":[],"notBefore":0,
                 "access":{"manageGroupMembership":true,"view":true,"mapRoles":true,"impersonate":false,"manage":true}}
                """
            #expect(try user(json) == User(
                id: "f3a1b2c4-5d6e-4f70-8a9b-0c1d2e3f4a5b", name: "Jörg Doe", username: "jdoe", email: "jdoe@example.com", phone: "+49 30 1234"))
            #expect(try sources(json)[.name] == "firstName + lastName")
            #expect(try sources(json)[.phone] == "attributes.phone[0]")
        }

        /// Firebase Admin SDK `UserRecord.toJSON()` (`auth.listUsers()`).
        @Test func firebaseAuthUser() throws {
            let found = try user("""
                {"uid":"kQ1aB2cD3eF4gH5iJ6kL7mN8oP9q","email":"ana@example.com","emailVerified":true,"displayName":"Ana Pérez",
                 "photoURL":"https://lh3.googleusercontent.com/a/ana","phoneNumber":"+34600111222","disabled":false,
                 "metadata":{"lastSignInTime":"Tue, 14 Nov 2023 10:00:00 GMT","creationTime":"Mon, 02 Jan 2023 09:00:00 GMT"},
                 "providerData":[{"uid":"1234567890","displayName":"Ana Pérez","email":"ana@example.com","providerId":"google.com"}]}
                """)
            #expect(found.id == "kQ1aB2cD3eF4gH5iJ6kL7mN8oP9q")
            #expect(found.name == "Ana Pérez")
            #expect(found.email == "ana@example.com")
            #expect(found.phone == "+34600111222")
        }

        /// Mailchimp `GET /lists/{list_id}/members`: `email_address`, `full_name`, a hash as the id.
        @Test func mailchimpMember() throws {
            let json = """
                {"id":"852aaa9532cb36adfb5e9fef7a4206a9","email_address":"urist.mcvankab@freddiesjokes.com","unique_email_id":"fab20fa03d",
                 "full_name":"Urist McVankab","web_id":123,"email_type":"html","status":"subscribed",
                 "merge_fields":{"FNAME":"Urist","LNAME":"McVankab","ADDRESS":"","PHONE":""},
                 "location":{"latitude":48.85,"longitude":2.35,"gmtoff":0,"dstoff":0,"country_code":"FR","timezone":"Europe/Paris"},
                 "tags_count":0,"tags":[]}
                """
            #expect(try user(json) == User(id: "852aaa9532cb36adfb5e9fef7a4206a9", name: "Urist McVankab", email: "urist.mcvankab@freddiesjokes.com"))
            #expect(try sources(json)[.email] == "email_address")
        }

        /// Clerk `GET /v1/users`: names with underscores, `image_url`.
        @Test func clerkUser() throws {
            let found = try user("""
                {"id":"user_2NNEqL2nrIRdJ194ndJqAHwEfxC","object":"user","username":null,"first_name":"Émilie","last_name":"Durand",
                 "image_url":"https://img.clerk.com/emilie","has_image":true,"primary_email_address_id":"idn_29w83yL7CwVlJXylYLxcslromF1",
                 "email_addresses":[{"id":"idn_29w83yL7CwVlJXylYLxcslromF1","object":"email_address","email_address":"emilie@example.fr",
                                     "verification":{"status":"verified","strategy":"email_code"},"linked_to":[]}],
                 "phone_numbers":[],"public_metadata":{},"private_metadata":{},"external_id":null,"banned":false,"locked":false}
                """)
            #expect(found.id == "user_2NNEqL2nrIRdJ194ndJqAHwEfxC")
            #expect(found.name == "Émilie Durand")
            #expect(found.username == nil)
            #expect(found.avatarURL == "https://img.clerk.com/emilie")
        }

        /// A fifth sweep's providers: ids by other names (ServiceNow's `sys_id` over the login,
        /// OneRoster's `sourcedId`, Xero's `ContactID`, Snowflake's `login_name`), a full name over
        /// a sign-in `name` (Tableau), address objects (Constant Contact), PascalCase objects
        /// (QuickBooks), a company that is a row's number (ActiveCampaign).
        @Test(arguments: [
            (#"{"sys_id":"62826bf03710200044e0bfc8bcbe5df1","user_name":"abel.tuter","first_name":"Abel","last_name":"Tuter","email":"abel.tuter@example.com"}"#,
             User(id: "62826bf03710200044e0bfc8bcbe5df1", name: "Abel Tuter", username: "abel.tuter", email: "abel.tuter@example.com")),
            (#"{"sourcedId":"5c9f5a6e","status":"active","username":"jdoe","givenName":"John","familyName":"Doe","role":"student"}"#,
             User(id: "5c9f5a6e", name: "John Doe", username: "jdoe")),
            (#"{"ContactID":"bd2270c3","ContactStatus":"ACTIVE","Name":"Rangi Parata","EmailAddress":"rangi@example.co.nz"}"#,
             User(id: "bd2270c3", name: "Rangi Parata", email: "rangi@example.co.nz")),
            (#"{"name":"JSMITH","login_name":"JSMITH","display_name":"John Smith","email":"jsmith@example.com","type":"PERSON"}"#,
             User(id: "JSMITH", name: "John Smith", email: "jsmith@example.com")),
            (#"{"id":"9f9e9d9c","name":"jdoe","fullName":"John Doe","email":"jdoe@example.com","siteRole":"Viewer"}"#,
             User(id: "9f9e9d9c", name: "John Doe", email: "jdoe@example.com")),
            (#"{"contact_id":"1618ae62","email_address":{"address":"dlang@example.com","permission_to_send":"implicit"},"first_name":"David","last_name":"Langley","street_addresses":[{"kind":"home","city":"Chicago"}]}"#,
             User(id: "1618ae62", name: "David Langley", email: "dlang@example.com", address: Address(city: "Chicago"))),
            (#"{"Id":"1","DisplayName":"Amy Lauterbach","PrimaryEmailAddr":{"Address":"amy@example.com"},"PrimaryPhone":{"FreeFormNumber":"(650) 555-3311"},"BillAddr":{"City":"Bayshore"}}"#,
             User(id: "1", name: "Amy Lauterbach", email: "amy@example.com", phone: "(650) 555-3311", address: Address(city: "Bayshore"))),
            (#"{"id":"1","email":"johndoe@example.com","firstName":"John","lastName":"Doe","orgname":"Doe Industries","organization":"3"}"#,
             User(id: "1", name: "John Doe", email: "johndoe@example.com", company: Company(name: "Doe Industries"))),
            (#"{"id":"2","email":"x@example.com","firstName":"Fatima","lastName":"El Amrani","organization":"3"}"#,
             User(id: "2", name: "Fatima El Amrani", email: "x@example.com")),
            // Mixpanel's `$properties`, Memberstack's `auth.email` and `customFields`.
            (#"{"$distinct_id":"13b2","$properties":{"$email":"ex@mixpanel.com","$first_name":"Jörg","$last_name":"Weiß","$city":"München","$phone":"+49 89 1"}}"#,
             User(id: "13b2", name: "Jörg Weiß", email: "ex@mixpanel.com", phone: "+49 89 1", address: Address(city: "München"))),
            (#"{"id":"mem_1","auth":{"email":"john@doe.com","hasPassword":true},"customFields":{"first-name":"John","last-name":"Doe","city":"Toronto"}}"#,
             User(id: "mem_1", name: "John Doe", email: "john@doe.com", address: Address(city: "Toronto"))),
            // Clever's and Reddit's items: the person inside a wrapper beside only links.
            (#"{"data":{"id":"58da8a43","email":"rosemary@example.net","name":{"first":"Rosemary","last":"Rodriguez"}},"uri":"/v3.0/users/58da8a43"}"#,
             User(id: "58da8a43", name: "Rosemary Rodriguez", email: "rosemary@example.net")),
        ])
        func fifthSweep(json: String, expected: User) throws {
            #expect(try user(json) == expected)
        }

        @Test func theGeneralMappingFindsTheseRecordsUserLike() throws {
            for json in [Self.gitLabListItem, Self.stripeCustomer, Self.jsonAPIResource] {
                #expect(try ParsedJSON.with(json) { GeneralEnvelopeShape.looksLikeUser($0) }, "\(json)")
            }
        }
    }
}

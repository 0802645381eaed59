import Testing
import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

extension GatewayTests {
    /// The general mapping's rules that are principles rather than names (issue 10): ids under
    /// other names, the order of names, avatars as size maps, image arrays and templates, photo
    /// fields, PascalCase keys, and a person wrapped one level down in each list item.
    @Suite struct GeneralMappingPrinciplesTests: GeneralMappingSuite {
        // MARK: Ids

        @Test func idNounsGiveSnakeAndCamelCaseNamesInOrder() {
            #expect(UserMapping.idNames(of: ["user", "account"]).map(\.description) == ["user_id", "userId", "_user_id", "userid", "account_id", "accountId", "_account_id", "accountid"])
            #expect(UserMapping.idNouns == ["user", "account", "member", "person", "people", "employee", "contact", "customer", "object"])
        }

        /// Keys are read as spreadsheets and SQL exports spell them too: one probe still.
        @Test func keySpellings() {
            #expect(KeySpellings.of("id") == ["Id", "ID"])
            #expect(KeySpellings.of("user_id") == ["User_id", "User ID", "User Id", "user id", "user-id", "USER_ID", "User_Id", "UserID", "userID"])
            #expect(KeySpellings.of("contactId") == ["ContactId", "Contact ID", "Contact Id", "contact id", "contact-id", "CONTACT_ID", "Contact_Id", "ContactID", "contactID"])
            #expect(KeySpellings.of("emailAddress") == ["EmailAddress", "Email Address", "Email address", "email address", "email-address", "EMAIL_ADDRESS", "Email_Address"])
            #expect(KeySpellings.of("avatar_url") == ["Avatar_url", "Avatar URL", "Avatar Url", "avatar url", "avatar-url", "AVATAR_URL", "Avatar_Url", "AvatarURL", "avatarURL"])
            #expect(KeySpellings.of("$id").isEmpty && KeySpellings.of("@odata.type").isEmpty && KeySpellings.of("Name").isEmpty)
        }

        @Test(arguments: [
            (#"{"Employee ID":"E-1","First Name":"José","Last Name":"Pérez","E-mail":"j@example.com"}"#, "E-1", "José Pérez", "j@example.com"),
            (#"{"USER_ID":"u-2","DISPLAY_NAME":"Ann Lee","EMAIL":"ann@example.com"}"#, "u-2", "Ann Lee", "ann@example.com"),
            (#"{"ID":3,"Full Name":"Björn Ålund","Email Address":"b@example.se"}"#, "3", "Björn Ålund", "b@example.se"),
        ])
        func spreadsheetColumns(json: String, id: String, name: String, email: String) throws {
            let user = try user(json)
            #expect(user.id == id && user.name == name && user.email == email)
        }

        @Test(arguments: [
            (#"{"user_id":"auth0|5f1a","name":"Ana Lima"}"#, "auth0|5f1a", "user_id"),
            (#"{"userId":"u-1","email":"a@example.com"}"#, "u-1", "userId"),
            (#"{"accountId":"5b10a2844c","displayName":"Mia Krystof"}"#, "5b10a2844c", "accountId"),
            (#"{"account_id":"dbid:AAH4","email":"franz@example.com"}"#, "dbid:AAH4", "account_id"),
            (#"{"member_id":"m-77","email":"kai@example.com"}"#, "m-77", "member_id"),
            (#"{"personId":"p-3","email":"rui@example.com"}"#, "p-3", "personId"),
            (#"{"objectId":"g7y9tkhB7O","username":"cooldude6"}"#, "g7y9tkhB7O", "objectId"),
            (#"{"object_id":"obj-5","username":"zoe"}"#, "obj-5", "object_id"),
            (#"{"gid":"1199562837","name":"Greg Sanchez","email":"g@example.com"}"#, "1199562837", "gid"),
            (#"{"sub":"248289761001","name":"Jane Doe","email":"j@example.com"}"#, "248289761001", "sub"),
        ])
        func idsUnderOtherNames(json: String, id: String, source: String) throws {
            #expect(try user(json).id == id)
            #expect(try sources(json)[.id] == source)
        }

        /// Microsoft Teams' members and HubSpot's owners carry both: the record's own id wins.
        @Test func theRecordsOwnIdComesFirst() throws {
            #expect(try user(#"{"id":"MCMjMSMj","userId":"8b081ef6","displayName":"Adele Vance"}"#).id == "MCMjMSMj")
            #expect(try user(#"{"userId":"8b081ef6","accountId":"x","displayName":"Adele Vance"}"#).id == "8b081ef6")
        }

        // MARK: PascalCase

        @Test func pascalCaseKeysAreReadAndExplainedAsSpelled() throws {
            let json = #"{"attributes":{"type":"User"},"Id":"0055g00000DgSxT","Username":"priya@northwind.example","Name":"Priya Raman","Email":"priya@example.com","Title":"VP"}"#
            #expect(try user(json) == User(id: "0055g00000DgSxT", name: "Priya Raman", username: "priya@northwind.example", email: "priya@example.com", bio: "VP"))
            let found = try sources(json)
            #expect(found[.id] == "Id")
            #expect(found[.name] == "Name")
            #expect(found[.email] == "Email")
        }

        @Test func theMappingsOwnSpellingWinsOverPascalCase() throws {
            #expect(try user(#"{"id":"1","name":"lower","Name":"Upper"}"#).name == "Upper")  // one key, the last wins, as in jq
            #expect(try user(#"{"id":"1","userName":"camel","UserName":"pascal","email":"e@x.org"}"#).username == "pascal")
        }

        // MARK: Names

        @Test func aNameToShowWinsOverAFormattedNameOverGivenAndFamily() throws {
            let all = #"{"id":1,"displayName":"Babs Jensen","name":{"formatted":"Ms. Barbara J Jensen, III","givenName":"Barbara","familyName":"Jensen"}}"#
            #expect(try user(all).name == "Babs Jensen")
            #expect(try sources(all)[.name] == "displayName")
            let formatted = #"{"id":2,"primaryEmail":"k@example.jp","name":{"fullName":"山本 健","givenName":"健","familyName":"山本"}}"#
            #expect(try user(formatted).name == "山本 健")
            #expect(try sources(formatted)[.name] == "name.fullName")
            let parts = #"{"id":3,"userName":"ines","name":{"givenName":"Inés","familyName":"García"}}"#
            #expect(try user(parts).name == "Inés García")
        }

        @Test func displayNameWinsOverAPlainNameThatIsAHandle() throws {
            // Jira Server: `name` is the login, `displayName` the person.
            #expect(try user(#"{"id":"10002","name":"fred","displayName":"Fred F. User","emailAddress":"fred@example.com"}"#).name == "Fred F. User")
        }

        @Test func aBlankDisplayNameFallsBackToTheParts() throws {
            #expect(try user(#"{"id":"z","display_name":"","first_name":"Ольга","last_name":"Соколова"}"#).name == "Ольга Соколова")
        }

        @Test func nestedDisplayNameOfAnAPIsNameObject() throws {
            let json = #"{"account_id":"dbid:1","email":"f@example.com","name":{"given_name":"Franz","surname":"Ferdinand","display_name":"Franz Ferdinand (Personal)"}}"#
            #expect(try user(json).name == "Franz Ferdinand (Personal)")
            #expect(try user(#"{"account_id":"dbid:1","email":"f@example.com","name":{"given_name":"Franz","surname":"Ferdinand"}}"#).name == "Franz Ferdinand")
        }

        @Test func scimsDisplayNameIsTheNameToShow() throws {
            let mapping = SCIMShape().mapping
            let json = #"{"id":"2819c223","userName":"bjensen","displayName":"Babs Jensen","name":{"formatted":"Ms. Barbara J Jensen, III","givenName":"Barbara","familyName":"Jensen"}}"#
            #expect(try ParsedJSON.map(json, with: mapping).user?.name == "Babs Jensen")
            #expect(try ParsedJSON.sources(json, with: mapping)[.name] == "displayName")
            let noDisplay = #"{"id":"1","userName":"w","name":{"formatted":"Wei Zhang","givenName":"Wei","familyName":"Zhang"}}"#
            #expect(try ParsedJSON.map(noDisplay, with: mapping).user?.name == "Wei Zhang")
            let partsOnly = #"{"id":"1","userName":"w","name":{"givenName":"Wei","familyName":"Zhang"}}"#
            #expect(try ParsedJSON.map(partsOnly, with: mapping).user?.name == "Wei Zhang")
        }

        // MARK: Avatars: size maps

        @Test(arguments: [("24", 576), ("48x48", 2304), ("image_128x128", 16384), ("image_60x60", 3600), ("w_300", 90000), ("original", nil), ("", nil)] as [(String, Int?)])
        func aKeysSizeIsItsNumberSquaredOrWTimesH(key: String, area: Int?) {
            let bytes = Array(key.utf8)
            #expect(bytes.withUnsafeBufferPointer { AvatarValue.area(ofKey: $0) } == area)
        }

        @Test func theLargestSizeOfAMapWins() throws {
            let wordpress = #"{"id":1,"name":"Amélie","avatar_urls":{"24":"https://g.example/a?s=24","96":"https://g.example/a?s=96","48":"https://g.example/a?s=48"}}"#
            #expect(try user(wordpress).avatarURL == "https://g.example/a?s=96")
            #expect(try sources(wordpress)[.avatarURL] == #"avatar_urls."96" (largest of 3 sizes)"#)
            let jira = #"{"accountId":"5b","displayName":"Mia","avatarUrls":{"48x48":"https://a.example/48","24x24":"https://a.example/24","16x16":"https://a.example/16"}}"#
            #expect(try user(jira).avatarURL == "https://a.example/48")
            let asana = #"{"gid":"1","name":"Greg","email":"g@example.com","photo":{"image_21x21":"https://s3.example/21.png","image_128x128":"https://s3.example/128.png","image_60x60":"https://s3.example/60.png"}}"#
            #expect(try user(asana).avatarURL == "https://s3.example/128.png")
            #expect(try sources(asana)[.avatarURL] == "photo.image_128x128 (largest of 3 sizes)")
        }

        @Test func aMapWithoutSizesOrURLsIsNoAvatar() throws {
            #expect(try user(#"{"id":1,"name":"A","picture":{"original":"https://img.example/1.png"}}"#).avatarURL == nil)
            #expect(try user(#"{"id":1,"name":"A","avatar_urls":{"24":"not a url","48":null}}"#).avatarURL == nil)
            // randomuser-style maps still reach their named path.
            #expect(try user(#"{"id":1,"name":"A","picture":{"large":"https://r.example/l.jpg","thumbnail":"https://r.example/t.jpg"}}"#).avatarURL == "https://r.example/l.jpg")
            // A size map skips its entries that are not URLs.
            #expect(try user(#"{"id":1,"name":"A","avatar_urls":{"96":"hash","48":"https://g.example/48"}}"#).avatarURL == "https://g.example/48")
        }

        // MARK: Avatars: image arrays

        @Test func theLargestImageOfAnArrayWins() throws {
            let spotify = #"{"id":"h","display_name":"Håkon","images":[{"url":"https://i.example/64","height":64,"width":64},{"url":"https://i.example/300","height":300,"width":300}]}"#
            #expect(try user(spotify).avatarURL == "https://i.example/300")
            #expect(try sources(spotify)[.avatarURL] == "images[1].url (300x300, largest of 2)")
        }

        @Test func imagesWithoutSizesGiveTheFirstWithAURL() throws {
            let json = #"{"id":"e","display_name":"Eva","images":[{"url":null},{"url":"https://i.example/a","height":null,"width":null},{"src":"https://i.example/b"}]}"#
            #expect(try user(json).avatarURL == "https://i.example/a")
            #expect(try sources(json)[.avatarURL] == "images[1].url (first of 2)")
            #expect(try user(#"{"id":"e","display_name":"Eva","images":["https://i.example/s.png"]}"#).avatarURL == "https://i.example/s.png")
            #expect(try user(#"{"id":"e","display_name":"Eva","images":[]}"#).avatarURL == nil)
        }

        @Test func oneKnownSideStandsForBoth() throws {
            let json = #"{"id":"e","name":"Eva","images":[{"url":"https://i.example/w","width":200},{"url":"https://i.example/h","height":100}]}"#
            #expect(try user(json).avatarURL == "https://i.example/w")
        }

        // MARK: Avatars: templates

        @Test(arguments: [
            ("https://avatars.discourse-cdn.com/v4/letter/t/3be4f8/{size}.png", "https://avatars.discourse-cdn.com/v4/letter/t/3be4f8/512.png", "{size}"),
            ("https://cdn.example.net/p/{width}x{height}.jpg", "https://cdn.example.net/p/512x512.jpg", "{width}, {height}"),
            ("https://img.example.com/ana?s=%s", "https://img.example.com/ana?s=512", "%s"),
            ("https://img.example.com/{w}/{h}/x.png", "https://img.example.com/512/512/x.png", "{w}, {h}"),
        ])
        func sizePlaceholdersAreFilled(template: String, url: String, placeholders: String) throws {
            let json = #"{"id":1,"username":"eleni","avatar_template":"\#(template)"}"#
            #expect(try user(json).avatarURL == url)
            #expect(try sources(json)[.avatarURL] == "avatar_template (\(placeholders) → 512)")
        }

        @Test func aPlainURLIsLeftAsItIs() throws {
            let json = #"{"id":1,"email":"p@example.com","avatar":"https://img.example.com/u/4.png?v=%25s"}"#
            #expect(try user(json).avatarURL == "https://img.example.com/u/4.png?v=%25s")
            #expect(try sources(json)[.avatarURL] == "avatar")
        }

        @Test func aTemplateInASizeMapIsFilledToo() throws {
            let json = #"{"id":1,"name":"A","avatar_urls":{"48":"https://g.example/{size}/48","96":"https://g.example/{size}/96"}}"#
            #expect(try user(json).avatarURL == "https://g.example/512/96")
            #expect(try sources(json)[.avatarURL] == #"avatar_urls."96" (largest of 2 sizes) ({size} → 512)"#)
        }

        // MARK: Avatars: photo and thumbnail fields

        @Test func fullPhotosWinOverThumbnails() throws {
            let salesforce = #"{"Id":"005","Name":"Priya","SmallPhotoUrl":"https://n.example/T","FullPhotoUrl":"https://n.example/F"}"#
            #expect(try user(salesforce).avatarURL == "https://n.example/F")
            #expect(try user(#"{"id":"p","email":"s@example.com","thumbnail":"https://i.example/64.png","photo_url":"https://i.example/full.png"}"#).avatarURL == "https://i.example/full.png")
            #expect(try user(#"{"id":"g","primaryEmail":"l@example.com","thumbnailPhotoUrl":"https://lh3.example/a=s96-c"}"#).avatarURL == "https://lh3.example/a=s96-c")
            #expect(try user(#"{"id":"z","email":"j@example.com","pic_url":"https://zoom.example/p/2871"}"#).avatarURL == "https://zoom.example/p/2871")
            #expect(try user(#"{"id":"d","email":"k@example.com","profile_photo_url":"https://dl.example/k"}"#).avatarURL == "https://dl.example/k")
        }

        // MARK: A person wrapped one level down

        @Test func aListItemWrappingItsPersonIsReadAsThePerson() throws {
            let discord = #"{"user":{"id":"80351110224678912","username":"nelly","global_name":"Nelly","avatar":"8342729096ea"},"nick":"Nelly (mod)","roles":["1971"],"avatar":null}"#
            #expect(try user(discord) == User(id: "80351110224678912", name: "Nelly", username: "nelly"))
            let found = try sources(discord)
            #expect(found[.id] == "user.id")
            #expect(found[.name] == "user.global_name")
            #expect(found[.avatarURL] == nil)  // an image hash is no URL
        }

        @Test func theWrapperNamesAreTriedInOrder() throws {
            let dropbox = #"{"profile":{"team_member_id":"dbmid:1","account_id":"dbid:1","email":"i@example.es","name":{"given_name":"Inés","surname":"García","display_name":"Inés García"}},"roles":[]}"#
            #expect(try user(dropbox) == User(id: "dbid:1", name: "Inés García", email: "i@example.es"))
            #expect(try sources(dropbox)[.name] == "profile.name.display_name")
            let joined = #"{"member":{"id":"m1","name":{"given_name":"A","surname":"B"},"email":"ab@example.com"}}"#
            #expect(try sources(joined)[.name] == "member.name.given_name + member.name.surname")
        }

        @Test func anEmailAddressIsNoName() throws {
            // An e-mail address is no part of a name; the real name is read after it.
            #expect(try user(#"{"id":"3","name":"emilie@example.fr","real_name":"Émilie Laurent"}"#).name == "Émilie Laurent")
        }

        @Test func anItemWithAPersonOfItsOwnIsNotUnwrapped() throws {
            // Okta: the profile has no id, so the item (with its id) is the record.
            let okta = #"{"id":"00u1","status":"ACTIVE","profile":{"firstName":"Björk","lastName":"Guðmundsdóttir","email":"b@example.is"}}"#
            #expect(try user(okta) == User(id: "00u1", name: "Björk Guðmundsdóttir", email: "b@example.is"))
            // An item with its own email keeps it, whatever its `user` holds.
            #expect(try user(#"{"id":"m-5","email":"own@example.com","user":{"id":"u-5","email":"other@example.com"}}"#).id == "m-5")
            // Discourse's directory items: the item has no name of its own, its `user` has an id
            // and a person, so the person is the record (the same id here).
            let discourse = #"{"id":27,"likes_received":642,"user":{"id":27,"username":"tomas.novak","name":"Tomáš Novák","avatar_template":"/a/{size}/1.png"}}"#
            #expect(try user(discourse) == User(id: "27", name: "Tomáš Novák", username: "tomas.novak"))  // a path: no avatar without --base-url
            #expect(try sources(discourse)[.id] == "user.id")
            // A membership (PostHog's, Asana's): the item's own id is the membership's; the person's is inside.
            let membership = #"{"id":"0188b0a4-1c2d","level":15,"user":{"id":7,"uuid":"0188b0a3-aaaa","first_name":"Alice","last_name":"Schäfer","email":"alice@example.com"}}"#
            #expect(try user(membership) == User(id: "7", name: "Alice Schäfer", email: "alice@example.com"))
            // Only a weaker id inside (a login, Okta-like): the item's own id stays.
            #expect(try user(#"{"id":"00u2","profile":{"login":"kim@example.kr","firstName":"Kim","lastName":"Min"}}"#).id == "00u2")
            // A wrapper object that is not a person (no id) is not read as one.
            #expect(try user(#"{"id":"7","account":{"plan":"pro","email":"billing@example.com"}}"#).id == "7")
        }

        @Test func aWrappedBotIsLeftOut() throws {
            let record = try ParsedJSON.map(#"{"user":{"id":"1167","username":"quizbot","bot":true},"roles":[]}"#, with: AutomaticMapping.shared)
            #expect(record.excludedReason == "bot")
        }

        @Test func wrappedItemsLookLikeUsersToDetection() throws {
            try ParsedJSON.with(#"{"user":{"id":"1","username":"sam","avatar_template":"/a/{size}/1.png"},"likes_received":3}"#) { item in
                #expect(GeneralEnvelopeShape.looksLikeUser(item))
            }
            let page = #"{"pagelen":50,"values":[{"type":"workspace_membership","user":{"uuid":"{d301}","account_id":"557058:c0b7","display_name":"Astrid","nickname":"astrid"},"workspace":{"uuid":"{4f1e}","name":"Atelier","slug":"atelier"}}],"page":1,"size":1}"#
            let found = try ParsedJSON.with(page) { document in
                PayloadShapes.all.lazy.compactMap { shape in shape.userRecords(in: document).map { "\(shape.name): \($0.summary)" } }.first
            }
            #expect(found == "envelope (general mapping): .values (1)")
            let records = try ParsedJSON.with(page) { document -> [String] in
                var ids: [String] = []
                document.field("values")?.forEachElement { ids.append(AutomaticMapping.shared.map($0).user?.id ?? "-") }
                return ids
            }
            #expect(records == ["557058:c0b7"])
        }

        // MARK: Records that are not people; single users

        @Test func recordsTypedBotAreLeftOut() throws {
            let notion = #"{"object":"user","id":"92a6","type":"bot","bot":{"owner":{"type":"workspace"}},"name":"Doc Sync","avatar_url":null}"#
            #expect(try ParsedJSON.map(notion, with: AutomaticMapping.shared).excludedReason == "bot")
            #expect(try user(#"{"object":"user","id":"d40e","type":"person","person":{"email":"avo@example.org"},"name":"Avocado"}"#).email == "avo@example.org")
        }

        @Test func aSingleUserUnderOtherNamesIsRecognised() throws {
            let shape = SingleUserShape()
            try ParsedJSON.with(#"{"accountId":"5b10","displayName":"Mia Krystof","active":true}"#) { #expect(shape.userRecords(in: $0)?.summary == "single .") }
            try ParsedJSON.with(#"{"status":"ok","count":3}"#) { #expect(shape.userRecords(in: $0) == nil) }
        }
    }
}

import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension ViewModelTests {
    /// The cell view model: title fallback, subtitle, caption, avatar and initials.
    @Suite struct UserCellViewModelTests {
        /// The ASCII fast path gives exactly what splitting into Characters gives: 20,000 random
        /// titles over letters, digits, punctuation, every ASCII white space (CRLF as one
        /// Character) and control bytes.
        @Test func asciiInitialsMatchTheCharacterPath() {
            var random = SeededGenerator(state: 18)
            let pieces = ["a", "Z", "q", "7", "(", ")", "-", "🎉", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{1F}", "\u{7F}", "x y", "she/her", "'", "_"]
            for _ in 0..<20_000 {
                let title = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                let expected = UserCellViewModel.characterInitials(of: title)
                #expect(UserCellViewModel.asciiInitials(of: title) ?? expected == expected, "\(title.debugDescription)")
            }
            #expect(UserCellViewModel.asciiInitials(of: "Zoë Müller") == nil)
            #expect(UserCellViewModel.initials(of: "Jill Chill (she/her)") == "JC")
            #expect(UserCellViewModel.initials(of: "  ( - )  ") == "()")
        }

        /// A title of which no word starts with a letter or digit (a Matrix id, a handle) takes
        /// the first letter inside its words, on every path: `@` is no one's initial.
        @Test(arguments: [
            ("@alice:example.org", "A"), ("_bob_ #2", "B2"), ("@émile", "É"), ("(she/her)", "S"), ("@王芳", "王"),
            ("Jill (she/her)", "J"), ("🎉", "🎉"), ("- -", "--"), ("@", "@"),
        ])
        func handlesTakeTheirFirstLetter(_ title: String, _ initials: String) {
            #expect(UserCellViewModel.initials(of: title) == initials)
            #expect(UserCellViewModel.characterInitials(of: title) == initials)
            var bytes = title
            #expect(bytes.withUTF8 { UserCellViewModel.initials(ofTitle: $0) } == initials)
        }

        /// A caption cut from a bio's bytes (the rows written from records' keys) is the one
        /// Characters give: 20,000 random bios over ASCII newlines and white space, CRLF, control
        /// bytes, and non-ASCII newlines, spaces and marks (which take the Character path).
        @Test func captionFromBytesMatchesTheCharacterPath() {
            var random = SeededGenerator(state: 24)
            let pieces = ["a", "Zed", "7", ",", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1F}", "\u{7F}",
                          "\u{85}", "\u{2028}", "\u{A0}", "\u{3000}", "\u{301}", "é", "e\u{301}", "🎉"]
            for _ in 0..<20_000 {
                let bio = (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                let expected = UserCellViewModel.firstNonEmptyLine(of: bio)
                var utf8 = bio
                let got: String? = utf8.withUTF8 { bytes in
                    switch UserCellViewModel.firstNonEmptyLine(ofUTF8: bytes) {
                    case .none: nil
                    case .part(let part): String(decoding: part, as: UTF8.self)
                    case .text(let text): text
                    }
                }
                #expect(got == expected, "\(bio.debugDescription)")
            }
        }

        /// Initials from a title's bytes are ``UserCellViewModel/initials(of:)``'s.
        @Test(arguments: ["Leanne Graham", "nguyễn văn an", "  ", "", "🎉 Party Time", "Jill Chill (she/her)", "e\u{301}lo a\u{301}b", "李 小龙"])
        func initialsFromBytes(title: String) {
            var utf8 = title
            #expect(utf8.withUTF8 { UserCellViewModel.initials(ofTitle: $0) } == UserCellViewModel.initials(of: title))
        }

        @Test func fullUser() {
            let cell = UserCellViewModel(user: User(
                id: "u1", name: "Alice", username: "alice", email: "alice@example.com",
                avatarURL: "https://cdn.example.com/a.png", bio: "iOS Developer", company: Company(name: "ACME")))
            #expect(cell == UserCellViewModel(
                id: "u1", title: "Alice", subtitle: "alice@example.com", caption: "iOS Developer",
                avatarURL: "https://cdn.example.com/a.png", initials: "A"))
        }

        @Test(arguments: [
            (User(id: "1", name: "Leanne Graham", username: "Bret", email: "s@a.biz"), "Leanne Graham"),
            (User(id: "1", username: "Bret", email: "s@a.biz"), "Bret"),
            (User(id: "1", email: "s@a.biz"), "s@a.biz"),
            (User(id: "42"), "42"),
        ])
        func titleFallsBack(user: User, title: String) {
            #expect(UserCellViewModel(user: user).title == title)
        }

        @Test(arguments: [
            ("Jill Chill (she/her)", "JC"),
            ("Franz Ferdinand (Personal)", "FF"),
            ("Zoë ✨", "Z"),
            ("ねこスター 🐈", "ね"),
            ("Łukasz Wiśniewski :verified:", "ŁW"),
            ("Leanne Graham", "LG"),
            ("3M Support Team", "3T"),
            ("🎉 ✨", "🎉✨"),
        ])
        func initialsPassOverWordsThatDontBeginWithALetter(_ title: String, _ initials: String) {
            #expect(UserCellViewModel.initials(of: title) == initials)
        }

        @Test func subtitleIsTheEmailOrNil() {
            #expect(UserCellViewModel(user: User(id: "1", name: "A", email: "a@b")).subtitle == "a@b")
            #expect(UserCellViewModel(user: User(id: "1", name: "A")).subtitle == nil)
        }

        @Test func avatarURLAsGiven() {
            #expect(UserCellViewModel(user: User(id: "1", avatarURL: "https://x/y?z=1&w=2")).avatarURL == "https://x/y?z=1&w=2")
            #expect(UserCellViewModel(user: User(id: "1")).avatarURL == nil)
        }

        @Test(arguments: [
            ("\n\n  Hello\nWorld", "Hello"),
            ("One line", "One line"),
            ("First\nSecond", "First"),
            ("\r\n\r\nWindows\r\nline", "Windows"),
            ("   \n\t\n  Third  \n", "Third"),
            ("Para\u{2029}Next", "Para"),
        ])
        func captionIsTheBiosFirstNonEmptyLine(bio: String, caption: String) {
            #expect(UserCellViewModel(user: User(id: "1", bio: bio, company: Company(name: "ACME"))).caption == caption)
        }

        @Test func captionFallsBackToTheCompanyName() {
            #expect(UserCellViewModel(user: User(id: "1", company: Company(name: "Romaguera-Crona"))).caption == "Romaguera-Crona")
            #expect(UserCellViewModel(user: User(id: "1", bio: " \n \n", company: Company(name: "ACME"))).caption == "ACME")
        }

        @Test func captionNilWithoutBioOrCompanyName() {
            #expect(UserCellViewModel(user: User(id: "1")).caption == nil)
            #expect(UserCellViewModel(user: User(id: "1", company: Company(catchPhrase: "x"))).caption == nil)
            #expect(UserCellViewModel(user: User(id: "1", bio: "\n\n")).caption == nil)
        }

        @Test(arguments: [
            ("Leanne Graham", "LG"),
            ("张 伟", "张伟"),
            ("张伟", "张"),
            ("bret", "B"),
            ("josé maría núñez", "JN"),
            ("élodie durand", "ÉD"),
            ("Mary  Ann\tLee", "ML"),
            ("🎉", "🎉"),
            ("Sincere@april.biz", "S"),
            ("42", "4"),
            ("a", "A"),
        ])
        func initials(title: String, initials: String) {
            #expect(UserCellViewModel(user: User(id: "x", name: title)).initials == initials)
        }

        @Test func initialsFollowTheTitleFallback() {
            #expect(UserCellViewModel(user: User(id: "1", username: "bret")).initials == "B")
            #expect(UserCellViewModel(user: User(id: "1", email: "sincere@april.biz")).initials == "S")
            #expect(UserCellViewModel(user: User(id: "77")).initials == "7")
        }

        @Test func familyEmojiStaysOneCharacter() {
            let family = "👨‍👩‍👧"
            #expect(UserCellViewModel(user: User(id: "1", name: family)).initials == family)
        }
    }

    /// Parsing `--sort KEY[:asc|:desc]`.
    @Suite struct UserSortOrderTests {
        @Test(arguments: [
            ("name", SortKey.name, false),
            ("name:asc", .name, false),
            ("name:desc", .name, true),
            ("id", .id, false),
            ("email:desc", .email, true),
            ("username", .username, false),
            ("city:desc", .city, true),
            ("company:asc", .company, false),
            ("CITY:ASC", .city, false),
            ("Name:Desc", .name, true),
        ])
        func parses(argument: String, key: SortKey, descending: Bool) throws {
            let order = try #require(UserSortOrder(argument: argument))
            #expect(order == UserSortOrder(key: key, descending: descending))
        }

        @Test(arguments: ["age", "name:up", "", ":desc", "name:", "name:desc:x", "name desc", " name", "names", "name,", "name,name:desc", "name:desc:asc", ",id"])
        func rejects(argument: String) {
            #expect(UserSortOrder(argument: argument) == nil)
        }

        @Test func everyKeyParses() {
            for key in SortKey.allCases {
                #expect(UserSortOrder(argument: key.rawValue)?.simpleKey == key)
                #expect(UserSortOrder(argument: "\(key.rawValue):desc") == UserSortOrder(key: key, descending: true))
            }
            #expect(SortKey.allCases.map(\.rawValue) == ["id", "name", "email", "username", "city", "company"])
        }

        @Test func description() {
            #expect(UserSortOrder(key: .name).description == "name:asc")
            #expect(UserSortOrder(key: .city, descending: true).description == "city:desc")
        }
    }
}

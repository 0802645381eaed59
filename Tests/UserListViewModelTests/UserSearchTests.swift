import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

extension ViewModelTests {
    /// `--search`: name, email or username, ignoring case and diacritics.
    @Suite struct UserSearchTests {
        static let users = [
            User(id: "1", name: "José Núñez", email: "jn@example.es"),
            User(id: "2", name: "Anja Müller", email: "anja@example.de"),
            User(id: "3", name: "张伟", email: "zw@example.cn"),
            User(id: "4", name: "ANNA SMITH", email: "anna@example.com"),
            User(id: "5", name: "Leanne Graham", username: "Bret", email: "Sincere@april.biz"),
            User(id: "6", name: "Zoë", bio: "Loves jose's tacos and Müller yoghurt", company: Company(name: "Bret Industries")),
        ]

        private func matching(_ text: String) -> [String] {
            ViewModelTests.load(Self.users, query: UserListQuery(search: text)).viewModel.state.page?.items.map(\.id) ?? []
        }

        @Test(arguments: [
            ("jose", ["1"]),
            ("JOSE", ["1"]),
            ("josé", ["1"]),
            ("NUNEZ", ["1"]),
            ("muller", ["2"]),
            ("MÜLLER", ["2"]),
            ("张", ["3"]),
            ("张伟", ["3"]),
            ("an", ["2", "4", "5"]),
            ("ANNA", ["4"]),
            ("zoe", ["6"]),
        ])
        func caseAndDiacriticsAreIgnored(text: String, ids: [String]) {
            #expect(matching(text) == ids)
        }

        @Test func searchesEmail() {
            #expect(matching("april.biz") == ["5"])
            #expect(matching("EXAMPLE.DE") == ["2"])
        }

        @Test func searchesUsername() {
            #expect(matching("bret") == ["5"])
        }

        @Test func doesNotSearchBioOrCompany() {
            // User 6's bio mentions jose and Müller and its company is "Bret Industries".
            #expect(matching("tacos").isEmpty)
            #expect(matching("industries").isEmpty)
            #expect(!matching("bret").contains("6"))
            #expect(!matching("yoghurt").contains("6"))
        }

        @Test func doesNotSearchIdOrCity() {
            let users = [User(id: "needle", address: Address(city: "needle")), User(id: "x", name: "needle")]
            let ids = ViewModelTests.ids(users, query: UserListQuery(search: "needle"))
            #expect(ids == ["x"])
        }

        @Test func noMatchIsEmpty() {
            #expect(matching("qqq").isEmpty)
        }

        @Test func searchMatchesDirectly() {
            let search = UserSearch("an")
            #expect(search.text == "an")
            #expect(search.matches(User(id: "1", name: "ANNA")))
            #expect(search.matches(User(id: "1", email: "jAN@x")))
            #expect(!search.matches(User(id: "an")))
            #expect(!search.matches(User(id: "1", name: "Bob", bio: "an")))
        }

        @Test(arguments: [
            ("jose", "Jose\u{301}", true),
            ("jose\u{301}", "JOSÉ", true),
            ("é", "Émile", true),
            ("e", "Émile", true),
            ("ü", "Muller", true),
            ("çà", "ÇA", true),
            ("o", "Øyvind", false),
            ("伟", "张伟", true),
            ("李", "张伟", false),
            ("🎉", "Party 🎉", true),
            ("nn", "ANNA", true),
            ("anna smith", "ANNA SMITH", true),
            ("annas", "ANNA SMITH", false),
        ])
        func folding(needle: String, name: String, matches: Bool) {
            #expect(UserSearch(needle).matches(User(id: "1", name: name)) == matches)
        }

        @Test func needleLongerThanTheField() {
            #expect(!UserSearch("annabelle").matches(User(id: "1", name: "Anna")))
        }
    }
}

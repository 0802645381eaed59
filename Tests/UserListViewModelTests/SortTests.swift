import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
@_spi(Pipeline) import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

extension ViewModelTests {
    /// `--sort KEY[:asc|:desc]`: folded text by code points, then exact; ties keep input order;
    /// missing keys last either way; ids numerically first.
    @Suite struct SortTests {
        /// A user with `value` under `key`, or without it.
        static func user(_ id: Int, _ key: SortKey, _ value: String?) -> User {
            var user = User(id: String(id))
            switch key {
            case .id: if let value { user.id = value }
            case .name: user.name = value
            case .email: user.email = value
            case .username: user.username = value
            case .city: user.address = Address(city: value)
            case .company: user.company = value.map { Company(name: $0) }
            }
            return user
        }

        private func sorted(_ key: SortKey, _ values: [String?], descending: Bool) -> [String] {
            let users = values.enumerated().map { Self.user($0.offset + 1, key, $0.element) }
            return ViewModelTests.ids(users, query: UserListQuery(sort: UserSortOrder(key: key, descending: descending)))
        }

        static let textKeys: [SortKey] = [.name, .email, .username, .city, .company]

        /// b, (missing), a, B, a, (missing), c
        static let values: [String?] = ["b", nil, "a", "B", "a", nil, "c"]

        @Test(arguments: textKeys)
        func ascending(key: SortKey) {
            // a, a (tie: input order 3, 5), then B before b by exact code point, c, then the missing in input order.
            #expect(sorted(key, Self.values, descending: false) == ["3", "5", "4", "1", "7", "2", "6"])
        }

        @Test(arguments: textKeys)
        func descending(key: SortKey) {
            // Ties still in input order (3 before 5); missing still last, in input order.
            #expect(sorted(key, Self.values, descending: true) == ["7", "1", "4", "3", "5", "2", "6"])
        }

        @Test(arguments: textKeys)
        func caseAndDiacriticsFoldedBeforeExact(key: SortKey) {
            let values: [String?] = ["Zoe", "émile", "abc", "Émile", "emile", "Ábc"]
            // folded: zoe, emile, abc, emile, emile, abc → abc (Ábc? exact: "a" < "Á"), then emile group by exact code point.
            #expect(sorted(key, values, descending: false) == ["3", "6", "5", "4", "2", "1"])
            #expect(sorted(key, values, descending: true) == ["1", "2", "4", "5", "6", "3"])
        }

        @Test func codePointOrderNotLocale() {
            // No locale collation: "_" (U+005F) sorts before letters, digits before both, CJK after Latin.
            let values: [String?] = ["张伟", "alice", "_bob", "2pac", "Zed"]
            #expect(sorted(.name, values, descending: false) == ["4", "3", "2", "5", "1"])
        }

        @Test func prefixSortsFirst() {
            #expect(sorted(.name, ["Anna", "Ann", "Annabel"], descending: false) == ["2", "1", "3"])
        }

        @Test(arguments: textKeys)
        func allMissingKeepsInputOrder(key: SortKey) {
            let values: [String?] = [nil, nil, nil]
            #expect(sorted(key, values, descending: false) == ["1", "2", "3"])
            #expect(sorted(key, values, descending: true) == ["1", "2", "3"])
        }

        @Test(arguments: [false, true])
        func equalValuesKeepInputOrderInBothDirections(descending: Bool) {
            let values: [String?] = Array(repeating: "Same", count: 6)
            #expect(sorted(.name, values, descending: descending) == ["1", "2", "3", "4", "5", "6"])
        }

        @Test func cityMissingWhenAddressIsMissing() {
            let users = [
                User(id: "1", address: Address(city: "Paris")),
                User(id: "2"),
                User(id: "3", address: Address(street: "No city")),
                User(id: "4", address: Address(city: "Berlin")),
            ]
            let asc = ViewModelTests.ids(users, query: UserListQuery(sort: UserSortOrder(key: .city)))
            let desc = ViewModelTests.ids(users, query: UserListQuery(sort: UserSortOrder(key: .city, descending: true)))
            #expect(asc == ["4", "1", "2", "3"])
            #expect(desc == ["1", "4", "2", "3"])
        }

        @Test func idNumericThenText() {
            let ids = ["10", "2", "-5", "3", "abc", "007", "7", "B", "a10", "99999999999999999999", "-12", "0"]
            let users = ids.map { User(id: $0) }
            let asc = ViewModelTests.ids(users, query: UserListQuery(sort: UserSortOrder(key: .id)))
            #expect(asc == ["-12", "-5", "0", "2", "3", "007", "7", "10", "99999999999999999999", "B", "a10", "abc"])
        }

        @Test func idDescendingReversesButKeepsTies() {
            let ids = ["10", "2", "-5", "abc", "007", "7", "B"]
            let users = ids.map { User(id: $0) }
            let desc = ViewModelTests.ids(users, query: UserListQuery(sort: UserSortOrder(key: .id, descending: true)))
            // 007 and 7 are numerically equal: input order in both directions.
            #expect(desc == ["abc", "B", "10", "007", "7", "2", "-5"])
        }

        @Test(arguments: [
            ("2", "10"),
            ("-5", "3"),
            ("-10", "-9"),
            ("9", "18446744073709551616"),
            ("123456789012345678901234567890", "123456789012345678901234567891"),
            ("-123456789012345678901234567891", "-123456789012345678901234567890"),
            ("99", "1a"),
            ("-1", "-"),
            ("5", "+6"),
            ("3", " 4"),
        ])
        func idOrder(smaller: String, larger: String) {
            let users = [User(id: larger), User(id: smaller)]
            #expect(ViewModelTests.ids(users, query: UserListQuery(sort: UserSortOrder(key: .id))) == [smaller, larger])
            #expect(ViewModelTests.ids(users, query: UserListQuery(sort: UserSortOrder(key: .id, descending: true))) == [larger, smaller])
        }

        @Test(arguments: [("007", "7"), ("-0", "0"), ("-007", "-7"), ("000", "0")])
        func numericallyEqualIdsAreTies(first: String, second: String) {
            for descending in [false, true] {
                let order = UserListQuery(sort: UserSortOrder(key: .id, descending: descending))
                #expect(ViewModelTests.ids([User(id: first), User(id: second)], query: order) == [first, second])
                #expect(ViewModelTests.ids([User(id: second), User(id: first)], query: order) == [second, first])
            }
        }

        @Test func sortValueDirectly() {
            #expect(SortValue("2", key: .id) < SortValue("10", key: .id))
            #expect(SortValue("007", key: .id) == SortValue("7", key: .id))
            #expect(SortValue("10", key: .name) < SortValue("2", key: .name))
            #expect(SortValue("José", key: .name) < SortValue("Josf", key: .name))
            #expect(SortValue("Jose", key: .name) < SortValue("José", key: .name))
            #expect(!(SortValue("a", key: .name) < SortValue("a", key: .name)))
        }
    }
}

import Foundation
import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension ViewModelTests {
    /// ``PageCollector`` against a reference that sorts everything: same page for every key, direction and page.
    @Suite struct PageCollectorTests {
        static let names: [String?] = ["Ann", "ann", "Anna", "José", "Jose", "jose", "Émile", "emile", "Zoë", "zoe", "张伟", "张", "Bob", "_x", "2pac", nil, nil]
        static let cities: [String?] = ["Paris", "paris", "Zürich", "Zurich", "Berlin", "北京", nil, nil, nil]
        static let companies: [String?] = ["ACME", "Acme", "Ácme", "Initech", "initech", nil]

        /// 1,000 users with many equal and missing keys, in a fixed random order.
        static let users: [User] = {
            var rng = SeededGenerator(state: 0x5EED_0000_0000_1234)
            var used = Set<String>()
            var users: [User] = []
            while users.count < 1000 {
                var id: String
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6: id = String(Int.random(in: -300...3000, using: &rng))
                case 6: id = "00" + String(Int.random(in: 0...99, using: &rng))
                default: id = ["u", "U", "x", "ab", "é"].randomElement(using: &rng)! + String(Int.random(in: 0...500, using: &rng))
                }
                guard used.insert(id).inserted else { continue }
                let name = names.randomElement(using: &rng)!
                users.append(User(
                    id: id, name: name,
                    username: name.map { $0.lowercased() + String(Int.random(in: 0...3, using: &rng)) },
                    email: Bool.random(using: &rng) ? nil : "\(["a", "B", "ç"].randomElement(using: &rng)!)\(Int.random(in: 0...20, using: &rng))@x.org",
                    address: Bool.random(using: &rng) ? nil : Address(city: cities.randomElement(using: &rng)!),
                    company: companies.randomElement(using: &rng)!.map { Company(name: $0) }))
            }
            return users
        }()

        // MARK: The reference: an independent implementation of the contract's order.

        private static func fold(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }

        private static func codePointsLess(_ a: String, _ b: String) -> Bool {
            a.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
        }

        /// -1, 0, 1 comparing two present values in ascending order.
        private static func compare(_ a: String, _ b: String, key: SortKey) -> Int {
            if key == .id {
                let ai = a.allSatisfy(\.isASCII) && a.range(of: "^-?[0-9]+$", options: .regularExpression) != nil ? Int(a) : nil
                let bi = b.allSatisfy(\.isASCII) && b.range(of: "^-?[0-9]+$", options: .regularExpression) != nil ? Int(b) : nil
                switch (ai, bi) {
                case let (x?, y?): return x == y ? 0 : (x < y ? -1 : 1)
                case (_?, nil): return -1
                case (nil, _?): return 1
                case (nil, nil): return a == b ? 0 : (codePointsLess(a, b) ? -1 : 1)
                }
            }
            let fa = fold(a), fb = fold(b)
            if fa != fb { return codePointsLess(fa, fb) ? -1 : 1 }
            if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return 0 }
            return codePointsLess(a, b) ? -1 : 1
        }

        /// Natural order, written independently of the key: runs of digits compare by value
        /// (then shorter-with-leading-zeros first, as the exact text decides), the rest folded.
        private static func naturalCompare(_ a: String, _ b: String, folding: Bool) -> Int {
            func chunks(_ s: String) -> [(isNumber: Bool, text: String)] {
                var out: [(Bool, String)] = []
                for ch in s {
                    let digit = ch.isASCII && ch.isNumber
                    if let last = out.last, last.0 == digit, digit { out[out.count - 1].1.append(ch) } else { out.append((digit, String(ch))) }
                }
                return out
            }
            let ca = chunks(folding ? fold(a) : a), cb = chunks(folding ? fold(b) : b)
            for (x, y) in zip(ca, cb) {
                switch (x.isNumber, y.isNumber) {
                case (true, true):
                    let dx = String(x.text.drop { $0 == "0" }), dy = String(y.text.drop { $0 == "0" })
                    if dx.count != dy.count { return dx.count < dy.count ? -1 : 1 }
                    if dx != dy { return dx < dy ? -1 : 1 }
                case (true, false): return codePointsLess("0", y.text) ? -1 : 1
                case (false, true): return codePointsLess(x.text, "0") ? -1 : 1
                case (false, false):
                    if !x.text.unicodeScalars.elementsEqual(y.text.unicodeScalars) { return codePointsLess(x.text, y.text) ? -1 : 1 }
                }
            }
            if ca.count != cb.count { return ca.count < cb.count ? -1 : 1 }
            if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return 0 }
            return codePointsLess(a, b) ? -1 : 1
        }

        static func reference(_ users: [User], _ order: UserSortOrder?) -> [User] {
            guard let order else { return users }
            let indexed = Array(users.enumerated())
            return indexed.sorted { l, r in
                for term in order.terms {
                    let lv = l.element.text(of: term.field), rv = r.element.text(of: term.field)
                    switch (lv, rv) {
                    case (nil, nil): continue
                    case (nil, _): return false
                    case (_, nil): return true
                    case let (a?, b?):
                        var c = term.natural ? naturalCompare(a, b, folding: term.field != .id) : compare(a, b, key: term.field == .id ? .id : .name)
                        if term.descending { c = -c }
                        if c != 0 { return c < 0 }
                    }
                }
                return l.offset < r.offset
            }.map(\.element)
        }

        static let orders: [UserSortOrder?] = [nil] + SortKey.allCases.flatMap { [UserSortOrder(key: $0), UserSortOrder(key: $0, descending: true)] }
            + ["city,name:desc,id", "company.name:desc,address.city,id:desc", "name:natural,id", "id:natural:desc", "username:natural", "email:desc,city:desc"].map { UserSortOrder(argument: $0)! }

        static let pages: [(Int?, Int)] = [(nil, 20), (1, 10), (3, 7), (2, 1), (50, 20), (51, 20), (1, 1000), (2, 999), (1, 5000), (143, 7)]

        private func collect(_ order: UserSortOrder?, page: Int?, pageSize: Int) -> (users: [User], matched: Int) {
            var collector = PageCollector(sort: order, page: page, pageSize: pageSize)
            for user in Self.users { collector.add(user) }
            return (collector.pageUsers(), collector.matched)
        }

        @Test func fixtureHasTiesAndMissingKeys() {
            #expect(Self.users.count == 1000)
            #expect(Set(Self.users.map(\.id)).count == 1000)
            #expect(Self.users.filter { $0.name == nil }.count > 50)
            #expect(Self.users.filter { $0.name == "Ann" }.count > 20)
            #expect(Self.users.filter { $0.address?.city == nil }.count > 100)
        }

        @Test(arguments: orders)
        func samePagesAsSortingEverything(order: UserSortOrder?) {
            let full = Self.reference(Self.users, order)
            for (page, pageSize) in Self.pages {
                let (users, matched) = collect(order, page: page, pageSize: pageSize)
                #expect(matched == 1000)
                let expected: [User]
                if let page {
                    let start = min((page - 1) * pageSize, full.count)
                    expected = Array(full[start..<min(start + pageSize, full.count)])
                } else {
                    expected = full
                }
                #expect(users.map(\.id) == expected.map(\.id), "page \(page.map(String.init) ?? "all") of \(pageSize), \(order?.description ?? "input order")")
            }
        }

        /// Collectors over random parts of the input (interleaved, some empty, merged in any
        /// order) merge into the single collector's page and count: the state issue 12's Spark
        /// partitions combine.
        @Test(arguments: orders)
        func partsMergeIntoTheSingleRun(order: UserSortOrder?) throws {
            var generator = SeededGenerator(state: 12)
            for (page, pageSize) in Self.pages where page != nil {
                let single = collect(order, page: page, pageSize: pageSize)
                for partCount in [1, 2, 5, 16] {
                    var parts = (0..<partCount).map { _ in PageCollector(sort: order, page: page, pageSize: pageSize, partial: true) }
                    for (position, user) in Self.users.enumerated() {
                        let part = Int.random(in: 0..<partCount, using: &generator)
                        try parts[part].add(.user(user), sortValue: order.flatMap { $0.sortValue(of: user) }, position: position)
                    }
                    parts.shuffle(using: &generator)
                    var merged = parts.removeFirst()
                    for part in parts { merged.merge(part) }
                    #expect(merged.matched == single.matched)
                    #expect(merged.pageUsers().map(\.id) == single.users.map(\.id), "page \(page!) of \(pageSize), \(partCount) parts, \(order?.description ?? "input order")")
                }
            }
        }

        @Test(arguments: orders.compactMap { $0 })
        func referenceAgreesWithSortEntrySorted(order: UserSortOrder) {
            let entries = Self.users.enumerated().map { index, user in
                SortEntry(value: order.sortValue(of: user), descending: order.descending, sequence: index)
            }
            let sortedIDs = entries.sorted().map { Self.users[$0.sequence].id }
            #expect(sortedIDs == Self.reference(Self.users, order).map(\.id))
        }

        @Test func limitIsTheEndOfThePage() {
            let sorted = PageCollector(sort: UserSortOrder(key: .name), page: 3, pageSize: 7)
            #expect(sorted.limit == 21)
            #expect(sorted.skip == 14)
            let all = PageCollector(sort: UserSortOrder(key: .name), page: nil, pageSize: 20)
            #expect(all.limit == nil)
            #expect(all.skip == 0)
            let overflow = PageCollector(sort: nil, page: .max, pageSize: 2)
            #expect(overflow.limit == nil)
        }

        @Test func emptyCollector() {
            let collector = PageCollector(sort: UserSortOrder(key: .city), page: 1, pageSize: 5)
            #expect(collector.matched == 0)
            #expect(collector.pageUsers().isEmpty)
        }
    }
}

import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListRendering
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

extension ViewModelTests {
    /// A full sort past its memory budget spills sorted runs to temporary files and merges them:
    /// the same bytes as sorting in memory, for every key and direction.
    @Suite struct SpilledSortTests {
        private static let encoder = NDJSONCellRenderer()

        /// Every fixture user's row, collected with `budget`; the output and whether it spilled.
        private func collect(_ order: UserSortOrder, budget: Int) throws -> (text: String, spilled: Bool) {
            var collector = PageCollector(sort: order, page: nil, pageSize: 20, sortBudget: budget)
            let users = PageCollectorTests.users
            let rows = Self.encoder.encode(users.map(UserRow.init(user:)))
            for (user, row) in zip(users, rows) {
                try collector.add(.row(row), sortValue: order.sortValue(of: user))
            }
            try collector.finish()
            var page = UserListPage(totalItems: collector.matched, page: 1, pageSize: collector.matched, totalPages: 1, hasMore: false, items: [])
            page.rows = collector.page().map { if case .row(let row) = $0 { row } else { preconditionFailure() } }
            page.spilledRows = collector.spilled
            let output = OutputWriter()
            try Self.encoder.render(.loaded(page), to: output)
            return (output.text, collector.spilled != nil)
        }

        @Test(arguments: PageCollectorTests.orders.compactMap { $0 })
        func spilledRunsMergeToTheInMemoryOrder(order: UserSortOrder) throws {
            let inMemory = try collect(order, budget: .max)
            #expect(!inMemory.spilled)
            let expected = PageCollectorTests.reference(PageCollectorTests.users, order).map { UserCellViewModel(user: $0).id }
            #expect(inMemory.text.split(separator: "\n").count == expected.count)
            for budget in [1, 2_000, 30_000] {
                let spilled = try collect(order, budget: budget)
                #expect(spilled.spilled)
                #expect(spilled.text == inMemory.text, "budget \(budget)")
            }
        }
    }
}

extension ViewModelTests.SpilledSortTests {
    /// Big key arrays are sorted in parts on several threads and merged: the same order.
    @Test(arguments: ViewModelTests.PageCollectorTests.orders.compactMap { $0 })
    func partsSortedInParallelMergeToTheSameOrder(order: UserSortOrder) {
        var arena = SortKeyArena(descending: order.descending)
        // The fixture three times over: many ties across the parts.
        for (sequence, user) in (ViewModelTests.PageCollectorTests.users + ViewModelTests.PageCollectorTests.users + ViewModelTests.PageCollectorTests.users).enumerated() {
            arena.append(order.sortValue(of: user), sequence: sequence)
        }
        #expect(arena.sortedSequences(parallelAbove: 0) == arena.sortedSequences(parallelAbove: .max))
    }
}

import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension ViewModelTests {
    /// Seed 000's tests, in Swift Testing: loading, failure, refresh, as one ``ListState``.
    @Suite struct UserListViewModelTests {
        @Test func idleBeforeLoad() {
            let mockService = MockUserService(mockUsers: [Fixtures.alice])
            let viewModel = UserListViewModel(service: mockService)
            #expect(viewModel.state == .idle)
            #expect(viewModel.state.name == "idle")
            #expect(viewModel.state.page == nil)
            #expect(mockService.loadCount == 0)
        }

        @Test func loadUsersSuccess() throws {
            // Given
            let mockService = MockUserService()
            mockService.mockUsers = [Fixtures.alice, Fixtures.bob, Fixtures.charlie]
            let viewModel = UserListViewModel(service: mockService)

            // When
            viewModel.load()

            // Then
            guard case .loaded(let page) = viewModel.state else {
                Issue.record("expected .loaded, got \(viewModel.state)")
                return
            }
            #expect(viewModel.state.name == "loaded")
            #expect(page.items.count == 3)
            #expect(page.items[0].title == "Alice")
            #expect(page.items.map(\.id) == ["u1", "u2", "u3"])
            #expect(page.items[0].caption == "iOS Developer")
            #expect(mockService.loadCount == 1)
        }

        @Test func loadUsersFailure() {
            // Given
            let mockService = MockUserService()
            mockService.shouldFail = true
            let viewModel = UserListViewModel(service: mockService)

            // When
            viewModel.load()

            // Then
            #expect(viewModel.state == .error(mockService.error))
            #expect(viewModel.state.name == "error")
            #expect(viewModel.state.page == nil)
        }

        @Test func failureKeepsTheErrorKind() {
            let mockService = MockUserService(shouldFail: true)
            mockService.error = UserlistError(.noInput, Diagnostic(.unreadableInput, input: "missing.json", "No such file or directory"))
            let viewModel = UserListViewModel(service: mockService)
            viewModel.load()
            guard case .error(let error) = viewModel.state else {
                Issue.record("expected .error")
                return
            }
            #expect(error.exitCode == 66)
            #expect(error.message == "missing.json: No such file or directory")
        }

        @Test func theFilterSummaryIsWarnedAtTheEnd() {
            let filter = MockUserFilter(summary: "a note") { _ in true }
            let (_, warnings) = ViewModelTests.load([Fixtures.alice, Fixtures.bob], filter: filter)
            #expect(warnings.messages == ["a note"])
        }

        @Test func emptyWhenNothingLoaded() {
            let viewModel = UserListViewModel(service: MockUserService())
            viewModel.load()
            #expect(viewModel.state == .empty(UserListPage(totalItems: 0, page: 1, pageSize: 0, totalPages: 0, hasMore: false, items: [])))
            #expect(viewModel.state.name == "empty")
        }

        @Test func emptyWhenNothingMatchesTheSearch() {
            let (viewModel, _) = ViewModelTests.load([Fixtures.alice, Fixtures.bob], query: UserListQuery(search: "zzz"))
            guard case .empty(let page) = viewModel.state else {
                Issue.record("expected .empty, got \(viewModel.state)")
                return
            }
            #expect(page.totalItems == 0)
            #expect(page.items.isEmpty)
        }

        @Test func reloadFollowsTheService() {
            // Seed 000's refresh: loading again shows what the service has now.
            let mockService = MockUserService(mockUsers: [Fixtures.alice])
            let viewModel = UserListViewModel(service: mockService)
            viewModel.load()
            #expect(viewModel.state.page?.items.map(\.id) == ["u1"])

            mockService.shouldFail = true
            viewModel.load()
            #expect(viewModel.state.name == "error")

            mockService.shouldFail = false
            mockService.mockUsers = [Fixtures.alice, Fixtures.bob]
            viewModel.load()
            #expect(viewModel.state.page?.items.map(\.id) == ["u1", "u2"])
            #expect(mockService.loadCount == 3)
        }

        @Test func withoutSortInputOrderIsKept() {
            let users = ["9", "1", "5", "3"].map { User(id: $0) }
            #expect(ViewModelTests.ids(users) == ["9", "1", "5", "3"])
        }

        @Test func cellsAreBuiltFromTheUsers() throws {
            let page = try #require(ViewModelTests.page([Fixtures.leanne]))
            #expect(page.items == [UserCellViewModel(
                id: "1", title: "Leanne Graham", subtitle: "Sincere@april.biz", caption: "Romaguera-Crona",
                avatarURL: nil, initials: "LG")])
        }

        @Test func searchSortAndPageTogether() throws {
            let users = Fixtures.named(["Anna", "Bob", "Hannah", "Dan", "Joan", "Ann", "Zed", "Brian"])
            let query = UserListQuery(search: "an", sort: UserSortOrder(key: .name, descending: true), page: 2, pageSize: 2)
            let page = try #require(ViewModelTests.page(users, query: query))
            // Matches: Anna, Hannah, Dan, Joan, Ann, Brian → desc: Joan, Hannah, Dan, Brian, Anna, Ann.
            #expect(page.items.map(\.title) == ["Dan", "Brian"])
            #expect(page.totalItems == 6)
            #expect(page.totalPages == 3)
            #expect(page.hasMore)
        }
    }

    /// Pagination: the contract's counts, on and past the last page, and without `--page`.
    @Suite struct PaginationTests {
        let users = Fixtures.numbered(5)

        @Test func middlePage() throws {
            let page = try #require(ViewModelTests.page(users, query: UserListQuery(page: 2, pageSize: 2)))
            var expected = UserListPage(
                totalItems: 5, page: 2, pageSize: 2, totalPages: 3, hasMore: true,
                items: [users[2], users[3]].map(UserCellViewModel.init(user:)))
            expected.users = [users[2], users[3]]
            #expect(page == expected)
        }

        @Test func firstPage() {
            #expect(ViewModelTests.ids(users, query: UserListQuery(page: 1, pageSize: 2)) == ["1", "2"])
        }

        @Test func lastPageHasNoMore() throws {
            let page = try #require(ViewModelTests.page(users, query: UserListQuery(page: 3, pageSize: 2)))
            #expect(page.items.map(\.id) == ["5"])
            #expect(page.totalPages == 3)
            #expect(!page.hasMore)
        }

        @Test func exactlyFullLastPage() throws {
            let page = try #require(ViewModelTests.page(Fixtures.numbered(6), query: UserListQuery(page: 3, pageSize: 2)))
            #expect(page.items.map(\.id) == ["5", "6"])
            #expect(page.totalPages == 3)
            #expect(!page.hasMore)
        }

        @Test(arguments: [4, 10, 1000])
        func pastTheEndIsLoadedAndEmpty(pageNumber: Int) {
            let (viewModel, _) = ViewModelTests.load(users, query: UserListQuery(page: pageNumber, pageSize: 2))
            #expect(viewModel.state == .loaded(UserListPage(
                totalItems: 5, page: pageNumber, pageSize: 2, totalPages: 3, hasMore: false, items: [])))
        }

        @Test func withoutPageEverythingIsOnePage() throws {
            let page = try #require(ViewModelTests.page(users))
            #expect(page.page == 1)
            #expect(page.pageSize == 5)
            #expect(page.totalItems == 5)
            #expect(page.totalPages == 1)
            #expect(!page.hasMore)
            #expect(page.items.count == 5)
        }

        @Test func pageSizeWithoutPageIsIgnored() throws {
            // The CLI turns --page-size alone into page 1; the query itself shows everything.
            let page = try #require(ViewModelTests.page(users, query: UserListQuery(pageSize: 2)))
            #expect(page.items.count == 5)
            #expect(page.pageSize == 5)
            #expect(page.totalPages == 1)
            #expect(!page.hasMore)
        }

        @Test func withoutPageMoreThanTheDefaultPageSize() throws {
            let page = try #require(ViewModelTests.page(Fixtures.numbered(45)))
            #expect(page.items.count == 45)
            #expect(page.pageSize == 45)
            #expect(page.totalPages == 1)
        }

        @Test func emptyWithPage() {
            let (viewModel, _) = ViewModelTests.load([], query: UserListQuery(page: 1, pageSize: 20))
            #expect(viewModel.state == .empty(UserListPage(totalItems: 0, page: 1, pageSize: 20, totalPages: 0, hasMore: false, items: [])))
        }

        @Test func emptyPastTheEnd() {
            let (viewModel, _) = ViewModelTests.load([], query: UserListQuery(page: 3, pageSize: 20))
            #expect(viewModel.state.name == "empty")
            #expect(viewModel.state.page?.hasMore == false)
        }

        @Test func defaultPageSizeIsTwenty() throws {
            #expect(UserListQuery.defaultPageSize == 20)
            let page = try #require(ViewModelTests.page(Fixtures.numbered(45), query: UserListQuery(page: 3)))
            #expect(page.pageSize == 20)
            #expect(page.items.map(\.id) == (41...45).map(String.init))
            #expect(page.totalPages == 3)
        }

        @Test func pageSizeOne() throws {
            let page = try #require(ViewModelTests.page(users, query: UserListQuery(page: 5, pageSize: 1)))
            #expect(page.items.map(\.id) == ["5"])
            #expect(page.totalPages == 5)
            #expect(!page.hasMore)
        }

        @Test func hugePageNumberDoesNotOverflow() throws {
            let sorted = UserListQuery(sort: UserSortOrder(key: .name), page: .max, pageSize: 20)
            let unsorted = UserListQuery(page: .max, pageSize: 20)
            for query in [sorted, unsorted] {
                let page = try #require(ViewModelTests.page(users, query: query))
                #expect(page.items.isEmpty)
                #expect(page.totalPages == 1)
                #expect(!page.hasMore)
            }
        }

        @Test func hugePageSizeIsOnePage() async {
            // `--page-size 9223372036854775807` with two or more users once overflowed `total + pageSize - 1`
            // and trapped. Run in a child process so a trap would be observed as a failure, not a crash.
            await #expect(processExitsWith: .success) {
                let viewModel = UserListViewModel(
                    service: MockUserService(mockUsers: Fixtures.numbered(2)), query: UserListQuery(page: 1, pageSize: .max))
                viewModel.load()
                guard viewModel.state.page?.totalPages == 1, viewModel.state.page?.items.count == 2 else {
                    fatalError("wrong page: \(viewModel.state)")
                }
            }
        }
    }

    /// The filter seam `--where` plugs into, with ``MockUserFilter``.
    @Suite struct FilterSeamTests {
        let users = Fixtures.named(["Ann", "Bob", "Cy", "Di"])

        @Test func falseDropsTheUser() {
            let filter = MockUserFilter { $0.name != "Bob" }
            let (viewModel, warnings) = ViewModelTests.load(users, filter: filter)
            #expect(viewModel.state.page?.items.map(\.title) == ["Ann", "Cy", "Di"])
            #expect(viewModel.state.page?.totalItems == 3)
            #expect(warnings.messages.isEmpty)
        }

        @Test func allFalseIsEmpty() {
            let (viewModel, _) = ViewModelTests.load(users, filter: MockUserFilter { _ in false })
            #expect(viewModel.state.name == "empty")
        }

        @Test func filterRunsBeforeSearch() {
            // The contract's order: --where, then --search; the filter sees every user.
            let filter = MockUserFilter { _ in true }
            let (viewModel, _) = ViewModelTests.load(users, query: UserListQuery(search: "cy"), filter: filter)
            #expect(filter.seen == ["1", "2", "3", "4"])
            #expect(viewModel.state.page?.items.map(\.title) == ["Cy"])
        }

        @Test func aFilterErrorStopsTheRunAtTheFirstUserInInputOrder() {
            // As jq stops on an error: a nightly job must not report fewer users and succeed.
            for strict in [false, true] {
                let filter = MockUserFilter { (user) throws(JQError) in
                    if user.name == "Bob" || user.name == "Di" { throw JQError(message: "boom on \(user.name!)") }
                    return true
                }
                let (viewModel, warnings) = ViewModelTests.load(users, filter: filter, strict: strict)
                guard case .error(let error) = viewModel.state else {
                    Issue.record("expected .error, got \(viewModel.state)")
                    continue
                }
                #expect(error.kind == .data)
                #expect(error.message == "--where: boom on Bob (user 2); to go on past such users, tolerate the error in the expression: '(EXPR)?', 'try EXPR', or a default for missing values such as '(.field // \"\")'")
                #expect(warnings.messages.isEmpty)
            }
        }

        @Test func strictWithoutFailuresLoads() {
            let (viewModel, _) = ViewModelTests.load(users, filter: MockUserFilter { _ in true }, strict: true)
            #expect(viewModel.state.page?.totalItems == 4)
        }

        @Test func summaryIsWarnedAfterTheRun() {
            let filter = MockUserFilter(summary: "--where gave a string, not true or false, for 1 user") { _ in true }
            let (_, warnings) = ViewModelTests.load(users, filter: filter)
            #expect(warnings.messages == ["--where gave a string, not true or false, for 1 user"])
        }

        @Test func filteredCountDrivesPaging() throws {
            let filter = MockUserFilter { Int($0.id)! % 2 == 0 }
            let page = try #require(ViewModelTests.load(Fixtures.numbered(10), query: UserListQuery(page: 2, pageSize: 2), filter: filter).viewModel.state.page)
            #expect(page.items.map(\.id) == ["6", "8"])
            #expect(page.totalItems == 5)
            #expect(page.totalPages == 3)
        }
    }

    /// ``ListState``'s contract names and page accessor.
    @Suite struct ListStateTests {
        @Test func names() {
            let page = UserListPage(totalItems: 0, page: 1, pageSize: 0, totalPages: 0, hasMore: false, items: [])
            #expect(ListState.idle.name == "idle")
            #expect(ListState.loading.name == "loading")
            #expect(ListState.loaded(page).name == "loaded")
            #expect(ListState.empty(page).name == "empty")
            #expect(ListState.error(UserlistError(.data, Diagnostic(.syntax, "x"))).name == "error")
            #expect(ListState.loaded(page).page == page)
            #expect(ListState.empty(page).page == page)
            #expect(ListState.loading.page == nil)
        }
    }
}

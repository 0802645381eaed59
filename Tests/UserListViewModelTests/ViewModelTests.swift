import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

/// The parent suite of the ViewModel tests, so `swift test --filter ViewModelTests` selects them all.
@Suite enum ViewModelTests {}

extension ViewModelTests {
    /// Loads `users` through a ``UserListViewModel`` over a ``MockUserService``.
    static func load(
        _ users: [User], query: UserListQuery = UserListQuery(), filter: (any UserFilter)? = nil, strict: Bool = false
    ) -> (viewModel: UserListViewModel, warnings: CollectedWarnings) {
        let warnings = CollectedWarnings()
        let viewModel = UserListViewModel(
            service: MockUserService(mockUsers: users), query: query, filter: filter, warnings: warnings, strict: strict)
        viewModel.load()
        return (viewModel, warnings)
    }

    /// The page of a loaded or empty state.
    static func page(
        _ users: [User], query: UserListQuery = UserListQuery(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> UserListPage? {
        let state = load(users, query: query).viewModel.state
        guard let page = state.page else {
            Issue.record("expected a page, the state is \(state.name)", sourceLocation: sourceLocation)
            return nil
        }
        return page
    }

    /// The ids shown, in order.
    static func ids(_ users: [User], query: UserListQuery = UserListQuery()) -> [String] {
        page(users, query: query)?.items.map(\.id) ?? []
    }
}

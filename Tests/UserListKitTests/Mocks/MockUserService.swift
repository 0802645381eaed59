@_spi(Pipeline) @testable import UserListKit
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListRendering
@testable import UserListService
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

/// Seed 000's MockUserService: fixed users, or an error when `shouldFail`.
final class MockUserService: UserServiceProtocol {
    var shouldFail = false
    var mockUsers: [User] = []
    var error = UserlistError(.data, Diagnostic(.syntax, at: SourceLocation(input: "users.json", line: 3, column: 17), "expected ',' or '}' after an object member"))
    /// Thrown instead of `error` when set: an error that is not a ``UserlistError``.
    var otherError: (any Error)?
    /// How many times `loadUsers` was called.
    private(set) var loadCount = 0

    init(mockUsers: [User] = [], shouldFail: Bool = false) {
        self.mockUsers = mockUsers
        self.shouldFail = shouldFail
    }

    @discardableResult
    func loadUsers(_ consume: (User) throws -> Void) throws -> LoadReport {
        loadCount += 1
        if shouldFail { throw otherError ?? error }
        for user in mockUsers { try consume(user) }
        return LoadReport(recordsRead: mockUsers.count, usersLoaded: mockUsers.count)
    }
}

import UserListDomain
import UserListService

/// Seed 000's MockUserService: fixed users, or an error when `shouldFail`.
public final class MockUserService: UserServiceProtocol {
    public var shouldFail = false
    public var mockUsers: [User] = []
    public var error = UserlistError(.data, Diagnostic(.syntax, at: SourceLocation(input: "users.json", line: 3, column: 17), "expected ',' or '}' after an object member"))
    /// How many times `loadUsers` was called.
    public private(set) var loadCount = 0

    public init(mockUsers: [User] = [], shouldFail: Bool = false) {
        self.mockUsers = mockUsers
        self.shouldFail = shouldFail
    }

    @discardableResult
    public func loadUsers(_ consume: (User) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        loadCount += 1
        if shouldFail { throw error }
        for user in mockUsers { try consume(user) }
        return LoadReport(recordsRead: mockUsers.count, usersLoaded: mockUsers.count)
    }
}

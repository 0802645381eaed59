@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

/// A ``UserFilter`` driven by a closure, which may throw; remembers which users it saw.
final class MockUserFilter: UserFilter, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private let predicate: (User) throws -> Bool
    private let note: String?
    private(set) var seen: [String] = []

    init(summary: String? = nil, _ predicate: @escaping (User) throws -> Bool) {
        self.predicate = predicate
        self.note = summary
    }

    func includes(_ user: User) throws -> Bool {
        seen.append(user.id)
        return try predicate(user)
    }

    func summary() -> String? { note }
}

@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

/// A ``UserFilter`` driven by a closure, which may throw jq's error; remembers which users it saw.
final class MockUserFilter: UserFilter, @unchecked Sendable {
    private let predicate: (User) throws(JQError) -> Bool
    private let note: String?
    private(set) var seen: [String] = []

    init(summary: String? = nil, _ predicate: @escaping (User) throws(JQError) -> Bool) {
        self.predicate = predicate
        self.note = summary
    }

    func includes(_ user: User) throws(JQError) -> Bool {
        seen.append(user.id)
        return try predicate(user)
    }

    func summary() -> String? { note }
}

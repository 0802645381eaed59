@_spi(Pipeline) import UserListDomain
import UserListJQ
/// A predicate on users beyond search: the seam `--where` plugs a jq expression into.
///
/// Throwing means the predicate failed for this user (a jq runtime error, ``JQError``): the ViewModel drops
/// the user and reports the failures once, or stops the run in strict mode. The ViewModel calls
/// ``verdicts(for:)`` on the reading threads, several batches at once, so a filter is `Sendable`.
public protocol UserFilter: Sendable {
    func includes(_ user: User) throws(JQError) -> Bool

    /// A note for after the run (e.g. how often the filter saw something odd), or nil.
    func summary() -> String?

    /// ``includes(_:)`` for each of `users`, in order; an implementation may work in parallel.
    func verdicts(for users: [User]) -> [FilterVerdict]
}

extension UserFilter {
    public func summary() -> String? { nil }

    public func verdicts(for users: [User]) -> [FilterVerdict] {
        users.map { user in
            do throws(JQError) { return try includes(user) ? .included : .excluded } catch { return .failed(error.message) }
        }
    }
}

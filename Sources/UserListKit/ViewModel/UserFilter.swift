/// A predicate on users beyond search: the seam `--where` plugs a jq expression into.
///
/// Throwing means the predicate failed for this user (a jq runtime error): the ViewModel drops
/// the user and reports the failures once, or stops the run in strict mode.
public protocol UserFilter {
    func includes(_ user: User) throws -> Bool

    /// A note for after the run (e.g. how often the filter saw something odd), or nil.
    func summary() -> String?
}

extension UserFilter {
    public func summary() -> String? { nil }
}

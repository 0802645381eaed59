/// What the ViewModel needs from the Service: the usable users, in input order.
///
/// As in seed 000 the ViewModel depends on this protocol, not on ``UserService``, so tests inject
/// a mock and an app could inject a service over HTTP.
public protocol UserServiceProtocol {
    /// Calls `consume` with each usable user, normalised and deduplicated, in input order.
    ///
    /// Throws ``UserlistError`` when the input can't be read, or a record is unusable in strict mode.
    @discardableResult
    func loadUsers(_ consume: (User) throws -> Void) throws -> LoadReport
}

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

    /// The same users, handed over a batch at a time (as they were read), for consumers that
    /// work on many users at once.
    @discardableResult
    func loadUserBatches(_ consume: ([User]) throws -> Void) throws -> LoadReport
}

extension UserServiceProtocol {
    /// Groups ``loadUsers(_:)``'s users into batches of up to 4096.
    @discardableResult
    public func loadUserBatches(_ consume: ([User]) throws -> Void) throws -> LoadReport {
        var batch: [User] = []
        let report = try loadUsers { user in
            batch.append(user)
            if batch.count == 4096 {
                try consume(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try consume(batch) }
        return report
    }
}

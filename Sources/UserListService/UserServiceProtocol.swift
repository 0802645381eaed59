@_spi(Pipeline) import UserListDomain
/// What the ViewModel needs from the Service: the usable users, in input order.
///
/// As in seed 000 the ViewModel depends on this protocol, not on ``UserService``, so tests inject
/// a mock and an app could inject a service over HTTP.
public protocol UserServiceProtocol {
    /// Calls `consume` with each usable user, normalised and deduplicated, in input order.
    ///
    /// Throws ``UserlistError`` when the input can't be read, or a record is unusable in strict mode,
    /// or what `consume` threw, as it threw it.
    @discardableResult
    func loadUsers(_ consume: (User) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport

    /// The same users, handed over a batch at a time (as they were read), for consumers that
    /// work on many users at once.
    @discardableResult
    func loadUserBatches(_ consume: ([User]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport

    /// The same users, each with what `annotate` makes of it, worked out as soon as a batch is
    /// decoded (a service may do that on several threads at once). A user `annotate` gives nil
    /// for still counts and still hides its later duplicates, but is not handed on.
    @discardableResult
    func loadUserBatches(annotate: @escaping @Sendable ([User]) -> [UserAnnotation?], _ consume: ([AnnotatedUser]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport
}

/// What the ViewModel works out about a user as soon as it is decoded. A concrete type, not a
/// generic parameter: this crosses the `any UserServiceProtocol` seam once per record, where
/// unspecialised generic code cost more than the work itself.
public struct UserAnnotation: Sendable {
    public var matchesSearch: Bool
    package var sortValue: SortValue?
    /// The user's output row, already encoded, when the run prints rows as bytes.
    public var row: EncodedRow?
    /// What `--where` said (``FilterVerdict/included`` without one).
    public var filter: FilterVerdict

    package init(matchesSearch: Bool, sortValue: SortValue?, row: EncodedRow? = nil, filter: FilterVerdict = .included) {
        self.matchesSearch = matchesSearch
        self.sortValue = sortValue
        self.row = row
        self.filter = filter
    }
}

/// A usable user and what the ViewModel worked out about it on the reading threads.
public struct AnnotatedUser: Sendable {
    public var user: User
    public var annotation: UserAnnotation
    /// Where the user was read, kept only when its annotation is a `--where` failure to report,
    /// or when the user is still to be built.
    public var reference: RecordReference?
    /// Only the user's id is built: it was decided from its keys (``RecordKeys``), and
    /// ``materialized()`` builds the rest for a user the run keeps.
    package var isPending = false
    /// Not a user: this many matches that a full page can't keep, counted by the Service after
    /// dedupe (see `RecordJudgement.counted`). Only the ViewModel's collector reads it.
    package var unkeptMatches = 0

    public init(user: User, annotation: UserAnnotation) {
        self.user = user
        self.annotation = annotation
    }

    package init(user: User, annotation: UserAnnotation, reference: RecordReference?, isPending: Bool) {
        self.user = user
        self.annotation = annotation
        self.reference = reference
        self.isPending = isPending
    }
}

extension UserServiceProtocol {
    /// Groups ``loadUsers(_:)``'s users into batches of up to 4096.
    @discardableResult
    public func loadUserBatches(_ consume: ([User]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        var batch: [User] = []
        let report = try loadUsers { user throws(UserlistError) in
            batch.append(user)
            if batch.count == 4096 {
                try consume(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try consume(batch) }
        return report
    }

    @discardableResult
    public func loadUserBatches(annotate: @escaping @Sendable ([User]) -> [UserAnnotation?], _ consume: ([AnnotatedUser]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        try loadUserBatches { users throws(UserlistError) in
            try consume(zip(users, annotate(users)).compactMap { user, annotation in annotation.map { AnnotatedUser(user: user, annotation: $0) } })
        }
    }
}

extension AnnotatedUser {
    /// The whole user: built again from the record's text when it is still to be built (the same
    /// bytes through the same mapping and rules, so the same user), as it is otherwise.
    package func materialized() throws(UserlistError) -> User {
        guard isPending else { return user }
        guard let reference, case .user(let user)? = reference.batch.materialize(record: reference.index).map(NormalizedRecord.init) else {
            // The record was read once already; reading it again can only fail if the input changed.
            throw UserlistError(.data, Diagnostic(.inputChanged, at: reference?.location, input: reference == nil ? "-" : nil, "the record could not be read again"))
        }
        return user
    }
}

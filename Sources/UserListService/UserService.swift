@_spi(Pipeline) import UserListDomain
/// The business rules between the Gateway and the ViewModel.
///
/// Normalises every user (``UserNormalizer``), rejects records that can't be users (no id, wrong
/// types: a warning naming the input and position, or an error with `strict`), and drops later
/// records whose id was seen before. Only the ids are remembered, so memory grows with the number
/// of distinct users, not with the input.
public final class UserService: UserServiceProtocol {
    private let source: any UserRecordSource
    private let strict: Bool
    private let warnings: any WarningReporter
    /// Skipped records warned about one by one; past this, only counted (a summary line follows).
    private let warningLimit: Int
    /// `--rejects` / `--max-rejects`: every skipped record, with its place and text.
    private let rejects: (any RejectReporter)?
    /// Counts the records read as batches arrive, when set (progress on a terminal).
    public var progress: ReadProgress?

    public init(source: any UserRecordSource, strict: Bool = false, warnings: any WarningReporter, warningLimit: Int = LoadMessages.warningLimit, rejects: (any RejectReporter)? = nil) {
        self.source = source
        self.strict = strict
        self.warnings = warnings
        self.warningLimit = warningLimit
        self.rejects = rejects
    }

    @discardableResult
    public func loadUsers(_ consume: (User) throws -> Void) throws -> LoadReport {
        try loadUserBatches { users in
            for user in users { try consume(user) }
        }
    }

    /// One batch per batch of records the source reads.
    @discardableResult
    public func loadUserBatches(_ consume: ([User]) throws -> Void) throws -> LoadReport {
        try loadUserBatches(annotate: { users in users.map { _ in UserAnnotation(matchesSearch: true, sortValue: nil) } }) { annotated in
            try consume(annotated.map(\.user))
        }
    }

    @discardableResult
    public func loadUserBatches(annotate: @escaping @Sendable ([User]) -> [UserAnnotation?], _ consume: ([AnnotatedUser]) throws -> Void) throws -> LoadReport {
        var report = LoadReport()
        // Sized for a big export up front: rehashing a growing set of strings is costly.
        var seenIDs = UserIDSet(minimumCapacity: 1 << 16)
        try source.readRecords(prepare: { PreparedBatch($0, annotate: annotate) }) { prepared in
            for note in prepared.batch.notes { warnings.warn(.warning(.note, note)) }
            // Each record is moved out of the batch, not copied: copying a user's record retained
            // its strings and sort key, and letting the batch go released them again, in generic
            // value-witness calls (W3 on 50k users: 1,420.8M → 1,406.3M instructions).
            var records = prepared.takeRecords()
            progress?.addRecords(records.count)
            var users: [AnnotatedUser] = []
            users.reserveCapacity(records.count)
            var index = 0
            while let record = records.popLast() {
                defer { index += 1 }
                report.recordsRead += 1
                switch consume record {
                case .user(let id, let annotated), .keyed(let id, let annotated):
                    // Dedupe comes first, in input order: a user nobody wants still hides its duplicates.
                    guard seenIDs.insert(id) else {
                        report.duplicates += 1
                        continue
                    }
                    report.usersLoaded += 1
                    if let annotated { users.append(annotated) }
                case .unusable(let reason):
                    try reject(prepared.batch, index, reason: reason, kind: .unusable, report: &report)
                case .malformed(let reason):
                    try reject(prepared.batch, index, reason: reason, kind: .badJSON, report: &report)
                case .excluded(let reason):
                    report.excluded[reason, default: 0] += 1
                }
            }
            try consume(users)
        }
        summarize(report)
        return report
    }

    private func reject(_ batch: RecordBatch, _ index: Int, reason: String, kind: RejectedRecord.Kind, report: inout LoadReport) throws {
        report.skipped += 1
        if let rejects, !strict {
            try rejects.reject(RejectedRecord(kind: kind, location: batch.location(ofRecord: index), reason: reason, text: batch.text(ofRecord: index)))
        }
        guard strict || report.skipped <= warningLimit else { return }
        let location = batch.location(ofRecord: index)
        if strict {
            throw UserlistError(.data, LoadMessages.notUsable(at: location, reason: reason))
        }
        warnings.warn(LoadMessages.skipped(at: location, reason: reason))
    }

    private func summarize(_ report: LoadReport) {
        for line in LoadMessages.summary(of: report, warningLimit: warningLimit) { warnings.warn(line) }
    }
}

/// A batch after the per-record rules that need no other record (normalising, the id check,
/// the caller's annotation): worked out on the source's threads, in parallel.
///
/// A class, so the consumer can take the records out (``takeRecords()``) of the value the source
/// hands it; `@unchecked Sendable`, as it is made on one thread and then only used on the
/// consumer's, after the source has handed it over.
private final class PreparedBatch: @unchecked Sendable {
    enum Record: Sendable {
        /// A usable user: its id for dedupe, and the user unless the annotation passed on it.
        case user(id: String, AnnotatedUser?)
        /// A user decided from its keys: its id, and the user (only its id, to be built) if wanted.
        case keyed(id: String, AnnotatedUser?)
        case unusable(reason: String)
        case malformed(reason: String)
        case excluded(reason: String)
    }

    /// The batch, for its notes and to locate a rejected record (its records are let go).
    let batch: RecordBatch
    /// The user of every record still to be built: one value, so a keyed record allocates nothing.
    private static let unbuilt = User(id: "")

    /// In reverse input order, so the consumer moves them out one by one with `popLast()`.
    private var records: [Record]

    init(_ batch: RecordBatch, annotate: ([User]) -> [UserAnnotation?]) {
        // The batch as kept: for its notes and places, and for the references of keyed users,
        // without its records (which are let go once mapped here).
        var bare = batch
        bare.records = []
        var users: [User] = []
        users.reserveCapacity(batch.records.count)
        var records: [Record] = batch.records.indices.map { index in
            switch NormalizedRecord(batch.records[index]) {
            case .user(let user):
                users.append(user)
                return .user(id: user.id, nil)
            case .keyed(let keyed):
                // Judged on the reading thread from its keys: annotated already, its user built
                // only if the run keeps it (``AnnotatedUser/materialized()``).
                guard case .wanted(let sortValue) = keyed.judgement else { return .keyed(id: keyed.id, nil) }
                var annotated = AnnotatedUser(user: Self.unbuilt, annotation: UserAnnotation(matchesSearch: true, sortValue: sortValue))
                annotated.reference = RecordReference(batch: bare, index: index)
                annotated.isPending = true
                return .keyed(id: keyed.id, annotated)
            case .unusable(let reason):
                return .unusable(reason: reason)
            case .malformed(let reason):
                return .malformed(reason: reason)
            case .excluded(let reason):
                return .excluded(reason: reason)
            }
        }
        // Hand the annotations out to the users' records, from the last: each user is moved out
        // of the array, where copying it retained every one of its strings once more (and
        // releasing the array let go of them again): 23M of 1,854M instructions on 50k users.
        // The records move into `reversed` the same way, which is the order the consumer wants.
        var annotations = annotate(users)
        var reversed: [Record] = []
        reversed.reserveCapacity(records.count)
        for index in records.indices.reversed() {
            var record = records.removeLast()
            if case .user(let id, _) = record {
                let user = users.removeLast()
                if let annotation = annotations.removeLast() {
                    var annotated = AnnotatedUser(user: user, annotation: annotation)
                    if case .failed = annotation.filter { annotated.reference = RecordReference(batch: bare, index: index) }
                    record = .user(id: id, annotated)
                }
            }
            reversed.append(record)
        }
        self.records = reversed
        self.batch = bare
    }

    /// The records, last first; the batch keeps none.
    func takeRecords() -> [Record] {
        let taken = records
        records = []
        return taken
    }
}

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
            progress?.addRecords(prepared.records.count)
            var users: [AnnotatedUser] = []
            users.reserveCapacity(prepared.records.count)
            for (index, record) in prepared.records.enumerated() {
                report.recordsRead += 1
                switch record {
                case .user(let id, let annotated):
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
private struct PreparedBatch: Sendable {
    enum Record: Sendable {
        /// A usable user: its id for dedupe, and the user unless the annotation passed on it.
        case user(id: String, AnnotatedUser?)
        case unusable(reason: String)
        case malformed(reason: String)
        case excluded(reason: String)
    }

    /// The batch, for its notes and to locate a rejected record (its records are let go).
    let batch: RecordBatch
    let records: [Record]

    init(_ batch: RecordBatch, annotate: ([User]) -> [UserAnnotation?]) {
        var users: [User] = []
        users.reserveCapacity(batch.records.count)
        var records: [Record] = batch.records.map { record in
            switch NormalizedRecord(record) {
            case .user(let user):
                users.append(user)
                return .user(id: user.id, nil)
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
        var annotations = annotate(users)
        for index in records.indices.reversed() {
            guard case .user(let id, _) = records[index] else { continue }
            let user = users.removeLast()
            guard let annotation = annotations.removeLast() else { continue }
            var annotated = AnnotatedUser(user: user, annotation: annotation)
            if case .failed = annotation.filter { annotated.reference = RecordReference(batch: batch, index: index) }
            records[index] = .user(id: id, annotated)
        }
        self.records = records
        var batch = batch
        batch.records = []
        self.batch = batch
    }
}

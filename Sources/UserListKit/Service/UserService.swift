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

    public init(source: any UserRecordSource, strict: Bool = false, warnings: any WarningReporter, warningLimit: Int = 20) {
        self.source = source
        self.strict = strict
        self.warnings = warnings
        self.warningLimit = warningLimit
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
        var report = LoadReport()
        // Sized for a big export up front: rehashing a growing set of strings is costly.
        var seenIDs = UserIDSet(minimumCapacity: 1 << 16)
        try source.readRecords { batch in
            for note in batch.notes { warnings.warn(note) }
            var users: [User] = []
            users.reserveCapacity(batch.records.count)
            for (index, record) in batch.records.enumerated() {
                report.recordsRead += 1
                let user: User
                switch record {
                case .user(let mapped):
                    user = UserNormalizer.normalize(consume mapped)
                    if user.id.isEmpty {
                        try reject(batch, index, reason: "no \"id\"", report: &report)
                        continue
                    }
                case .unusable(let reason):
                    try reject(batch, index, reason: reason, report: &report)
                    continue
                case .excluded(let reason):
                    report.excluded[reason, default: 0] += 1
                    continue
                }
                guard seenIDs.insert(user.id) else {
                    report.duplicates += 1
                    continue
                }
                report.usersLoaded += 1
                users.append(user)
            }
            try consume(users)
        }
        summarize(report)
        return report
    }

    private func reject(_ batch: RecordBatch, _ index: Int, reason: String, report: inout LoadReport) throws {
        report.skipped += 1
        guard strict || report.skipped <= warningLimit else { return }
        let location = batch.location(ofRecord: index)
        let record = location.path.map { "record \($0)" } ?? "record"
        if strict {
            throw UserlistError(.data, "\(location): \(record) is not a usable user: \(reason)")
        }
        warnings.warn("\(location): skipped \(record): \(reason)")
    }

    private func summarize(_ report: LoadReport) {
        if report.skipped > warningLimit {
            warnings.warn("skipped \(report.skipped) records in all that could not become users (the first \(warningLimit) are listed above)")
        }
        if let (total, reasons) = report.excludedSummary {
            warnings.warn("left out \(total) \(total == 1 ? "record" : "records") that the API marks as not a person: \(reasons)")
        }
        if report.duplicates > 0 {
            let noun = report.duplicates == 1 ? "record" : "records"
            warnings.warn("dropped \(report.duplicates) \(noun) with a duplicate id (the first occurrence of each id is kept)")
        }
    }
}

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
    /// Encodes the cells of a batch's records decided from their keys (``KeyedCell``), on the
    /// reading thread: such a record's row is all the run needs of it, and no user is built.
    package var encodeCells: (@Sendable ([KeyedCell]) -> [EncodedRow])?

    public init(source: any UserRecordSource, strict: Bool = false, warnings: any WarningReporter, warningLimit: Int = LoadMessages.warningLimit, rejects: (any RejectReporter)? = nil) {
        self.source = source
        self.strict = strict
        self.warnings = warnings
        self.warningLimit = warningLimit
        self.rejects = rejects
    }

    @discardableResult
    public func loadUsers(_ consume: (User) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        try loadUserBatches { users throws(UserlistError) in
            for user in users { try consume(user) }
        }
    }

    /// One batch per batch of records the source reads.
    @discardableResult
    public func loadUserBatches(_ consume: ([User]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        try loadUserBatches(annotate: { users in users.map { _ in UserAnnotation(matchesSearch: true, sortValue: nil) } }) { annotated throws(UserlistError) in
            try consume(annotated.map(\.user))
        }
    }

    @discardableResult
    public func loadUserBatches(annotate: @escaping @Sendable ([User]) -> [UserAnnotation?], _ consume: ([AnnotatedUser]) throws(UserlistError) -> Void) throws(UserlistError) -> LoadReport {
        var report = LoadReport()
        // Sized for a big export up front: rehashing a growing set of strings is costly.
        var seenIDs = UserIDSet(minimumCapacity: 1 << 16)
        let encodeCells = encodeCells
        try source.readRecords(prepare: { PreparedBatch($0, annotate: annotate, encodeCells: encodeCells) }) { prepared throws(UserlistError) in
            for note in prepared.batch.notes { warnings.warn(.warning(.note, note)) }
            // Each record is moved out of the batch, not copied: copying a user's record retained
            // its strings and sort key, and letting the batch go released them again, in generic
            // value-witness calls (W3 on 50k users: 1,420.8M → 1,406.3M instructions).
            var records = prepared.takeRecords()
            progress?.addRecords(records.count)
            var users: [AnnotatedUser] = []
            users.reserveCapacity(records.count)
            // The ids' hashes, worked out on the reading threads in the same order; the slots
            // of the ids a few records on are asked for ahead of their inserts.
            let hashes = prepared.hashes
            let keyedRows = prepared.keyedRows
            let ahead = 8
            for position in hashes.indices.suffix(ahead) { seenIDs.prefetch(hash: hashes[position]) }
            // Matches the page can't keep, counted after dedupe and handed on as one number.
            var unkept = 0
            var index = 0
            while let record = records.popLast() {
                defer { index += 1 }
                report.recordsRead += 1
                let position = records.count
                if position >= ahead { seenIDs.prefetch(hash: hashes[position - ahead]) }
                switch consume record {
                case .user(let id, let annotated), .keyed(let id, let annotated):
                    // Dedupe comes first, in input order: a user nobody wants still hides its duplicates.
                    guard seenIDs.insert(id, hash: hashes[position]) else {
                        report.duplicates += 1
                        continue
                    }
                    report.usersLoaded += 1
                    guard var annotated else { continue }
                    if !keyedRows.isEmpty, let row = keyedRows[position] { annotated.annotation.row = row }
                    users.append(annotated)
                case .counted(let id):
                    guard seenIDs.insert(id, hash: hashes[position]) else {
                        report.duplicates += 1
                        continue
                    }
                    report.usersLoaded += 1
                    unkept += 1
                case .unusable(let reason):
                    try reject(prepared.batch, index, reason: reason, kind: .unusable, report: &report)
                case .malformed(let reason):
                    try reject(prepared.batch, index, reason: reason, kind: .badJSON, report: &report)
                case .excluded(let reason):
                    report.excluded[reason, default: 0] += 1
                }
            }
            if unkept > 0 {
                // Their place among the batch's matches doesn't matter: a full page keeps none of
                // them, and the matches it may keep stay in input order.
                var counted = AnnotatedUser(user: User(id: ""), annotation: UserAnnotation(matchesSearch: true, sortValue: nil))
                counted.unkeptMatches = unkept
                users.append(counted)
            }
            try consume(users)
        }
        summarize(report)
        return report
    }

    private func reject(_ batch: RecordBatch, _ index: Int, reason: String, kind: RejectedRecord.Kind, report: inout LoadReport) throws(UserlistError) {
        report.skipped += 1
        progress?.addRejected(1)
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
        /// A match decided from its keys that the page can't keep: its id, to dedupe and count.
        case counted(id: String)
        case unusable(reason: String)
        case malformed(reason: String)
        case excluded(reason: String)
    }

    /// The batch, for its notes and to locate a rejected record (its records are let go).
    let batch: RecordBatch

    /// In reverse input order, so the consumer moves them out one by one with `popLast()`.
    private var records: [Record]

    init(_ batch: RecordBatch, annotate: ([User]) -> [UserAnnotation?], encodeCells: (([KeyedCell]) -> [EncodedRow])? = nil) {
        // The batch as kept: for its notes and places, and for the references of keyed users,
        // without its records (which are let go once mapped here).
        // Its records moved out (the batch is this thread's alone until it is prepared), each
        // then taken from the end without a copy.
        var sourceRecords = batch.takeRecords()
        let bare = batch
        // Built last first, as the consumer takes them: each record is made once, in place.
        // Building them in input order and moving them over after cost a copy and a destroy
        // of each (W1 on 50k users: 36M instructions).
        let count = sourceRecords.count
        var reversed: [Record] = []
        reversed.reserveCapacity(count)
        // Each record's id hashed here, on the reading thread, for the consumer's dedupe (0 for
        // a record without one).
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        // The users to annotate, last first, and where each one's record is in `reversed`.
        var users: [User] = []
        var slots: [Int] = []
        // The cells of keyed records, last first, and where each one's record is in `reversed`.
        var cells: [KeyedCell] = []
        var cellSlots: [Int] = []
        // The user of every record still to be built: one value a batch, so a keyed record
        // allocates nothing, and the threads don't all count references to one object (a
        // process-wide one was retained and released by every thread for every record).
        let unbuilt = User(id: "")
        for index in stride(from: count - 1, through: 0, by: -1) {
            switch NormalizedRecord(sourceRecords.removeLast()) {
            case .user(let user):
                slots.append(reversed.count)
                hashes.append(UserIDSet.hash(of: user.id))
                reversed.append(.user(id: user.id, nil))
                users.append(user)
            case .keyed(let keyed):
                // Judged on the reading thread from its keys: annotated already, its user built
                // only if the run keeps it (``AnnotatedUser/materialized()``).
                let sortValue: SortValue?, cell: KeyedCell?
                switch keyed.judgement {
                case .wanted(let value, let keyedCell):
                    (sortValue, cell) = (value, keyedCell)
                case .written(let value, let row):
                    // Its row written on the reading thread already: all the run needs of it.
                    hashes.append(UserIDSet.hash(of: keyed.id))
                    reversed.append(.keyed(id: keyed.id, AnnotatedUser(
                        user: unbuilt, annotation: UserAnnotation(matchesSearch: true, sortValue: value, row: row),
                        reference: nil, isPending: false)))
                    continue
                case .dropped:
                    hashes.append(UserIDSet.hash(of: keyed.id))
                    reversed.append(.keyed(id: keyed.id, nil))
                    continue
                case .counted:
                    hashes.append(UserIDSet.hash(of: keyed.id))
                    reversed.append(.counted(id: keyed.id))
                    continue
                }
                // Made in place in its record, the key moved in: each copy of the key, the
                // annotation or the annotated user was an outlined value-witness call retaining
                // their strings, and each destroy one releasing them (W3 on 50k users: ~1.5%).
                let rowOnly = cell != nil && encodeCells != nil
                if rowOnly, let cell {
                    // Its row is all the run needs of it: no reference to build its user from
                    // (three more references to count each time the record is copied).
                    cellSlots.append(reversed.count)
                    cells.append(cell)
                }
                hashes.append(UserIDSet.hash(of: keyed.id))
                reversed.append(.keyed(id: keyed.id, AnnotatedUser(
                    user: unbuilt, annotation: UserAnnotation(matchesSearch: true, sortValue: consume sortValue),
                    reference: rowOnly ? nil : RecordReference(batch: bare, index: index), isPending: !rowOnly)))
            case .unusable(let reason):
                hashes.append(0)
                reversed.append(.unusable(reason: reason))
            case .malformed(let reason):
                hashes.append(0)
                reversed.append(.malformed(reason: reason))
            case .excluded(let reason):
                hashes.append(0)
                reversed.append(.excluded(reason: reason))
            }
        }
        if !users.isEmpty {
            // The annotator sees the users in input order. Each user is then moved out of the
            // array, where copying it retained every one of its strings once more (and releasing
            // the array let go of them again): 23M of 1,854M instructions on 50k users.
            users.reverse()
            var annotations = annotate(users)
            for slot in slots {
                let user = users.removeLast()
                guard let annotation = annotations.removeLast() else { continue }
                guard case .user(let id, _) = reversed[slot] else { continue }
                var annotated = AnnotatedUser(user: user, annotation: annotation)
                if case .failed = annotation.filter { annotated.reference = RecordReference(batch: bare, index: count - 1 - slot) }
                reversed[slot] = .user(id: id, annotated)
            }
        }
        if let encodeCells, !cells.isEmpty {
            // Encoded in input order, as the annotator encodes users' rows; each row is put in
            // its user's annotation as the consumer takes it (changing the records here copied
            // each one out and back: 2% of a sorted 1M-user CSV export in retains alone).
            cells.reverse()
            var rows = [EncodedRow?](repeating: nil, count: count)
            for (slot, row) in zip(cellSlots.reversed(), encodeCells(cells)) { rows[slot] = row }
            keyedRows = rows
        }
        self.hashes = hashes
        self.records = reversed
        self.batch = bare
    }

    /// ``UserIDSet/hash(of:)`` of each record's id, in the order of ``takeRecords()``.
    private(set) var hashes: [UInt64] = []
    /// The rows encoded from keyed records' cells, in the order of ``takeRecords()`` (empty when none).
    private(set) var keyedRows: [EncodedRow?] = []

    /// The records, last first; the batch keeps none.
    func takeRecords() -> [Record] {
        let taken = records
        records = []
        return taken
    }
}

import UserListService
import UserListJQ
@_spi(Pipeline) import UserListDomain
/// The list screen's logic, as in seed 000: loads users from a service and exposes one ``ListState``.
///
/// `load()` runs the contract's pipeline over the users the service streams: `--where` filter →
/// search → sort → page → one ``UserCellViewModel`` per row. Only what the page needs is kept
/// (see ``PageCollector``).
public final class UserListViewModel {
    public private(set) var state: ListState = .idle
    public let query: UserListQuery
    private let service: any UserServiceProtocol
    private let filter: (any UserFilter)?
    private let warnings: any WarningReporter
    private let strict: Bool
    /// When set and the query shows every match (no page), rows are encoded as users are decoded
    /// and the page holds ``UserListPage/rows`` instead of ``UserListPage/items``.
    private let encoder: (any CellEncoder)?
    /// Bytes a full sort of encoded rows keeps in memory before it spills sorted runs to disk.
    public var sortMemoryBudget = 256 << 20
    /// Shared with the judge of the reading threads (``SearchAndSortJudge``): the full page's bound.
    package var pageBound: PageBound?
    /// `--rejects`: the users `--where` failed on go there too, with the canonical user as their record.
    public var rejects: (any RejectReporter)?
    /// `--count`: only count the matches (nothing is kept, whatever the query's page).
    public var countOnly = false
    /// `--count-by`: count the matches by this field's value (nothing else is kept); the result
    /// is ``valueCounts``.
    public var countBy: CountByField?
    public private(set) var valueCounts: ValueCounts?
    /// What the Service's load came to, once loaded (the counts of `--summary`).
    public private(set) var loadReport: LoadReport?

    public init(
        service: any UserServiceProtocol, query: UserListQuery = UserListQuery(),
        filter: (any UserFilter)? = nil, warnings: any WarningReporter = CollectedWarnings(), strict: Bool = false,
        encoder: (any CellEncoder)? = nil
    ) {
        self.service = service
        self.query = query
        self.filter = filter
        self.warnings = warnings
        self.strict = strict
        self.encoder = encoder
    }

    /// Whether ``load(streaming:)`` can hand rows on as they are decided: every match, in input order.
    public var canStream: Bool { encoder != nil && query.sort == nil && query.page == nil }

    /// Loads; with `streaming` (only when ``canStream``), each batch's rows go to it in order as
    /// soon as they are decided, and the final page holds the counts but no rows.
    public func load(streaming: (([EncodedRow]) throws(UserlistError) -> Void)? = nil) {
        precondition(streaming == nil || canStream, "streaming needs an encoder, no sort and no page")
        state = .loading
        do {
            state = try makeState(streaming: streaming)
        } catch {
            state = .error(error)
        }
    }

    private func makeState(streaming: (([EncodedRow]) throws(UserlistError) -> Void)?) throws(UserlistError) -> ListState {
        var collector = PageCollector(sort: query.sort, page: query.page, pageSize: query.pageSize, keeping: streaming == nil && !countOnly && countBy == nil, sortBudget: sortMemoryBudget)
        collector.bound = pageBound
        var streamed: [EncodedRow] = []
        // `--count-by`: one entry per distinct value, whatever the number of users.
        var counts: [ExactText: Int] = [:]
        var missing = 0
        loadReport = try service.loadUserBatches(annotate: annotation()) { users throws(UserlistError) in
            // In input order and after dedupe: what `--where` said on the reading threads.
            // By index, reading only the fields it needs: `for item in users` copied each whole
            // annotated user out of the array (its strings, sort key and row retained, then
            // released), through generic value-witness calls (W3 on 50k users: 1,406.3M → 1,368.5M).
            for index in users.indices {
                if users[index].unkeptMatches > 0 {
                    collector.countUnkept(users[index].unkeptMatches)
                    continue
                }
                switch users[index].annotation.filter {
                case .failed(let message):
                    // As jq stops on an error, so does the run: a job must not report fewer users
                    // and succeed. The user goes to --rejects first (kept on exit 65).
                    try reportRejected(users[index], message: message)
                    throw Self.whereError(users[index], message: message)
                case .excluded:
                    continue
                case .included:
                    break
                }
                if !users[index].annotation.matchesSearch { continue }
                if countBy != nil {
                    if case .text(_, let value)? = users[index].annotation.sortValue { counts[ExactText(text: value), default: 0] += 1 } else { missing += 1 }
                    try collector.add(sortValue: nil) { preconditionFailure("a count keeps nothing") }
                    continue
                }
                if let row = users[index].annotation.row {
                    if streaming != nil { streamed.append(row) }
                    try collector.add(.row(row), sortValue: users[index].annotation.sortValue)
                } else if users[index].isPending {
                    try collector.add(sortValue: users[index].annotation.sortValue) { () throws(UserlistError) in .user(try users[index].materialized()) }
                } else {
                    try collector.add(.user(users[index].user), sortValue: users[index].annotation.sortValue)
                }
            }
            if let streaming, !streamed.isEmpty {
                try streaming(streamed)
                streamed.removeAll(keepingCapacity: true)
            }
        }
        if let note = filter?.summary() { warnings.warn(.warning(.note, note)) }
        try collector.finish()
        if let countBy { valueCounts = ValueCounts(name: countBy.name, counts: counts, missing: missing) }
        var page = collector.sortedRows().map { UserListPage(query: query, totalItems: collector.matched, rows: $0) }
            ?? UserListPage(query: query, totalItems: collector.matched, kept: collector.page())
        page.spilledRows = collector.spilled
        return page.totalItems == 0 ? .empty(page) : .loaded(page)
    }

    /// `<input>:<line>:<col>: --where: <jq's message> (user <id>); …`, with jq's own ways to go on.
    static func whereError(_ item: AnnotatedUser, message: String) -> UserlistError {
        UserlistError(.data, whereDiagnostic(place: item.reference?.location, message: message, id: item.user.id))
    }

    /// What ``whereError(_:message:)`` says, for the partial stage of a distributed run too.
    package static func whereDiagnostic(place: SourceLocation?, message: String, id: String) -> Diagnostic {
        Diagnostic(
            .expression, at: place, option: "--where", message, subject: "user \(id)",
            hint: JQError.isHalt(message)
                ? "halt and halt_error end the run, and no 'try' catches them: to leave users out, give false or empty for them ('select(COND)')"
                : "to go on past such users, tolerate the error in the expression: '(EXPR)?', 'try EXPR', or a default for missing values such as '(.field // \"\")'")
    }

    private func reportRejected(_ item: AnnotatedUser, message: String) throws(UserlistError) {
        guard let rejects else { return }
        let location = item.reference?.location ?? SourceLocation(input: "-", line: 0, column: 0)
        let record = CanonicalUserBuilder().build(item.user).json()
        try rejects.reject(RejectedRecord(kind: .whereFailed, location: location, reason: "--where: \(message)", text: .json(record)))
    }

    /// What `--where`, the search and the sort make of each user, worked out on the reading
    /// threads as users are decoded (each thread runs `--where` on a jq worker of its own). A user
    /// dropped there goes no further than the Service's dedupe; one whose `--where` failed or gave
    /// something odd goes on, to be counted (or to stop a strict run) in input order once dedupe
    /// has kept it. With an encoder and no page, the matching users' rows are encoded there too.
    private func annotation() -> @Sendable ([User]) -> [UserAnnotation?] {
        Self.annotator(query: query, filter: filter, encoder: query.page == nil && countBy == nil ? encoder : nil, countBy: countBy)
    }

    /// ``annotation()`` for any query: the partial stage of a distributed run makes the same
    /// decisions about its partition's users as a single run makes about all of them.
    package static func annotator(query: UserListQuery, filter: (any UserFilter)?, encoder: (any CellEncoder)?, countBy: CountByField? = nil) -> @Sendable ([User]) -> [UserAnnotation?] {
        let search = query.userSearch
        let sort = query.sort
        // The fast path's key decided once, not per user (asking the order copies it).
        let simpleKey = sort?.simpleKey
        return { users in
            var scratch: [UInt8] = []
            scratch.reserveCapacity(256)
            let verdicts = filter?.verdicts(for: users)
            var annotations: [UserAnnotation?] = users.indices.map { index in
                let user = users[index]
                let verdict = verdicts?[index] ?? .included
                switch verdict {
                case .excluded: return nil
                case .failed: return UserAnnotation(matchesSearch: false, sortValue: nil, filter: verdict)
                case .included: break
                }
                guard search?.matches(user, scratch: &scratch) ?? true else { return nil }
                if let countBy { return UserAnnotation(matchesSearch: true, sortValue: CountByField.carried(countBy.value(of: user))) }
                return UserAnnotation(matchesSearch: true, sortValue: simpleKey.map { $0.sortValue(of: user) } ?? sort?.sortValue(of: user))
            }
            guard let encoder else { return annotations }
            let matching = annotations.indices.filter { annotations[$0]?.matchesSearch == true }
            let makingCells = encoder.needsCell
            let rows = encoder.encode(matching.map { UserRow(user: users[$0], makingCell: makingCells) })
            for (index, row) in zip(matching, rows) { annotations[index]?.row = row }
            return annotations
        }
    }
}

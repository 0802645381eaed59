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

    public init(
        service: any UserServiceProtocol, query: UserListQuery = UserListQuery(),
        filter: (any UserFilter)? = nil, warnings: any WarningReporter = CollectedWarnings(), strict: Bool = false
    ) {
        self.service = service
        self.query = query
        self.filter = filter
        self.warnings = warnings
        self.strict = strict
    }

    public func load() {
        state = .loading
        do {
            state = try makeState()
        } catch let error as UserlistError {
            state = .error(error)
        } catch {
            state = .error(UserlistError(.data, "\(error)"))
        }
    }

    private func makeState() throws -> ListState {
        let search = query.search.map(UserSearch.init)
        var collector = PageCollector(sort: query.sort, page: query.page, pageSize: query.pageSize)
        var filterFailures = FilterFailures()
        try service.loadUserBatches { users in
            let verdicts = filter?.verdicts(for: users)
            for (index, user) in users.enumerated() {
                switch verdicts?[index] {
                case .excluded?: continue
                case .failed(let message)?:
                    if strict { throw UserlistError(.data, "--where: user \(user.id): \(message)") }
                    filterFailures.record(message)
                    continue
                case .included?, nil: break
                }
                if let search, !search.matches(user) { continue }
                collector.add(user)
            }
        }
        filterFailures.report(to: warnings)
        if let note = filter?.summary() { warnings.warn(note) }
        let page = makePage(total: collector.matched, users: collector.pageUsers())
        return page.totalItems == 0 ? .empty(page) : .loaded(page)
    }

    private func makePage(total: Int, users: [User]) -> UserListPage {
        let items = users.map(UserCellViewModel.init(user:))
        guard let pageNumber = query.page else {
            return UserListPage(totalItems: total, page: 1, pageSize: total, totalPages: total == 0 ? 0 : 1, hasMore: false, items: items)
        }
        // Not (total + size - 1) / size: that overflows for a huge page size.
        let totalPages = total / query.pageSize + (total % query.pageSize == 0 ? 0 : 1)
        return UserListPage(
            totalItems: total, page: pageNumber, pageSize: query.pageSize, totalPages: totalPages,
            hasMore: pageNumber < totalPages, items: items)
    }
}

/// Counts `--where` runtime errors so they are reported once, with the first error's message.
private struct FilterFailures {
    var count = 0
    var first: String?

    mutating func record(_ message: String) {
        if first == nil { first = message }
        count += 1
    }

    func report(to warnings: any WarningReporter) {
        guard let first else { return }
        let users = count == 1 ? "1 user" : "\(count) users"
        warnings.warn("--where failed for \(users), dropped (first error: \(first))")
    }
}

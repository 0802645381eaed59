import UserListService
@_spi(Pipeline) import UserListDomain
extension UserListPage {
    /// The page `query` shows of `totalItems` matches, holding `kept` in order: what a single run's
    /// view model makes, and the merge stage of a distributed run from its partitions' counts.
    package init(query: UserListQuery, totalItems total: Int, kept: [PageCollector.Kept]) {
        var items: [UserCellViewModel] = []
        var users: [User] = []
        var rows: [EncodedRow] = []
        for entry in kept {
            switch entry {
            case .user(let user):
                items.append(UserCellViewModel(user: user))
                users.append(user)
            case .row(let row): rows.append(row)
            }
        }
        self.init(query: query, totalItems: total, items: items, rows: rows)
        self.users = users
    }

    /// The page of a run whose matches are all encoded rows, in order.
    package init(query: UserListQuery, totalItems total: Int, rows: [EncodedRow]) {
        self.init(query: query, totalItems: total, items: [], rows: rows)
    }

    private init(query: UserListQuery, totalItems total: Int, items: [UserCellViewModel], rows: [EncodedRow]) {
        if let pageNumber = query.page {
            // Not (total + size - 1) / size: that overflows for a huge page size.
            let totalPages = total / query.pageSize + (total % query.pageSize == 0 ? 0 : 1)
            self.init(
                totalItems: total, page: pageNumber, pageSize: query.pageSize, totalPages: totalPages,
                hasMore: pageNumber < totalPages, items: items, rows: rows)
        } else {
            self.init(totalItems: total, page: 1, pageSize: total, totalPages: total == 0 ? 0 : 1, hasMore: false, items: items, rows: rows)
        }
    }

    /// The list state of this page: `empty` when nothing matched.
    package var state: ListState { totalItems == 0 ? .empty(self) : .loaded(self) }
}

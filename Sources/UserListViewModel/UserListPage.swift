import UserListService
@_spi(Pipeline) import UserListDomain
/// One page of the filtered, sorted list, with the counts a pager needs.
public struct UserListPage: Hashable, Sendable {
    /// Users that matched, on all pages.
    public var totalItems: Int
    /// 1-based page number.
    public var page: Int
    public var pageSize: Int
    /// `ceil(totalItems / pageSize)`; 0 when nothing matched.
    public var totalPages: Int
    /// Whether a page after this one has users.
    public var hasMore: Bool
    public var items: [UserCellViewModel]
    /// The users `items` were made from, in order, for columns beyond the cell's (may be empty).
    public var users: [User] = []
    /// The page's rows already encoded for the output (see ``CellEncoder``), instead of `items`.
    public var rows: [EncodedRow]
    /// Or, for a full sort too big for memory, the rows in sorted runs on disk, read as printed.
    public var spilledRows: SpilledRows?

    /// Item `index` with its user, when the page has them.
    public func row(at index: Int) -> UserRow {
        UserRow(cell: items[index], user: index < users.count ? users[index] : nil)
    }

    /// Calls `body` with each encoded row in order: ``rows``, then ``spilledRows``.
    public func forEachEncodedRow(_ body: (UnsafeRawBufferPointer) throws(UserlistError) -> Void) throws(UserlistError) {
        for row in rows { try row.withBytes(body) }
        try spilledRows?.forEachRow(body)
    }

    public init(totalItems: Int, page: Int, pageSize: Int, totalPages: Int, hasMore: Bool, items: [UserCellViewModel], rows: [EncodedRow] = []) {
        self.totalItems = totalItems
        self.page = page
        self.pageSize = pageSize
        self.totalPages = totalPages
        self.hasMore = hasMore
        self.items = items
        self.rows = rows
    }
}

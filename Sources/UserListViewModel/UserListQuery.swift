@_spi(Pipeline) import UserListDomain
/// What the list shows: search text, sort order and page; the ViewModel's input.
public struct UserListQuery: Hashable, Sendable {
    public var search: String?
    /// `--search-locale`: the search lower-cases by this locale's rules first.
    public var searchLocale: ICULocale?
    public var sort: UserSortOrder?
    /// 1-based page; nil shows everything that matched as one page.
    public var page: Int?
    public var pageSize: Int

    public static let defaultPageSize = 20

    public init(search: String? = nil, sort: UserSortOrder? = nil, page: Int? = nil, pageSize: Int = defaultPageSize) {
        precondition(page.map { $0 >= 1 } ?? true, "pages are 1-based")
        precondition(pageSize >= 1, "a page holds at least one user")
        self.search = search
        self.sort = sort
        self.page = page
        self.pageSize = pageSize
    }

    /// The search, as `--search` and `--search-locale` ask.
    package var userSearch: UserSearch? { search.map { UserSearch($0, locale: searchLocale) } }
}

@_spi(Pipeline) import UserListDomain
/// The list screen's state, as in seed 000: one value instead of loose `isLoading`/`error` flags.
public enum ListState: Hashable, Sendable {
    case idle
    case loading
    /// At least one user matched; the page may still be empty when it is past the end.
    case loaded(UserListPage)
    /// Nothing matched.
    case empty(UserListPage)
    case error(UserlistError)

    /// The contract's `state` string.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .empty: "empty"
        case .error: "error"
        }
    }

    /// The page, when there is one to show.
    public var page: UserListPage? {
        switch self {
        case .loaded(let page), .empty(let page): page
        default: nil
        }
    }
}

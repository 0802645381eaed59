import UserListViewModel

extension ListStage {
    /// `--search`, `--search-locale`.
    package struct Search {
        package var text: String
        package var locale: ICULocale?
    }
}

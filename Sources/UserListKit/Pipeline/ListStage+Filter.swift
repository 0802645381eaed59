import UserListViewModel
import UserListJQ
@_spi(Pipeline) import UserListDomain

extension ListStage {
    /// `--where`: compiled only where it runs (the map stage of a distributed run only builds the
    /// fields it reads).
    package struct Filter {
        package var expression: String
        package var variables: JQVariables
        /// jq workers: one per reading thread, at least two.
        package var parallelism: Int

        /// The user's fields the expression can see, without compiling it.
        package var fields: FieldSet { JQUserFilter.canonicalFields(of: expression) }

        package func compiled(parallelism: Int? = nil) throws(UserlistError) -> JQUserFilter {
            try JQUserFilter(expression: expression, variables: variables, parallelism: parallelism ?? self.parallelism)
        }
    }
}

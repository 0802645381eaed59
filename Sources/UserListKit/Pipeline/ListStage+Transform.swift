import UserListGateway
import UserListJQ
@_spi(Pipeline) import UserListDomain

extension ListStage {
    /// `--jq`: compiled only where it runs (a stage that does not reshape documents compiles nothing).
    package struct Transform {
        package var expression: String
        package var variables: JQVariables

        package func compiled() throws(UserlistError) -> JQDocumentTransform {
            try JQDocumentTransform(expression: expression, variables: variables)
        }
    }
}

import UserListViewModel

extension ListStage {
    /// Rows encoded per batch on the reading threads: the output's row of each match (json,
    /// ndjson, csv and tsv print every match so).
    package struct Cells {
        package var encoder: any CellEncoder
        /// The judge decides records from their keys and their rows are encoded from those keys
        /// (`UserService.encodeCells`): no user is built.
        package var fromKeys: Bool
    }
}

@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
/// The `--format` values, each naming the renderer that produces it.
///
/// The raw values are the command-line spellings. Choosing the default (`table` on a terminal,
/// `json` otherwise) is the CLI's job, not this type's.
public enum OutputFormat: String, CaseIterable, Sendable {
    case json
    case ndjson
    case table
    case csv

    /// The renderer for this format; `maxTableWidth` (usually the terminal's width) only affects `table`.
    public func renderer(maxTableWidth: Int?) -> any ListRenderer {
        switch self {
        case .json: JSONListRenderer()
        case .ndjson: NDJSONCellRenderer()
        case .table: TableRenderer(maxWidth: maxTableWidth)
        case .csv: CSVCellRenderer()
        }
    }
}

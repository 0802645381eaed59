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
    case tsv

    /// The renderer for this format; `maxTableWidth` (usually the terminal's width) only affects
    /// `table`, `header` (`--no-header`) `csv`, `tsv` and `table`.
    public func renderer(maxTableWidth: Int?, columns: OutputColumns = .cells, header: Bool = true, colour: Bool = false, moreHint: String? = nil) -> any ListRenderer {
        switch self {
        case .json: JSONListRenderer(columns: columns)
        case .ndjson: NDJSONCellRenderer(columns: columns)
        case .table:
            {
                var table = TableRenderer(maxWidth: maxTableWidth, columns: columns, header: header)
                table.bold = colour
                table.moreHint = moreHint
                table.footerToStandardError = !header
                return table
            }()
        case .csv: CSVCellRenderer(columns: columns, header: header)
        case .tsv: TSVRenderer(columns: columns, header: header)
        }
    }
}

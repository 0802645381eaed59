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
    case markdown
    case html

    /// The extension of this format's files (`--split-pages`: `page-1.html`, `page-1.md`).
    public var fileExtension: String {
        switch self {
        case .json: "json"
        case .ndjson: "ndjson"
        case .table: "txt"
        case .csv: "csv"
        case .tsv: "tsv"
        case .markdown: "md"
        case .html: "html"
        }
    }

    /// The renderer for this format; `maxTableWidth` (usually the terminal's width) only affects
    /// `table`, `header` (`--no-header`) `csv`, `tsv` and `table`; `document` (where the users
    /// came from, when) and `paged` (a pager) only `html`.
    public func renderer(
        maxTableWidth: Int?, columns: OutputColumns = .cells, header: Bool = true, colour: Bool = false, moreHint: String? = nil,
        document: PageDocument = PageDocument(inputs: [], generatedAt: 0), paged: Bool = false
    ) -> any ListRenderer {
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
        case .markdown: MarkdownRenderer(columns: columns)
        case .html: HTMLRenderer(document: document, paged: paged)
        }
    }
}

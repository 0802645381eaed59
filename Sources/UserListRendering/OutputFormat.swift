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
        document: PageDocument = PageDocument(inputs: [], generatedAt: 0), paged: Bool = false, limit: Int? = nil
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
                table.limit = limit
                return table
            }()
        case .csv: CSVCellRenderer(columns: columns, header: header)
        case .tsv: TSVRenderer(columns: columns, header: header)
        case .markdown:
            {
                var markdown = MarkdownRenderer(columns: columns)
                markdown.limit = limit
                return markdown
            }()
        case .html:
            {
                var html = HTMLRenderer(document: document, paged: paged)
                html.limit = limit
                return html
            }()
        }
    }

    /// The count a table's, markdown's or html page's footer gives: `page 2 of 7 · 137 users`, or
    /// with `--limit N`, which chose the first N users and is no page, `first 5 of 137 users`.
    static func footer(_ page: UserListPage, limit: Int?) -> String {
        let users = page.totalItems == 1 ? "1 user" : "\(page.totalItems) users"
        guard let limit else { return "page \(page.page) of \(page.totalPages) · \(users)" }
        return page.totalItems > limit ? "first \(limit) of \(users)" : users
    }
}

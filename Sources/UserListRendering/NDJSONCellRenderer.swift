@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format ndjson`: each cell of the page as one compact JSON object per line.
///
/// There is no envelope and no paging information; an empty page, or a state without a page,
/// writes nothing at all, so `wc -l` counts the cells.
public struct NDJSONCellRenderer: RowStreamingRenderer, Sendable {
    public let columns: OutputColumns

    public init(columns: OutputColumns = .cells) { self.columns = columns }

    public func writeHeader(to output: OutputWriter) {}

    public func appendRow(_ row: UserRow, to output: OutputWriter) {
        CellJSON.append(row, columns: columns, to: output)
        output.write(byte: UInt8(ascii: "\n"))
    }
}

extension NDJSONCellRenderer {
    /// Rows need a cell only for the columns that read one.
    public var needsCell: Bool { columns.needsCell }
    public var keyedUserFields: FieldSet? { columns.keyedUserFields }
    @_spi(Pipeline) public var columnValuesWriter: (any ColumnValuesWriter)? { JSONObjectValuesWriter(columns: columns, newline: true) }
}

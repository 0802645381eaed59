@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format json`: the list state as one compact JSON object on one line.
///
/// Keys in the contract's order: `state`, `totalItems`, `page`, `pageSize`, `totalPages`,
/// `hasMore`, `items`. States without a page (idle, loading, error) are written as
/// `{"state":"<name>"}`; the CLI does not normally render them.
public struct JSONListRenderer: ListRenderer, CellEncoder, Sendable {
    /// The keys of each item (`--fields`).
    public let columns: OutputColumns

    public init(columns: OutputColumns = .cells) { self.columns = columns }

    public func render(_ state: ListState, to output: OutputWriter) throws(UserlistError) {
        guard let page = state.page else {
            output.write("{\"state\":")
            JSONText.appendString(state.name, to: output)
            output.write("}\n")
            return
        }
        writeOpening(state, to: output)
        var first = true
        for index in page.items.indices {
            if !first { output.write(byte: UInt8(ascii: ",")) }
            first = false
            CellJSON.append(page.row(at: index), columns: columns, to: output)
        }
        try page.forEachEncodedRow { row in
            if !first { output.write(byte: UInt8(ascii: ",")) }
            first = false
            output.write(row)
        }
        writeClosing(to: output)
    }

    /// The envelope up to the first item, `{"state":…,"hasMore":false,"items":[`, for a state
    /// with a page: with ``writeClosing(to:)``, a full export's items (rows joined by commas)
    /// can be written as they come instead of held.
    public func writeOpening(_ state: ListState, to output: OutputWriter) {
        guard let page = state.page else { return }
        output.write("{\"state\":")
        JSONText.appendString(state.name, to: output)
        output.write(",\"totalItems\":")
        output.write(int: page.totalItems)
        output.write(",\"page\":")
        output.write(int: page.page)
        output.write(",\"pageSize\":")
        output.write(int: page.pageSize)
        output.write(",\"totalPages\":")
        output.write(int: page.totalPages)
        output.write(page.hasMore ? ",\"hasMore\":true" : ",\"hasMore\":false")
        output.write(",\"items\":[")
    }

    public func writeClosing(to output: OutputWriter) {
        output.write("]}\n")
    }

    /// Each row as an element of `items`.
    public func encode(_ rows: [UserRow]) -> [EncodedRow] {
        RowEncoding.encode(rows) { CellJSON.append($0, columns: columns, to: $1) }
    }
}

extension JSONListRenderer {
    /// Rows need a cell only for the columns that read one.
    public var needsCell: Bool { columns.needsCell }
    public var keyedUserFields: FieldSet? { columns.keyedUserFields }
    @_spi(Pipeline) public var columnValuesWriter: (any ColumnValuesWriter)? { JSONObjectValuesWriter(columns: columns, newline: false) }
}

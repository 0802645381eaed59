@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format json`: the list state as one compact JSON object on one line.
///
/// Keys in the contract's order: `state`, `totalItems`, `page`, `pageSize`, `totalPages`,
/// `hasMore`, `items`. States without a page (idle, loading, error) are written as
/// `{"state":"<name>"}`; the CLI does not normally render them.
public struct JSONListRenderer: ListRenderer, CellEncoder, Sendable {
    public init() {}

    public func render(_ state: ListState, to output: OutputWriter) throws {
        output.write("{\"state\":")
        JSONText.appendString(state.name, to: output)
        if let page = state.page {
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
            var first = true
            for cell in page.items {
                if !first { output.write(byte: UInt8(ascii: ",")) }
                first = false
                CellJSON.append(cell, to: output)
            }
            try page.forEachEncodedRow { row in
                if !first { output.write(byte: UInt8(ascii: ",")) }
                first = false
                output.write(row)
            }
            output.write(byte: UInt8(ascii: "]"))
        }
        output.write("}\n")
    }

    /// Each cell as an element of `items`.
    public func encode(_ cells: [UserCellViewModel]) -> [EncodedRow] {
        RowEncoding.encode(cells, CellJSON.append)
    }
}

@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format ndjson`: each cell of the page as one compact JSON object per line.
///
/// There is no envelope and no paging information; an empty page, or a state without a page,
/// writes nothing at all, so `wc -l` counts the cells.
public struct NDJSONCellRenderer: RowStreamingRenderer, Sendable {
    public init() {}

    public func render(_ state: ListState, to output: OutputWriter) throws {
        guard let page = state.page else { return }
        for cell in page.items { Self.appendLine(cell, to: output) }
        try page.forEachEncodedRow { output.write($0) }
    }

    public func writeHeader(to output: OutputWriter) {}

    public func encode(_ cells: [UserCellViewModel]) -> [EncodedRow] {
        RowEncoding.encode(cells, Self.appendLine)
    }

    private static func appendLine(_ cell: UserCellViewModel, to output: OutputWriter) {
        CellJSON.append(cell, to: output)
        output.write(byte: UInt8(ascii: "\n"))
    }
}

@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// A format whose rows stand on their own, like csv's, but sit inside a document that needs the
/// totals: the html page's header says how many users there are, markdown's footer line too.
///
/// Its rows are encoded on the reading threads (``CellEncoder``). A run that prints every match
/// in input order hands them to a spool on disk as they are decided, then writes the opening
/// (with the totals), the spooled rows and the closing: memory stays bounded however many users,
/// and a run that fails writes nothing. Otherwise ``ListRenderer/render(_:to:)`` writes all three.
public protocol FramedRowRenderer: ListRenderer, CellEncoder {
    /// What comes before the first row, for a state with a page.
    func writeOpening(_ state: ListState, to output: OutputWriter)
    /// What comes after the last row.
    func writeClosing(_ state: ListState, to output: OutputWriter)
    /// The encoded form of each of `rows` (the page's cells, when it holds no encoded rows).
    func appendRow(_ row: UserRow, to output: OutputWriter)
}

extension FramedRowRenderer {
    public func render(_ state: ListState, to output: OutputWriter) throws(UserlistError) {
        guard let page = state.page else { return }
        writeOpening(state, to: output)
        for index in page.items.indices { appendRow(page.row(at: index), to: output) }
        try page.forEachEncodedRow { output.write($0) }
        writeClosing(state, to: output)
    }

    public func encode(_ rows: [UserRow]) -> [EncodedRow] {
        RowEncoding.encode(rows, appendRow)
    }
}

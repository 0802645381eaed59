/// Renders `--format ndjson`: each cell of the page as one compact JSON object per line.
///
/// There is no envelope and no paging information; an empty page, or a state without a page,
/// writes nothing at all, so `wc -l` counts the cells.
public struct NDJSONCellRenderer: ListRenderer, Sendable {
    public init() {}

    public func render(_ state: ListState, to output: OutputWriter) throws {
        guard let page = state.page else { return }
        for cell in page.items {
            CellJSON.append(cell, to: output)
            output.write(byte: UInt8(ascii: "\n"))
        }
    }
}

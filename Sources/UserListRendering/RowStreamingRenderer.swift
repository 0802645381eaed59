@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// A format whose rows stand on their own (NDJSON lines, CSV records): its rows can be encoded on
/// the reading threads and, when every match is printed in input order, written as soon as they
/// are decided (`userlist big.ndjson -f ndjson | head -1` answers at once).
public protocol RowStreamingRenderer: ListRenderer, CellEncoder {
    /// What comes before the first row (the CSV header).
    func writeHeader(to output: OutputWriter)
    /// One row as the format writes it, its line end included (the page's cells, when it holds
    /// no encoded rows; and every row the reading threads encode).
    func appendRow(_ row: UserRow, to output: OutputWriter)
}

extension RowStreamingRenderer {
    /// The header, then the page's rows: those made here from its cells, then those encoded as
    /// they were read. Nothing at all for a state without a page, but the header.
    public func render(_ state: ListState, to output: OutputWriter) throws(UserlistError) {
        writeHeader(to: output)
        guard let page = state.page else { return }
        for index in page.items.indices { appendRow(page.row(at: index), to: output) }
        try page.forEachEncodedRow { output.write($0) }
    }

    public func encode(_ rows: [UserRow]) -> [EncodedRow] {
        RowEncoding.encode(rows, appendRow)
    }
}

enum RowEncoding {
    /// Encodes each row with `append` into one shared buffer.
    static func encode<Row>(_ rows: [Row], _ append: (Row, OutputWriter) -> Void) -> [EncodedRow] {
        guard !rows.isEmpty else { return [] }
        let writer = OutputWriter()
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(rows.count)
        for row in rows {
            let start = writer.writtenCount
            append(row, writer)
            ranges.append(start..<writer.writtenCount)
        }
        let storage = EncodedRows(writer.bytes)
        return ranges.map { EncodedRow(storage: storage, range: $0) }
    }
}

extension OutputWriter {
    /// A line of csv or tsv, without its end: each column's `value`, written by `appendField`
    /// (the format's quoting or escaping), `separator` between them.
    func writeDelimited(_ columns: OutputColumns, separator: UInt8, _ appendField: (String?, OutputWriter) -> Void, value: (OutputColumn) -> String?) {
        for (index, column) in columns.columns.enumerated() {
            if index > 0 { write(byte: separator) }
            appendField(value(column), self)
        }
    }

    /// Appends an encoded row's bytes.
    package func write(_ row: EncodedRow) {
        row.withBytes { write($0) }
    }
}

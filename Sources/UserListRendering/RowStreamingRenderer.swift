@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// A format whose rows stand on their own (NDJSON lines, CSV records): its rows can be encoded on
/// the reading threads and, when every match is printed in input order, written as soon as they
/// are decided (`userlist big.ndjson -f ndjson | head -1` answers at once).
public protocol RowStreamingRenderer: ListRenderer, CellEncoder {
    /// What comes before the first row (the CSV header).
    func writeHeader(to output: OutputWriter)
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
    /// Appends an encoded row's bytes.
    package func write(_ row: EncodedRow) {
        row.withBytes { write($0) }
    }
}

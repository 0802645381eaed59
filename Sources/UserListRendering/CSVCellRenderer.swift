@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format csv`: RFC 4180 CSV of the page's cells under a fixed header row.
///
/// Columns are the cell's keys, `id,title,subtitle,caption,avatarURL,initials`. Every line,
/// the last included, ends with CRLF as RFC 4180 specifies. A field is quoted, with inner quotes
/// doubled, when it holds `,`, `"`, CR or LF, or starts or ends with a space or tab (which many
/// readers would otherwise trim). An absent value is an empty field. The header is always written,
/// so an empty result is a header-only file that tools still read as a table with no rows.
public struct CSVCellRenderer: RowStreamingRenderer, Sendable {
    public init() {}

    static let header = "id,title,subtitle,caption,avatarURL,initials\r\n"

    public func render(_ state: ListState, to output: OutputWriter) throws {
        output.write(Self.header)
        guard let page = state.page else { return }
        for cell in page.items { Self.appendRecord(cell, to: output) }
        try page.forEachEncodedRow { output.write($0) }
    }

    public func writeHeader(to output: OutputWriter) {
        output.write(Self.header)
    }

    public func encode(_ cells: [UserCellViewModel]) -> [EncodedRow] {
        RowEncoding.encode(cells, Self.appendRecord)
    }

    /// One record, CRLF-terminated.
    private static func appendRecord(_ cell: UserCellViewModel, to output: OutputWriter) {
        Self.appendField(cell.id, to: output)
        output.write(byte: UInt8(ascii: ","))
        Self.appendField(cell.title, to: output)
        output.write(byte: UInt8(ascii: ","))
        Self.appendField(cell.subtitle, to: output)
        output.write(byte: UInt8(ascii: ","))
        Self.appendField(cell.caption, to: output)
        output.write(byte: UInt8(ascii: ","))
        Self.appendField(cell.avatarURL, to: output)
        output.write(byte: UInt8(ascii: ","))
        Self.appendField(cell.initials, to: output)
        output.write("\r\n")
    }

    /// Appends one field, quoted only when RFC 4180 (or surrounding white space) requires it.
    static func appendField(_ value: String?, to output: OutputWriter) {
        guard let value, !value.isEmpty else { return }
        let done: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            appendField(UnsafeRawBufferPointer(utf8), to: output)
        }
        if done == nil {
            var copy = value
            copy.withUTF8 { appendField(UnsafeRawBufferPointer($0), to: output) }
        }
    }

    private static func appendField(_ bytes: UnsafeRawBufferPointer, to output: OutputWriter) {
        guard needsQuotes(bytes) else {
            output.write(bytes)
            return
        }
        output.write(byte: UInt8(ascii: "\""))
        // Copy the runs between quotes in one go; each quote is written twice.
        var runStart = 0
        for i in 0..<bytes.count where bytes[i] == UInt8(ascii: "\"") {
            output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...i]))
            output.write(byte: UInt8(ascii: "\""))
            runStart = i + 1
        }
        output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
        output.write(byte: UInt8(ascii: "\""))
    }

    private static func needsQuotes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if isBlank(first) || isBlank(last) { return true }
        for b in bytes {
            switch b {
            case UInt8(ascii: ","), UInt8(ascii: "\""), 0x0D, 0x0A: return true
            default: continue
            }
        }
        return false
    }

    @inline(__always)
    private static func isBlank(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t")
    }
}

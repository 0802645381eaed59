@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format csv`: RFC 4180 CSV of the page's rows under a header row.
///
/// Columns are the cell's keys, `id,title,subtitle,caption,avatarURL,initials`, or the
/// `--fields` names as given. Every line, the last included, ends with CRLF as RFC 4180
/// specifies. A field is quoted, with inner quotes doubled, when it holds `,`, `"`, CR or LF, or
/// starts or ends with a space or tab (which many readers would otherwise trim). An absent value
/// is an empty field. The header is written unless `--no-header`, so an empty result is a
/// header-only file that tools still read as a table with no rows.
public struct CSVCellRenderer: RowStreamingRenderer, Sendable {
    public let columns: OutputColumns
    public let header: Bool

    public init(columns: OutputColumns = .cells, header: Bool = true) {
        self.columns = columns
        self.header = header
    }

    /// The cell's keys, the default columns' header.
    static let header = CellKey.allCases.map(\.rawValue).joined(separator: ",") + "\r\n"

    public func writeHeader(to output: OutputWriter) {
        guard header else { return }
        guard !columns.areCells else { return output.write(Self.header) }
        output.writeDelimited(columns, separator: UInt8(ascii: ","), Self.appendField) { $0.name }
        output.write("\r\n")
    }

    /// One record, CRLF-terminated.
    public func appendRow(_ row: UserRow, to output: OutputWriter) {
        guard columns.areCells else {
            output.writeDelimited(columns, separator: UInt8(ascii: ","), Self.appendField) { $0.value(in: row) }
            return output.write("\r\n")
        }
        let cell = row.cell
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
        output.write(maximumCount: maximumFieldSize(bytes.count)) { writeField(bytes, to: $0, at: 0) }
    }

    /// Every byte a quote (doubled), and the value quoted.
    static func maximumFieldSize(_ count: Int) -> Int { 2 + 2 * count }

    /// One field at `offset` of `out` (``maximumFieldSize(_:)`` bytes of room), quoted only when
    /// RFC 4180 (or white space at its ends) requires it; returns the offset after it.
    static func writeField(_ bytes: UnsafeRawBufferPointer, to out: UnsafeMutableRawPointer, at offset: Int) -> Int {
        guard needsQuotes(bytes) else { return out.put(bytes, at: offset) }
        var at = out.put(UInt8(ascii: "\""), at: offset)
        // The runs between quotes copied whole; each quote written twice.
        var runStart = 0
        for i in 0..<bytes.count where bytes[i] == UInt8(ascii: "\"") {
            at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart...i]), at: at)
            at = out.put(UInt8(ascii: "\""), at: at)
            runStart = i + 1
        }
        at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart...]), at: at)
        return out.put(UInt8(ascii: "\""), at: at)
    }

    private static func needsQuotes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if isBlank(first) || isBlank(last) { return true }
        // Eight bytes at a time: a byte by byte switch cost ~9 instructions a byte, 31M of a
        // sorted CSV export of 50k users (1,220M).
        var index = 0
        while index + 8 <= bytes.count {
            if hasSpecial(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "\""), 0x0D, 0x0A: return true
            default: index += 1
            }
        }
        return false
    }

    /// Whether any of the eight bytes is `,`, `"`, CR or LF: a byte equal to one XORs to zero,
    /// and `(v - 0x01…) & ~v & 0x80…` is non-zero exactly when some byte of `v` is zero.
    @inline(__always)
    private static func hasSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
        return hasZero(word ^ (ones &* 0x2C)) || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x0D)) || hasZero(word ^ (ones &* 0x0A))
    }

    @inline(__always)
    private static func isBlank(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\t")
    }
}

extension CSVCellRenderer {
    /// Rows need a cell only for the columns that read one.
    public var needsCell: Bool { columns.needsCell }
    public var keyedUserFields: FieldSet? { columns.keyedUserFields }
    @_spi(Pipeline) public var columnValuesWriter: (any ColumnValuesWriter)? { CSVValuesWriter() }
}

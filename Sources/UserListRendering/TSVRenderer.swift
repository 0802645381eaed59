@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format tsv`: one line per row, values separated by tabs, no quoting.
///
/// As Miller and jq's `@tsv` write it: a tab, newline, carriage return or backslash inside a value
/// is written `\t`, `\n`, `\r`, `\\`, so every line has exactly one field per column and `cut`,
/// `awk -F'\t'` and `sort -t$'\t'` read it as is. An absent value is an empty field. Lines end in
/// `\n`. The header (the column names) comes first unless `--no-header`.
public struct TSVRenderer: RowStreamingRenderer, Sendable {
    public let columns: OutputColumns
    public let header: Bool

    public init(columns: OutputColumns = .cells, header: Bool = true) {
        self.columns = columns
        self.header = header
    }

    public func writeHeader(to output: OutputWriter) {
        guard header else { return }
        output.writeDelimited(columns, separator: UInt8(ascii: "\t"), Self.appendField) { $0.name }
        output.write(byte: UInt8(ascii: "\n"))
    }

    public func appendRow(_ row: UserRow, to output: OutputWriter) {
        output.writeDelimited(columns, separator: UInt8(ascii: "\t"), Self.appendField) { $0.value(in: row) }
        output.write(byte: UInt8(ascii: "\n"))
    }

    static func appendField(_ value: String?, to output: OutputWriter) {
        guard var value, !value.isEmpty else { return }
        value.withUTF8 { appendField($0, to: output) }
    }

    private static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, to output: OutputWriter) {
        output.write(maximumCount: 2 * bytes.count) { writeField(UnsafeRawBufferPointer(bytes), to: $0, at: 0) }
    }

    /// One value at `offset` of `out` (twice its length of room): tab, newline, carriage return
    /// and backslash written `\t`, `\n`, `\r`, `\\`; returns the offset after it.
    static func writeField(_ bytes: UnsafeRawBufferPointer, to out: UnsafeMutableRawPointer, at offset: Int) -> Int {
        var at = offset
        var runStart = 0
        for i in 0..<bytes.count {
            let escaped: UInt8
            switch bytes[i] {
            case 0x09: escaped = UInt8(ascii: "t")
            case 0x0A: escaped = UInt8(ascii: "n")
            case 0x0D: escaped = UInt8(ascii: "r")
            case 0x5C: escaped = UInt8(ascii: "\\")
            default: continue
            }
            at = out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]), at: at)
            at = out.put(UInt8(ascii: "\\"), at: at)
            at = out.put(escaped, at: at)
            runStart = i + 1
        }
        return out.put(UnsafeRawBufferPointer(rebasing: bytes[runStart...]), at: at)
    }
}

extension TSVRenderer {
    /// Rows need a cell only for the columns that read one.
    public var needsCell: Bool { columns.needsCell }
    public var keyedUserFields: FieldSet? { columns.keyedUserFields }
    @_spi(Pipeline) public var columnValuesWriter: (any ColumnValuesWriter)? { TSVValuesWriter() }
}

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

    public func render(_ state: ListState, to output: OutputWriter) throws(UserlistError) {
        writeHeader(to: output)
        guard let page = state.page else { return }
        for index in page.items.indices { appendLine(page.row(at: index), to: output) }
        try page.forEachEncodedRow { output.write($0) }
    }

    public func writeHeader(to output: OutputWriter) {
        guard header else { return }
        for (index, column) in columns.columns.enumerated() {
            if index > 0 { output.write(byte: UInt8(ascii: "\t")) }
            Self.appendField(column.name, to: output)
        }
        output.write(byte: UInt8(ascii: "\n"))
    }

    public func encode(_ rows: [UserRow]) -> [EncodedRow] {
        RowEncoding.encode(rows, appendLine)
    }

    private func appendLine(_ row: UserRow, to output: OutputWriter) {
        for (index, column) in columns.columns.enumerated() {
            if index > 0 { output.write(byte: UInt8(ascii: "\t")) }
            Self.appendField(column.value(in: row), to: output)
        }
        output.write(byte: UInt8(ascii: "\n"))
    }

    static func appendField(_ value: String?, to output: OutputWriter) {
        guard var value, !value.isEmpty else { return }
        value.withUTF8 { appendField($0, to: output) }
    }

    private static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, to output: OutputWriter) {
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
            output.write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<i]))
            output.write(byte: UInt8(ascii: "\\"))
            output.write(byte: escaped)
            runStart = i + 1
        }
        output.write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart...]))
    }
}

extension TSVRenderer {
    /// Rows need a cell only for the columns that read one.
    public var needsCell: Bool { columns.needsCell }
    public var keyedUserFields: FieldSet? { columns.keyedUserFields }
    @_spi(Pipeline) public var columnValuesWriter: (any ColumnValuesWriter)? { TSVValuesWriter() }
}

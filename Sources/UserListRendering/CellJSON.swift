@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
/// Writes one row as a compact JSON object, shared by the JSON and NDJSON renderers.
///
/// Keys come in the contract's order (`id`, `title`, `subtitle`, `caption`, `avatarURL`,
/// `initials`), or the `--fields` names as given (flat: `"address.city"`), and absent values are
/// `null`, matching what `jq -c` would print for the same object.
enum CellJSON {
    static func append(_ row: UserRow, columns: OutputColumns, to output: OutputWriter) {
        guard !columns.areCells else { return append(row.cell, to: output) }
        var separator = UInt8(ascii: "{")
        for column in columns.columns {
            output.write(byte: separator)
            separator = UInt8(ascii: ",")
            JSONText.appendString(column.name, to: output)
            output.write(byte: UInt8(ascii: ":"))
            JSONText.appendString(column.value(in: row), to: output)
        }
        if separator == UInt8(ascii: "{") { output.write(byte: separator) }
        output.write(byte: UInt8(ascii: "}"))
    }

    static func append(_ cell: UserCellViewModel, to output: OutputWriter) {
        output.write("{\"id\":")
        JSONText.appendString(cell.id, to: output)
        output.write(",\"title\":")
        JSONText.appendString(cell.title, to: output)
        output.write(",\"subtitle\":")
        JSONText.appendString(cell.subtitle, to: output)
        output.write(",\"caption\":")
        JSONText.appendString(cell.caption, to: output)
        output.write(",\"avatarURL\":")
        JSONText.appendString(cell.avatarURL, to: output)
        output.write(",\"initials\":")
        JSONText.appendString(cell.initials, to: output)
        output.write(byte: UInt8(ascii: "}"))
    }
}

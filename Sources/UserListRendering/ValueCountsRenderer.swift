import UserListViewModel

/// `--count-by`'s result in each format: one row per distinct value, the value (the column named
/// as `--count-by` was given) then `count`. A missing value is `null` in JSON and empty elsewhere.
///
///     json      [{"company":"Acme","count":3},…]          (one array: an empty result is [])
///     ndjson    {"company":"Acme","count":3}               (one object a line, as Miller's count-distinct)
///     csv, tsv  company,count / Acme,3                     (the header unless --no-header)
///     table     COMPANY  COUNT, then `3 values · 7 users`
///     markdown  | company | count |, counts right-aligned
public struct ValueCountsRenderer: Sendable {
    public let format: OutputFormat
    public var header = true
    public var maxWidth: Int?

    public init(format: OutputFormat) {
        self.format = format
    }

    /// The formats it writes (not html, a page of users).
    public static let formats: [OutputFormat] = [.json, .ndjson, .csv, .tsv, .table, .markdown]

    public func render(_ counts: ValueCounts, to output: OutputWriter) {
        switch format {
        case .json, .ndjson:
            let lines = format == .ndjson
            if !lines { output.write("[") }
            for (index, entry) in counts.entries.enumerated() {
                if index > 0, !lines { output.write(",") }
                output.write("{")
                JSONText.appendString(counts.name, to: output)
                output.write(":")
                JSONText.appendString(entry.value, to: output)
                output.write(",\"count\":")
                output.write(int: entry.count)
                output.write(lines ? "}\n" : "}")
            }
            if !lines { output.write("]\n") }
        case .csv:
            renderDelimited(counts, separator: ",", lineEnd: "\r\n", field: { CSVCellRenderer.appendField($0, to: $1) }, to: output)
        case .tsv:
            renderDelimited(counts, separator: "\t", lineEnd: "\n", field: { TSVRenderer.appendField($0, to: $1) }, to: output)
        case .markdown:
            output.write("| ")
            MarkdownRenderer.appendCell(counts.name, to: output)
            output.write(" | count |\n| --- | ---: |\n")
            for entry in counts.entries {
                output.write("| ")
                MarkdownRenderer.appendCell(entry.value, to: output)
                output.write(" | ")
                output.write(int: entry.count)
                output.write(" |\n")
            }
            output.write("\n\(summary(counts))\n")
        case .table, .html:
            renderTable(counts, to: output)
        }
    }

    /// csv and tsv: a header (unless turned off), then a value and its count a line, each value
    /// written as the format writes a field.
    private func renderDelimited(_ counts: ValueCounts, separator: String, lineEnd: String, field: (String?, OutputWriter) -> Void, to output: OutputWriter) {
        if header {
            field(counts.name, output)
            output.write(separator + "count" + lineEnd)
        }
        for entry in counts.entries {
            field(entry.value, output)
            output.write(separator)
            output.write(int: entry.count)
            output.write(lineEnd)
        }
    }

    private func summary(_ counts: ValueCounts) -> String {
        let values = counts.entries.count, users = counts.total
        return "\(values) \(values == 1 ? "value" : "values") · \(users) \(users == 1 ? "user" : "users")"
    }

    private func renderTable(_ counts: ValueCounts, to output: OutputWriter) {
        if counts.entries.isEmpty {
            output.write("No users found\n")
            return
        }
        let numbers = counts.entries.map { String($0.count) }
        var widths = [header ? DisplayWidth.of(counts.name.uppercased()) : 0, header ? 5 : 0]
        for (entry, number) in zip(counts.entries, numbers) {
            widths[0] = max(widths[0], TableRenderer.measure(entry.value).width)
            widths[1] = max(widths[1], number.utf8.count)
        }
        if let maxWidth {
            // The count is what the table is for: the value gives way, down to a few columns.
            widths[0] = max(TableRenderer.minimumColumnWidth, min(widths[0], maxWidth - TableRenderer.gap - widths[1]))
        }
        if header {
            var owed = 0
            TableRenderer.writeCell(counts.name.uppercased(), width: widths[0], owed: &owed, to: output)
            output.write(byte: UInt8(ascii: " "), repeating: owed + TableRenderer.gap + widths[1] - 5)
            output.write("COUNT\n")
        }
        for (entry, number) in zip(counts.entries, numbers) {
            var owed = 0
            TableRenderer.writeCell(entry.value, width: widths[0], owed: &owed, to: output)
            // Counts right-aligned, so their digits line up.
            output.write(byte: UInt8(ascii: " "), repeating: owed + TableRenderer.gap + widths[1] - number.utf8.count)
            output.write(number)
            output.write("\n")
        }
        output.write(ColumnFitting.fitted(summary(counts), toWidth: maxWidth))
        output.write("\n")
    }
}

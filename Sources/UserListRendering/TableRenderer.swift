@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
/// Renders `--format table`: aligned columns ID, NAME, EMAIL, CAPTION (or the `--fields`), then a
/// paging footer.
///
/// Columns are sized by display width (see ``DisplayWidth``) to their widest cell, header
/// included, and separated by two spaces; no line ends in a space. Control characters and bidi
/// overrides inside a value (newlines, tabs, ESC, BEL, U+202E) are shown escaped, `\n`, `\t`,
/// `\u001b`, `\u0007`, `\u202e` (``TerminalText``), and measured as shown, so a value can neither
/// break the layout nor drive the terminal. With `maxWidth` (a terminal's), no line is wider: an
/// over-wide table shrinks CAPTION first, then EMAIL, then NAME (``ColumnFitting``), cut values
/// end in `…`, and the footer drops its hint, then is cut. The footer reads
/// `page 2 of 7 · 137 users`; an empty result is the single line `No users found`. States without
/// a page (idle, loading, error) write nothing.
public struct TableRenderer: ListRenderer, Sendable {
    /// The widest the table may be, in columns; nil for no limit.
    public var maxWidth: Int?
    /// The columns: ID, NAME, EMAIL, CAPTION from the cell, or the `--fields` names as given.
    public let columns: OutputColumns
    /// Whether the header row is written (`--no-header` turns it off).
    public let header: Bool
    /// Whether the header row is bold (colour on a terminal).
    public var bold = false
    /// Said after the footer when more pages follow: how to see them (a terminal's first page).
    public var moreHint: String?
    /// With no header row, the footer (and `No users found`) goes to standard error, after the
    /// rows, so `--no-header`'s rows on standard output are data only.
    public var footerToStandardError = false
    /// `--limit N`: the footer counts the first N of the matches (`first 5 of 137 users`), no page.
    public var limit: Int?

    /// A shrunk column keeps at least this many columns while others can give.
    public static let minimumColumnWidth = ColumnFitting.minimumWidth

    static let headers = ["ID", "NAME", "EMAIL", "CAPTION"]
    static let gap = 2

    public init(maxWidth: Int? = nil, columns: OutputColumns = .cells, header: Bool = true) {
        self.maxWidth = maxWidth
        self.columns = columns
        self.header = header
    }

    /// The header and value of each column shown.
    private var shownColumns: [(header: String, value: @Sendable (UserRow) -> String?)] {
        guard columns.areCells else { return columns.columns.map { column in (column.name, { column.value(in: $0) }) } }
        return [(Self.headers[0], { $0.cell.id }), (Self.headers[1], { $0.cell.title }), (Self.headers[2], { $0.cell.subtitle }), (Self.headers[3], { $0.cell.caption })]
    }

    public func render(_ state: ListState, to output: OutputWriter) throws(UserlistError) {
        guard let page = state.page else { return }
        // With --no-header the rows are data: what is about them goes elsewhere, after them.
        let note = !header && footerToStandardError ? OutputWriter.standardError() : output
        if case .empty = state {
            note.write("No users found\n")
            if note !== output { try note.flush() }
            return
        }
        let shown = shownColumns
        var widths = header ? shown.map { DisplayWidth.of($0.header) } : shown.map { _ in 0 }
        for index in page.items.indices {
            // Measured again when written: rescanning is cheaper than keeping millions of widths.
            let row = page.row(at: index)
            for (column, entry) in shown.enumerated() { widths[column] = max(widths[column], Self.measure(entry.value(row)).width) }
        }
        var columnsShown = widths.count
        if let maxWidth { columnsShown = Self.shrink(&widths, toFit: maxWidth) }
        widths = Array(widths.prefix(columnsShown))

        if header {
            if bold { output.write("\u{1B}[1m") }
            writeRow(Array(shown.map(\.header).prefix(columnsShown)), widths: widths, to: output, closing: bold ? "\u{1B}[0m" : nil)
        }
        for index in page.items.indices {
            let row = page.row(at: index)
            writeRow(shown.prefix(columnsShown).map { $0.value(row) }, widths: widths, to: output)
        }

        var footer = OutputFormat.footer(page, limit: limit)
        if page.hasMore, let moreHint {
            let hinted = footer + " — \(moreHint)"
            // On a narrow terminal the hint goes first: the count matters more.
            if maxWidth.map({ DisplayWidth.of(hinted) <= $0 }) ?? true { footer = hinted }
        }
        if note !== output { try output.flush() }
        note.write(ColumnFitting.fitted(footer, toWidth: maxWidth))
        note.write(byte: UInt8(ascii: "\n"))
        if note !== output { try note.flush() }
    }

    /// Narrows columns, last first (CAPTION, EMAIL, NAME by default), the first (the id) only
    /// when nothing else can give, until the table fits `maxWidth`; returns how many columns fit.
    static func shrink(_ widths: inout [Int], toFit maxWidth: Int) -> Int {
        ColumnFitting.fit(&widths, gap: gap, toFit: maxWidth, order: Array(stride(from: widths.count - 1, to: 0, by: -1)))
    }

    /// Writes one row. Padding is owed rather than written, and paid only before visible text,
    /// so a row whose last cells are empty ends without trailing spaces.
    private func writeRow(_ values: [String?], widths: [Int], to output: OutputWriter, closing: String? = nil) {
        var owed = 0
        for (column, value) in values.enumerated() {
            if column > 0 { owed += Self.gap }
            Self.writeCell(value, width: widths[column], owed: &owed, to: output)
        }
        if let closing { output.write(closing) }
        output.write(byte: UInt8(ascii: "\n"))
    }

    /// `colour` (an SGR escape) is put around the text, never around the padding.
    static func writeCell(_ value: String?, width columnWidth: Int, owed: inout Int, to output: OutputWriter, colour: String? = nil) {
        let shown = measure(value)
        guard !shown.text.isEmpty else {
            owed += columnWidth
            return
        }
        output.write(byte: UInt8(ascii: " "), repeating: owed)
        owed = 0
        if let colour { output.write(colour) }
        defer { if colour != nil { output.write("\u{1B}[0m") } }
        if shown.width <= columnWidth {
            output.write(shown.text)
            owed = columnWidth - shown.width
        } else if shown.isASCII {
            // One column per byte: cut the bytes directly, no String or grapheme walk needed.
            let keep = max(columnWidth - 1, 0)
            var text = shown.text
            text.withUTF8 { output.write(UnsafeRawBufferPointer(start: $0.baseAddress, count: keep)) }
            output.write(ellipsis)
        } else {
            let cut = DisplayWidth.truncated(shown.text, toWidth: columnWidth)
            output.write(cut)
            owed = columnWidth - DisplayWidth.of(cut)
        }
    }

    static let ellipsis = "…"

    /// A value as the table shows it.
    struct Shown {
        var text: String
        /// Display width of `text`.
        var width: Int
        /// Whether `text` is all ASCII, so one byte is one column.
        var isASCII: Bool
    }

    /// The text shown for a value and its display width: nil is empty; control characters and
    /// bidi overrides are written as escapes (``TerminalText``: `\u001b`, `\r\n`, `\u202e`) and
    /// measured as written; trailing spaces go, as they would be invisible anyway.
    static func measure(_ value: String?) -> Shown {
        guard let value else { return Shown(text: "", width: 0, isASCII: true) }
        // One pass over the bytes decides whether the value can be shown as is.
        let scan = value.utf8.withContiguousStorageIfAvailable { TerminalText.inspect($0) }
        if let scan, !scan.needsEscaping, value.utf8.last != UInt8(ascii: " ") {
            let width = scan.isASCII ? value.utf8.count : DisplayWidth.of(value)
            return Shown(text: value, width: width, isASCII: scan.isASCII)
        }
        let text = shown(value)
        return Shown(text: text, width: DisplayWidth.of(text), isASCII: text.utf8.allSatisfy { $0 < 0x80 })
    }

    /// `value` escaped for the terminal, without trailing spaces.
    static func shown(_ value: String) -> String {
        var text = TerminalText.escaped(value)
        while text.utf8.last == UInt8(ascii: " ") { text.removeLast() }
        return text
    }
}

@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain
/// Renders `--format table`: aligned columns ID, NAME, EMAIL, CAPTION, then a paging footer.
///
/// Columns are sized by display width (see ``DisplayWidth``) to their widest cell, header
/// included, and separated by two spaces; no line ends in a space. Control characters inside a
/// value (newlines, tabs, escapes) are shown as a space so a value cannot break the layout or
/// drive the terminal. With `maxWidth`, an over-wide table shrinks CAPTION first, then EMAIL, then
/// NAME, none below ``minimumColumnWidth``, and cut values end in `…`. The footer reads
/// `page 2 of 7 · 137 users`; an empty result is the single line `No users found`. States without
/// a page (idle, loading, error) write nothing.
public struct TableRenderer: ListRenderer, Sendable {
    /// The widest the table may be, in columns; nil for no limit.
    public var maxWidth: Int?

    /// A shrunk column keeps at least this many columns (fewer only if it was narrower already).
    public static let minimumColumnWidth = 8

    static let headers = ["ID", "NAME", "EMAIL", "CAPTION"]
    /// The order in which columns give up width: CAPTION, EMAIL, NAME; ID never does.
    static let shrinkOrder = [3, 2, 1]
    static let gap = 2

    public init(maxWidth: Int? = nil) {
        self.maxWidth = maxWidth
    }

    public func render(_ state: ListState, to output: OutputWriter) throws {
        guard let page = state.page else { return }
        if case .empty = state {
            output.write("No users found\n")
            return
        }

        var widths = Self.headers.map { DisplayWidth.of($0) }
        for cell in page.items {
            // Measured again when written: rescanning is cheaper than keeping millions of widths.
            widths[0] = max(widths[0], Self.measure(cell.id).width)
            widths[1] = max(widths[1], Self.measure(cell.title).width)
            widths[2] = max(widths[2], Self.measure(cell.subtitle).width)
            widths[3] = max(widths[3], Self.measure(cell.caption).width)
        }
        if let maxWidth { Self.shrink(&widths, toFit: maxWidth) }

        writeRow(Self.headers[0], Self.headers[1], Self.headers[2], Self.headers[3], widths: widths, to: output)
        for cell in page.items {
            writeRow(cell.id, cell.title, cell.subtitle, cell.caption, widths: widths, to: output)
        }

        output.write("page ")
        output.write(int: page.page)
        output.write(" of ")
        output.write(int: page.totalPages)
        output.write(" · ")
        output.write(int: page.totalItems)
        output.write(page.totalItems == 1 ? " user\n" : " users\n")
    }

    /// Narrows columns, in `shrinkOrder`, until the table fits `maxWidth` or can shrink no more.
    static func shrink(_ widths: inout [Int], toFit maxWidth: Int) {
        var total = widths.reduce(0, +) + gap * (widths.count - 1)
        for column in shrinkOrder where total > maxWidth {
            let floor = min(widths[column], minimumColumnWidth)
            let narrowed = max(floor, widths[column] - (total - maxWidth))
            total -= widths[column] - narrowed
            widths[column] = narrowed
        }
    }

    /// Writes one row. Padding is owed rather than written, and paid only before visible text,
    /// so a row whose last cells are empty ends without trailing spaces.
    private func writeRow(_ a: String?, _ b: String?, _ c: String?, _ d: String?, widths: [Int],
                          to output: OutputWriter) {
        // Four plain parameters instead of an array: no allocation per row.
        var owed = 0
        Self.writeCell(a, width: widths[0], owed: &owed, to: output)
        owed += Self.gap
        Self.writeCell(b, width: widths[1], owed: &owed, to: output)
        owed += Self.gap
        Self.writeCell(c, width: widths[2], owed: &owed, to: output)
        owed += Self.gap
        Self.writeCell(d, width: widths[3], owed: &owed, to: output)
        output.write(byte: UInt8(ascii: "\n"))
    }

    private static func writeCell(_ value: String?, width columnWidth: Int, owed: inout Int, to output: OutputWriter) {
        let shown = measure(value)
        guard !shown.text.isEmpty else {
            owed += columnWidth
            return
        }
        output.write(byte: UInt8(ascii: " "), repeating: owed)
        owed = 0
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

    /// The text shown for a value and its display width: nil is empty, control characters become
    /// spaces (CRLF one space), and trailing white space goes, as it would be invisible anyway.
    static func measure(_ value: String?) -> Shown {
        guard let value else { return Shown(text: "", width: 0, isASCII: true) }
        // One pass over the bytes decides whether the value can be shown as is.
        let scan: (ascii: Bool, clean: Bool)? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            var ascii = true
            var afterC2 = false
            for b in utf8 {
                if b < 0x20 || b == 0x7F { return (ascii, false) }
                if b >= 0x80 {
                    ascii = false
                    // U+0080...U+009F (C1 controls) are encoded C2 80...C2 9F.
                    if afterC2 && b < 0xA0 { return (ascii, false) }
                }
                afterC2 = b == 0xC2
            }
            return (ascii, utf8.last != UInt8(ascii: " "))
        }
        if let scan, scan.clean {
            let width = scan.ascii ? value.utf8.count : DisplayWidth.of(value)
            return Shown(text: value, width: width, isASCII: scan.ascii)
        }
        let text = sanitized(value)
        return Shown(text: text, width: DisplayWidth.of(text), isASCII: text.utf8.allSatisfy { $0 < 0x80 })
    }

    static func sanitized(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            defer { previous = scalar }
            let v = scalar.value
            if v < 0x20 || (v >= 0x7F && v < 0xA0) {
                // "\r\n" is one line break: one space, not two.
                if v == 0x0A && previous == "\r" { continue }
                scalars.append(" ")
            } else {
                scalars.append(scalar)
            }
        }
        while let last = scalars.last, last == " " { scalars.removeLast() }
        return String(scalars)
    }
}

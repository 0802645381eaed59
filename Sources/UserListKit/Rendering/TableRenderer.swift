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
            widths[0] = max(widths[0], Self.measure(cell.id).width)
            widths[1] = max(widths[1], Self.measure(cell.title).width)
            widths[2] = max(widths[2], Self.measure(cell.subtitle).width)
            widths[3] = max(widths[3], Self.measure(cell.caption).width)
        }
        if let maxWidth { Self.shrink(&widths, toFit: maxWidth) }

        writeRow(Self.headers.map { Optional($0) }, widths: widths, to: output)
        for cell in page.items {
            writeRow([cell.id, cell.title, cell.subtitle, cell.caption], widths: widths, to: output)
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

    private func writeRow(_ values: [String?], widths: [Int], to output: OutputWriter) {
        // Padding is owed rather than written, and paid only before visible text, so a row whose
        // last cells are empty ends without trailing spaces.
        var owed = 0
        for (column, value) in values.enumerated() {
            if column > 0 { owed += Self.gap }
            var (text, width) = Self.measure(value)
            if width > widths[column] {
                text = DisplayWidth.truncated(text, toWidth: widths[column])
                width = DisplayWidth.of(text)
            }
            if !text.isEmpty {
                output.write(byte: UInt8(ascii: " "), repeating: owed)
                owed = 0
                output.write(text)
            }
            owed += widths[column] - width
        }
        output.write(byte: UInt8(ascii: "\n"))
    }

    /// The text shown for a value and its display width: nil is empty, control characters become
    /// spaces (CRLF one space), and trailing white space goes, as it would be invisible anyway.
    static func measure(_ value: String?) -> (text: String, width: Int) {
        guard let value else { return ("", 0) }
        // Fast path: printable ASCII not ending in a space is shown as is, one column per byte.
        let plain: Int? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            for b in utf8 where b < 0x20 || b > 0x7E { return nil }
            return utf8.last == UInt8(ascii: " ") ? nil : utf8.count
        } ?? nil
        if let plain { return (value, plain) }
        let text = sanitized(value)
        return (text, DisplayWidth.of(text))
    }

    static func sanitized(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        var changed = false
        for scalar in value.unicodeScalars {
            defer { previous = scalar }
            let v = scalar.value
            if v < 0x20 || (v >= 0x7F && v < 0xA0) {
                changed = true
                // "\r\n" is one line break: one space, not two.
                if v == 0x0A && previous == "\r" { continue }
                scalars.append(" ")
            } else {
                scalars.append(scalar)
            }
        }
        while let last = scalars.last, last == " " {
            scalars.removeLast()
            changed = true
        }
        return changed ? String(scalars) : value
    }
}

@_spi(Pipeline) import UserListViewModel
import UserListService
@_spi(Pipeline) import UserListDomain
/// Renders `--format markdown`: a GitHub-flavoured table of the page (ID, Name, Email, Caption,
/// or the `--fields`), then the table's footer as a line below it: `page 2 of 7 · 137 users`.
///
/// A value is text, never markup: every character that could start markdown inside a table cell
/// is backslash-escaped (`\ | * _ ` [ ] < > ~ & !`, as CommonMark lets any ASCII punctuation be),
/// so a name such as `**x** | <img src=y>` shows as written and can't add a column, a link, an
/// image or HTML. A line break inside a value (LF, CR LF, CR) becomes `<br>`, the only HTML this
/// writes, since a table row must stay on one line; other control characters and bidi overrides
/// are shown escaped as the terminal table shows them (`\u001b`, `\u202e`). A missing value is an
/// empty cell. An empty result is the line `No users found`, as in the table. GFM tables need
/// their header row, so there is no `--no-header` here.
public struct MarkdownRenderer: FramedRowRenderer, Sendable {
    public let columns: OutputColumns
    /// `--limit N`: the footer counts the first N of the matches, no page.
    public var limit: Int?

    public init(columns: OutputColumns = .cells) {
        self.columns = columns
    }

    static let headers = ["ID", "Name", "Email", "Caption"]

    public func writeOpening(_ state: ListState, to output: OutputWriter) {
        guard case .loaded = state else { return }
        let names = columns.areCells ? Self.headers : columns.columns.map(\.name)
        output.write("|")
        for name in names {
            output.write(" ")
            Self.appendCell(name, to: output)
            output.write(" |")
        }
        output.write("\n|")
        for _ in names { output.write(" --- |") }
        output.write("\n")
    }

    public func writeClosing(_ state: ListState, to output: OutputWriter) {
        guard let page = state.page else { return }
        guard case .loaded = state else {
            output.write("No users found\n")
            return
        }
        // A blank line ends the table; the footer is a paragraph of its own.
        output.write("\n" + OutputFormat.footer(page, limit: limit) + "\n")
    }

    public func appendRow(_ row: UserRow, to output: OutputWriter) {
        output.write("|")
        if columns.areCells {
            let cell = row.cell
            for value in [cell.id, cell.title, cell.subtitle, cell.caption] as [String?] {
                output.write(" ")
                Self.appendCell(value, to: output)
                output.write(" |")
            }
        } else {
            for column in columns.columns {
                output.write(" ")
                Self.appendCell(column.value(in: row), to: output)
                output.write(" |")
            }
        }
        output.write("\n")
    }

    /// One cell's text, escaped (see the type's notes).
    static func appendCell(_ value: String?, to output: OutputWriter) {
        guard var value, !value.isEmpty else { return }
        let plain = value.withUTF8 { bytes in
            let (_, escape) = TerminalText.inspect(bytes)
            guard !escape else { return false }
            appendEscaped(UnsafeRawBufferPointer(bytes), to: output)
            return true
        }
        guard !plain else { return }
        // Line breaks become <br>, and the rest of what a terminal would act on is shown escaped.
        var lines: [Substring] = []
        var rest = Substring(value)
        while let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            lines.append(rest[..<end])
            rest = rest[rest.index(after: end)...]
        }
        lines.append(rest)
        for (index, line) in lines.enumerated() {
            if index > 0 { output.write("<br>") }
            var shown = TerminalText.escaped(String(line))
            shown.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), to: output) }
        }
    }

    /// Copies `bytes`, putting a backslash before each byte markdown could read as markup.
    private static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to output: OutputWriter) {
        var runStart = 0
        for i in 0..<bytes.count where needsBackslash(bytes[i]) {
            output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart..<i]))
            output.write(byte: UInt8(ascii: "\\"))
            runStart = i
        }
        output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
    }

    @inline(__always)
    private static func needsBackslash(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"),
             UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"),
             UInt8(ascii: "&"), UInt8(ascii: "!"):
            true
        default: false
        }
    }
}

extension MarkdownRenderer {
    /// Rows need a cell only for the columns that read one (`--fields id,address.city`: none).
    public var needsCell: Bool { columns.needsCell }
    public var keyedUserFields: FieldSet? { columns.keyedUserFields }
}

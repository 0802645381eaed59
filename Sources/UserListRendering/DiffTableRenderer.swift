import UserListDomain
@_spi(Pipeline) import UserListViewModel
import UserListDiff

/// `userlist diff --format table`: columns CHANGE, ID, NAME, FIELD, OLD, NEW, one row per
/// changed field (the user's first row names it, the others leave CHANGE, ID and NAME blank),
/// one row per added or removed user, then the count line `1 added · 1 removed · 2 changed`.
///
/// Cells are shown and measured as ``TableRenderer``'s are (display width, control characters and
/// bidi overrides escaped); NAME is the cell's title (name, else username, email, id). Entries are read twice,
/// once to size the columns, so nothing is held; with `maxWidth`, NEW shrinks first, then OLD,
/// then NAME, then the others (``ColumnFitting``), and the count line is cut to fit.
///
/// With `colour` (a terminal): the header bold, `added` green, `removed` red, `changed` yellow,
/// and a changed field's OLD value red, its NEW value green.
public struct DiffTableRenderer: DiffRenderer {
    public var maxWidth: Int?
    public var colour: Bool

    static let headers = ["CHANGE", "ID", "NAME", "FIELD", "OLD", "NEW"]
    static let shrinkOrder = [5, 4, 2]
    static let changeColours = ["added": "\u{1B}[32m", "removed": "\u{1B}[31m", "changed": "\u{1B}[33m"]

    public init(maxWidth: Int? = nil, colour: Bool = false) {
        self.maxWidth = maxWidth
        self.colour = colour
    }

    public func render(_ result: DiffResult, to output: OutputWriter) throws(UserlistError) {
        if !result.counts.isEmpty {
            var widths = Self.headers.map { DisplayWidth.of($0) }
            try Self.forEachRow(of: result) { row in
                for (column, value) in row.enumerated() {
                    widths[column] = max(widths[column], TableRenderer.measure(value).width)
                }
            }
            var shown = widths.count
            if let maxWidth { shown = ColumnFitting.fit(&widths, gap: TableRenderer.gap, toFit: maxWidth, order: Self.shrinkOrder) }
            widths = Array(widths.prefix(shown))
            if colour { output.write("\u{1B}[1m") }
            Self.writeRow(Array(Self.headers.prefix(shown)), widths: widths, to: output, closing: colour ? "\u{1B}[0m" : nil)
            try Self.forEachRow(of: result) { Self.writeRow(Array($0.prefix(shown)), widths: widths, to: output, colours: colour ? Self.colours(of: $0) : nil) }
        }
        output.write(ColumnFitting.fitted(result.counts.summary, toWidth: maxWidth))
        output.write(byte: UInt8(ascii: "\n"))
    }

    /// The table's rows, six cells each.
    private static func forEachRow(of result: DiffResult, _ body: ([String?]) throws(UserlistError) -> Void) throws(UserlistError) {
        try result.forEachEntry { (entry) throws(UserlistError) in
            let name = entry.user.map { UserCellViewModel(user: $0).title }
            guard entry.change == .changed else {
                return try body([entry.change.rawValue, entry.id, name, nil, nil, nil])
            }
            for (index, change) in entry.changes.enumerated() {
                let lead: [String?] = index == 0 ? [entry.change.rawValue, entry.id, name] : [nil, nil, nil]
                try body(lead + [change.field.name, change.old, change.new])
            }
        }
    }

    /// One row; padding is written only before visible text, so no line ends in spaces.
    private static func writeRow(_ cells: [String?], widths: [Int], to output: OutputWriter, colours: [String?]? = nil, closing: String? = nil) {
        var owed = 0
        for (column, cell) in cells.enumerated() {
            if column > 0 { owed += TableRenderer.gap }
            TableRenderer.writeCell(cell, width: widths[column], owed: &owed, to: output, colour: colours?[column])
        }
        if let closing { output.write(closing) }
        output.write(byte: UInt8(ascii: "\n"))
    }

    /// A row's colours: its change word's, and a changed field's old value red, new value green.
    private static func colours(of cells: [String?]) -> [String?] {
        let hasField = cells[3] != nil
        return [cells[0].flatMap { changeColours[$0] }, nil, nil, nil, hasField ? "\u{1B}[31m" : nil, hasField ? "\u{1B}[32m" : nil]
    }
}

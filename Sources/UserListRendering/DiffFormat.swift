import UserListDiff

/// `userlist diff --format` values; the raw values are the command-line spellings. Choosing the
/// default (`table` on a terminal, `ndjson` otherwise) is the CLI's job.
public enum DiffFormat: String, CaseIterable, Sendable {
    case ndjson
    case json
    case table
    case csv
    case tsv

    /// Whether the count line is part of the output (the table's last line) rather than
    /// something the caller says on standard error.
    public var printsCounts: Bool { self == .table }

    public func renderer(maxTableWidth: Int?, colour: Bool = false) -> any DiffRenderer {
        switch self {
        case .ndjson: DiffNDJSONRenderer()
        case .json: DiffJSONRenderer()
        case .table: DiffTableRenderer(maxWidth: maxTableWidth, colour: colour)
        case .csv: DiffDelimitedRenderer(separator: .comma)
        case .tsv: DiffDelimitedRenderer(separator: .tab)
        }
    }
}

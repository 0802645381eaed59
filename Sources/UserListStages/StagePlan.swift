import UserListKit
import UserListViewModel
import UserListRendering

/// How a query's answer is gathered from the partitions: decided from the options alone, the same
/// way by every stage, and told to the driver by `userlist stage plan` (one JSON line).
///
/// - `count`: only the counts travel.
/// - `page`: each partition's best page × page size (few lines): the driver collects them in any
///   order and the merge keeps the best.
/// - `rows` / `users`, a full export: every match travels, the format's own row when it has one
///   (json, ndjson, csv, tsv), else the user (table, `--jq-out`), behind its sort key; the driver
///   sorts the lines by that key (in ranges of it, in parallel), and the merge writes them in the
///   order it gets them, checking it.
struct StagePlan {
    enum Kind: String {
        case count, page, rows, users
    }

    let kind: Kind
    /// The format's row encoder, for `rows`.
    let encoder: (any CellEncoder)?
    /// The most candidates a partition's partial stage sends besides its counts line: a page's
    /// page × page size, a count's none; nil: every match (a full export) or no bound.
    let candidates: Int?

    /// From the rank and cells stages of `stages` (a single run's, or a cut that holds them).
    init(_ stages: ListPipeline) {
        if case .count = stages.rank {
            kind = .count
            encoder = nil
            candidates = 0
        } else if let page = stages.query.page {
            kind = .page
            encoder = nil
            candidates = PageCollector.limit(page: page, pageSize: stages.query.pageSize)
        } else {
            candidates = nil
            // The format's row when it has one (--jq-out transforms cells: users travel, and it
            // is compiled only where it runs, in the merge).
            encoder = stages.cells?.encoder
            kind = encoder == nil ? .users : .rows
        }
    }

    /// Whether the driver must sort the partial stage's lines by their first field before the merge.
    var sortsLines: Bool { kind == .rows || kind == .users }

    /// `{"gather":"page","sort":false,"parts":false,"separator":"","extension":"json","candidates":60}`:
    /// what `userlist stage plan` prints. `parts`: a full export the driver may write as ordered
    /// part files (`stage merge --part rows` and `--part ends`); `separator`: what follows each
    /// row but the last in the output (json's comma; the other formats' rows end with their line
    /// break); `extension`: the format's file extension, for the part files' names;
    /// `candidates`: ``candidates`` (null: unbounded), for the driver to take a few partitions'
    /// candidates at once rather than in a tree.
    func json(parts: Bool, fileExtension: String) -> String {
        let separator = encoder is JSONListRenderer ? "," : ""
        return "{\"gather\":\"\(kind.rawValue)\",\"sort\":\(sortsLines),\"parts\":\(parts),\"separator\":\"\(separator)\",\"extension\":\"\(fileExtension)\",\"candidates\":\(candidates.map(String.init) ?? "null")}"
    }
}

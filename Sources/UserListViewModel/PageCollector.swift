import UserListService
@_spi(Pipeline) import UserListDomain
import HeapModule

/// Keeps only what the requested page needs, as matched users stream past.
///
/// Page N of size S in sorted order only needs the N×S smallest entries, so with `--sort` and
/// `--page` a bounded max-heap holds at most N×S users however big the input; without `--sort`
/// only the page's own users are kept. Everything else is counted and let go. What is kept is a
/// user, or just its encoded row when the run prints every match (see ``CellEncoder``).
struct PageCollector {
    /// A kept match.
    enum Kept {
        case user(User)
        case row(EncodedRow)
    }

    let sort: UserSortOrder?
    /// Users to keep at most: the end of the requested page (nil: all of them).
    let limit: Int?
    /// How many users come before the page.
    let skip: Int
    /// False when the matches were handed on already (streamed): only count them.
    let keeping: Bool
    private(set) var matched = 0
    private var heap = Heap<SortEntry>()
    /// Every match's sort key, when there is a sort and no limit.
    private var keys: SortKeyArena?
    /// A full sort of encoded rows past this many bytes spills sorted runs to temporary files.
    let sortBudget: Int
    private(set) var spilled: SpilledRows?
    /// Bytes of the rows kept in memory, and whether every kept match is a row (users can't spill).
    private var rowBytes = 0
    private var onlyRows = true
    /// The sequence number of `all[0]`: matches before it were spilled.
    private var runBase = 0
    /// Without a limit: the kept matches by sequence number (the index).
    private var all: [Kept] = []
    /// With a limit: the kept matches by sequence number.
    private var some: [Int: Kept] = [:]

    init(sort: UserSortOrder?, page: Int?, pageSize: Int, keeping: Bool = true, sortBudget: Int = 256 << 20) {
        self.sort = sort
        self.keeping = keeping
        self.sortBudget = sortBudget
        keys = sort.map { SortKeyArena(descending: $0.descending) }
        if let page {
            let (end, overflow) = page.multipliedReportingOverflow(by: pageSize)
            limit = overflow ? nil : end
            skip = overflow ? Int.max : (page - 1) * pageSize
        } else {
            limit = nil
            skip = 0
        }
    }

    mutating func add(_ user: User) {
        try! add(.user(user), sortValue: sort.flatMap { $0.key.sortValue(of: user) })
    }

    /// Adds a match whose sort value was worked out already.
    mutating func add(_ kept: Kept, sortValue value: SortValue?) throws {
        defer { matched += 1 }
        guard keeping else { return }
        guard let limit else {
            if skip > 0 { return }  // a page past what an Int can count: nothing to keep
            // Everything: input order, or sorted at the end.
            all.append(kept)
            guard keys != nil else { return }
            keys!.append(value, sequence: matched)
            switch kept {
            case .row(let row): rowBytes += Int(row.count) + MemoryLayout<Kept>.stride
            case .user: onlyRows = false
            }
            if onlyRows, keys!.footprint + rowBytes > sortBudget { try spill(next: matched + 1) }
            return
        }
        guard let sort else {
            // Input order: keep just the page's window.
            if matched >= skip, matched < limit { some[matched] = kept }
            return
        }
        let entry = SortEntry(value: value, descending: sort.descending, sequence: matched)
        if heap.count < limit {
            heap.insert(entry)
            some[matched] = kept
        } else if let worst = heap.max, entry < worst {
            some[heap.replaceMax(with: entry).sequence] = nil
            some[matched] = kept
        }
    }

    /// Sorts what is in memory into a run of its own on disk; `next` numbers the match after it.
    private mutating func spill(next: Int) throws {
        let rows = all.map { kept -> EncodedRow in
            guard case .row(let row) = kept else { preconditionFailure("only rows spill") }
            return row
        }
        if spilled == nil { spilled = SpilledRows(descending: sort?.descending ?? false) }
        try spilled!.spill(keys!, rows: rows, base: runBase)
        keys!.removeAll()
        all.removeAll()
        rowBytes = 0
        runBase = next
    }

    /// Ends collecting: a full sort that spilled writes its last run too, and its rows are read
    /// back from ``spilled`` (``page()`` is then empty).
    mutating func finish() throws {
        if spilled != nil, !all.isEmpty { try spill(next: matched) }
    }

    /// The page's matches, in order.
    func page() -> [Kept] {
        guard let limit else {
            // A page past what an Int can count (`--page` × `--page-size` overflows) is empty.
            if skip > 0 { return [] }
            if sort == nil { return all }
            if spilled != nil { return [] }
            return keys!.sortedSequences().map { all[$0] }
        }
        guard sort != nil else {
            return (skip..<max(skip, min(limit, matched))).compactMap { some[$0] }
        }
        let ordered = heap.unordered.sorted()
        guard skip < ordered.count else { return [] }
        return ordered[skip...].map { some[$0.sequence]! }
    }

    /// The page's users (tests; a run that keeps rows has none).
    func pageUsers() -> [User] {
        page().compactMap { if case .user(let user) = $0 { user } else { nil } }
    }
}

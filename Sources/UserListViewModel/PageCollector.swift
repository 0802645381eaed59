import UserListService
@_spi(Pipeline) import UserListDomain
import HeapModule

/// Keeps only what the requested page needs, as matched users stream past.
///
/// Page N of size S in sorted order only needs the N×S smallest entries, so with `--sort` and
/// `--page` a bounded max-heap holds at most N×S users however big the input; without `--sort`
/// only the page's own users are kept. Everything else is counted and let go. What is kept is a
/// user, or just its encoded row when the run prints every match (see ``CellEncoder``).
///
/// A paged collector's state is mergeable: each match is kept under its input position (its
/// order among the matches by default), so collectors that each saw a part of the input (the
/// partitions of a Spark job, in input order or not) combine with ``merge(_:)`` into exactly the
/// collector of one run. Without `--sort`, a `partial` collector keeps the first N×S matches
/// instead of only the page's S, since it can't know how many matches other parts hold before its own.
package struct PageCollector {
    /// A kept match.
    package enum Kept {
        case user(User)
        case row(EncodedRow)
    }

    let sort: UserSortOrder?
    /// `sort != nil` and `sort?.descending`, decided once: asked per match they copied the order.
    private let sorted: Bool
    private let descending: Bool
    /// Users to keep at most: the end of the requested page (nil: all of them).
    package let limit: Int?
    /// How many users come before the page.
    package let skip: Int
    /// False when the matches were handed on already (streamed): only count them.
    let keeping: Bool
    /// Keeps what a later ``merge(_:)`` needs (see the type's notes).
    let partial: Bool
    package private(set) var matched = 0
    private var heap = Heap<SortEntry>()
    /// `heap.max` once the heap is full: what a match must beat. Asking the heap for it on every
    /// match cost ~550 instructions (W1 on 50k users: 21k matches, 12M of 724M).
    private var worst: SortEntry?
    /// Where the page's worst entry is published for the reading threads once the page is full.
    package var bound: PageBound?
    /// Every match's sort key, when there is a sort and no limit.
    private var keys: SortKeyArena?
    /// A full sort of encoded rows past this many bytes spills sorted runs to temporary files.
    let sortBudget: Int
    package private(set) var spilled: SpilledRows?
    /// Bytes of the rows kept in memory, and whether every kept match is a row (users can't spill).
    private var rowBytes = 0
    private var onlyRows = true
    /// The sequence number of `all[0]`: matches before it were spilled.
    private var runBase = 0
    /// Without a limit: the kept matches by sequence number (the index).
    private var all: [Kept] = []
    /// With a limit: the kept matches by input position.
    private var some: [Int: Kept] = [:]

    /// The matches a page needs kept, `page × pageSize` (nil: past `Int.max`, every match).
    package static func limit(page: Int, pageSize: Int) -> Int? {
        let (end, overflow) = page.multipliedReportingOverflow(by: pageSize)
        return overflow ? nil : end
    }

    package init(sort: UserSortOrder?, page: Int?, pageSize: Int, keeping: Bool = true, partial: Bool = false, sortBudget: Int = 256 << 20) {
        self.sort = sort
        sorted = sort != nil
        descending = sort?.descending ?? false
        self.keeping = keeping
        self.partial = partial
        self.sortBudget = sortBudget
        keys = sort.map { SortKeyArena(descending: $0.descending) }
        if let page {
            limit = Self.limit(page: page, pageSize: pageSize)
            skip = limit == nil ? Int.max : (page - 1) * pageSize
        } else {
            limit = nil
            skip = 0
        }
    }

    mutating func add(_ user: User) {
        try! add(.user(user), sortValue: sort.flatMap { $0.sortValue(of: user) })
    }

    /// Adds a match whose sort value was worked out already; `position` (increasing in input
    /// order, unique across collectors to be merged) defaults to its order among the matches.
    package mutating func add(_ kept: Kept, sortValue value: SortValue?, position: Int? = nil) throws(UserlistError) {
        try add(sortValue: value, position: position) { kept }
    }

    /// The same, with what is kept made by `make` only if it is kept: a user decided from its
    /// keys is built for the page's few, not for every match (see `RecordKeys`).
    package mutating func add(sortValue value: SortValue?, position: Int? = nil, make: () throws(UserlistError) -> Kept) throws(UserlistError) {
        defer { matched += 1 }
        guard keeping else { return }
        guard let limit else {
            precondition(!partial && position == nil, "a full export is merged by sorting, not by collectors")
            if skip > 0 { return }  // a page past what an Int can count: nothing to keep
            // Everything: input order, or sorted at the end.
            let kept = try make()
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
        let position = position ?? matched
        if !sorted, !partial {
            // Input order: keep just the page's window.
            if matched >= skip, matched < limit { some[position] = try make() }
            return
        }
        // Sorted, or a part of the input whose place in the whole is unknown: the best N×S so far
        // (without a sort, the first by input position).
        try keep(SortEntry(value: sorted ? value : nil, descending: descending, sequence: position), limit: limit, make: make)
    }

    private mutating func keep<E: Error>(_ entry: SortEntry, limit: Int, make: () throws(E) -> Kept) throws(E) {
        if heap.count < limit {
            heap.insert(entry)
            some[entry.sequence] = try make()
            if heap.count == limit {
                worst = heap.max
                publishBound()
            }
        } else if let current = worst, entry < current {
            some[heap.replaceMax(with: entry).sequence] = nil
            some[entry.sequence] = try make()
            worst = heap.max
            publishBound()
        }
    }

    /// The full page's worst text or composite key, for ``bound``.
    private func publishBound() {
        guard let bound else { return }
        switch worst?.value {
        case .text(let folded, _)?: bound.publish(folded: folded)
        case .bytes(let bytes)?: bound.publish(bytes: bytes)
        default: break
        }
    }

    /// Counts `count` matches the page can't keep (past its ``bound``, which a full page set), or
    /// that a run that keeps nothing (`--count`) only counts.
    package mutating func countUnkept(_ count: Int) {
        precondition(worst != nil || !keeping, "only a full page has matches it can't keep")
        matched += count
    }

    /// Takes in what `other` collected from another part of the input (positions disjoint from
    /// this one's): the result is the collector that saw both parts. Both were made for the same
    /// page, sort and page size, and are `partial` or sorted.
    mutating func merge(_ other: PageCollector) {
        precondition(limit == other.limit && skip == other.skip && sort == other.sort && (partial || sort != nil), "merging collectors of different queries")
        matched += other.matched
        guard keeping, let limit else { return }
        for entry in other.heap.unordered { keep(entry, limit: limit) { other.some[entry.sequence]! } }
    }

    /// Sorts what is in memory into a run of its own on disk; `next` numbers the match after it.
    private mutating func spill(next: Int) throws(UserlistError) {
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
    package mutating func finish() throws(UserlistError) {
        if spilled != nil, !all.isEmpty { try spill(next: matched) }
    }

    /// The page's matches, in order.
    package func page() -> [Kept] {
        guard let limit else {
            // A page past what an Int can count (`--page` × `--page-size` overflows) is empty.
            if skip > 0 { return [] }
            if sort == nil { return all }
            if spilled != nil { return [] }
            return keys!.sortedSequences().map { all[$0] }
        }
        guard sort != nil || partial else {
            return some.keys.sorted().map { some[$0]! }
        }
        let ordered = heap.unordered.sorted()
        guard skip < ordered.count else { return [] }
        return ordered[skip...].map { some[$0.sequence]! }
    }

    /// A full sorted export's rows in order, when every match kept is a row and none spilled
    /// (nil otherwise: ``page()``). Straight from the sorted keys: the order as an array of
    /// sequence numbers, then an array of kept matches made of it, copied each row twice more
    /// (W3 on 50k users: ~25M instructions).
    package func sortedRows() -> [EncodedRow]? {
        guard limit == nil, skip == 0, onlyRows, spilled == nil, let keys else { return nil }
        var rows: [EncodedRow] = []
        rows.reserveCapacity(all.count)
        keys.withSortedEntries { entries, _ in
            for entry in entries {
                guard case .row(let row) = all[entry.sequence] else { preconditionFailure("only rows") }
                rows.append(row)
            }
        }
        return rows
    }

    /// Everything a sorted or `partial` collector kept, best first, with the sort value and
    /// position it was kept under: what the partial stage of a distributed run hands on, to be
    /// added to the merge stage's collector (the page's own skip is the merge's to apply).
    package func candidates() -> [(kept: Kept, sortValue: SortValue?, position: Int)] {
        precondition(limit != nil && (sort != nil || partial), "only a paged sorted or partial collector has candidates")
        return heap.unordered.sorted().map { (some[$0.sequence]!, $0.value, $0.sequence) }
    }

    /// The page's users (tests; a run that keeps rows has none).
    func pageUsers() -> [User] {
        page().compactMap { if case .user(let user) = $0 { user } else { nil } }
    }
}

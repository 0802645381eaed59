import HeapModule

/// Keeps only what the requested page needs, as matched users stream past.
///
/// Page N of size S in sorted order only needs the N×S smallest entries, so with `--sort` and
/// `--page` a bounded max-heap holds at most N×S users however big the input; without `--sort`
/// only the page's own users are kept. Everything else is counted and let go.
struct PageCollector {
    let sort: UserSortOrder?
    /// Users to keep at most: the end of the requested page (nil: all of them).
    let limit: Int?
    /// How many users come before the page.
    let skip: Int
    private(set) var matched = 0
    private var heap = Heap<SortEntry>()
    private var kept: [SortEntry] = []
    /// The users behind the entries, by sequence number.
    private var users: [Int: User] = [:]

    init(sort: UserSortOrder?, page: Int?, pageSize: Int) {
        self.sort = sort
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
        defer { matched += 1 }
        guard let sort else {
            // Input order: keep just the page's window.
            if matched >= skip, limit.map({ matched < $0 }) ?? true {
                kept.append(SortEntry(value: nil, descending: false, sequence: matched))
                users[matched] = user
            }
            return
        }
        let value = sort.key.value(of: user).map { SortValue($0, key: sort.key) }
        let entry = SortEntry(value: value, descending: sort.descending, sequence: matched)
        guard let limit else {
            kept.append(entry)
            users[matched] = user
            return
        }
        if heap.count < limit {
            heap.insert(entry)
            users[matched] = user
        } else if let worst = heap.max, entry < worst {
            users[heap.replaceMax(with: entry).sequence] = nil
            users[matched] = user
        }
    }

    /// The page's users, in order.
    func pageUsers() -> [User] {
        if sort == nil { return kept.map { users[$0.sequence]! } }
        let ordered = limit == nil ? kept.sorted() : heap.unordered.sorted()
        guard skip < ordered.count else { return [] }
        return ordered[skip...].map { users[$0.sequence]! }
    }
}

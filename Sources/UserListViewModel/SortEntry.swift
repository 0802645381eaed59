@_spi(Pipeline) import UserListDomain
/// A matched user's place in the sort: key (missing last either way), then input order.
struct SortEntry: Comparable {
    let value: SortValue?
    let descending: Bool
    /// The user's position among the matches; also the key to the user kept by ``PageCollector``.
    let sequence: Int

    static func < (lhs: SortEntry, rhs: SortEntry) -> Bool {
        switch (lhs.value, rhs.value) {
        case let (l?, r?):
            let order = SortValue.compare(l, r)
            if order != 0 { return lhs.descending ? order > 0 : order < 0 }
        case (nil, _?): return false
        case (_?, nil): return true
        case (nil, nil): break
        }
        return lhs.sequence < rhs.sequence
    }

    static func == (lhs: SortEntry, rhs: SortEntry) -> Bool { lhs.sequence == rhs.sequence }
}

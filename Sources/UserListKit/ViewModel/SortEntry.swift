/// A matched user with its place in the sort: key (missing last either way), then input order.
struct SortEntry: Comparable {
    let value: SortValue?
    let descending: Bool
    let sequence: Int
    let user: User

    static func < (lhs: SortEntry, rhs: SortEntry) -> Bool {
        switch (lhs.value, rhs.value) {
        case let (l?, r?):
            if l != r { return lhs.descending ? r < l : l < r }
        case (nil, _?): return false
        case (_?, nil): return true
        case (nil, nil): break
        }
        return lhs.sequence < rhs.sequence
    }

    static func == (lhs: SortEntry, rhs: SortEntry) -> Bool { lhs.sequence == rhs.sequence }
}

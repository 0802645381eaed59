/// A matched user with its place in the sort: key (missing last either way), then input order.
struct SortEntry: Comparable {
    let value: SortValue?
    let descending: Bool
    let sequence: Int
    let user: User

    static func < (lhs: SortEntry, rhs: SortEntry) -> Bool {
        precedes(lhs.value, lhs.sequence, rhs, descending: lhs.descending)
    }

    /// Whether an entry with `value` at `sequence` would sort before `other`.
    static func precedes(_ value: SortValue?, _ sequence: Int, _ other: SortEntry, descending: Bool) -> Bool {
        switch (value, other.value) {
        case let (l?, r?):
            if l != r { return descending ? r < l : l < r }
        case (nil, _?): return false
        case (_?, nil): return true
        case (nil, nil): break
        }
        return sequence < other.sequence
    }

    static func == (lhs: SortEntry, rhs: SortEntry) -> Bool { lhs.sequence == rhs.sequence }
}

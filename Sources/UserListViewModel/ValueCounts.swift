@_spi(Pipeline) import UserListDomain
/// What `--count-by` came to: each distinct value (byte for byte: ``ExactText``) with how many
/// users have it, most first, ties by value (code points; the users without the value after the
/// others of their count, as a `GROUP BY … ORDER BY count DESC` puts its null row).
public struct ValueCounts: Sendable {
    public struct Entry: Sendable, Equatable {
        /// nil: the users without the value.
        public var value: String?
        public var count: Int
    }

    /// The column's name: the field as `--count-by` was given it.
    public let name: String
    public let entries: [Entry]
    /// Users counted.
    public var total: Int { entries.reduce(0) { $0 + $1.count } }

    /// Nothing counted.
    public static func empty(_ name: String) -> ValueCounts { ValueCounts(name: name, counts: [:], missing: 0) }

    init(name: String, counts: [ExactText: Int], missing: Int) {
        self.name = name
        var entries = counts.map { Entry(value: $0.key.text, count: $0.value) }
        if missing > 0 { entries.append(Entry(value: nil, count: missing)) }
        entries.sort { l, r in
            if l.count != r.count { return l.count > r.count }
            switch (l.value, r.value) {
            case let (a?, b?): return SortValue.compareBytes(a, b) < 0
            case (_?, nil): return true
            default: return false
            }
        }
        self.entries = entries
    }
}

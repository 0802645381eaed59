import UserListDomain

/// What a ``UserDiff`` found: the counts, and the entries, read back from its spools each time
/// they are walked (a table walks them twice: once to size its columns).
public final class DiffResult {
    public let counts: DiffCounts
    public let fields: ComparedFields
    private let table: DiffIDTable
    private let oldSpool: UserSpool
    private let newSpool: UserSpool

    init(counts: DiffCounts, fields: ComparedFields, table: DiffIDTable, oldSpool: UserSpool, newSpool: UserSpool) {
        self.counts = counts
        self.fields = fields
        self.table = table
        self.oldSpool = oldSpool
        self.newSpool = newSpool
    }

    /// Every entry: added and changed users in NEW's order, then removed users in OLD's.
    public func forEachEntry(_ body: (DiffEntry) throws(UserlistError) -> Void) throws(UserlistError) {
        var offset = 0
        while offset < newSpool.length {
            let record = try newSpool.record(at: offset)
            offset = record.next
            if record.tag == UserDiff.Tag.added.rawValue {
                try body(DiffEntry(change: .added, id: record.user.id, new: record.user))
                continue
            }
            let old = try oldSpool.record(at: table.entries[Int(record.number)].spoolOffset).user
            try body(DiffEntry(change: .changed, id: record.user.id, old: old, new: record.user, changes: changes(from: old, to: record.user)))
        }
        guard counts.removed > 0 else { return }
        for entry in table.entries where entry.state == .unseen {
            let old = try oldSpool.record(at: entry.spoolOffset).user
            try body(DiffEntry(change: .removed, id: old.id, old: old))
        }
    }

    /// The compared fields whose bytes differ (as the digest saw them: not String's `==`).
    private func changes(from old: User, to new: User) -> [FieldChange] {
        fields.fields.compactMap { field in
            let (a, b) = (old.text(of: field), new.text(of: field))
            let same = switch (a, b) {
            case (nil, nil): true
            case let (a?, b?): a.utf8.elementsEqual(b.utf8)
            default: false
            }
            return same ? nil : FieldChange(field: field, old: a, new: b)
        }
    }
}

@_spi(Pipeline) import UserListDomain

/// What a ``UserDiff`` found: the counts, and the entries, read back from its spools each time
/// they are walked (a table walks them twice: once to size its columns).
public final class DiffResult {
    public let counts: DiffCounts
    public let fields: ComparedFields
    private let newSpool: UserSpool
    private let oldSpool: UserSpool
    /// Where each changed user's OLD values are in `oldSpool`, by OLD entry number.
    private let changedOffsets: [UInt32: Int]

    init(counts: DiffCounts, fields: ComparedFields, newSpool: UserSpool, oldSpool: UserSpool, changedOffsets: [UInt32: Int]) {
        self.counts = counts
        self.fields = fields
        self.newSpool = newSpool
        self.oldSpool = oldSpool
        self.changedOffsets = changedOffsets
    }

    /// Every entry: added and changed users in NEW's order, then removed users in OLD's.
    public func forEachEntry(_ body: (DiffEntry) throws -> Void) throws {
        var offset = 0
        while offset < newSpool.length {
            let record = try newSpool.record(at: offset)
            offset = record.next
            if record.tag == UserDiff.Tag.added.rawValue {
                try body(DiffEntry(change: .added, id: record.user.id, new: record.user))
                continue
            }
            guard let oldOffset = changedOffsets[record.number] else { continue }
            let old = try oldSpool.record(at: oldOffset).user
            try body(DiffEntry(change: .changed, id: record.user.id, old: old, new: record.user, changes: changes(from: old, to: record.user)))
        }
        offset = 0
        while offset < oldSpool.length {
            let record = try oldSpool.record(at: offset)
            offset = record.next
            if record.tag == UserDiff.Tag.removed.rawValue {
                try body(DiffEntry(change: .removed, id: record.user.id, old: record.user))
            }
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

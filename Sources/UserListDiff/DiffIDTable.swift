import UserListCollections

/// OLD's users as a diff remembers them: each id (its bytes), its digest, where the user is in
/// OLD's spool, and what NEW made of it — a 24-byte entry per user, and the id in a
/// ``ByteKeyTable`` (its bytes in one buffer, found through an open-addressing table of XXH3
/// hashes) whose value is the entry's number.
///
/// Entries are numbered in OLD's order (the first occurrence of each id, as the Service hands
/// them over), which is the order removed users are reported in. Ids are equal when their bytes
/// are, as everywhere in userlist (dedupe's `UserIDSet` is the same table): no `String` kept and
/// no reference counting.
struct DiffIDTable {
    /// What NEW made of an OLD user.
    enum State: UInt8 {
        /// Not (yet) in NEW: removed, once NEW has been read.
        case unseen
        case same
        case changed
    }

    struct Entry {
        var digest: UInt64
        /// Where the user is in OLD's ``UserSpool``.
        var spoolOffset: Int
        var state: State = .unseen
    }

    /// Each id's entry number.
    private var ids: ByteKeyTable<UInt32>
    private(set) var entries: [Entry] = []

    init(minimumCapacity: Int = 1 << 16) {
        ids = ByteKeyTable(minimumCapacity: minimumCapacity, empty: 0)
    }

    var count: Int { entries.count }

    /// Adds `id` as the next entry; false (and nothing changes) when it is already there.
    @discardableResult
    mutating func insert(_ id: String, digest: UInt64, spoolOffset: Int = 0) -> Bool {
        Self.withBytes(of: id) { id in
            let place = ids.find(id, hash: ByteKeyTable<UInt32>.hash(id))
            if place.found { return false }
            ids.insert(id, at: place, value: UInt32(entries.count))
            entries.append(Entry(digest: digest, spoolOffset: spoolOffset))
            return true
        }
    }

    /// The entry number of `id`, or nil.
    func entry(for id: String) -> Int? {
        Self.withBytes(of: id) { id in
            let place = ids.find(id, hash: ByteKeyTable<UInt32>.hash(id))
            return place.found ? Int(ids.value(at: place)) : nil
        }
    }

    mutating func setState(_ state: State, ofEntry index: Int) {
        entries[index].state = state
    }

    private static func withBytes<R>(of id: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = id.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = id
        return copy.withUTF8(body)
    }
}

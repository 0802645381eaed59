import UserListPlatform

/// OLD's users as a diff remembers them: each id (its bytes), its digest, where the user is in
/// OLD's spool, and what NEW made of it — a 32-byte entry, 8-byte slots (at most three quarters
/// full) and the id's bytes per user, in three flat arrays.
///
/// Entries are numbered in OLD's order (the first occurrence of each id, as the Service hands
/// them over), which is the order removed users are reported in. Ids are equal when their bytes
/// are, as everywhere in userlist (see `UserIDSet`, whose layout this follows: one byte buffer,
/// an open-addressing table of hashes, no `String` kept and no reference counting).
struct DiffIDTable {
    /// What NEW made of an OLD user.
    enum State: UInt8 {
        /// Not (yet) in NEW: removed, once NEW has been read.
        case unseen
        case same
        case changed
    }

    struct Entry {
        var offset: Int
        var count: UInt32
        var state: State = .unseen
        var digest: UInt64
        /// Where the user is in OLD's ``UserSpool``.
        var spoolOffset: Int
    }

    /// 8 bytes: the entry's number + 1 (0 marks an empty slot), and the low half of the id's hash.
    private struct Slot {
        var entry: UInt32 = 0
        var hash: UInt32 = 0
    }

    private var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    private var slots: [Slot]

    init(minimumCapacity: Int = 1 << 16) {
        var size = 16
        while size * 3 < minimumCapacity * 4 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
    }

    var count: Int { entries.count }

    /// Adds `id` as the next entry; false (and nothing changes) when it is already there.
    @discardableResult
    mutating func insert(_ id: String, digest: UInt64, spoolOffset: Int = 0) -> Bool {
        Self.withBytes(of: id) { id in
            let hash = Self.hash(id)
            let (index, found) = find(id, hash: hash)
            if found != nil { return false }
            slots[index] = Slot(entry: UInt32(entries.count + 1), hash: Self.tag(hash))
            entries.append(Entry(offset: bytes.count, count: UInt32(id.count), digest: digest, spoolOffset: spoolOffset))
            bytes.append(contentsOf: id)
            if entries.count * 4 > slots.count * 3 { grow() }
            return true
        }
    }

    /// The entry number of `id`, or nil.
    func entry(for id: String) -> Int? {
        Self.withBytes(of: id) { find($0, hash: Self.hash($0)).entry }
    }

    mutating func setState(_ state: State, ofEntry index: Int) {
        entries[index].state = state
    }

    /// The slot `id` is in, or the empty one it would go to.
    private func find(_ id: UnsafeBufferPointer<UInt8>, hash full: UInt64) -> (slot: Int, entry: Int?) {
        let tag = Self.tag(full)
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: full >> 32) & mask
        while slots[index].entry != 0 {
            let slot = slots[index]
            if slot.hash == tag {
                let entry = Int(slot.entry) - 1
                if matches(entries[entry], id) { return (index, entry) }
            }
            index = (index + 1) & mask
        }
        return (index, nil)
    }

    private func matches(_ entry: Entry, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(entry.count) == id.count else { return false }
        return id.isEmpty || bytes.withUnsafeBufferPointer { Memory.compare($0.baseAddress! + entry.offset, id.baseAddress!, id.count) == 0 }
    }

    /// Doubles the table, keeping it at most three quarters full so probe runs stay short.
    private mutating func grow() {
        var slots = Array(repeating: Slot(), count: self.slots.count * 2)
        let mask = slots.count - 1
        bytes.withUnsafeBufferPointer { all in
            for slot in self.slots where slot.entry != 0 {
                let entry = entries[Int(slot.entry) - 1]
                let id = UnsafeBufferPointer(rebasing: all[entry.offset..<(entry.offset + Int(entry.count))])
                var index = Int(truncatingIfNeeded: Self.hash(id) >> 32) & mask
                while slots[index].entry != 0 { index = (index + 1) & mask }
                slots[index] = slot
            }
        }
        self.slots = slots
    }

    private static func withBytes<R>(of id: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = id.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = id
        return copy.withUTF8(body)
    }

    private static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(id))
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The low half of the hash, compared before the bytes.
    private static func tag(_ hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: hash)
    }
}

@_spi(Pipeline) import UserListDomain
import CXXHash
import UserListPlatform

/// The ids seen so far, for dedupe: equal when their bytes are equal, as jq compares strings.
///
/// Swift's `String` equality treats canonically equivalent text as equal (`é` and `e` + U+0301),
/// which would merge two different ids; comparing bytes keeps them apart. The bytes of every id
/// are kept in one growing buffer and found through an open-addressing table of hashes, so an
/// insert costs one hash and usually one `memcmp`, with no `String` kept alive and no reference
/// counting: real APIs' ids are UUIDs and GUIDs, too long for Swift's small strings, and a
/// `Set<String>` of them spent a sixth of a run on retains and equality.
struct UserIDSet {
    /// 16 bytes: a 5M-user export keeps 8M of them (24-byte slots at most half full took 400 MB).
    private struct Slot {
        /// 0 marks an empty slot (a real hash of 0 is stored as 1).
        var hash: UInt32 = 0
        var count: UInt32 = 0
        var offset = 0
    }

    private var bytes: [UInt8] = []
    private var slots: [Slot]
    private(set) var count = 0

    init(minimumCapacity: Int = 1 << 16) {
        var size = 16
        while size * 3 < minimumCapacity * 4 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
    }

    /// Adds `id`; false when it was already there.
    mutating func insert(_ id: String) -> Bool {
        insert(id, hash: Self.hash(of: id))
    }

    /// ``insert(_:)`` with the id's ``hash(of:)`` worked out already (on a reading thread).
    mutating func insert(_ id: String, hash: UInt64) -> Bool {
        if let inserted = id.utf8.withContiguousStorageIfAvailable({ insert(bytes: $0, full: hash) }) { return inserted }
        var copy = id
        return copy.withUTF8 { insert(bytes: $0, full: hash) }
    }

    /// The hash ``insert(_:hash:)`` takes: any thread may work it out.
    static func hash(of id: String) -> UInt64 {
        if let hash = id.utf8.withContiguousStorageIfAvailable({ hash($0) }) { return hash }
        var copy = id
        return copy.withUTF8 { hash($0) }
    }

    /// Asks for the cache line of the slot an id of `hash` is looked up at first: on a big
    /// export the table is tens of MB and an insert that waits for it a cache (and TLB) miss —
    /// 16% of `--count` on 1M users, on the one thread that dedupes.
    func prefetch(hash: UInt64) {
        slots.withUnsafeBufferPointer { slots in
            userlist_prefetch(slots.baseAddress! + (Int(Self.tag(hash)) & (slots.count - 1)))
        }
    }

    private mutating func insert(bytes id: UnsafeBufferPointer<UInt8>, full: UInt64) -> Bool {
        let hash = Self.tag(full)
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].hash != 0 {
            if slots[index].hash == hash, Int(slots[index].count) == id.count, matches(slots[index], id) { return false }
            index = (index + 1) & mask
        }
        slots[index] = Slot(hash: hash, count: UInt32(id.count), offset: bytes.count)
        bytes.append(contentsOf: id)
        count += 1
        if count * 4 > slots.count * 3 { grow() }
        return true
    }

    private func matches(_ slot: Slot, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        id.isEmpty || bytes.withUnsafeBufferPointer { Memory.compare($0.baseAddress! + slot.offset, id.baseAddress!, id.count) == 0 }
    }

    /// Doubles the table, keeping it at most three quarters full so probe runs stay short.
    /// A slot is placed by the low bits of the tag it keeps, so it moves without its id being
    /// hashed again (hashing every id anew on each doubling was 3% of the consumer thread's time
    /// on 1M users' sorted export).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.hash != 0 {
            var index = Int(slot.hash) & mask
            while slots[index].hash != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// XXH3: ~20 instructions for a short id, where Swift's SipHash took ~150 (7M of W1's 724M
    /// on 50k users). Seeded per process, as Swift's Hasher is, so that an export crafted to
    /// collide can't turn every insert into a walk of the table.
    private static func hash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64 {
        userlist_xxh3(id.baseAddress, id.count, seed)
    }

    private static let seed = UInt64.random(in: .min ... .max)

    /// The low half of the hash, never 0 (which marks an empty slot): its low bits place the id in
    /// the table, and all of it is compared before the bytes.
    private static func tag(_ hash: UInt64) -> UInt32 {
        let low = UInt32(truncatingIfNeeded: hash)
        return low == 0 ? 1 : low
    }
}

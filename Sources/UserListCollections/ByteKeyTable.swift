import CXXHash
import UserListPlatform

/// Byte strings found by their bytes: every key's bytes in one growing buffer, and an
/// open-addressing table (linear probing, at most three quarters full) of slots that hold a key's
/// hash's low half, its length, where its bytes begin, and a small `Value` of the user's.
///
/// What dedupe's id set (``UserIDSet``) and the sort head memo (``SortHeadMemo``) are built on:
/// keys are equal when their bytes are (not as `String` compares text: `é` and `e` + U+0301 stay
/// two ids), a lookup is one hash and usually one `memcmp`, and nothing is reference counted.
/// Bytes of the user's own may follow a key's in the buffer (the memo keeps a text's head there).
///
/// Public and `@inlinable`: it runs per record from other modules, where Swift 6.3 does not
/// inline `package` code (see the README's Architecture).
public struct ByteKeyTable<Value> {
    @usableFromInline struct Slot {
        /// 0 marks an empty slot (a real tag of 0 is stored as 1).
        @usableFromInline var tag: UInt32
        @usableFromInline var count: UInt32
        /// Where the key's bytes begin in `bytes`.
        @usableFromInline var offset: Int
        @usableFromInline var value: Value

        @inlinable init(tag: UInt32, count: UInt32, offset: Int, value: Value) {
            self.tag = tag
            self.count = count
            self.offset = offset
            self.value = value
        }
    }

    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var slots: [Slot]
    @usableFromInline var keys = 0
    /// What an empty slot holds as its value.
    @usableFromInline let empty: Value

    /// Room for `minimumCapacity` keys before the table first grows; `empty` fills the value of
    /// an empty slot (a `Value` of no size, `()`, keeps a slot at 16 bytes).
    @inlinable public init(minimumCapacity: Int, empty: Value) {
        var size = 16
        while size * 3 < minimumCapacity * 4 { size *= 2 }
        self.empty = empty
        slots = Array(repeating: Slot(tag: 0, count: 0, offset: 0, value: empty), count: size)
    }

    /// How many keys it holds.
    @inlinable public var count: Int { keys }
    /// How many bytes its keys (and what follows them) take.
    @inlinable public var byteCount: Int { bytes.count }

    /// Where a key is, or the empty slot it goes in: what ``find(_:hash:)`` gives
    /// ``insert(_:at:value:following:)`` so that an absent key is placed without a second probe.
    public struct Place {
        @usableFromInline let index: Int
        @usableFromInline let tag: UInt32
        /// The key is in the table.
        public let found: Bool

        @inlinable init(index: Int, tag: UInt32, found: Bool) {
            self.index = index
            self.tag = tag
            self.found = found
        }
    }

    /// XXH3 of `key`: ~20 instructions for a short one, where Swift's SipHash took ~150. Seeded per
    /// process, as Swift's `Hasher` is, so input crafted to collide can't make every lookup a walk
    /// of the table. Any thread may work it out ahead of the lookup.
    @inlinable public static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        ByteHash.hash(UnsafeRawBufferPointer(key))
    }

    /// Asks for the cache line of the slot a key of `hash` is looked up at first: in a table of
    /// tens of MB a lookup that waits for it is a cache (and TLB) miss.
    @inlinable public func prefetch(hash: UInt64) {
        slots.withUnsafeBufferPointer { slots in
            userlist_prefetch(slots.baseAddress! + (Int(Self.tag(hash)) & (slots.count - 1)))
        }
    }

    /// Where `key` (of ``hash(_:)`` `hash`) is, or where it goes.
    @inlinable public func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Place {
        let tag = Self.tag(hash)
        let mask = slots.count - 1
        var index = Int(tag) & mask
        while slots[index].tag != 0 {
            if slots[index].tag == tag, Int(slots[index].count) == key.count, matches(slots[index], key) {
                return Place(index: index, tag: tag, found: true)
            }
            index = (index + 1) & mask
        }
        return Place(index: index, tag: tag, found: false)
    }

    /// Adds `key`, absent at `place`, with `value` in its slot and `following`'s bytes after its
    /// own; the table doubles past three quarters full.
    @inlinable public mutating func insert(_ key: UnsafeBufferPointer<UInt8>, at place: Place, value: Value, following: [UInt8] = []) {
        slots[place.index] = Slot(tag: place.tag, count: UInt32(key.count), offset: bytes.count, value: value)
        bytes.append(contentsOf: key)
        if !following.isEmpty { bytes.append(contentsOf: following) }
        keys += 1
        if keys * 4 > slots.count * 3 { grow() }
    }

    /// The value kept with the key found at `place`.
    @inlinable public func value(at place: Place) -> Value {
        slots[place.index].value
    }

    /// `body` with the `count` bytes that follow the key found at `place`.
    @inlinable public func withBytes<Result>(following place: Place, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let slot = slots[place.index]
        return bytes.withUnsafeBufferPointer { bytes in
            let start = slot.offset + Int(slot.count)
            return body(UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]))
        }
    }

    @inlinable func matches(_ slot: Slot, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        key.isEmpty || bytes.withUnsafeBufferPointer { Memory.compare($0.baseAddress! + slot.offset, key.baseAddress!, key.count) == 0 }
    }

    /// Doubles the table. A slot is placed by the low bits of the tag it keeps, so it moves without
    /// its key being hashed again (hashing every id anew on each doubling was 3% of the consumer
    /// thread's time on 1M users' sorted export).
    @inlinable mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(tag: 0, count: 0, offset: 0, value: empty), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.tag != 0 {
            var index = Int(slot.tag) & mask
            while slots[index].tag != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// The low half of the hash, never 0 (which marks an empty slot): its low bits place the key
    /// in the table, and all of it is compared before the bytes.
    @inlinable static func tag(_ hash: UInt64) -> UInt32 {
        let low = UInt32(truncatingIfNeeded: hash)
        return low == 0 ? 1 : low
    }
}

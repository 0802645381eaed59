import CXXHash
import UserListPlatform

/// Byte keys numbered 0, 1, 2… in the order they first come, the keys' bytes kept by the caller:
/// a slot is 8 bytes, the low half of the key's hash (its tag) and the key's number, so a table
/// of millions of keys is a few MB that grows by doubling without hashing a key again. A lookup
/// reads the caller's bytes of a key (``number(of:hash:keyAt:)``'s `keyAt`) only when a slot's
/// tag is the key's — a key seen before, or one collision in four billion.
///
/// What `stage partial --dedupe` finds an id's first occurrence with: ``ByteKeyTable``'s 24-byte
/// slots and its own copy of every key made a 1.25M-id partition's table ~60 MB, and its page
/// faults a third of the stage's time.
public struct ByteKeyNumbers {
    /// `tag << 32 | (number + 1)`; 0 is an empty slot.
    @usableFromInline var slots: [UInt64]
    @usableFromInline var keys = 0

    /// The most keys it numbers: a number is 32 bits.
    public static let maximumCount = Int(UInt32.max) - 1

    /// Room for `minimumCapacity` keys before it first grows.
    public init(minimumCapacity: Int = 0) {
        var size = 16
        while size * 3 < minimumCapacity * 4 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    /// How many keys it numbers.
    @inlinable public var count: Int { keys }

    /// ``ByteHash`` of `key`: any thread may work it out ahead of the lookup.
    @inlinable public static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        ByteHash.hash(key)
    }

    /// Asks for the cache line of the slot a key of `hash` is looked up at first.
    @inlinable public func prefetch(hash: UInt64) {
        slots.withUnsafeBufferPointer { slots in
            userlist_prefetch(slots.baseAddress! + (Int(Self.tag(hash)) & (slots.count - 1)))
        }
    }

    /// `key`'s number (of ``hash(_:)`` `hash`), and whether it was new: a new key gets ``count``,
    /// which the caller must be able to give back as `keyAt(number)` from then on. Nil, and
    /// nothing added, when ``maximumCount`` keys are numbered.
    @inlinable public mutating func number(of key: UnsafeRawBufferPointer, hash: UInt64, keyAt: (Int) -> UnsafeRawBufferPointer) -> (number: Int, new: Bool)? {
        let (index, number) = place(of: key, hash: hash, keyAt: keyAt)
        if let number { return (number, false) }
        guard keys < Self.maximumCount else { return nil }
        slots[index] = UInt64(Self.tag(hash)) << 32 | UInt64(keys + 1)
        keys += 1
        if keys * 4 > slots.count * 3 { grow() }
        return (keys - 1, true)
    }

    /// `key`'s number (of ``hash(_:)`` `hash`), or nil when it has none; nothing added.
    @inlinable public func find(_ key: UnsafeRawBufferPointer, hash: UInt64, keyAt: (Int) -> UnsafeRawBufferPointer) -> Int? {
        place(of: key, hash: hash, keyAt: keyAt).number
    }

    /// The slot `key` is in, with its number, or the empty slot it would go in (number nil).
    @inlinable func place(of key: UnsafeRawBufferPointer, hash: UInt64, keyAt: (Int) -> UnsafeRawBufferPointer) -> (index: Int, number: Int?) {
        let tag = UInt64(Self.tag(hash))
        let mask = slots.count - 1
        var index = Int(tag) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return (index, nil) }
            if slot >> 32 == tag {
                let number = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                if Self.equal(keyAt(number), key) { return (index, number) }
            }
            index = (index + 1) & mask
        }
    }

    @inlinable static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || Memory.compare(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Doubles the table; a slot moves by its tag's low bits, its key not read.
    @usableFromInline mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var index = Int(truncatingIfNeeded: slot >> 32) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// The low half of the hash.
    @inlinable static func tag(_ hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: hash)
    }
}

import UserListDomain
import UserListPlatform

/// The object keys a compiled mapping reads, found by hashing a key's bytes: one probe per field
/// of a record, however many keys the mapping knows (the general mapping knows ~100).
///
/// Keys belong to levels (the record's own fields are level 0, a nested object's have their own
/// level), so one table serves every level. Built once and never changed, it keeps its entries in
/// plain memory: a lookup touches no reference counts.
final class KeyTable: @unchecked Sendable {
    struct Entry {
        var level: Int32
        /// The slot that receives this key's value, or -1.
        var slot: Int32
        /// The level of this key's own fields (for deeper paths), or -1.
        var child: Int32
        var start: Int32, count: Int32
        /// A record's key whose value holds more of the record's keys (an attribute list, a
        /// list of typed identities): see ``MappingPlan``.
        var isContainer: Bool
    }

    /// A key to put in the table.
    struct Key {
        var level: Int
        var key: String
        var slot = -1
        var child = -1
        var isContainer = false
    }

    private let entries: UnsafeMutableBufferPointer<Entry>
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Open addressing, at most a quarter full: entry index + 1, 0 for an empty bucket.
    private let buckets: UnsafeMutableBufferPointer<Int32>
    private let mask: Int

    init(_ keys: [Key]) {
        let utf8 = keys.map { Array($0.key.utf8) }
        entries = .allocate(capacity: max(1, keys.count))
        bytes = .allocate(capacity: max(1, utf8.reduce(0) { $0 + $1.count }))
        var size = 4
        while size < keys.count * 4 { size *= 2 }
        buckets = .allocate(capacity: size)
        buckets.initialize(repeating: 0)
        mask = size - 1
        var offset = 0
        for (index, key) in keys.enumerated() {
            _ = UnsafeMutableBufferPointer(rebasing: bytes[offset..<offset + utf8[index].count]).initialize(from: utf8[index])
            entries[index] = Entry(
                level: Int32(key.level), slot: Int32(key.slot), child: Int32(key.child), start: Int32(offset), count: Int32(utf8[index].count),
                isContainer: key.isContainer)
            let hash = utf8[index].withUnsafeBufferPointer { Self.hash($0, level: key.level) }
            var bucket = Int(hash) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(index + 1)
            offset += utf8[index].count
        }
    }

    deinit {
        entries.deallocate()
        bytes.deallocate()
        buckets.deallocate()
    }

    /// The entry for `key` at `level`, if the table has one.
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>, level: Int = 0) -> Entry? {
        var bucket = Int(Self.hash(key, level: level)) & mask
        while true {
            let stored = Int(buckets[bucket])
            if stored == 0 { return nil }
            let entry = entries[stored - 1]
            if Int(entry.level) == level, Int(entry.count) == key.count,
               key.count == 0 || Memory.compare(bytes.baseAddress! + Int(entry.start), key.baseAddress!, key.count) == 0 {
                return entry
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// FNV-1a over the level and the bytes: keys are short, so a byte loop is as fast as anything cleverer.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>, level: Int) -> UInt32 {
        var h: UInt32 = 2_166_136_261 ^ UInt32(truncatingIfNeeded: level)
        for byte in key { h = (h ^ UInt32(byte)) &* 16_777_619 }
        return h
    }
}

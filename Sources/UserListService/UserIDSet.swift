@_spi(Pipeline) import UserListDomain
import UserListCollections

/// The ids seen so far, for dedupe: equal when their bytes are equal, as jq compares strings.
///
/// Swift's `String` equality treats canonically equivalent text as equal (`é` and `e` + U+0301),
/// which would merge two different ids; comparing bytes keeps them apart. The ids are the keys of
/// a ``ByteKeyTable`` (their bytes in one growing buffer, found through an open-addressing table
/// of hashes), so an insert costs one hash and usually one `memcmp`, with no `String` kept alive
/// and no reference counting: real APIs' ids are UUIDs and GUIDs, too long for Swift's small
/// strings, and a `Set<String>` of them spent a sixth of a run on retains and equality.
///
/// A slot is 16 bytes (no value of its own): a 5M-user export keeps 8M of them (24-byte slots at
/// most half full took 400 MB).
package struct UserIDSet {
    private var table: ByteKeyTable<Void>

    package var count: Int { table.count }

    package init(minimumCapacity: Int = 1 << 16) {
        table = ByteKeyTable(minimumCapacity: minimumCapacity, empty: ())
    }

    /// Adds `id`; false when it was already there.
    package mutating func insert(_ id: String) -> Bool {
        insert(id, hash: Self.hash(of: id))
    }

    /// ``insert(_:)`` with the id's ``hash(of:)`` worked out already (on a reading thread).
    package mutating func insert(_ id: String, hash: UInt64) -> Bool {
        if let inserted = id.utf8.withContiguousStorageIfAvailable({ insert(bytes: $0, full: hash) }) { return inserted }
        var copy = id
        return copy.withUTF8 { insert(bytes: $0, full: hash) }
    }

    /// The hash ``insert(_:hash:)`` takes: any thread may work it out.
    package static func hash(of id: String) -> UInt64 {
        if let hash = id.utf8.withContiguousStorageIfAvailable({ ByteKeyTable<Void>.hash($0) }) { return hash }
        var copy = id
        return copy.withUTF8 { ByteKeyTable<Void>.hash($0) }
    }

    /// Asks for the cache line of the slot an id of `hash` is looked up at first: on a big
    /// export the table is tens of MB and an insert that waits for it a cache (and TLB) miss —
    /// 16% of `--count` on 1M users, on the one thread that dedupes.
    package func prefetch(hash: UInt64) {
        table.prefetch(hash: hash)
    }

    private mutating func insert(bytes id: UnsafeBufferPointer<UInt8>, full: UInt64) -> Bool {
        let place = table.find(id, hash: full)
        if place.found { return false }
        table.insert(id, at: place, value: ())
        return true
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The keys a compiled mapping reads at one object level, found by hashing the key's bytes: one
/// probe per field of a record, however many keys the mapping knows (the general mapping knows ~80).
struct KeyTable: Sendable {
    struct Entry: Sendable {
        /// Where the key's bytes sit in ``KeyTable/bytes``.
        var start: Int, count: Int
        /// The slot that receives this key's value, or -1.
        var slot = -1
        /// The level of this key's own fields (for deeper paths), or -1.
        var child = -1
    }

    private(set) var entries: [Entry] = []
    private var bytes: [UInt8] = []
    /// Open addressing: entry index + 1, 0 for an empty bucket.
    private var buckets: [Int32] = [0, 0, 0, 0]

    /// The entry for `key`, added if new (while compiling).
    mutating func entryIndex(for key: String) -> Int {
        let utf8 = Array(key.utf8)
        if let found = utf8.withUnsafeBufferPointer({ find($0) }) { return found }
        entries.append(Entry(start: bytes.count, count: utf8.count))
        bytes += utf8
        rehash()
        return entries.count - 1
    }

    mutating func update(_ index: Int, _ change: (inout Entry) -> Void) { change(&entries[index]) }

    /// The entry whose key is `key`, if any.
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = buckets.count - 1
        var bucket = Int(Self.hash(key)) & mask
        while true {
            let stored = Int(buckets[bucket])
            if stored == 0 { return nil }
            let entry = entries[stored - 1]
            if entry.count == key.count, matches(entry, key) { return stored - 1 }
            bucket = (bucket + 1) & mask
        }
    }

    @inline(__always)
    private func matches(_ entry: Entry, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = key.baseAddress else { return entry.count == 0 }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + entry.start, base, entry.count) == 0 }
    }

    /// Keeps the table at most a quarter full, so probes stay short.
    private mutating func rehash() {
        var size = 4
        while size < entries.count * 4 { size *= 2 }
        buckets = Array(repeating: 0, count: size)
        for (index, entry) in entries.enumerated() {
            let hash = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[entry.start..<entry.start + entry.count])) }
            var bucket = Int(hash) & (size - 1)
            while buckets[bucket] != 0 { bucket = (bucket + 1) & (size - 1) }
            buckets[bucket] = Int32(index + 1)
        }
    }

    /// FNV-1a: keys are short, so a byte loop is as fast as anything cleverer.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for byte in key { h = (h ^ UInt32(byte)) &* 16_777_619 }
        return h
    }
}

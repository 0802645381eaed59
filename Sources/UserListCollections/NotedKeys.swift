/// Byte keys noted one after another and rarely asked about. Noting one only appends its hash
/// and bytes (to pages and chunks that never move). ``contains(_:hash:)`` first adds the hashes
/// noted since the last question to a Bloom filter (three bits of one 64-bit word a key, 32 bits
/// a key: ~0.3% of keys never noted pass it), set in one loop of nothing else, where the
/// processor waits for many cache misses at once; what passes is compared with the noted hashes
/// (then bytes: a key is its bytes) one after another, until that has compared 8 hashes for
/// every key noted, and from then on looked up in an index of every noted key
/// (``ByteKeyNumbers``): a question costs at most what noting a key does, over the run.
///
/// What a page's map stage tells an id it met before with: every record's id is noted, and only
/// one that would join the stage's best is asked about. A hash set of every id (``UserIDSet``, an
/// insert between one record's parse and the next, each waiting for its cache miss) was ~10% of
/// that stage on 5M users (a split: 409 → 370 ms without it).
public final class NotedKeys {
    private let hashes = AppendOnlyPages<UInt64>()
    private let keys = AppendOnlyPages<UnsafeRawBufferPointer>()
    private let bytes = ByteChunks()
    // Unchecked: touched for every key, and only by this class's methods.
    @exclusivity(unchecked) private var words: [UInt64] = Array(repeating: 0, count: 1 << 10)
    /// How many of the noted hashes ``words`` holds.
    @exclusivity(unchecked) private var filtered = 0
    /// Hashes compared one after another so far.
    @exclusivity(unchecked) private var compared = 0
    /// Every noted key once it is cheaper than comparing them: its distinct keys by their number.
    @exclusivity(unchecked) private var index: (numbers: ByteKeyNumbers, distinct: AppendOnlyPages<UnsafeRawBufferPointer>, indexed: Int)?

    private static let bitsPerKey = 32
    private static let comparedPerKey = 8
    /// Keys indexed this far ahead of their turn (their slot asked for).
    private static let ahead = 16

    public init() {}

    /// How many keys were noted (a key noted twice counts twice).
    public var count: Int { hashes.count }

    /// ``ByteHash`` of `key`.
    public static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        ByteHash.hash(key)
    }

    /// Notes `key` (of ``hash(_:)`` `hash`).
    public func note(_ key: UnsafeRawBufferPointer, hash: UInt64) {
        hashes.append(hash)
        keys.append(bytes.append(key))
    }

    /// Whether `key` (of ``hash(_:)`` `hash`) was noted.
    public func contains(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Bool {
        filterTheRest()
        let (word, mask) = Self.place(hash, words: words.count)
        guard words[word] & mask == mask else { return false }
        if index == nil, compared + hashes.count <= Self.comparedPerKey * hashes.count {
            compared += hashes.count
            return comparedWithEach(key, hash: hash)
        }
        // More distinct keys than an index numbers (4G): each one compared.
        guard indexTheRest(), let index else { return comparedWithEach(key, hash: hash) }
        return index.numbers.find(key, hash: hash) { index.distinct[$0] } != nil
    }

    /// Whether a noted key has `key`'s hash and bytes, each noted one looked at.
    private func comparedWithEach(_ key: UnsafeRawBufferPointer, hash: UInt64) -> Bool {
        (0..<hashes.count).contains { hashes[$0] == hash && ByteKeyNumbers.equal(keys[$0], key) }
    }

    /// A key's word of the filter (its hash's low bits) and its three bits there (6-bit slices of
    /// the high half): one memory access a key.
    private static func place(_ hash: UInt64, words: Int) -> (word: Int, mask: UInt64) {
        let word = Int(truncatingIfNeeded: hash) & (words - 1)
        let mask = (1 as UInt64) << ((hash >> 46) & 63) | (1 as UInt64) << ((hash >> 52) & 63) | (1 as UInt64) << ((hash >> 58) & 63)
        return (word, mask)
    }

    /// The hashes noted since the filter was last brought up to date, added to it (all of them
    /// again into a filter twice as large, past ``bitsPerKey`` bits a key).
    private func filterTheRest() {
        var size = words.count
        while hashes.count * Self.bitsPerKey > size * 64 { size *= 2 }
        if size != words.count {
            words = Array(repeating: 0, count: size)
            filtered = 0
        }
        let hashes = self.hashes
        words.withUnsafeMutableBufferPointer { words in
            for index in filtered..<hashes.count {
                let (word, mask) = Self.place(hashes[index], words: words.count)
                words[word] |= mask
            }
        }
        filtered = hashes.count
    }

    /// The keys noted since the index was last brought up to date, indexed (the index made the
    /// first time); false when it is full.
    private func indexTheRest() -> Bool {
        var (numbers, distinct, indexed) = index ?? (ByteKeyNumbers(minimumCapacity: hashes.count), AppendOnlyPages(), 0)
        index = nil
        defer { index = (numbers, distinct, indexed) }
        let (hashes, keys) = (self.hashes, self.keys)
        for k in indexed..<min(indexed + Self.ahead, hashes.count) { numbers.prefetch(hash: hashes[k]) }
        while indexed < hashes.count {
            if indexed + Self.ahead < hashes.count { numbers.prefetch(hash: hashes[indexed + Self.ahead]) }
            guard let (_, new) = numbers.number(of: keys[indexed], hash: hashes[indexed], keyAt: { distinct[$0] }) else { return false }
            if new { distinct.append(keys[indexed]) }
            indexed += 1
        }
        return true
    }
}

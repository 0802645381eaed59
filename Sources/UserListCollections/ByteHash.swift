import CXXHash

/// XXH3 of byte strings, seeded per process as Swift's `Hasher` is (input crafted to collide
/// can't be made ahead of a run): the hash of ``ByteKeyTable``'s keys and of the diff's digests.
/// A short string costs ~20 instructions, where `Hasher` (SipHash) took ~150.
public enum ByteHash {
    /// The process's seed.
    @usableFromInline static let seed = UInt64.random(in: .min ... .max)

    /// XXH3 of `bytes`.
    @inlinable public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        userlist_xxh3(bytes.baseAddress, bytes.count, seed)
    }

    /// XXH3 of `bytes` seeded by `previous`, the hash of what came before: several strings hashed
    /// in turn, so that each one's place and the ones before it count.
    @inlinable public static func hash(_ bytes: UnsafeRawBufferPointer, after previous: UInt64) -> UInt64 {
        userlist_xxh3(bytes.baseAddress, bytes.count, seed ^ previous)
    }
}

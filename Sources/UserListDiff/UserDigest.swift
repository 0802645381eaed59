import UserListDomain
import UserListCollections

/// A 64-bit digest of the fields a diff compares: what the id table keeps of an OLD user, so
/// memory grows with ids and digests, not with users.
///
/// Values are hashed as bytes, so `é` precomposed and `e` + U+0301 differ here as they do for
/// ids (String's `==` would call them equal). Each value is hashed (XXH3, ``ByteHash``) seeded by
/// the hash of the ones before it and its own length, and a missing one as a length no string
/// has, so `("ab", nil)` and `("a", "b")` differ. Two different users get the same digest with a
/// chance of about 2⁻⁶⁴ per pair compared: such a change would go unreported. The hash is seeded
/// per process, which is all a diff needs: both sides are hashed by one process.
enum UserDigest {
    static func digest(_ user: User, fields: ComparedFields) -> UInt64 {
        var digest: UInt64 = 0
        for field in fields.fields {
            digest = combine(user.text(of: field), after: digest)
        }
        return digest
    }

    /// Hashes `value` seeded by the digest so far and its length (a missing value's length is
    /// `UInt64.max`, which no string has).
    private static func combine(_ value: String?, after digest: UInt64) -> UInt64 {
        // The seed: the digest so far, spread over all 64 bits, plus the length.
        let spread = digest &* 0x9E37_79B9_7F4A_7C15
        guard var value else {
            return ByteHash.hash(UnsafeRawBufferPointer(start: nil, count: 0), after: spread &+ UInt64.max)
        }
        return value.withUTF8 { bytes in
            ByteHash.hash(UnsafeRawBufferPointer(bytes), after: spread &+ UInt64(bytes.count))
        }
    }
}

import UserListDomain

/// A 64-bit digest of the fields a diff compares: what the id table keeps of an OLD user, so
/// memory grows with ids and digests, not with users.
///
/// Values are hashed as bytes, so `é` precomposed and `e` + U+0301 differ here as they do for
/// ids (String's `==` would call them equal). Each value is hashed with its length, and a missing
/// one as a length no string has, so `("ab", nil)` and `("a", "b")` differ. Two different users
/// get the same digest with a chance of 2⁻⁶⁴ per pair compared: such a change would go unreported.
/// `Hasher` is seeded per process, which is all a diff needs: both sides are hashed by one process.
enum UserDigest {
    static func digest(_ user: User, fields: ComparedFields) -> UInt64 {
        var hasher = Hasher()
        for field in fields.fields {
            combine(user.text(of: field), into: &hasher)
        }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    private static func combine(_ value: String?, into hasher: inout Hasher) {
        guard var value else {
            hasher.combine(UInt64.max)
            return
        }
        value.withUTF8 { bytes in
            hasher.combine(UInt64(bytes.count))
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}

/// Strings that read as identifiers rather than as a person's name, whatever key holds them:
/// some APIs keep their ids under `name` next to a display name, and such a value must become
/// the id, never the title.
///
/// - a Matrix user id, `@localpart:server` (Synapse's admin API lists users as `{"name":
///   "@alice:example.org", "displayname": "Alice"}`);
/// - an API resource name, `collection/id` (Google's APIs: `{"name": "users/1234", "displayName": …}`).
enum IdentifierText {
    /// Whether `bytes` is one of the identifier forms above (no white space anywhere).
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "@") { return isMatrixUserID(bytes) }
        // Cheapest test first: a name starts with a capital letter or a non-ASCII one far more often.
        guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
        return isResourceName(bytes)
    }

    /// `@` + a localpart + `:` + a server name, no white space.
    private static func isMatrixUserID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 1, colon < bytes.count - 1 else { return false }
        return !bytes.contains(where: isSpace)
    }

    /// Lower-case letters, `/`, then a non-empty id without white space: `users/1234`, `people/c123`.
    private static func isResourceName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count, (bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z")) || bytes[index] == UInt8(ascii: "_") {
            index += 1
        }
        guard index >= 2, index < bytes.count - 1, bytes[index] == UInt8(ascii: "/") else { return false }
        return !bytes[(index + 1)...].contains(where: isSpace)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// Which nested objects hold the record's own person, by the words of their key, for keys the
/// mapping doesn't name (``UserMapping/nestedPersonKeys`` names `profile`, `fields`, `details`):
/// a key with a word that names a person (`userRef`, `member_user`, `orgMember`, `attendee`,
/// `public_user_data`) holds the person, unless another word makes it someone related to them
/// (`account_manager`, `Created_By`, `reportsTo`, `primary_contact`, `target_user`) or a thing
/// of theirs (`Account_Name`, `identity_provider`). Any other object is never read as the person.
public struct NestedPersonWords: Sendable {
    private let nouns: KeyTable
    private let relations: KeyTable

    public init(nouns: [String], relations: [String]) {
        self.nouns = KeyTable(nouns.map { KeyTable.Key(level: 0, key: $0) })
        self.relations = KeyTable(relations.map { KeyTable.Key(level: 0, key: $0) })
    }

    /// Whether `key` (snake_case, camelCase, kebab-case, Title_Snake or spaced) has a person
    /// noun among its words and no relation word. Keys longer than 64 bytes are no person's.
    func admits(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count <= 64 else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { word in
            var length = 0
            var person = false
            var previousLower = false
            // Ends the word so far: false when it is a relation word (the key is not the person's).
            func close() -> Bool {
                defer { length = 0 }
                guard length > 0 else { return true }
                let bytes = UnsafeBufferPointer(rebasing: word[..<length])
                if relations.find(bytes) != nil { return false }
                if nouns.find(bytes) != nil { person = true }
                return true
            }
            for byte in key {
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                guard isUpper || isLower || isDigit else {
                    guard close() else { return false }
                    previousLower = false
                    continue
                }
                if isUpper, previousLower { guard close() else { return false } }
                word[length] = isUpper ? byte + 32 : byte
                length += 1
                previousLower = isLower || isDigit
            }
            return close() && person
        }
    }
}

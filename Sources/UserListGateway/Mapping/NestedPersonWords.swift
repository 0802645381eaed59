/// Which nested objects hold the record's own person, by the words of their key, for keys the
/// mapping doesn't name (``UserMapping/nestedPersonKeys`` names `profile`, `fields`, `details`):
/// a key with a word that names a person (`userRef`, `member_user`, `orgMember`, `attendee`,
/// `public_user_data`) holds the person, unless another word makes it someone related to them
/// (`account_manager`, `Created_By`, `reportsTo`, `primary_contact`, `target_user`) or a thing
/// of theirs (`Account_Name`, `identity_provider`). Any other object is never read as the person.
public struct NestedPersonWords: Sendable {
    private let nouns: KeyTable
    private let relations: KeyTable
    /// Keys known to hold no person, answered by one probe before any word is split (`address`,
    /// `company`, `_links`, `credentials`: most records' nested objects are these).
    private let things: KeyTable

    public init(nouns: [String], relations: [String], things: [String] = []) {
        self.nouns = KeyTable(nouns.map { KeyTable.Key(level: 0, key: $0) })
        self.relations = KeyTable(relations.map { KeyTable.Key(level: 0, key: $0) })
        self.things = KeyTable(things.map { KeyTable.Key(level: 0, key: $0) })
    }

    /// Whether `key` (snake_case, camelCase, kebab-case, Title_Snake or spaced) has a person
    /// noun among its words and no relation word. Keys longer than 64 bytes are no person's.
    func admits(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count <= 64, things.find(key) == nil else { return false }
        // The key lower-cased, words cut at `_`, `-`, spaces and a capital after a lower-case
        // letter; each word looked up in place (no closure: a captured counter cost exclusivity
        // checks on every byte).
        var lowered = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        return withUnsafeMutableBytes(of: &lowered) { raw -> Bool in
            let word = raw.bindMemory(to: UInt8.self)
            var start = 0, length = 0, person = false, previousLower = false
            var index = 0
            while index <= key.count {
                let byte = index < key.count ? key[index] : 0
                let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                let isLetterOrDigit = isUpper || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                if !isLetterOrDigit || (isUpper && previousLower) {
                    if length > start {
                        let bytes = UnsafeBufferPointer(rebasing: word[start..<length])
                        if relations.find(bytes) != nil { return false }
                        if !person, nouns.find(bytes) != nil { person = true }
                    }
                    start = length
                }
                if isLetterOrDigit {
                    word[length] = isUpper ? byte + 32 : byte
                    length += 1
                }
                previousLower = isLetterOrDigit && !isUpper
                index += 1
            }
            return person
        }
    }
}

/// `--search TEXT`: keeps users whose name, email or username contains TEXT, ignoring case and diacritics.
public struct UserSearch: Hashable, Sendable {
    public let text: String
    private let foldedNeedle: [UInt8]
    private let needleIsASCII: Bool

    public init(_ text: String) {
        self.text = text
        let folded = TextFolding.fold(text)
        foldedNeedle = Array(folded.utf8)
        needleIsASCII = foldedNeedle.allSatisfy { $0 < 0x80 }
    }

    public func matches(_ user: User) -> Bool {
        contains(user.name) || contains(user.email) || contains(user.username)
    }

    private func contains(_ field: String?) -> Bool {
        guard let field else { return false }
        if foldedNeedle.isEmpty { return true }
        // Fast path: search ASCII text in place, lowercasing as we compare, with no allocation.
        let fast: Bool? = field.utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
            guard haystack.allSatisfy({ $0 < 0x80 }) else { return nil }
            return needleIsASCII && Self.asciiCaseInsensitiveContains(haystack, foldedNeedle)
        } ?? nil
        if let fast { return fast }
        return Self.asciiCaseInsensitiveContains(Array(TextFolding.fold(field).utf8), foldedNeedle)
    }

    /// Naive substring search: needles are short, so this beats building tables.
    static func asciiCaseInsensitiveContains<H: RandomAccessCollection<UInt8>>(_ haystack: H, _ needle: [UInt8]) -> Bool where H.Index == Int {
        let n = needle.count
        guard haystack.count >= n else { return false }
        let first = needle[0]
        var i = haystack.startIndex
        let last = haystack.endIndex - n
        while i <= last {
            if TextFolding.lowercaseASCII(haystack[i]) == first {
                var j = 1
                while j < n, TextFolding.lowercaseASCII(haystack[i + j]) == needle[j] { j += 1 }
                if j == n { return true }
            }
            i += 1
        }
        return false
    }
}

import Testing
import UserListCollections

/// ``ByteKeyNumbers``: keys numbered in the order they first come, found again by their bytes
/// through growth, and told apart when their hashes collide.
@Suite struct ByteKeyNumbersTests {
    /// The keys' bytes, as the caller keeps them (in ``ByteChunks``: they never move).
    private final class Keys {
        let chunks = ByteChunks()
        var stored: [UnsafeRawBufferPointer] = []
        func number(_ key: String, hash: UInt64? = nil, in numbers: inout ByteKeyNumbers) -> (number: Int, new: Bool)? {
            let bytes = Array(key.utf8)
            return bytes.withUnsafeBytes { key in
                let result = numbers.number(of: key, hash: hash ?? ByteKeyNumbers.hash(key)) { self.stored[$0] }
                if let result, result.new { stored.append(chunks.append(key)) }
                return result
            }
        }
    }

    /// Keys are their bytes (`é` and `e` + U+0301 are two, the empty key is one); a key seen
    /// before gets its first number back, and a new one the next.
    @Test func numbersInTheOrderKeysCome() {
        var numbers = ByteKeyNumbers(minimumCapacity: 2)
        let keys = Keys()
        let words = ["é", "e\u{301}", "", "ab", "abc", "abd"]
        for (index, word) in words.enumerated() {
            let result = keys.number(word, in: &numbers)
            #expect(result?.number == index && result?.new == true, "\(word)")
        }
        for (index, word) in words.enumerated().reversed() {
            let result = keys.number(word, in: &numbers)
            #expect(result?.number == index && result?.new == false, "\(word) again")
        }
        #expect(numbers.count == words.count)
    }

    /// Keys whose hashes are the same (so their tags and first slots are): each keeps its number.
    @Test func collidingHashesStayApart() {
        var numbers = ByteKeyNumbers()
        let keys = Keys()
        for n in 0..<100 { #expect(keys.number("key-\(n)", hash: 42, in: &numbers)?.number == n) }
        for n in 0..<100 { #expect(keys.number("key-\(n)", hash: 42, in: &numbers)?.new == false) }
        #expect(keys.number("key-100", hash: 42, in: &numbers)?.number == 100)
    }

    /// Doubling many times over keeps every key's number.
    @Test func growingKeepsEveryNumber() {
        var numbers = ByteKeyNumbers()
        let keys = Keys()
        let count = 50_000
        for n in 0..<count { #expect(keys.number("id-\(n)", in: &numbers)?.number == n) }
        for n in stride(from: 0, to: count, by: 7) {
            let result = keys.number("id-\(n)", in: &numbers)
            #expect(result?.number == n && result?.new == false)
        }
        #expect(numbers.count == count)
    }
}

/// ``AppendOnlyPages``: elements kept in order across pages, each one replaceable in place.
@Suite struct AppendOnlyPagesTests {
    @Test func elementsAcrossPages() {
        let pages = AppendOnlyPages<Int>()
        let count = 40_000  // more than two pages of 16,384
        for n in 0..<count { pages.append(n * 3) }
        #expect(pages.count == count)
        #expect(pages[16_383] == 16_383 * 3 && pages[16_384] == 16_384 * 3)
        pages[20_000] = -1
        var seen: [Int] = []
        pages.forEach { seen.append($0) }
        #expect(seen.count == count)
        #expect(seen[20_000] == -1)
        #expect(seen.enumerated().allSatisfy { $0.offset == 20_000 || $0.element == $0.offset * 3 })
    }
}

/// ``NotedKeys``: a key noted is found by its bytes (colliding hashes told apart by them), one
/// never noted is not, through the filter's growth.
@Suite struct NotedKeysTests {
    private func note(_ key: String, hash: UInt64? = nil, in keys: NotedKeys) {
        Array(key.utf8).withUnsafeBytes { keys.note($0, hash: hash ?? NotedKeys.hash($0)) }
    }

    private func contains(_ key: String, hash: UInt64? = nil, in keys: NotedKeys) -> Bool {
        Array(key.utf8).withUnsafeBytes { keys.contains($0, hash: hash ?? NotedKeys.hash($0)) }
    }

    @Test func notedKeysAreFoundAndOthersAreNot() {
        let keys = NotedKeys()
        let count = 100_000  // the filter grows several times, asked between notes
        for n in 0..<count {
            note("id-\(n)", in: keys)
            if n % 997 == 0 {
                #expect(contains("id-\(n)", in: keys))
                #expect(!contains("id-\(n + 1)", in: keys))
            }
        }
        #expect(keys.count == count)
        #expect((0..<count).allSatisfy { contains("id-\($0)", in: keys) })
        #expect(!(count..<(count + 20_000)).contains { contains("id-\($0)", in: keys) })
        // Keys are their bytes: canonically equivalent text is another key.
        note("é", in: keys)
        #expect(!contains("e\u{301}", in: keys))
        #expect(contains("é", in: keys))
    }

    /// Keys whose hashes are the same: each found by its bytes, a third one not.
    @Test func collidingHashesAreToldApartByBytes() {
        let keys = NotedKeys()
        note("a", hash: 7, in: keys)
        note("bb", hash: 7, in: keys)
        #expect(contains("a", hash: 7, in: keys))
        #expect(contains("bb", hash: 7, in: keys))
        #expect(!contains("c", hash: 7, in: keys))
        #expect(!contains("", hash: 7, in: keys))
        note("", hash: 7, in: keys)
        #expect(contains("", hash: 7, in: keys))
        // Asked again and again, past what comparing one after another may cost: the index answers.
        for _ in 0..<40 {
            #expect(contains("bb", hash: 7, in: keys) && contains("", hash: 7, in: keys))
            #expect(!contains("c", hash: 7, in: keys))
        }
    }
}

import Testing
import UserListCollections

/// ``ByteKeyTable``: keys found by their bytes, through growth, with their values and the bytes
/// kept after them.
@Suite struct ByteKeyTableTests {
    private func find(_ key: String, in table: ByteKeyTable<UInt32>) -> ByteKeyTable<UInt32>.Place {
        var key = key
        return key.withUTF8 { table.find($0, hash: ByteKeyTable<UInt32>.hash($0)) }
    }

    private func insert(_ key: String, value: UInt32, following: [UInt8] = [], into table: inout ByteKeyTable<UInt32>) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            let place = table.find(bytes, hash: ByteKeyTable<UInt32>.hash(bytes))
            guard !place.found else { return false }
            table.insert(bytes, at: place, value: value, following: following)
            return true
        }
    }

    /// Keys are equal when their bytes are: canonically equivalent text (`é` and `e` + U+0301),
    /// which `String` calls equal, stays two keys; a prefix, the empty key and a key that differs
    /// in its last byte are keys of their own.
    @Test func keysAreTheirBytes() {
        var table = ByteKeyTable<UInt32>(minimumCapacity: 4, empty: 0)
        let keys = ["é", "e\u{301}", "", "ab", "abc", "abd", "ABC"]
        for (index, key) in keys.enumerated() { #expect(insert(key, value: UInt32(index), into: &table), "\(key) is new") }
        for key in keys { #expect(!insert(key, value: 99, into: &table), "\(key) again") }
        #expect(table.count == keys.count)
        for (index, key) in keys.enumerated() {
            let place = find(key, in: table)
            #expect(place.found)
            #expect(table.value(at: place) == UInt32(index), "\(key)'s value")
        }
        #expect(!find("abcd", in: table).found)
    }

    /// Doubling many times over keeps every key, its value and the bytes after it, and finds no
    /// key that was never put in.
    @Test func growingKeepsEveryKey() {
        var table = ByteKeyTable<UInt32>(minimumCapacity: 1, empty: 0)
        let count = 20_000
        for n in 0..<count {
            let tail = Array("tail-\(n)".utf8)
            #expect(insert("key-\(n)", value: UInt32(tail.count), following: tail, into: &table))
        }
        #expect(table.count == count)
        #expect(table.byteCount == (0..<count).reduce(0) { $0 + "key-\($1)".utf8.count + "tail-\($1)".utf8.count })
        for n in stride(from: 0, to: count, by: 7) {
            let place = find("key-\(n)", in: table)
            #expect(place.found)
            let tail = table.withBytes(following: place, count: Int(table.value(at: place))) { Array($0) }
            #expect(tail == Array("tail-\(n)".utf8))
        }
        #expect(!find("key-\(count)", in: table).found)
    }

    /// A table of no values: what dedupe keeps, a key's bytes and nothing more.
    @Test func aSetOfKeys() {
        var table = ByteKeyTable<Void>(minimumCapacity: 16, empty: ())
        for key in ["1", "2", "1", "01", "2"] {
            var key = key
            key.withUTF8 { bytes in
                let hash = ByteKeyTable<Void>.hash(bytes)
                table.prefetch(hash: hash)
                let place = table.find(bytes, hash: hash)
                if !place.found { table.insert(bytes, at: place, value: ()) }
            }
        }
        #expect(table.count == 3)
        #expect(table.byteCount == 4)
    }
}

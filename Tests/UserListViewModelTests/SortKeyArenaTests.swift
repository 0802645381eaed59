import Testing
@_spi(Pipeline) @testable import UserListViewModel
@_spi(Pipeline) import UserListDomain
import UserListTestSupport

extension ViewModelTests {
    /// The arena's order, with its 8-byte prefixes, is ``SortEntry``'s.
    @Suite struct SortKeyArenaTests {
        /// A prefix is the first 8 bytes, big-endian, zero-padded, whatever the length.
        @Test func prefixIsTheFirstEightBytesBigEndian() {
            let bytes: [UInt8] = [0x61, 0x00, 0xFF, 0x62, 0x7A, 0xC3, 0xA9, 0x01, 0x02, 0x03]
            for count in 0...bytes.count {
                let expected = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64($1 < count ? bytes[$1] : 0) }
                #expect(bytes[..<count].withUnsafeBufferPointer { SortKeyArena.prefix($0) } == expected, "\(count) bytes")
            }
        }

        /// 3,000 keys over a small alphabet (so many share their first 8 bytes, or are prefixes of
        /// each other), NUL and multi-byte text among them, ids and missing keys, both directions.
        @Test(arguments: [false, true])
        func sameOrderAsSortEntry(descending: Bool) {
            var random = SeededGenerator(state: 41)
            let pieces = ["a", "b", "A", "é", "e\u{301}", "\u{0}", " ", "z", "张", "ß"]
            var values: [SortValue?] = []
            for _ in 0..<3_000 {
                let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                switch Int.random(in: 0..<10, using: &random) {
                case 0: values.append(nil)
                case 1: values.append(SortValue(String(Int.random(in: -50...50, using: &random)), key: .id))
                case 2: values.append(SortValue(text, key: .id))
                default: values.append(SortValue(text, key: .name))
                }
            }
            var arena = SortKeyArena(descending: descending)
            for (sequence, value) in values.enumerated() { arena.append(value, sequence: sequence) }
            let expected = values.enumerated().map { SortEntry(value: $1, descending: descending, sequence: $0) }.sorted().map(\.sequence)
            #expect(arena.sortedSequences() == expected)
            #expect(arena.sortedSequences(parallelAbove: 100) == expected)
        }

        /// Without integer keys the radix sort of prefixes orders them: 20,000 texts or composite
        /// keys (one run's are all one or the other) and missing keys, many sharing their first 8
        /// or 16 bytes, in both directions — the same order as ``SortEntry``'s.
        @Test(arguments: [false, true], [false, true])
        func radixSortHasTheSameOrder(descending: Bool, composite: Bool) {
            var random = SeededGenerator(state: 7)
            let pieces = ["muhammad ", "nguyen v", "a", "b", "é", "\u{0}", " ", "张", "ß", "aaaaaaaa", "\u{FF}"]
            var values: [SortValue?] = []
            for _ in 0..<20_000 {
                let text = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                if Int.random(in: 0..<12, using: &random) == 0 {
                    values.append(nil)
                } else {
                    values.append(composite ? .bytes(Array(text.utf8)) : SortValue(text, key: .name))
                }
            }
            var arena = SortKeyArena(descending: descending)
            for (sequence, value) in values.enumerated() { arena.append(value, sequence: sequence) }
            let radix = arena.bytes.withUnsafeBytes { SortKeyArena.radixSorted(arena.entries, $0, descending: descending) }
            let expected = values.enumerated().map { SortEntry(value: $1, descending: descending, sequence: $0) }.sorted().map(\.sequence)
            let got = radix?.map(\.sequence) ?? []
            #expect(got.count == expected.count)
            let first = got.indices.first { $0 < expected.count && got[$0] != expected[$0] }
            #expect(first == nil, "first difference at \(first ?? 0): \(first.map { (values[got[$0]], values[expected[$0]]) }.debugDescription)")
            #expect(arena.sortedSequences() == expected)
        }

        /// Integer keys (`--sort id`) go by radix too: their values, negative ones first, ties and
        /// missing keys as ``SortEntry`` has them; mixed with text, or past 18 digits, they don't.
        @Test(arguments: [false, true])
        func radixSortOfIntegers(descending: Bool) {
            var random = SeededGenerator(state: 11)
            var values: [SortValue?] = (0..<5_000).map { _ in
                switch Int.random(in: 0..<10, using: &random) {
                case 0: nil
                case 1: SortValue(String(Int.random(in: -999_999_999_999_999_999...999_999_999_999_999_999, using: &random)), key: .id)
                case 2: SortValue("-0\(Int.random(in: 0...30, using: &random))", key: .id)
                default: SortValue(String(Int.random(in: -300...300, using: &random)), key: .id)
                }
            }
            func sorted() -> [Int]? {
                var arena = SortKeyArena(descending: descending)
                for (sequence, value) in values.enumerated() { arena.append(value, sequence: sequence) }
                return arena.bytes.withUnsafeBytes { SortKeyArena.radixSorted(arena.entries, $0, descending: descending) }?.map(\.sequence)
            }
            let expected = values.enumerated().map { SortEntry(value: $1, descending: descending, sequence: $0) }.sorted().map(\.sequence)
            #expect(sorted() == expected)
            values.append(SortValue("1234567890123456789", key: .id))
            #expect(sorted() == nil)
            values.removeLast()
            values.append(SortValue("abc", key: .id))
            #expect(sorted() == nil)
        }

        /// The radix sort is stable over every byte, and skips none a key differs in.
        @Test func radixSortOfKeys() {
            var random = SeededGenerator(state: 9)
            var keys = (0..<5_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) & 0xFF00_FF00_0000_FFFF }
            keys += keys.prefix(500)
            var values = keys.indices.map { UInt32($0) }
            let expected = zip(keys, values).sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            SortKeyArena.radixSort(&keys, carrying: &values)
            #expect(keys == expected.map(\.0))
            #expect(values == expected.map(\.1))
        }
    }
}

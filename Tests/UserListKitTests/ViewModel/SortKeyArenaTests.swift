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
    }
}

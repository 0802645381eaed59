import Testing
@_spi(Pipeline) @testable import UserListViewModel
@_spi(Pipeline) import UserListDomain

/// The sort key a full export's rows travel behind: sorted as bytes (what Spark's `sortBy`
/// does with it), rows come in exactly ``SortEntry``'s order — keys, missing last either way,
/// `:desc` reversing only the key, ties by position.
@Suite struct CompactSortKeyTests {
    /// Values that exercise every rule: integers of every sign and length (`007` is 7), text
    /// with equal folded forms, prefixes, a NUL, and missing values.
    static let raw: [String?] = [
        "7", "007", "-3", "-30", "0", "-0", "123456789012345678901234567890", "-99999999999999999999", "10", "9",
        "Ana", "ana", "Ána", "An", "Anabel", "Zoë", "Zoe", "张伟", "a\u{0}b", "a", "", "ab", nil, nil, "-", "1a",
    ]

    private func key(_ value: SortValue?, _ descending: Bool, _ position: Int) -> [UInt8] {
        var out: [UInt8] = []
        CompactSortKey.appendText(value, descending: descending, position: position, to: &out)
        return out
    }

    @Test(arguments: [false, true], [SortKey.id, .name])
    func bytesSortAsEntries(descending: Bool, key sortKey: SortKey) {
        var generator = SystemRandomNumberGenerator()
        // Every value twice, at shuffled positions, so ties are broken by position.
        let values = (Self.raw + Self.raw).map { $0.map { SortValue($0, key: sortKey) } }
        let positions = Array(values.indices).shuffled(using: &generator)
        let entries = zip(values, positions).map { SortEntry(value: $0, descending: descending, sequence: $1) }
        let bySortEntry = entries.sorted().map(\.sequence)
        let byBytes = entries.sorted { key($0.value, descending, $0.sequence).lexicographicallyPrecedes(key($1.value, descending, $1.sequence)) }.map(\.sequence)
        #expect(byBytes == bySortEntry)
    }

    @Test func keysAreCharactersSafeInALine() {
        let bytes = key(SortValue("Zoë\u{0}", key: .name), true, 1 << 40)
        let characters = Set("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)
        #expect(bytes.allSatisfy { characters.contains($0) && $0 > UInt8(ascii: "\t") })
    }

    /// The characters keep any bytes' order, a byte string before the ones it begins, and take
    /// 4 characters for 3 bytes: lengths 0 through 7, every byte value at the edges of a group.
    @Test func charactersKeepTheBytesOrder() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt8] = [0, 1, 2, 3, 4, 15, 16, 63, 64, 127, 128, 191, 192, 252, 253, 254, 255]
        var strings: [[UInt8]] = [[]]
        for length in 1...7 {
            for _ in 0..<300 { strings.append((0..<length).map { _ in edges.randomElement(using: &generator)! }) }
        }
        strings += strings.filter { !$0.isEmpty }.map { $0 + [0] }  // each one's start among them
        let encoded = strings.map { bytes in
            var out: [UInt8] = []
            CompactSortKey.appendCharacters(of: bytes, to: &out)
            return out
        }
        for (bytes, text) in zip(strings, encoded) { #expect(text.count == (bytes.count * 8 + 5) / 6) }
        let byBytes = strings.indices.sorted { strings[$0].lexicographicallyPrecedes(strings[$1]) }
        let byText = strings.indices.sorted { encoded[$0].lexicographicallyPrecedes(encoded[$1]) }
        #expect(byBytes.map { strings[$0] } == byText.map { strings[$0] })
        // Distinct bytes, distinct text.
        #expect(Set(strings).count == Set(encoded).count)
    }
}

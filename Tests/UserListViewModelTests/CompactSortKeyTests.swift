import Testing
@_spi(Pipeline) @testable import UserListViewModel
@_spi(Pipeline) import UserListDomain

/// The hex sort key a full export's rows travel behind: sorted as bytes (what Spark's `sortBy`
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
        CompactSortKey.appendHex(value, descending: descending, position: position, to: &out)
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

    @Test func keysAreLowerCaseHex() {
        let bytes = key(SortValue("Zoë\u{0}", key: .name), true, 1 << 40)
        #expect(bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        #expect(bytes.count % 2 == 0)
    }
}

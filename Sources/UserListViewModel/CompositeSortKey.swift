@_spi(Pipeline) import UserListDomain
/// The sort key of several keys (`--sort city,name:desc,id`), of `:natural`, or of `--collate`:
/// one byte string per user whose plain byte order (memcmp) is the order of its keys.
///
/// Why one byte string and not a list of values compared key by key: comparisons are what a sort
/// does most (20M of them for 1M users), and every other part of the sort already works on one
/// key per entry — the arena's 8-byte prefixes that settle most comparisons without reading the
/// arena, the sorted runs spilled to disk, the heap of a page, the hex keys of the distributed
/// stages. A composite key goes through all of them unchanged as ``SortValue/bytes(_:)``, and its
/// comparison stays one memcmp, where a list would branch on every key's direction, kind and
/// absence in every comparison. The work is done once per user, when the key is made.
///
/// Each key, in order:
///
///     missing value   01
///     present value   00, then the value's bytes; for :desc each byte inverted (255 - b)
///
/// so a missing value sorts after any present one in both directions. The value's bytes are
/// prefix-free (no value's bytes begin another's), which is what makes inverting them reverse
/// their order exactly and lets the next key's bytes follow without a separator:
///
///     default         ``CompactSortKey``'s: the id's integer-first rule, else the folded text
///                     then the exact text, each with 00 written 00 FF and ended by 00 00
///     --collate       02, the locale's collation key (ICU's, which holds no 00), 00, then the
///                     exact text ended as above (ties between texts the locale calls equal)
///     :natural        02, the folded text with each run of digits written as 30 (the place a
///                     digit sorts), its significant digits' count (4 bytes) and the digits, so
///                     `user2` < `user10`; ended as above, then the exact text
///
/// Input order breaks the ties that remain, outside the key, as for a single key.
enum CompositeSortKey {
    static func append(_ text: String?, term: SortTerm, collator: (any SortCollator)?, to key: inout [UInt8]) {
        guard let text else {
            key.append(0x01)
            return
        }
        key.append(0x00)
        let start = key.count
        if term.natural {
            key.append(0x02)
            CompactSortKey.appendTerminated(naturalBytes(term.field == .id ? text : TextFolding.fold(text)), to: &key)
            CompactSortKey.appendTerminated(text, to: &key)
        } else if let collator, term.field != .id {
            key.append(0x02)
            collator.appendKey(text, to: &key)
            key.append(0x00)
            CompactSortKey.appendTerminated(text, to: &key)
        } else {
            CompactSortKey.append(SortValue(text, key: term.field == .id ? .id : .name), to: &key)
        }
        if term.descending {
            for index in start..<key.count { key[index] = 255 - key[index] }
        }
    }

    /// The text with every run of ASCII digits as 30, the count of its digits past leading
    /// zeros (4 bytes, big-endian) and those digits: a longer number is a bigger one.
    static func naturalBytes(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            guard utf8[i] &- UInt8(ascii: "0") < 10 else {
                out.append(utf8[i])
                i += 1
                continue
            }
            var end = i
            while end < utf8.count, utf8[end] &- UInt8(ascii: "0") < 10 { end += 1 }
            var first = i
            while first < end, utf8[first] == UInt8(ascii: "0") { first += 1 }
            let count = UInt32(end - first)
            out.append(UInt8(ascii: "0"))
            withUnsafeBytes(of: count.bigEndian) { out += $0 }
            out += utf8[first..<end]
            i = end
        }
        return out
    }
}

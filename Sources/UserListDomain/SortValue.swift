import UserListPlatform

/// A user's sort key, prepared once so comparisons are byte compares.
///
/// Text compares the folded form by code points (UTF-8 byte order is code point order), then the
/// exact text, so results don't depend on a locale. Ids: integers first in numeric order, then text.
/// The ViewModel makes them (folding, `SortValue(_:key:)`); the Service carries them from the
/// reading threads, so the type lives here. Comparisons run inside every sort and heap: they are
/// `@inlinable` (SPI public, because `@inlinable package` is not inlined across modules).
@_spi(Pipeline) public enum SortValue: Comparable, Sendable {
    /// An integer id: sign, then its digits without leading zeros (any length stays exact).
    case integer(negative: Bool, digits: String)
    case text(folded: String, exact: String)
    /// A composite key (several keys, `:natural`, `--collate`): bytes compared as they are.
    case bytes([UInt8])

    @inlinable public static func < (lhs: SortValue, rhs: SortValue) -> Bool { compare(lhs, rhs) < 0 }

    /// Equal when the bytes are: `é` and `e` + U+0301 are different text by code points (String's
    /// `==` would call them equal, and spent a sixth of a full sort deciding so).
    @inlinable public static func == (lhs: SortValue, rhs: SortValue) -> Bool { compare(lhs, rhs) == 0 }

    /// Negative, zero or positive, as `lhs` sorts before, with or after `rhs`.
    @inlinable public static func compare(_ lhs: SortValue, _ rhs: SortValue) -> Int {
        switch (lhs, rhs) {
        case let (.integer(ln, ld), .integer(rn, rd)):
            if ln != rn { return ln ? -1 : 1 }
            let magnitude = ld.utf8.count != rd.utf8.count ? ld.utf8.count - rd.utf8.count : compareBytes(ld, rd)
            return ln ? -magnitude : magnitude
        case (.integer, _): return -1
        case (_, .integer): return 1
        case let (.text(lf, le), .text(rf, re)):
            let folded = compareBytes(lf, rf)
            return folded != 0 ? folded : compareBytes(le, re)
        case let (.bytes(l), .bytes(r)):
            return l.withUnsafeBufferPointer { x in r.withUnsafeBufferPointer { y in compare(x, y) } }
        // One run's keys are all composite or none are.
        case (.text, .bytes): return -1
        case (.bytes, .text): return 1
        }
    }

    /// memcmp-style comparison of UTF-8 bytes.
    @inlinable @inline(__always)
    public static func compareBytes(_ a: String, _ b: String) -> Int {
        if let result = a.utf8.withContiguousStorageIfAvailable({ x in
            b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) }
        }), let result { return result }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
    }

    @inlinable @inline(__always)
    @usableFromInline static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(x.count, y.count)
        if common > 0, let xp = x.baseAddress, let yp = y.baseAddress {
            let c = Int(Memory.compare(xp, yp, common))
            if c != 0 { return c }
        }
        return x.count - y.count
    }
}

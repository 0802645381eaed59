#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every match's sort key as bytes in one buffer, for a run that sorts everything (a full export):
/// sorting a million entries of plain integers that point into one buffer touches no reference
/// counts, where entries holding `String`s spent most of the sort retaining and releasing them.
/// The order is ``SortEntry``'s exactly: ``SortValue/compare(_:_:)``, missing keys last either
/// way, ties in input order.
struct SortKeyArena {
    private struct Entry {
        /// 0: integer id, 1: text, 2: no key.
        var kind: UInt8
        var negative: Bool
        var start: Int
        /// The integer's digits, or the folded text.
        var firstCount: Int32
        /// The exact text (after the folded text).
        var secondCount: Int32
        var sequence: Int
    }

    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    let descending: Bool

    init(descending: Bool) { self.descending = descending }

    mutating func append(_ value: SortValue?, sequence: Int) {
        let start = bytes.count
        switch value {
        case .integer(let negative, let digits)?:
            bytes.append(contentsOf: digits.utf8)
            entries.append(Entry(kind: 0, negative: negative, start: start, firstCount: Int32(bytes.count - start), secondCount: 0, sequence: sequence))
        case .text(let folded, let exact)?:
            bytes.append(contentsOf: folded.utf8)
            let middle = bytes.count
            bytes.append(contentsOf: exact.utf8)
            entries.append(Entry(kind: 1, negative: false, start: start, firstCount: Int32(middle - start), secondCount: Int32(bytes.count - middle), sequence: sequence))
        case nil:
            entries.append(Entry(kind: 2, negative: false, start: start, firstCount: 0, secondCount: 0, sequence: sequence))
        }
    }

    /// The sequence numbers in sorted order.
    func sortedSequences() -> [Int] {
        bytes.withUnsafeBufferPointer { arena in
            let base = arena.baseAddress
            func compareBytes(_ a: Int, _ aCount: Int32, _ b: Int, _ bCount: Int32) -> Int {
                let common = Int(min(aCount, bCount))
                if common > 0, let base {
                    let c = Int(memcmp(base + a, base + b, common))
                    if c != 0 { return c }
                }
                return Int(aCount) - Int(bCount)
            }
            func order(_ l: Entry, _ r: Entry) -> Int {
                switch (l.kind, r.kind) {
                case (0, 0):
                    if l.negative != r.negative { return l.negative ? -1 : 1 }
                    let magnitude = l.firstCount != r.firstCount ? Int(l.firstCount) - Int(r.firstCount) : compareBytes(l.start, l.firstCount, r.start, r.firstCount)
                    return l.negative ? -magnitude : magnitude
                case (0, 1): return -1
                case (1, 0): return 1
                default:
                    let folded = compareBytes(l.start, l.firstCount, r.start, r.firstCount)
                    if folded != 0 { return folded }
                    return compareBytes(l.start + Int(l.firstCount), l.secondCount, r.start + Int(r.firstCount), r.secondCount)
                }
            }
            let descending = self.descending
            return entries.sorted { l, r in
                switch (l.kind == 2, r.kind == 2) {
                case (false, false):
                    let c = order(l, r)
                    if c != 0 { return descending ? c > 0 : c < 0 }
                case (true, false): return false
                case (false, true): return true
                case (true, true): break
                }
                return l.sequence < r.sequence
            }.map(\.sequence)
        }
    }
}

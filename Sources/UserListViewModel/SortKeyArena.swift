@_spi(Pipeline) import UserListDomain
import Foundation

/// Every match's sort key as bytes in one buffer, for a run that sorts everything (a full export):
/// sorting a million entries of plain integers that point into one buffer touches no reference
/// counts, where entries holding `String`s spent most of the sort retaining and releasing them.
/// The order is ``SortEntry``'s exactly: ``SortValue/compare(_:_:)``, missing keys last either
/// way, ties in input order.
struct SortKeyArena {
    struct Entry {
        var kind: SortKeyView.Kind
        var negative: Bool
        var start: Int
        /// The integer's digits, or the folded text.
        var firstCount: Int32
        /// The exact text (after the folded text).
        var secondCount: Int32
        var sequence: Int
        /// The folded text's first 16 bytes, big-endian, zero-padded: compared as two integers they
        /// order most pairs without reading the arena (see ``precedes(_:_:_:descending:)``). With
        /// 8 bytes, names that share them (`nguyen v`, `muhammad`) sent a sorted export of 1M
        /// international users to memcmp for 11% of the consumer thread's time.
        var prefix: UInt64 = 0
        var prefix2: UInt64 = 0
    }

    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []
    let descending: Bool

    init(descending: Bool) { self.descending = descending }

    var isEmpty: Bool { entries.isEmpty }

    /// Bytes held, for a memory budget.
    var footprint: Int { bytes.count + entries.count * MemoryLayout<Entry>.stride }

    mutating func append(_ value: SortValue?, sequence: Int) {
        let start = bytes.count
        switch value {
        case .integer(let negative, let digits)?:
            bytes.append(contentsOf: digits.utf8)
            entries.append(Entry(kind: .integer, negative: negative, start: start, firstCount: Int32(bytes.count - start), secondCount: 0, sequence: sequence))
        case .text(let folded, let exact)?:
            appendUTF8(folded)
            let middle = bytes.count
            appendUTF8(exact)
            let (prefix, prefix2) = bytes.withUnsafeBufferPointer { Self.prefixes(UnsafeBufferPointer(rebasing: $0[start..<middle])) }
            entries.append(Entry(kind: .text, negative: false, start: start, firstCount: Int32(middle - start), secondCount: Int32(bytes.count - middle), sequence: sequence, prefix: prefix, prefix2: prefix2))
        case .bytes(let key)?:
            // A composite key: compared as a text whose exact part is empty, memcmp all the way.
            bytes.append(contentsOf: key)
            let (prefix, prefix2) = bytes.withUnsafeBufferPointer { Self.prefixes(UnsafeBufferPointer(rebasing: $0[start...])) }
            entries.append(Entry(kind: .text, negative: false, start: start, firstCount: Int32(bytes.count - start), secondCount: 0, sequence: sequence, prefix: prefix, prefix2: prefix2))
        case nil:
            entries.append(Entry(kind: .missing, negative: false, start: start, firstCount: 0, secondCount: 0, sequence: sequence))
        }
    }

    /// A String's bytes in one copy: `append(contentsOf: text.utf8)` went through the generic
    /// sequence path, 200 instructions a key.
    private mutating func appendUTF8(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if done == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Bytes 0–7 and 8–15, each as ``prefix(_:)``.
    private static func prefixes(_ folded: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        (prefix(folded), folded.count > 8 ? prefix(UnsafeBufferPointer(rebasing: folded[8...])) : 0)
    }

    /// Up to 8 bytes as a big-endian integer, zero-padded (``PageBound`` takes its bound's the same way).
    /// Eight bytes or more are one unaligned load: the loop over a slice took ~50 instructions a
    /// prefix, and every match's key is held to the page's bound through one (W1, `--sort city`).
    @inline(__always)
    static func prefix(_ folded: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if folded.count >= 8 { return UInt64(bigEndian: UnsafeRawPointer(folded.baseAddress!).loadUnaligned(as: UInt64.self)) }
        var prefix: UInt64 = 0
        for index in 0..<folded.count { prefix = prefix << 8 | UInt64(folded[index]) }
        return prefix << (8 * UInt64(8 - folded.count))
    }

    /// Whether `l` sorts before `r`: ``SortKeyView/precedes(_:_:_:_:descending:)``, decided by the
    /// prefixes alone where two texts' differ. Where they differ, they differ as the texts' first
    /// 16 bytes do under memcmp (a shorter text's padding, 0, is below any byte it differs from).
    /// Reading the arena for every comparison cost 200M of 2G instructions on 50k users' export.
    @inline(__always)
    static func precedes(_ l: Entry, _ r: Entry, _ arena: UnsafeRawBufferPointer, descending: Bool) -> Bool {
        if l.kind == .text, r.kind == .text {
            if l.prefix != r.prefix { return descending ? l.prefix > r.prefix : l.prefix < r.prefix }
            if l.prefix2 != r.prefix2 { return descending ? l.prefix2 > r.prefix2 : l.prefix2 < r.prefix2 }
        }
        return SortKeyView.precedes(view(l, arena), l.sequence, view(r, arena), r.sequence, descending: descending)
    }

    mutating func removeAll() {
        bytes.removeAll()
        entries.removeAll()
    }

    /// The entries in sorted order, each with its key's bytes (valid inside `body`).
    ///
    /// Big arrays are sorted in parts on every core, then merged: the order is a strict total
    /// order (input order breaks every tie), so the result is the one sort would give.
    ///
    /// Typed: `body`'s error comes out as it was thrown (Array's `withUnsafeBytes` rethrows
    /// untyped, so it is carried out of it as a `Result`).
    func withSortedEntries<R, E: Error>(parallelAbove threshold: Int = 200_000, _ body: ([Entry], UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = bytes.withUnsafeBytes { arena in
            let descending = self.descending
            if let sorted = Self.radixSorted(entries, arena, descending: descending) { return Result { () throws(E) in try body(sorted, arena) } }
            let precedes = { (l: Entry, r: Entry) in Self.precedes(l, r, arena, descending: descending) }
            let parts = entries.count < threshold ? 1 : max(2, min(8, ProcessInfo.processInfo.activeProcessorCount))
            guard parts > 1 else { return Result { () throws(E) in try body(self.entries.sorted(by: precedes), arena) } }
            let size = (entries.count + parts - 1) / parts
            let slots = UnsafeMutableBufferPointer<[Entry]>.allocate(capacity: parts)
            slots.initialize(repeating: [])
            defer { slots.deinitialize().deallocate() }
            nonisolated(unsafe) let shared = slots
            // Each part is sorted on its own thread, reading the arena only.
            nonisolated(unsafe) let keys = arena
            let entries = self.entries
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                shared[part] = entries[(part * size)..<min(entries.count, (part + 1) * size)].sorted { l, r in
                    Self.precedes(l, r, keys, descending: descending)
                }
            }
            var merged = shared[0]
            for part in 1..<parts { merged = Self.merge(merged, shared[part], by: precedes) }
            return Result { () throws(E) in try body(merged, arena) }
        }
        return try result.get()
    }

    /// The entries in ``precedes(_:_:_:descending:)``'s order, by a radix sort of their first 8
    /// bytes (``Entry/prefix``), or of their integers' values (`--sort id`), and a comparison sort
    /// of each run of entries that share them; nil when integers and text are mixed, an integer
    /// has more than 18 digits, or there are too few to gain.
    ///
    /// A comparison sort of a million 48-byte entries took ~100 instructions a comparison, 2.4G
    /// of a sorted export's 20.6G (W3 on 1M users); the radix sort moves 12 bytes an entry per
    /// byte of prefix, skipping a byte every key shares. It is stable, and the entries come in
    /// input order, so a run's ties are already in it; each run is then ordered by the whole
    /// comparison (the next 8 bytes, the whole key, input order). Missing keys go last, in
    /// input order, as ``SortKeyView/precedes(_:_:_:_:descending:)`` puts them either way.
    static func radixSorted(_ entries: [Entry], _ arena: UnsafeRawBufferPointer, descending: Bool) -> [Entry]? {
        guard entries.count >= 64, entries.count < Int(UInt32.max) else { return nil }
        var keys: [UInt64] = [], order: [UInt32] = [], missing: [UInt32] = []
        keys.reserveCapacity(entries.count)
        order.reserveCapacity(entries.count)
        var kinds: (integer: Bool, text: Bool) = (false, false)
        for index in entries.indices {
            let entry = entries[index]
            let key: UInt64
            switch entry.kind {
            case .missing:
                missing.append(UInt32(index))
                continue
            case .text:
                kinds.text = true
                key = entry.prefix
            case .integer:
                kinds.integer = true
                guard let ordered = integerKey(entry, arena) else { return nil }
                key = ordered
            }
            if kinds.integer && kinds.text { return nil }
            // Descending: the complement's order is the reverse of the key's.
            keys.append(descending ? ~key : key)
            order.append(UInt32(index))
        }
        radixSort(&keys, carrying: &order)
        var sorted: [Entry] = []
        sorted.reserveCapacity(entries.count)
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end] == keys[start] { end += 1 }
            let runStart = sorted.count
            for position in start..<end { sorted.append(entries[Int(order[position])]) }
            if end - start > 1 { sorted[runStart...].sort { precedes($0, $1, arena, descending: descending) } }
            start = end
        }
        for index in missing { sorted.append(entries[Int(index)]) }
        return sorted
    }

    /// An integer's place as an unsigned integer: negative ones below 2^63, in order, the
    /// others from 2^63 up (its digits have no leading zeros). Nil past 18 digits.
    static func integerKey(_ entry: Entry, _ arena: UnsafeRawBufferPointer) -> UInt64? {
        guard entry.firstCount <= 18 else { return nil }
        var magnitude: UInt64 = 0
        for index in entry.start..<(entry.start + Int(entry.firstCount)) { magnitude = magnitude * 10 + UInt64(arena[index] &- UInt8(ascii: "0")) }
        return entry.negative ? (1 << 63) - 1 - magnitude : (1 << 63) + magnitude
    }

    /// Sorts `keys` (stable, least significant byte first), moving `values` with them.
    static func radixSort(_ keys: inout [UInt64], carrying values: inout [UInt32]) {
        let count = keys.count
        // Keys in order already (an export by id, sorted by id) need no pass at all.
        if keys.withUnsafeBufferPointer({ keys in (1..<max(count, 1)).allSatisfy { keys[$0 - 1] <= keys[$0] } }) { return }
        var keysOut = [UInt64](repeating: 0, count: count), valuesOut = [UInt32](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 256)
        for shift in stride(from: UInt64(0), to: 64, by: 8) {
            counts.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                keys.withUnsafeBufferPointer { keys in
                    for key in keys { counts[Int(truncatingIfNeeded: key &>> shift) & 0xFF] += 1 }
                }
            }
            // A byte every key shares orders nothing.
            if counts.contains(count) { continue }
            var offsets = [Int](repeating: 0, count: 256)
            var total = 0
            for byte in 0..<256 {
                offsets[byte] = total
                total += counts[byte]
            }
            keys.withUnsafeBufferPointer { keysIn in
                values.withUnsafeBufferPointer { valuesIn in
                    keysOut.withUnsafeMutableBufferPointer { keysOut in
                        valuesOut.withUnsafeMutableBufferPointer { valuesOut in
                            offsets.withUnsafeMutableBufferPointer { offsets in
                                for index in 0..<count {
                                    let key = keysIn[index]
                                    let byte = Int(truncatingIfNeeded: key &>> shift) & 0xFF
                                    let at = offsets[byte]
                                    keysOut[at] = key
                                    valuesOut[at] = valuesIn[index]
                                    offsets[byte] = at + 1
                                }
                            }
                        }
                    }
                }
            }
            swap(&keys, &keysOut)
            swap(&values, &valuesOut)
        }
    }

    private static func merge(_ a: [Entry], _ b: [Entry], by precedes: (Entry, Entry) -> Bool) -> [Entry] {
        var out: [Entry] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if precedes(b[j], a[i]) {
                out.append(b[j])
                j += 1
            } else {
                out.append(a[i])
                i += 1
            }
        }
        out += a[i...]
        out += b[j...]
        return out
    }

    /// The sequence numbers in sorted order.
    func sortedSequences(parallelAbove threshold: Int = 200_000) -> [Int] {
        withSortedEntries(parallelAbove: threshold) { entries, _ in entries.map(\.sequence) }
    }

    static func view(_ entry: Entry, _ arena: UnsafeRawBufferPointer) -> SortKeyView {
        let first = UnsafeRawBufferPointer(rebasing: arena[entry.start..<(entry.start + Int(entry.firstCount))])
        let secondStart = entry.start + Int(entry.firstCount)
        let second = UnsafeRawBufferPointer(rebasing: arena[secondStart..<(secondStart + Int(entry.secondCount))])
        return SortKeyView(kind: entry.kind, negative: entry.negative, first: first, second: second)
    }
}

/// A sort key seen as bytes: what ``SortValue`` holds, compared the same way.
struct SortKeyView {
    enum Kind: UInt8 { case integer, text, missing }

    var kind: Kind
    var negative: Bool
    /// An integer's digits, or the folded text.
    var first: UnsafeRawBufferPointer
    /// The exact text.
    var second: UnsafeRawBufferPointer

    /// Whether `l` (the match numbered `lSequence`) sorts before `r`: keys, missing last either
    /// way, then input order.
    static func precedes(_ l: SortKeyView, _ lSequence: Int, _ r: SortKeyView, _ rSequence: Int, descending: Bool) -> Bool {
        switch (l.kind == .missing, r.kind == .missing) {
        case (false, false):
            let c = compare(l, r)
            if c != 0 { return descending ? c > 0 : c < 0 }
        case (true, false): return false
        case (false, true): return true
        case (true, true): break
        }
        return lSequence < rSequence
    }

    /// ``SortValue/compare(_:_:)`` on bytes.
    static func compare(_ l: SortKeyView, _ r: SortKeyView) -> Int {
        switch (l.kind, r.kind) {
        case (.integer, .integer):
            if l.negative != r.negative { return l.negative ? -1 : 1 }
            let magnitude = l.first.count != r.first.count ? l.first.count - r.first.count : compareBytes(l.first, r.first)
            return l.negative ? -magnitude : magnitude
        case (.integer, _): return -1
        case (_, .integer): return 1
        default:
            let folded = compareBytes(l.first, r.first)
            return folded != 0 ? folded : compareBytes(l.second, r.second)
        }
    }

    /// memcmp's order, 8 bytes at a time in line: keys are short (names, cities, emails), and
    /// equal ones are common (a name is shared by ten users in the international data), so a
    /// full sort compares many whole keys; a call to memcmp for each was most of its time.
    @inline(__always)
    private static func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        var index = 0
        while index + 8 <= common {
            let x = UInt64(bigEndian: a.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let y = UInt64(bigEndian: b.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if x != y { return x < y ? -1 : 1 }
            index += 8
        }
        while index < common {
            let x = a[index], y = b[index]
            if x != y { return x < y ? -1 : 1 }
            index += 1
        }
        return a.count - b.count
    }
}

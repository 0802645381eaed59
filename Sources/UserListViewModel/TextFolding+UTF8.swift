@_spi(Pipeline) import UserListDomain
import UserListPlatform

/// Folding on UTF-8 bytes with `FoldingTable`, byte-identical to Foundation's folding.
///
/// CFStringFold works a cluster at a time: a base scalar, then the marks after it (CF's
/// Grapheme_Extend set). The base is replaced by its folded form (a table entry). The marks are
/// dropped after a base whose folded form ends below U+0510 (Latin, Greek, Cyrillic: the
/// "diacritics"), and kept after any other base (Devanagari vowel signs, Thai marks, Hebrew points,
/// Arabic harakat, variation selectors, skin tones), except a first mark at or below U+050F right
/// after a base that folding left unchanged. Kept marks are stably sorted by combining class. A mark
/// that starts the text, or follows NUL, is a base itself. The 38 scalars this does not model are
/// flagged `context` in the table, and text containing one is left to Foundation.
extension TextFolding {
    /// Appends the folded form of `utf8` (valid UTF-8, e.g. a String's bytes) to `out`.
    ///
    /// Returns false, leaving `out` as it was, when the text contains a scalar whose folding depends
    /// on context beyond the table's model (see FoldingTable.swift): fold the String with
    /// ``fold(_:)`` then, which uses Foundation. Allocation-free when `out` has the capacity
    /// (`utf8.count * FoldingTable.maxGrowth` more bytes).
    static func appendFolded(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
        if utf8.isEmpty { return true }
        let start = out.count
        let bound = utf8.count * FoldingTable.maxGrowth
        out.append(contentsOf: repeatElement(0, count: bound))
        let written = out.withUnsafeMutableBufferPointer { buffer in
            foldUTF8(utf8, into: buffer.baseAddress! + start)
        }
        out.removeLast(written < 0 ? bound : bound - written)
        return written >= 0
    }

    /// Whether the folded form of `haystackUTF8` contains `foldedNeedle` (the UTF-8 of
    /// `fold(needle)`). ASCII haystacks are searched in place, lowercasing as they are compared;
    /// others are folded into `scratch` first (reuse it across calls to avoid allocating).
    static func foldedContains(_ haystackUTF8: UnsafeBufferPointer<UInt8>, _ foldedNeedle: [UInt8], scratch: inout [UInt8]) -> Bool {
        if foldedNeedle.isEmpty { return true }
        if isASCII(haystackUTF8) {
            return foldedNeedle.withUnsafeBufferPointer { contains(haystackUTF8, $0, lowercasing: true) }
        }
        guard mayContain(haystackUTF8, folded: foldedNeedle[0]) else { return false }
        // Folded straight into `scratch`, which only grows: appending zeros for the room and
        // cutting them off again cost more than the folding (12M of W1's 724M on 50k users).
        let bound = haystackUTF8.count * FoldingTable.maxGrowth
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 2 * scratch.count, 256)) }
        let written = scratch.withUnsafeMutableBufferPointer { foldUTF8(haystackUTF8, into: $0.baseAddress!) }
        if written < 0 {
            var folded = fold(String(decoding: haystackUTF8, as: UTF8.self))
            return folded.withUTF8 { haystack in
                foldedNeedle.withUnsafeBufferPointer { contains(haystack, $0, lowercasing: false) }
            }
        }
        return scratch.withUnsafeBufferPointer { all in
            foldedNeedle.withUnsafeBufferPointer { contains(UnsafeBufferPointer(rebasing: all[..<written]), $0, lowercasing: false) }
        }
    }

    /// False when the folded form of `text` can't hold the ASCII byte `byte` (which folding
    /// leaves as it is): `text` has no ASCII byte that lowercases to it, and no scalar from a block
    /// where folding makes ASCII (see ``FoldingTable/asciiBlocks``). Searching for a Latin
    /// needle, a name in Arabic, Cyrillic, Greek, Devanagari or Han script is then not folded
    /// at all: folding was ~650 instructions a name (W1 on 50k international users).
    static func mayContain(_ text: UnsafeBufferPointer<UInt8>, folded byte: UInt8) -> Bool {
        guard byte < 0x80 else { return true }
        let table = FoldingTable.shared
        var i = 0
        let n = text.count
        while i < n {
            let b0 = text[i]
            if b0 < 0x80 {
                if lowercaseASCII(b0) == byte { return true }
                i += 1
            } else if b0 < 0xC0 {
                i += 1  // a continuation byte
            } else if b0 < 0xE0 {
                if table.mayFoldToASCII(block: Int(b0 & 0x1F)) { return true }
                i += 2
            } else if b0 < 0xF0 {
                guard i + 1 < n else { return true }
                if table.mayFoldToASCII(block: Int(b0 & 0x0F) << 6 | Int(text[i + 1] & 0x3F)) { return true }
                i += 3
            } else {
                return true
            }
        }
        return false
    }

    /// Whether every byte is ASCII, eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < n {
            if base[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// Substring search (needles are short). `lowercasing`: the haystack is ASCII and is searched
    /// as if lowercased (see ``containsLowercasing(_:_:)``); otherwise bytes are compared as they are.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, lowercasing: Bool) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard haystack.count >= n, let h = haystack.baseAddress, let p = needle.baseAddress else { return false }
        if lowercasing { return containsLowercasing(haystack, needle) }
        let first = p[0]
        var i = 0
        let last = haystack.count - n
        while i <= last {
            guard let hit = Memory.first(first, in: h + i, count: last - i + 1) else { return false }
            i = UnsafeRawPointer(hit) - UnsafeRawPointer(h)
            if n == 1 || Memory.compare(h + i + 1, p + 1, n - 1) == 0 { return true }
            i += 1
        }
        return false
    }

    /// Whether the ASCII `haystack`, lowercased, contains the folded `needle` (non-empty, no
    /// longer than the haystack). The needle's first byte is looked for eight haystack bytes at a
    /// time: a letter's as `byte | 0x20` (which is the letter only for it and its capital), each
    /// word's bytes equal to it found at once (the exact zero-byte test: every byte is ASCII, so
    /// no carry crosses a byte); only those places are compared on. Byte by byte, the search
    /// was ~4% of W1's time on 1M users (usernames and emails are searched first, and are ASCII).
    private static func containsLowercasing(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        let h = haystack.baseAddress!, p = needle.baseAddress!
        let n = needle.count, count = haystack.count
        let first = p[0]
        // A folded needle starting past ASCII is never in an ASCII haystack.
        guard first < 0x80 else { return false }
        let last = count - n
        @inline(__always) func matches(at start: Int) -> Bool {
            var j = 1
            while j < n, lowercaseASCII(h[start + j]) == p[j] { j += 1 }
            return j == n
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7 = 0x7F * ones, high = 0x80 * ones
        let fold: UInt64 = first &- UInt8(ascii: "a") < 26 ? 0x20 * ones : 0
        let pattern = UInt64(first) &* ones
        var i = 0
        while i + 8 <= count {
            let x = (UnsafeRawPointer(h + i).loadUnaligned(as: UInt64.self) | fold) ^ pattern
            var equal = ~(((x & low7) &+ low7) | x) & high
            while equal != 0 {
                let start = i + equal.trailingZeroBitCount >> 3
                if start > last { return false }
                if matches(at: start) { return true }
                equal &= equal &- 1
            }
            i += 8
        }
        while i <= last {
            if lowercaseASCII(h[i]) == first, matches(at: i) { return true }
            i += 1
        }
        return false
    }

    /// Folds `src` into `dst`, which has room for `src.count * FoldingTable.maxGrowth` bytes.
    /// Returns the number of bytes written, or -1 when the text contains a context-dependent scalar,
    /// or one that is folded in NFC (``TextFolding/composesBeforeFolding(_:)``) unless `composing`
    /// is false (the text is in NFC already), or is not valid UTF-8 — never the case for a String's bytes.
    ///
    /// `prefix`: stop once that many bytes are written and an ASCII byte or a base folding leaves
    /// unchanged comes next — it starts a cluster of its own, so nothing after it changes what is
    /// written before it. A page's
    /// bound needs a key's first 8 folded bytes only (see ``SearchAndSortJudge/isPast``).
    static func foldUTF8(_ src: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, prefix: Int = .max, composing: Bool = true) -> Int {
        guard let s = src.baseAddress else { return 0 }
        let n = src.count
        let table = FoldingTable.shared
        var i = 0, o = 0

        // The current cluster. `state`: 0 at the start of the text or after NUL (a mark there is a
        // base), 1 after a base that drops marks, 2 after a base that keeps them.
        var state = 0
        var firstMark = false, dropFirstLow = false
        var regionStart = 0  // where the marks sorted by combining class start in dst
        var maxCCC: UInt32 = 0  // the highest class there so far
        var clusterLength = 0  // scalars in the cluster, to stay clear of CF's 64-scalar buffer

        while i < n {
            let b0 = s[i]
            if b0 < 0x80 {
                if o >= prefix { return o }
                // ASCII: a base that drops marks (NUL: CF leaves it, and a mark after it starts anew).
                dst[o] = lowercaseASCII(b0)
                o += 1
                i += 1
                state = b0 == 0 ? 0 : 1
                continue
            }
            // Decode one scalar (valid UTF-8; the checks only keep invalid input in bounds).
            let scalar: UInt32
            let length: Int
            if b0 < 0xE0 {
                guard i + 1 < n else { return -1 }
                scalar = UInt32(b0 & 0x1F) << 6 | UInt32(s[i + 1] & 0x3F)
                length = 2
            } else if b0 < 0xF0 {
                guard i + 2 < n else { return -1 }
                scalar = UInt32(b0 & 0x0F) << 12 | UInt32(s[i + 1] & 0x3F) << 6 | UInt32(s[i + 2] & 0x3F)
                length = 3
            } else {
                guard i + 3 < n else { return -1 }
                scalar = UInt32(b0 & 0x07) << 18 | UInt32(s[i + 1] & 0x3F) << 12 | UInt32(s[i + 2] & 0x3F) << 6 | UInt32(s[i + 3] & 0x3F)
                length = 4
                guard scalar <= 0x10FFFF else { return -1 }
            }
            let entry = table.entry(scalar)

            if entry == 0 {
                // The common case (CJK, Hangul, Arabic and Indic letters, emoji, …): unchanged, keeps marks.
                // A base, so a cluster of its own starts here, as at an ASCII byte.
                if o >= prefix { return o }
                copy(s + i, length, to: dst + o)
                o += length
                i += length
                state = 2; firstMark = true; dropFirstLow = true
                regionStart = o; maxCCC = 0; clusterLength = 1
                continue
            }
            if entry & FoldingTable.context != 0 { return -1 }
            if composing && entry & FoldingTable.composes != 0 { return -1 }

            if entry & FoldingTable.mark != 0 && state != 0 {
                // A mark in the cluster of the base before it.
                let at = i
                i += length
                if state == 1 { continue }
                let first = firstMark
                firstMark = false
                if first && dropFirstLow && scalar <= 0x50F { continue }
                clusterLength += 1
                if clusterLength >= 32 { return -1 }
                let ccc = entry >> 16 & 0xFF
                if ccc >= maxCCC {
                    copy(s + at, length, to: dst + o)
                    maxCCC = ccc
                } else {
                    // Sorted in after the marks of a class above its own (a stable sort, as CF's).
                    var position = o
                    while position > regionStart {
                        var previous = position - 1
                        while dst[previous] & 0xC0 == 0x80 { previous -= 1 }
                        if decode(dst + previous, table: table) >> 16 & 0xFF <= ccc { break }
                        position = previous
                    }
                    Memory.move(dst + position + length, from: dst + position, count: o - position)
                    copy(s + at, length, to: dst + position)
                }
                o += length
                continue
            }

            // A base (or a mark that starts the text or follows NUL).
            let offset = Int(entry & 0xFFFF)
            if offset == 0 {
                regionStart = o
                copy(s + i, length, to: dst + o)
                o += length
                // A mark as a base sorts with the marks after it, by its own class.
                maxCCC = entry >> 16 & 0xFF
                if maxCCC == 0 { regionStart = o }
                clusterLength = 1
            } else {
                let mapped = table.mappings + offset
                let count = Int(mapped[0])
                copy(mapped + 1, count, to: dst + o)
                o += count
                regionStart = o; maxCCC = 0
                clusterLength = count  // bytes ≥ scalars: errs on the safe side
            }
            i += length
            state = entry & FoldingTable.strip != 0 ? 1 : 2
            firstMark = true
            dropFirstLow = entry & FoldingTable.keepLow == 0
        }
        return o
    }

    /// Copies a scalar's bytes (or a short mapping): a loop the optimizer keeps small.
    @inline(__always)
    private static func copy(_ from: UnsafePointer<UInt8>, _ count: Int, to: UnsafeMutablePointer<UInt8>) {
        var k = 0
        repeat { to[k] = from[k]; k += 1 } while k < count
    }

    /// The table entry of the (valid) scalar at `p`.
    private static func decode(_ p: UnsafePointer<UInt8>, table: FoldingTable) -> UInt32 {
        let b0 = p[0]
        let scalar: UInt32
        if b0 < 0x80 {
            scalar = UInt32(b0)
        } else if b0 < 0xE0 {
            scalar = UInt32(b0 & 0x1F) << 6 | UInt32(p[1] & 0x3F)
        } else if b0 < 0xF0 {
            scalar = UInt32(b0 & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F)
        } else {
            scalar = UInt32(b0 & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6 | UInt32(p[3] & 0x3F)
        }
        return table.entry(scalar)
    }
}

@_spi(Pipeline) import UserListViewModel
@_spi(Pipeline) import UserListDomain

/// How many terminal columns a string takes, measured by grapheme cluster (Swift's `Character`),
/// as terminals that lay out emoji sequences do: no C library, no locale.
///
/// A cluster that is an emoji shown as one takes 2: its first scalar has Emoji_Presentation
/// (😀, a regional-indicator pair 🇩🇪, 👍🏽 with its skin tone, 👩‍💻 and the whole ZWJ family
/// 👨‍👩‍👧‍👦), or is an emoji that VS16, a skin tone or a ZWJ makes one (❤️, ©️, the keycap 1️⃣,
/// 🖐🏽, 🏳️‍🌈). Any other cluster takes
/// the columns of its scalars: 2 for East Asian Wide or Fullwidth (张, 김, ｆ; ``EastAsianWide``,
/// generated from Unicode's EastAsianWidth.txt), 0 for combining marks, format characters (a
/// zero-width space; the soft hyphen is 1, as terminals show it) and Hangul's vowel and final
/// jamo, 1 for the rest — so `e` + U+0301 is 1, 각 from conjoining jamo 2, and a Devanagari
/// conjunct what a terminal gives its letters. Control characters count 1 (the table escapes
/// them before measuring).
///
/// Strings of printable ASCII take a fast path of one column per byte.
public enum DisplayWidth {
    /// The display width of `s`, in terminal columns.
    public static func of(_ s: String) -> Int {
        let ascii: Int? = s.utf8.withContiguousStorageIfAvailable { utf8 in
            for b in utf8 where b < 0x20 || b > 0x7E { return nil }
            return utf8.count
        } ?? nil
        if let ascii { return ascii }
        var total = 0
        for character in s { total += of(character) }
        return total
    }

    /// The display width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x300, scalars.count == 1 { return 1 }
        if first.properties.isEmojiPresentation { return 2 }
        // An emoji that VS16, a skin tone (🖐🏽) or a ZWJ makes a picture: one, two columns.
        if scalars.count > 1, first.properties.isEmoji,
           scalars.dropFirst().contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || $0.properties.isEmojiModifier }) {
            return 2
        }
        var total = 0
        for scalar in scalars { total += of(scalar) }
        return total
    }

    /// The columns of one scalar on its own: 0, 1 or 2.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        if isWide(v) { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return 0
        case .format:
            return 0
        default:
            // Hangul vowel and final jamo: they join the leading jamo's column.
            return (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) ? 0 : 1
        }
    }

    /// Whether the code point is East Asian Wide or Fullwidth.
    static func isWide(_ v: UInt32) -> Bool {
        guard v >= EastAsianWide.smallest else { return false }
        let ranges = EastAsianWide.ranges
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if v < ranges[middle].first {
                high = middle - 1
            } else if v > ranges[middle].last {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// `s` cut to at most `width` columns, ending in `…` when anything was cut.
    ///
    /// Cuts between grapheme clusters, so a base letter keeps its accents and an emoji sequence
    /// is kept or dropped whole.
    static func truncated(_ s: String, toWidth width: Int) -> String {
        if of(s) <= width { return s }
        guard width >= 1 else { return "" }
        let room = width - 1  // the ellipsis takes one column
        var used = 0
        var end = s.startIndex
        for character in s {
            let w = of(character)
            if used + w > room { break }
            used += w
            end = s.index(after: end)
        }
        return s[..<end] + "…"
    }
}

/// Whether UTF-8 text is already as the contract's trimming leaves it, decided from its bytes.
///
/// Non-empty, with no white space at either end. ASCII ends are decided by their byte; a non-ASCII
/// first byte when it can't start a white space character (U+0085, U+00A0, U+1680,
/// U+2000…U+205F, U+3000), a non-ASCII last scalar when it is a letter of a common script. Most
/// names in most scripts are not ASCII at either end, and this is asked of every field of every
/// user: the rest (nil, "can't tell") is left to `Character`'s rules, ~1,050 instructions each.
@_spi(Pipeline) public enum UTF8Trimming {
    /// true or false when the bytes decide it; nil when the last scalar must be asked as a `Character`.
    @inlinable @inline(__always)
    public static func isTrimmedAndNonEmpty(_ bytes: UnsafeBufferPointer<UInt8>, firstIsWhitespace: () -> Bool) -> Bool? {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first < 0x80 {
            guard first > 0x20, first < 0x7F else { return false }
        } else if mayStartWhitespace(first), firstIsWhitespace() {
            return false
        }
        if last < 0x80 { return last > 0x20 && last < 0x7F }
        var start = bytes.count - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return isLetterThatStandsAlone(scalarValue(bytes, from: start)) ? true : nil
    }

    /// The scalar value of the multi-byte UTF-8 sequence from `start` to the end of `bytes`.
    @inlinable @inline(__always)
    static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt32 {
        // The lead byte of a 2-, 3- or 4-byte sequence keeps 5, 4 or 3 bits of the value.
        let length = bytes.count - start
        guard length > 1, length < 5 else { return 0 }
        var value = UInt32(bytes[start] & (0x7F >> length))
        var index = start + 1
        while index < bytes.count {
            value = value << 6 | UInt32(bytes[index] & 0x3F)
            index += 1
        }
        return value
    }

    /// Letters (and symbols) of the scripts names are mostly written in, none of them white space
    /// nor a scalar that joins the character before it (Extend, ZWJ, SpacingMark, a conjunct's
    /// consonant after a virama starts with a consonant, not a space): a value ending in one ends
    /// in a character that is not white space. Checked against the `Character` rule over every
    /// scalar by `lastScalarAgreesWithCharacterRuleForEveryScalar`.
    @inlinable @inline(__always)
    static func isLetterThatStandsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x00A1...0x00AC, 0x00AE...0x02FF,      // Latin-1 (not the soft hyphen, which draws nothing), Latin Extended-A/B, IPA, modifier letters
             0x0370...0x0482, 0x048A...0x052F,      // Greek, Cyrillic (not its marks U+0483…U+0489)
             0x05D0...0x05F4,                       // Hebrew letters
             0x0620...0x064A, 0x0671...0x06D3,      // Arabic letters
             0x0904...0x0939, 0x0958...0x0961,      // Devanagari letters
             0x0E01...0x0E30, 0x0E32, 0x0E40...0x0E46, // Thai letters (not SARA AM, a SpacingMark)
             0x1E00...0x1FFF,                       // Latin Extended Additional, Greek Extended
             0x3041...0x3096, 0x30A1...0x30FA,      // kana (not the sound marks U+3099, U+309A)
             0x3400...0x4DBF, 0x4E00...0x9FFF,      // CJK ideographs
             0xAC00...0xD7A3:                       // Hangul syllables
            true
        default:
            false
        }
    }

    @inlinable @inline(__always)
    static func mayStartWhitespace(_ lead: UInt8) -> Bool {
        lead == 0xC2 || lead == 0xE1 || lead == 0xE2 || lead == 0xE3
    }
}

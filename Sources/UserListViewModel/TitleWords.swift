/// The words of a non-ASCII title found over its Unicode scalars, for ``UserCellViewModel``'s
/// initials, giving exactly what splitting the title into Characters at white space gives.
///
/// Splitting into Characters cost 13,600 instructions a non-ASCII title, 20% of a full CSV export
/// of 50k international users (callgrind): every grapheme boundary of the title is looked up.
/// Here a scalar is decoded and range-checked, and Unicode's tables are asked only at the starts
/// of words and about the rare scalars next to white space.
///
/// Why scalars give the Characters' answer: `Character.isWhitespace` looks at a Character's first
/// scalar, so words differ from runs of non-white scalars only where a grapheme cluster crosses
/// between white space and a word. After a white space scalar that happens only for a mark, a
/// format character or one of a few spacing letters (Grapheme_Cluster_Break Extend, ZWJ or
/// SpacingMark: ``mayExtend(_:)``), before one only for a Prepend scalar (``mayPrepend(_:)``);
/// such a title returns nil, for the Character path. A word's first Character is its first
/// scalar when that scalar and the next are ``isSimple(_:)``; otherwise the word's own
/// Characters are asked (the cluster can't reach past the word, and a word starts a cluster).
struct TitleWords {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var firstWord: Range<Int>?
    private var firstLettered: Range<Int>?
    private var lastLettered = 0..<0

    /// Nil when a cluster may cross between white space and a word (see the type's notes).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var previous: (scalar: UInt32, white: Bool)?
        var wordStart: Int?
        var i = 0
        while i < bytes.count {
            let (scalar, length) = Self.decode(bytes, at: i)
            let white = Self.isWhitespace(scalar)
            if let previous, previous.white != white {
                if white ? Self.mayPrepend(previous.scalar) : Self.mayExtend(scalar) { return nil }
            }
            if white, let start = wordStart {
                addWord(start..<i)
                wordStart = nil
            } else if !white, wordStart == nil {
                // A word led by an invisible format character: the Characters' path skips it.
                // (U+00AD, the soft hyphen, is the one format character among the simple scalars.)
                if scalar == 0xAD || !Self.isSimple(scalar) && Unicode.Scalar(scalar)!.properties.generalCategory == .format { return nil }
                wordStart = i
            }
            previous = (scalar, white)
            i += length
        }
        if let start = wordStart { addWord(start..<bytes.count) }
    }

    private mutating func addWord(_ word: Range<Int>) {
        if firstWord == nil { firstWord = word }
        guard Self.beginsWithLetterOrDigit(Self.decode(bytes, at: word.lowerBound).scalar) else { return }
        if firstLettered == nil { firstLettered = word }
        lastLettered = word
    }

    /// ``UserCellViewModel/initials(of:)``; nil when no word starts with a letter or digit (the
    /// Character path's ``UserCellViewModel/insideInitials(of:)`` decides those).
    func initials() -> String? {
        guard firstWord != nil else { return "" }
        guard let from = firstLettered else { return nil }
        let to = lastLettered
        var result = firstCharacterUppercased(from)
        if to != from { result += firstCharacterUppercased(to) }
        return result
    }

    /// The word's first Character, uppercased as ``UserCellViewModel/initial(_:)`` does.
    private func firstCharacterUppercased(_ word: Range<Int>) -> String {
        let (first, length) = Self.decode(bytes, at: word.lowerBound)
        let next = word.lowerBound + length
        if Self.isSimple(first), next == word.upperBound || Self.isSimple(Self.decode(bytes, at: next).scalar) {
            if first < 0x80 { return UserCellViewModel.asciiString(UserCellViewModel.uppercased(UInt8(first)), nil) }
            // Most names start with a capital or a letter of a script without case: copy the bytes
            // (uppercased() of a non-ASCII scalar cost 500 instructions, 1.4% of the export).
            if Self.isOwnUppercase(first) { return String(decoding: UnsafeBufferPointer(rebasing: bytes[word.lowerBound..<next]), as: UTF8.self) }
            return UserCellViewModel.initial(Character(Unicode.Scalar(first)!))
        }
        return UserCellViewModel.initial(String(decoding: UnsafeBufferPointer(rebasing: bytes[word]), as: UTF8.self).first!)
    }

    /// Whether `Character.isLetter || Character.isNumber` holds for a Character starting with `scalar`.
    private static func beginsWithLetterOrDigit(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return UserCellViewModel.isASCIILetterOrDigit(UInt8(scalar)) }
        if isLetterByBlock(scalar) { return true }
        let properties = Unicode.Scalar(scalar)!.properties
        return properties.isAlphabetic || properties.numericType != nil
    }

    /// Runs of letters (Alphabetic) in the blocks of most names, answered without Unicode's tables:
    /// asking them took 270 instructions a word, 1% of the export. TitleWordsTests checks every one.
    static func isLetterByBlock(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x391...0x3A1, 0x3A3...0x3CE, 0x400...0x481, 0x5D0...0x5EA,
            0x620...0x64A, 0x904...0x939, 0xE01...0xE30, 0xE40...0xE46, 0x1E00...0x1EFF, 0x3041...0x3096, 0x30A1...0x30FA,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            true
        default: false
        }
    }

    /// Scalars that uppercase to themselves, in the blocks of most names: Latin-1, Greek and
    /// Cyrillic capitals, and the scripts without case. TitleWordsTests checks every one.
    static func isOwnUppercase(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xDE, 0x391...0x3A1, 0x3A3...0x3AB, 0x400...0x42F, 0x5D0...0x5F4, 0x620...0x64A,
            0x660...0x66F, 0x671...0x6D5, 0x904...0x939, 0x958...0x961, 0xE01...0xE30, 0xE32, 0xE3F...0xE46,
            0x3000...0x3029, 0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            true
        default: false
        }
    }

    /// The scalar at `i` of valid UTF-8 (a String's bytes), and its length in bytes.
    @inline(__always)
    static func decode(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int) {
        let b0 = s[i]
        if b0 < 0x80 { return (UInt32(b0), 1) }
        if b0 < 0xE0 { return (UInt32(b0 & 0x1F) << 6 | UInt32(s[i + 1] & 0x3F), 2) }
        if b0 < 0xF0 { return (UInt32(b0 & 0x0F) << 12 | UInt32(s[i + 1] & 0x3F) << 6 | UInt32(s[i + 2] & 0x3F), 3) }
        return (UInt32(b0 & 0x07) << 18 | UInt32(s[i + 1] & 0x3F) << 12 | UInt32(s[i + 2] & 0x3F) << 6 | UInt32(s[i + 3] & 0x3F), 4)
    }

    /// Unicode's White_Space, as `Character.isWhitespace` asks it of a first scalar.
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Scalars with a grapheme boundary between any two of them (CR LF aside, white space that
    /// never starts a word): Grapheme_Cluster_Break Other or Control, neither Prepend nor a joiner (Extend, ZWJ,
    /// SpacingMark, Regional_Indicator, a Hangul jamo). The letters of most names, by block: Latin
    /// with Latin-1, Extended-A and B (controls and U+00AD, Control, break anyway), Greek and
    /// Cyrillic, Hebrew, Arabic, Devanagari and Thai letters (not their marks), Vietnamese's
    /// precomposed Latin, CJK punctuation, kana and ideographs, Hangul syllables (only a jamo
    /// joins one). TitleWordsTests checks every one of them against Characters.
    static func isSimple(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00...0x02FF, 0x0370...0x0482, 0x048A...0x052F, 0x05D0...0x05F4,
            0x0620...0x064A, 0x0660...0x066F, 0x0671...0x06D5, 0x0904...0x0939, 0x0958...0x0961,
            0x0E01...0x0E30, 0x0E32, 0x0E3F...0x0E46, 0x1E00...0x1EFF, 0x3000...0x3029,
            0x3041...0x3096, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            true
        default: false
        }
    }

    /// Whether `scalar` may join the white space before it into one Character: a superset of
    /// Extend, ZWJ and SpacingMark (marks, format characters, Thai and Lao SARA AM, the
    /// halfwidth kana sound marks, the emoji skin tones). TitleWordsTests checks it over every scalar.
    static func mayExtend(_ scalar: UInt32) -> Bool {
        if isSimple(scalar) { return false }
        switch scalar {
        case 0x0E33, 0x0EB3, 0xFF9E, 0xFF9F, 0x1F3FB...0x1F3FF: return true
        default: break
        }
        switch Unicode.Scalar(scalar)!.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Whether `scalar` may join the white space after it into one Character: a superset of
    /// Prepend (format characters and a few letters of Malayalam and of historic Brahmic scripts).
    static func mayPrepend(_ scalar: UInt32) -> Bool {
        if isSimple(scalar) { return false }
        switch scalar {
        case 0x0D4E, 0x111C2, 0x111C3, 0x113D1, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02: return true
        default: return Unicode.Scalar(scalar)!.properties.generalCategory == .format
        }
    }
}

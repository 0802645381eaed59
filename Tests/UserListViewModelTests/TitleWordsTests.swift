import Testing
@_spi(Pipeline) @testable import UserListViewModel
import UserListTestSupport

extension ViewModelTests {
    /// The initials of non-ASCII titles over scalars (``TitleWords``) against splitting into
    /// Characters, and the scalar tables it relies on against the standard library's own answers.
    @Suite struct TitleWordsTests {
        static func string(_ scalars: UInt32...) -> String {
            var view = String.UnicodeScalarView()
            for value in scalars { view.append(Unicode.Scalar(value)!) }
            return String(view)
        }

        static var allScalars: some Sequence<UInt32> { (UInt32(0)...0x10FFFF).lazy.filter { Unicode.Scalar($0) != nil } }

        @Test func whitespaceIsUnicodesWhiteSpace() {
            for value in Self.allScalars {
                #expect(TitleWords.isWhitespace(value) == Unicode.Scalar(value)!.properties.isWhitespace, "U+\(String(value, radix: 16))")
            }
        }

        @Test func lettersByBlockAreAlphabetic() {
            for value in Self.allScalars where TitleWords.isLetterByBlock(value) {
                #expect(Unicode.Scalar(value)!.properties.isAlphabetic, "U+\(String(value, radix: 16))")
            }
        }

        @Test func ownUppercasesAreTheirOwnUppercase() {
            for value in Self.allScalars where TitleWords.isOwnUppercase(value) {
                #expect(Self.string(value).uppercased() == Self.string(value), "U+\(String(value, radix: 16))")
                #expect(TitleWords.isSimple(value), "U+\(String(value, radix: 16))")
            }
        }

        /// Any two simple scalars are two Characters: each simple scalar against itself and one of
        /// every block the set takes in, both ways round.
        @Test func simpleScalarsAreCharactersOfTheirOwn() {
            let partners: [UInt32] = [0x61, 0x20, 0x09, 0xE9, 0xA0, 0x3B1, 0x416, 0x5D0, 0x628, 0x915, 0xE01, 0xE40, 0x1EA1, 0x3000, 0x3042, 0x30AB, 0x738B, 0xAC00, 0xAC01]
            for value in Self.allScalars where TitleWords.isSimple(value) && value != 0x0D && value != 0x0A {
                #expect(Self.string(value, value).count == 2, "U+\(String(value, radix: 16))")
                for partner in partners {
                    #expect(Self.string(value, partner).count == 2 && Self.string(partner, value).count == 2, "U+\(String(value, radix: 16)) U+\(String(partner, radix: 16))")
                }
            }
        }

        /// Every scalar that joins the white space before it into one Character is one `mayExtend`
        /// names, and every one that joins the white space after it one `mayPrepend` names.
        @Test func joinersOfWhiteSpaceAreKnown() {
            for value in Self.allScalars where !TitleWords.isWhitespace(value) {
                for white: UInt32 in [0x20, 0x3000] {
                    if Self.string(white, value).count == 1 { #expect(TitleWords.mayExtend(value), "U+\(String(value, radix: 16))") }
                    if Self.string(value, white).count == 1 { #expect(TitleWords.mayPrepend(value), "U+\(String(value, radix: 16))") }
                }
            }
        }

        /// 50,000 random titles over many scripts, with the pieces that make clusters cross white
        /// space or span several scalars: combining marks (after a space too), emoji ZWJ sequences
        /// and skin tones, Hangul syllables and jamo, regional indicators, Devanagari conjuncts and
        /// vowel signs, Thai, an Arabic prepended number sign, NFD Vietnamese, every kind of white space.
        @Test func initialsMatchTheCharacterPath() {
            var random = SeededGenerator(state: 29)
            let pieces = [
                "a", "Z", "7", "(", "-", "é", "e\u{301}", "\u{301}", "\u{308}\u{301}", "Ł", "ß", "ǅ", "ŉ", "İ",
                "Nguyễn", "Nguye\u{302}\u{303}n", "Ánh", "Фёдоров", "ё", "Γιώργος", "ΐ", "王芳", "佐々木", "さくら", "ｶﾞ", "ｶ\u{FF9E}",
                "김민준", "\u{1100}\u{1161}\u{11A8}", "\u{1161}", "\u{11A8}", "각", "가\u{11A8}", "نور", "النجار", "\u{0600}", "\u{0600}1",
                "राम", "शर्मा", "क्ष", "\u{93E}", "श्रे", "สมชาย", "ใจดี", "\u{0E33}", "ำ", "עברית", "\u{5B8}",
                "🎉", "👨‍👩‍👧", "\u{200D}", "👍🏽", "\u{1F3FD}", "🇰🇷", "🇰", "✨", "©\u{FE0F}", "\u{FE0F}", "\u{200B}", "\u{00AD}", "\u{0D4E}",
                " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
            ]
            for _ in 0..<50_000 {
                let title = (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                #expect(UserCellViewModel.initials(of: title) == UserCellViewModel.characterInitials(of: title), "\(title.debugDescription)")
            }
        }

        /// The names of most scripts take the scalar path, not the Character one.
        @Test(arguments: [
            ("Estêvão Damião", "ED"), ("نور النجار", "نا"), ("王芳", "王"), ("佐藤\u{3000}さくら", "佐さ"), ("김민준", "김"),
            ("Фёдоров Иван", "ФИ"), ("Nguyễn Thị Ánh", "NÁ"), ("Γιώργος Παπαδόπουλος", "ΓΠ"), ("Şükrü Öztürk", "ŞÖ"),
            ("राम शर्मा", "राश"), ("สมชาย ใจดี", "สใ"), ("ßig straße", "SS"),
        ])
        func scalarPath(_ title: String, _ initials: String) {
            var bytes = title
            #expect(bytes.withUTF8 { TitleWords($0)?.initials() } == initials)
            #expect(UserCellViewModel.characterInitials(of: title) == initials)
        }

        /// An initial is one letter (`ß` uppercases to `SS`, `ﬁ` to `FI`), and a word's invisible
        /// format characters (zero-width space, byte-order mark, soft hyphen) don't start it.
        @Test(arguments: [
            ("ﬁnn ǳ", "FǱ"), ("\u{200B}Ann Lee", "AL"), ("\u{FEFF}Bo", "B"), ("\u{00AD}Ann", "A"), ("Lee \u{2060}", "L"),
        ])
        func initialsAreOneLetterEach(_ title: String, _ initials: String) {
            #expect(UserCellViewModel.initials(of: title) == initials)
            #expect(UserCellViewModel.characterInitials(of: title) == initials)
        }

        @Test func titlesWhoseClustersCrossWhiteSpaceTakeTheCharacterPath() {
            for title in ["a \u{301}b", "\u{0600} x", "x \u{1F3FD}", "ｶ \u{FF9E}"] {
                var bytes = title
                #expect(bytes.withUTF8 { TitleWords($0) } == nil, "\(title.debugDescription)")
            }
        }
    }
}

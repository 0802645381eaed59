import Foundation
import Testing
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListService
import UserListDomain
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON
import UserListTestSupport

extension ViewModelTests {
    /// ``TextFolding`` is byte-identical to the Foundation folding it replaces, on every scalar, in
    /// context, on real names and on random text; and its byte API agrees with its String API.
    ///
    /// When these fail after a toolchain update, regenerate the table:
    /// `swift Scripts/generate-folding-table.swift > Sources/UserListViewModel/FoldingTable+Data.swift`.
    @Suite struct TextFoldingTests {
        /// Foundation's folding — after Hangul jamo and kana sound marks are composed with what
        /// precedes them, which userlist does first (Foundation would keep `김` typed as jamo
        /// apart from `김`; `nfdHangulAndKanaFoldAsNFC` checks the composition on its own).
        static func foundation(_ text: String) -> String {
            CanonicalComposition.composed(text)
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }

        /// Scalars as hex, to read a mismatch.
        static func hex(_ text: String) -> String {
            text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        }

        /// Whether two strings have the same UTF-8 bytes (`==` compares canonical equivalence).
        static func sameBytes(_ a: String, _ b: String) -> Bool {
            var a = a, b = b
            return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) } }
        }

        /// Records `text` in `found` when the table fold differs from Foundation's.
        static func check(_ text: String, _ found: inout [String]) {
            let expected = foundation(text)
            let folded = TextFolding.fold(text)
            if !sameBytes(folded, expected), found.count < 20 {
                found.append("[\(hex(text))] → Foundation [\(hex(expected))], table [\(hex(folded))]")
            }
        }

        /// The texts whose table fold differs from Foundation's, described (the first 20).
        static func mismatches(_ texts: [String]) -> [String] {
            var found: [String] = []
            for text in texts { check(text, &found) }
            return found
        }

        /// Folds with the byte API (nil when it gives up and the String path must be used).
        static func appendFolded(_ text: String) -> [UInt8]? {
            var text = text
            var out: [UInt8] = []
            return text.withUTF8 { TextFolding.appendFolded($0, to: &out) } ? out : nil
        }

        static func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

        /// 0x80…0x10FFFF without the surrogates.
        static var allScalars: LazyFilterSequence<ClosedRange<UInt32>> {
            (UInt32(0x80)...0x10FFFF).lazy.filter { $0 < 0xD800 || $0 > 0xDFFF }
        }

        // MARK: What Foundation does (and so must the table)

        /// The rules, by example. The expected values are Foundation's output on this toolchain.
        @Test(arguments: [
            // Diacritics: a Latin, Greek or Cyrillic base loses its marks, precomposed or not.
            ("José", "jose"), ("e\u{301}", "e"), ("E\u{301}\u{323}", "e"), ("Nguye\u{302}\u{303}n", "nguyen"),
            ("Nguyễn", "nguyen"), ("Å", "a"), ("ǰ", "j"), ("Zoë", "zoe"),
            // …but letters that don't decompose stay letters.
            ("Ø", "ø"), ("Łukasz", "łukasz"), ("Đặng", "đang"), ("Æ", "æ"), ("Œ", "œ"), ("Þ", "þ"), ("ð", "ð"),
            // A mark that starts the text stays (as a base); marks after it, or after a space, go.
            ("\u{301}", "\u{301}"), ("\u{301}\u{302}", "\u{301}"), ("\u{301}a", "\u{301}a"), (" \u{301}", " "),
            ("\u{0}\u{301}", "\u{0}\u{301}"),
            // Other scripts keep their marks, except a first mark ≤ U+050F after an unchanged base.
            ("中\u{301}", "中"), ("中\u{301}\u{302}", "中\u{302}"), ("中\u{20D0}", "中\u{20D0}"), ("Ա\u{301}", "ա\u{301}"),
            ("कि", "कि"), ("क्ष", "क्ष"), ("गुप्ता", "गुप्ता"), ("\u{941}", "\u{941}"), ("ศรีสุข", "ศรีสุข"),
            ("بَ", "بَ"), ("عَلِيّ", "عَلِيّ"), ("שָׁלוֹם", "שָׁלוֹם"),
            // Kept marks are sorted by combining class, ccc 0 first (not Unicode's canonical order).
            ("ก\u{E38}\u{E31}", "ก\u{E31}\u{E38}"), ("Ա\u{301}\u{323}", "ա\u{323}\u{301}"),
            // Case folding, full: ß, ligatures, final sigma, title case.
            ("ß", "ss"), ("ẞ", "ss"), ("STRASSE", "strasse"), ("ﬁ", "fi"), ("ﬃ", "ffi"), ("ﬁ\u{301}", "fi"), ("ŉ", "ʼn"),
            ("ΣΑΣ", "σασ"), ("ς", "σ"), ("ǅ", "ǆ"), ("Ǆ", "ǆ"), ("ǈ", "ǉ"), ("Ꭰ", "ꭰ"), ("Ա", "ա"), ("և", "եւ"), ("𐐀", "𐐨"),
            // Turkish: İ loses its dot (no locale), ı stays.
            ("İstanbul", "istanbul"), ("I\u{307}", "i"), ("ı", "ı"),
            // Greek tonos, dialytika, ypogegrammeni.
            ("ά", "α"), ("ΐ", "ι"), ("Ϊ", "ι"), ("ΆΈΉΊΌΎΏ", "αεηιουω"), ("ᾳ", "α"), ("\u{345}", "ι"), ("α\u{345}", "α"),
            // Width: fullwidth ASCII and halfwidth katakana (FF00–FFEF only).
            ("Ａｂｃ１", "abc1"), ("ｶ", "カ"), ("ﾞ", "\u{3099}"), ("ｶﾞ", "カﾞ"),
            // Not folded: Hangul (no jamo decomposition), kana voicing, compatibility forms. But
            // jamo and combining sound marks are composed first: NFD Hangul and kana fold as NFC.
            ("한", "한"), ("\u{1112}\u{1161}\u{11AB}", "한"), ("ご", "ご"), ("こ\u{3099}", "ご"), ("ハ\u{309A}", "パ"),
            ("\u{1161}", "\u{1161}"), ("a\u{3099}", "a"), ("中\u{3099}", "中\u{3099}"), ("ｶ\u{3099}", "カ\u{3099}"),
            ("\u{AC00}\u{11A8}", "각"), ("\u{FB41}\u{1100}\u{1161}", "\u{FB41}가"),
            ("①", "①"), ("\u{1D400}", "\u{1D400}"), ("Ⅻ", "ⅻ"), ("Ⓐ", "ⓐ"),
            // Emoji: modifiers and variation selectors are marks, ZWJ is not.
            ("👍🏽", "👍🏽"), ("x\u{1F3FB}", "x"), ("👨‍👩‍👧", "👨‍👩‍👧"), ("❤\u{FE0F}", "❤\u{FE0F}"), ("1\u{FE0F}\u{20E3}", "1"),
            ("a\u{200D}b", "a\u{200D}b"), ("a\u{34F}b", "ab"),
            // Context-dependent (Foundation path): a decomposable mark.
            ("\u{344}", "\u{308}"), ("Ա\u{344}", "ա\u{308}\u{301}"), ("中\u{344}", "中"),
        ])
        func foundationRules(text: String, folded: String) {
            #expect(Array(Self.foundation(text).utf8) == Array(folded.utf8), "Foundation: [\(Self.hex(Self.foundation(text)))]")
            #expect(Array(TextFolding.fold(text).utf8) == Array(folded.utf8), "table: [\(Self.hex(TextFolding.fold(text)))]")
        }

        @Test func asciiIsLowercased() {
            let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
            #expect(TextFolding.fold(ascii) == Self.foundation(ascii))
            #expect(TextFolding.fold("Leanne Graham") == "leanne graham")
            #expect(TextFolding.fold("already lower") == "already lower")
            #expect(TextFolding.fold("") == "")
        }

        // MARK: Table against Foundation

        /// Every scalar the table knows anything about (changed, a mark, drops marks, context-dependent),
        /// alone and in the contexts that exercise its entry.
        @Test func tableScalars() {
            let table = FoldingTable.shared
            var found: [String] = []
            var listed = 0
            for v in Self.allScalars where table.entry(v) != 0 {
                listed += 1
                let s = Self.scalar(v)
                for text in [s, "A" + s + "z", "中" + s + "\u{301}\u{20D0}", "Ա" + s + "\u{323}", s + "\u{93C}\u{E31}", s + s, "\u{0}" + s + "\u{5B4}"] {
                    Self.check(text, &found)
                }
            }
            #expect(listed > 4000)  // the table decoded
            #expect(found == [])
        }

        /// Every scalar (surrogates aside) alone and between ASCII letters. The slowest test (~10 s
        /// in debug, mostly Foundation's time), so it avoids generic code.
        @Test func everyScalar() {
            var found: [String] = []
            var v: UInt32 = 0x80
            while v <= 0x10FFFF {
                if let scalar = Unicode.Scalar(v) {
                    let s = String(scalar)
                    Self.check(s, &found)
                    Self.check("A" + s + "z", &found)
                }
                v += 1
            }
            #expect(found == [])
        }

        static let names = [
            // Vietnamese, precomposed and decomposed
            "Nguyễn Văn An", "Trần Thị Bích Ngọc", "Lê Hoàng Phúc", "Phạm Minh Đức", "Đặng Quốc Bảo", "Vũ Thị Thủy",
            "Nguye\u{302}\u{303}n Va\u{306}n A\u{301}nh", "Tra\u{302}\u{300}n Thi\u{323}",
            // Polish, Czech, Croatian
            "Łukasz Wiśniewski", "Małgorzata Dąbrowska", "Grzegorz Brzęczyszczykiewicz", "Agnieszka Żółkowska", "Dvořák Jiří", "Zoë Ćosić",
            // Turkish
            "İsmail Yılmaz", "Şeyma Öztürk", "Çağla Kılıç", "IŞIL ERDOĞAN", "Ayşegül Şahin",
            // German, Nordic, French, Spanish
            "Jürgen Müller", "Björn Strauß", "GRÜNE STRASSE", "Anders Ångström", "Søren Kierkegaard", "François Lefèvre", "José Núñez", "Ñandú",
            // Greek
            "Γιώργος Παπαδόπουλος", "Ελένη Κωνσταντίνου", "ΔΗΜΉΤΡΗΣ ΝΙΚΟΛΑΐΔΗΣ", "Άννα Οικονόμου", "ᾌδης",
            // Cyrillic
            "Дмитрий Иванов", "Олександр Шевченко", "ЁЖИКОВ Пётр", "Ірина Ковальчук", "Йован Јовановић",
            // CJK, Hangul
            "张伟", "王芳", "山田 太郎", "陳美玲", "ヤマダ タロウ", "ﾔﾏﾀﾞ ﾀﾛｳ", "김민준", "이서연", "\u{1100}\u{1161}\u{11A8}",
            // Arabic, Hebrew
            "محمد الأحمد", "فاطمة الزهراء", "عَلِيّ حَسَن", "דוד כהן", "שָׂרָה לֵוִי",
            // Devanagari, Thai
            "राहुल शर्मा", "प्रिया पटेल", "क़ुतुब", "สมชาย ใจดี", "ประยุทธ์ จันทร์โอชา", "นภัสสร สุขสวัสดิ์",
            // Emoji, width, ligatures
            "Ana 👩🏽‍💻 Silva", "Chris ❤️ Lee", "🇯🇵 Taro", "Ｆｕｌｌ Ｗｉｄｔｈ", "ﬁnn ǅukić", "ǅ", "MAẞ",
        ]

        /// Names typed in NFD fold (so search and sort) as they do in NFC, in every script —
        /// Hangul, kana, Arabic hamza and Indic vowels too, which Foundation's folding alone keeps apart.
        @Test func nfdHangulAndKanaFoldAsNFC() {
            let names = Self.names + ["다이스케", "ガブリエル", "パク・ジミン", "ぱぴぷぺぽ", "ヴァイオレット", "김 각 힣 읊", "أحمد آل إبراهيم", "মৌসুমী", "கோபால்", "ಕೋಮಲ", "ഗോപൻ", "ශ්‍රී ලංකා", "ऩऱऴ", "ဦးသန့်"]
            let differ = names.filter { name in
                !Self.sameBytes(TextFolding.fold(name.decomposedStringWithCanonicalMapping), TextFolding.fold(name.precomposedStringWithCanonicalMapping))
            }
            #expect(differ == [])
            #expect(CanonicalComposition.composed("\u{1100}\u{1175}\u{11B7}") == "김")
            #expect(Self.sameBytes(CanonicalComposition.composed("ホ\u{309A}ト\u{3099}\u{3099}"), "ポド\u{3099}"))
        }

        @Test func namesInManyScripts() {
            #expect(Self.mismatches(Self.names) == [])
            #expect(Self.mismatches(Self.names.map { $0.decomposedStringWithCanonicalMapping }) == [])
            #expect(Self.mismatches(Self.names.map { $0.precomposedStringWithCanonicalMapping }) == [])
            #expect(Self.mismatches(Self.names.map { $0.uppercased() }) == [])
        }

        /// Random text mixing scripts, marks of every kind (including long runs of them), NUL and
        /// context-dependent scalars.
        static func randomTexts(seed: UInt64) -> [String] {
            let table = FoldingTable.shared
            let marks = Array(Self.allScalars.filter { table.entry($0) & FoldingTable.mark != 0 })
            let pools: [[UInt32]] = [
                Array(0x41...0x5A) + Array(0x61...0x7A) + [0x20, 0x2D, 0x27, 0x30, 0x00],
                Array(0xC0...0x24F) + Array(0x1E00...0x1EFF),
                Array(0x370...0x3FF) + Array(0x1F00...0x1FFF) + Array(0x400...0x52F),
                Array(0x4E00...0x4E40) + Array(0x3040...0x30FF) + Array(0xFF61...0xFF9F) + Array(0xAC00...0xAC20) + Array(0x1100...0x11FF),
                Array(0x590...0x6FF) + Array(0x900...0x97F) + Array(0xE00...0xE7F) + Array(0xF00...0xFFF),
                [0x300, 0x301, 0x302, 0x308, 0x323, 0x345, 0x93C, 0x94D, 0xE31, 0xE48, 0x5B4, 0x64E, 0x20D0, 0x3099, 0xFE0F,
                 0x200D, 0x1F3FB, 0xE0100, 0x1DCD, 0x344, 0xFF9E, 0x1B44],
                Array(0x1F300...0x1F3FF) + Array(0xFF01...0xFF5E) + Array(0xFB00...0xFB4F) + [0xDF, 0x1E9E, 0x130, 0x131, 0x149, 0x1C5, 0x3A3, 0x3C2, 0x390, 0x587, 0x2126],
            ]
            var random = SeededGenerator(state: seed)
            var texts: [String] = []
            for k in 0..<5000 {
                var text = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    let roll = Int.random(in: 0..<100, using: &random)
                    let value: UInt32 = if roll < 25 {
                        marks.randomElement(using: &random)!
                    } else if roll < 30 {
                        UInt32.random(in: 0x80...0xFFFF, using: &random)
                    } else {
                        pools.randomElement(using: &random)!.randomElement(using: &random)!
                    }
                    guard let scalar = Unicode.Scalar(value) else { continue }
                    text.append(scalar)
                    if k % 50 == 0 && roll < 10 {  // a long run of marks: CF's cluster buffer is 64 scalars
                        let some = marks.randomElement(using: &random)!
                        text.append(contentsOf: repeatElement(Unicode.Scalar(some)!, count: Int.random(in: 20...80, using: &random)))
                    }
                }
                texts.append(String(text))
            }
            return texts
        }

        @Test func randomText() {
            let texts = Self.randomTexts(seed: 2024)
            #expect(Self.mismatches(texts) == [])
            let byteMismatches = texts.filter { text in
                Self.appendFolded(text).map { $0 != Array(Self.foundation(text).utf8) } ?? false
            }
            #expect(byteMismatches.prefix(20).map(Self.hex) == [])
        }

        // MARK: Byte API

        @Test func appendFoldedAppendsAndAgreesWithFold() {
            var out = Array("prefix|".utf8)
            var text = "Łukasz Wiśniewski ÉCOLE ß 中\u{301} 👍🏽"
            let ok = text.withUTF8 { TextFolding.appendFolded($0, to: &out) }
            #expect(ok)
            #expect(out == Array(("prefix|" + TextFolding.fold(text)).utf8))
            #expect(Self.appendFolded("") == [])
            #expect(Self.appendFolded("ABC") == Array("abc".utf8))
            #expect(Self.appendFolded("JOSÉ") == Array("jose".utf8))
        }

        @Test func appendFoldedGivesUpOnContextDependentText() {
            var out = Array("kept".utf8)
            var text = "Ա\u{344} and more"
            let ok = text.withUTF8 { TextFolding.appendFolded($0, to: &out) }
            #expect(!ok)
            #expect(out == Array("kept".utf8))
            // …and fold(_:) then asks Foundation.
            #expect(Array(TextFolding.fold(text).utf8) == Array(Self.foundation(text).utf8))
            #expect(Self.appendFolded("ｶﾞ") == nil)
        }

        @Test func appendFoldedDoesNotAllocateWithCapacity() {
            var out: [UInt8] = []
            out.reserveCapacity(256)
            let address = out.withUnsafeBufferPointer { $0.baseAddress }
            for var name in Self.names.prefix(20) {
                out.removeAll(keepingCapacity: true)
                _ = name.withUTF8 { TextFolding.appendFolded($0, to: &out) }
            }
            #expect(out.withUnsafeBufferPointer { $0.baseAddress } == address)
        }

        /// What search did before: Foundation-folded haystack bytes contain Foundation-folded needle bytes.
        static func foundationContains(_ haystack: String, _ needle: String) -> Bool {
            let needle = Array(foundation(needle).utf8)
            return needle.isEmpty || Array(foundation(haystack).utf8).firstRange(of: needle) != nil
        }

        static func foldedContains(_ haystack: String, _ needle: String) -> Bool {
            var haystack = haystack
            var scratch: [UInt8] = []
            let foldedNeedle = Array(TextFolding.fold(needle).utf8)
            return haystack.withUTF8 { TextFolding.foldedContains($0, foldedNeedle, scratch: &scratch) }
        }

        @Test(arguments: [
            ("Leanne Graham", "graham", true), ("Leanne Graham", "GRAHAM", true), ("Leanne Graham", "grahamm", false),
            ("Leanne Graham", "", true), ("", "a", false), ("", "", true), ("abc", "é", false),
            ("José Núñez", "nunez", true), ("José Núñez", "NÚÑEZ", true), ("José Núñez", "jose n", true), ("José Núñez", "josé", true),
            ("Jürgen Müller", "muller", true), ("Björn Strauß", "strauss", true), ("İsmail", "ismail", true), ("张伟", "伟", true),
            ("Nguye\u{302}\u{303}n", "nguyễn", true), ("ΣΟΦΊΑ", "σοφια", true), ("Ａｎｎａ", "anna", true), ("Ana 👩🏽‍💻", "👩🏽", true),
            // A context-dependent haystack (Foundation path); the odd results are Foundation's.
            ("Ա\u{344}", "ա\u{308}", true), ("Ա\u{344}", "ա\u{308}\u{301}", false),
            // NFD Hangul and kana (composed first) and NFC needles find each other.
            ("\u{1100}\u{1175}\u{11B7}\u{1106}\u{1175}\u{11AB}\u{110C}\u{116E}\u{11AB}", "민준", true),
            ("김민준", "\u{1106}\u{1175}\u{11AB}", true), ("か\u{3099}いと", "がい", true), ("がいと", "か\u{3099}", true),
            ("かいと", "が", false),
        ])
        func foldedContains(haystack: String, needle: String, expected: Bool) {
            #expect(Self.foldedContains(haystack, needle) == expected)
            #expect(Self.foundationContains(haystack, needle) == expected)
        }

        /// Search agrees with Foundation on random text, for needles of ASCII letters (where a
        /// haystack that can't fold to the needle's first byte is not folded at all) and for
        /// needles cut from other texts.
        @Test func foldedContainsAgreesOnRandomText() {
            let texts = Self.randomTexts(seed: 77)
            var random = SeededGenerator(state: 78)
            var disagreements: [String] = []
            var found = 0
            for text in texts {
                let letters = (0..<Int.random(in: 1...2, using: &random)).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x41...0x5A, using: &random) | (Bool.random(using: &random) ? 0x20 : 0))) }
                let other = Array(texts.randomElement(using: &random)!.unicodeScalars) + ["x"]
                let from = Int.random(in: 0..<other.count, using: &random)
                let cut = String(String.UnicodeScalarView(other[from ..< min(other.count, from + Int.random(in: 1...3, using: &random))]))
                for needle in [String(letters), cut, String(Array(text.unicodeScalars).prefix(2).map(Character.init))] {
                    let expected = Self.foundationContains(text, needle)
                    if expected { found += 1 }
                    if Self.foldedContains(text, needle) != expected, disagreements.count < 20 {
                        disagreements.append("[\(Self.hex(text))] ∋ [\(Self.hex(needle))]: Foundation says \(expected)")
                    }
                }
            }
            #expect(disagreements == [])
            #expect(found > 1000)
        }

        /// Folding stopped after `prefix` bytes (a page bound's check) writes what the whole
        /// fold begins with, at least `prefix` bytes of it — and, for a text the table leaves to
        /// Foundation, what Foundation's fold begins with.
        @Test func prefixFoldBeginsTheWholeFold() {
            var failures: [String] = []
            for text in Self.randomTexts(seed: 91) + Self.names {
                let utf8 = Array(text.utf8)
                var whole = [UInt8](repeating: 0, count: utf8.count * FoldingTable.maxGrowth + 1)
                var head = whole
                let wholeCount = utf8.withUnsafeBufferPointer { TextFolding.foldUTF8($0, into: &whole[0]) }
                let headCount = utf8.withUnsafeBufferPointer { TextFolding.foldUTF8($0, into: &head[0], prefix: 8) }
                guard headCount >= 0 else {
                    if wholeCount >= 0 { failures.append("[\(Self.hex(text))]: the prefix fold gave up, the whole one did not") }
                    continue
                }
                let reference = wholeCount >= 0 ? Array(whole[..<wholeCount]) : Array(Self.foundation(text).utf8)
                if !reference.starts(with: head[..<headCount]) || headCount < min(8, reference.count) {
                    failures.append("[\(Self.hex(text))]: \(head[..<headCount]) is not the start of \(reference)")
                }
            }
            #expect(failures.prefix(20) == [])
        }

        @Test func foldedContainsReusesScratch() {
            var scratch: [UInt8] = []
            scratch.reserveCapacity(256)
            let needle = Array(TextFolding.fold("an").utf8)
            var hits: [String] = []
            for var name in Self.names where name.withUTF8({ TextFolding.foldedContains($0, needle, scratch: &scratch) }) {
                hits.append(name)
            }
            #expect(hits == Self.names.filter { Self.foundationContains($0, "an") })
            #expect(hits.count > 10)
        }
    }
}

import Testing
@testable import UserListService
import UserListDomain

extension ServiceTests {
    /// `trimmed()` and its fast check against the rule they implement: drop `Character.isWhitespace`
    /// characters at both ends, and nothing left, or nothing visible (zero-width spaces), is nil.
    @Suite struct TrimmingTests {
        private static func reference(_ s: String) -> String? {
            let slice = Substring(s).trimmingWhitespace()
            return slice.isEmpty || slice.isInvisible ? nil : String(slice)
        }

        static let samples: [String] = [
            "", " ", "Ada", " Ada", "Ada ", "\tAda\n", "Nguyễn Thị Ánh", "王芳", "김민준", "Дмитрий",
            "\u{A0}Zoë\u{A0}", "\u{3000}山田\u{3000}", "\u{2003}Ada", "Ada\u{2028}", "\u{85}x", "x\u{85}",
            "Ada \u{301}", " \u{301}Ada", "\u{301}Ada", "Ada\u{301}", "e\u{301}", "\u{1680}ᚠ", "x\u{202F}",
            "\u{7F}Ada", "Ada\u{7F}", "\r\n", "Ada\r\n", "🎉", "Ada 🎉", "👩🏽‍💻", "\u{2060}Ada", "Ada\u{200B}",
            "€", "ü", "\u{E2}\u{80}", "ⅷ", "x\u{3000}\u{301}", "\u{FEFF}Ada",
            "\u{200B}", "\u{200B}\u{200C}\u{200D}", " \u{3164} ", "\u{FEFF}", "\u{2060} \u{00AD}", "\u{200B}a\u{200B}",
        ]

        @Test(arguments: samples)
        func trimmedMatchesTheRule(_ sample: String) {
            #expect(sample.trimmed() == Self.reference(sample))
            // The fast check may say no to be safe (DEL at an end), never yes wrongly.
            if sample.isTrimmedAndNonEmpty { #expect(Self.reference(sample) == sample) }
            if !sample.unicodeScalars.contains("\u{7F}") {
                #expect(sample.isTrimmedAndNonEmpty == (Self.reference(sample) == sample))
            }
        }

        /// The check as it was before it decoded the last scalar from bytes: it asked for the last
        /// `Character`. The new one must agree with it on every value.
        private static func previous(_ s: String) -> Bool {
            guard let first = s.utf8.first, let last = s.utf8.last else { return false }
            if first < 0x80 {
                guard first > 0x20, first < 0x7F else { return false }
            } else if first == 0xC2 || first == 0xE1 || first == 0xE2 || first == 0xE3 {
                guard !s.unicodeScalars.first!.properties.isWhitespace else { return false }
            }
            if last < 0x80 { return last > 0x20 && last < 0x7F }
            return !s.last!.isWhitespace && !Substring(s).isInvisible
        }

        /// `isInvisible`'s first-byte shortcut passes over no invisible scalar.
        @Test func invisibleScalarsAreFoundWhateverTheirLeadByte() {
            var wrong: [String] = []
            for value in UInt32(1)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let invisible = scalar.properties.isWhitespace || scalar.properties.isDefaultIgnorableCodePoint
                if Substring(String(scalar)).isInvisible != invisible { wrong.append(String(value, radix: 16)) }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(20))")
        }

        /// Every scalar at the end (and start) of a value, alone and after what it could join:
        /// a space (ASCII and not), a combining mark on a space, a virama, a letter. (A version that
        /// listed U+0300…U+036F as standing alone failed here on "a \u{300}".)
        @Test func lastScalarAgreesWithCharacterRuleForEveryScalar() {
            var mismatches: [String] = []
            for value in UInt32(1)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let s = String(scalar)
                // After a letter, so that the check gets to the last scalar (a space first is decided there).
                let samples = [s, "a" + s, "a " + s, "a\u{A0}" + s, "a\u{3000}" + s, "a \u{301}" + s, "a\u{A0}\u{301}" + s,
                               "क\u{94D}" + s, "a \u{94D}" + s, "é" + s, s + "a", s + "é", " " + s + "a"]
                for sample in samples
                where sample.isTrimmedAndNonEmpty != Self.previous(sample) {
                    mismatches.append(sample.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        }
    }
}

import Foundation
import Testing
@testable import UserListRendering

extension Rendering {
    @Suite struct DisplayWidthTests {
        @Test func asciiCountsOnePerCharacter() {
            #expect(DisplayWidth.of("") == 0)
            #expect(DisplayWidth.of("Leanne Graham") == 13)
        }

        @Test func cjkAndEmojiCountTwo() {
            #expect(DisplayWidth.of("张伟") == 4)
            #expect(DisplayWidth.of("😀") == 2)
            #expect(DisplayWidth.of("Party 🎉") == 8)
            #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
        }

        @Test func accentsCountOnceComposedOrNot() {
            #expect(DisplayWidth.of("José") == 4)
            #expect(DisplayWidth.of("Jose\u{301}") == 4)
            #expect(DisplayWidth.of("José Núñez") == 10)
        }

        @Test func unprintableCountsOne() {
            #expect(DisplayWidth.of("a\u{1}b") == 3)
            #expect(DisplayWidth.of("\u{85}") == 1)
        }

        /// Emoji sequences are one cluster, two columns: ZWJ sequences, skin tones, VS16, flags,
        /// keycaps (a sum of scalars' widths made the family 8 and the flag 2 + 2).
        @Test func emojiSequencesCountTwo() {
            #expect(DisplayWidth.of("👨‍👩‍👧‍👦") == 2)          // a ZWJ family of four
            #expect(DisplayWidth.of("👩🏽‍💻") == 2)            // skin tone and ZWJ
            #expect(DisplayWidth.of("👍🏽") == 2)              // a skin tone
            #expect(DisplayWidth.of("🏳️‍🌈") == 2)            // VS16 and ZWJ
            #expect(DisplayWidth.of("🇩🇪🇯🇵") == 4)            // two flags
            #expect(DisplayWidth.of("❤️") == 2)                // VS16 makes a text-default heart an emoji
            #expect(DisplayWidth.of("❤") == 1)
            #expect(DisplayWidth.of("©️") == 2)
            #expect(DisplayWidth.of("©") == 1)
            #expect(DisplayWidth.of("1️⃣") == 2)               // a keycap: 1, VS16, U+20E3
            #expect(DisplayWidth.of("⌚︎") == 2)               // VS15: East Asian Wide all the same
            #expect(DisplayWidth.of("Zoë ✨ 👩‍🚀") == 9)
        }

        @Test func hangulCombiningMarksAndFormatCharacters() {
            #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)  // 각 from conjoining jamo
            #expect(DisplayWidth.of("김민준") == 6)
            #expect(DisplayWidth.of("ｱｲｳ") == 3)                        // halfwidth katakana
            #expect(DisplayWidth.of("a\u{200B}b") == 2)                  // zero width space
            #expect(DisplayWidth.of("\u{301}") == 0)                     // a lone combining mark
            #expect(DisplayWidth.of("soft\u{AD}hyphen") == 11)
            #expect(DisplayWidth.of("नमस्ते") == 4)                         // three clusters, four letters: न म स्ते
        }

        /// Every emoji sequence Unicode lists as fully qualified, and every skin tone and hair
        /// component, is one cluster of two columns (`emoji-test.txt`, Debian's unicode-data).
        @Test func everyFullyQualifiedEmojiIsTwoColumns() throws {
            let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-test.txt", encoding: .utf8)
            var checked = 0
            for line in text.split(separator: "\n") where line.contains("; fully-qualified") || line.contains("; component") {
                let codes = line.split(separator: ";")[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
                var emoji = ""
                emoji.unicodeScalars.append(contentsOf: codes)
                #expect(DisplayWidth.of(emoji) == 2, "\(line)")
                checked += 1
            }
            #expect(checked > 3600)
        }

        /// Every assigned Wide or Fullwidth character of EastAsianWidth.txt is two columns alone,
        /// and a sample of the others one (Debian's unicode-data).
        @Test func eastAsianWidthAsUnicodeSaysIt() throws {
            let text = try String(contentsOfFile: "/usr/share/unicode/EastAsianWidth.txt", encoding: .utf8)
            var wide = 0, narrow = 0
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "#")[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard fields.count == 2, !line.contains("<reserved") else { continue }
                let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
                guard let first = bounds.first, let last = bounds.last else { continue }
                for value in first...last {
                    guard let scalar = Unicode.Scalar(value) else { continue }
                    let category = scalar.properties.generalCategory
                    guard category != .nonspacingMark, category != .enclosingMark, category != .format, category != .control,
                          category != .surrogate, category != .privateUse, category != .unassigned else { continue }
                    if fields[1] == "W" || fields[1] == "F" {
                        #expect(DisplayWidth.of(String(Character(scalar))) == 2, "\(line)")
                        wide += 1
                    } else if (fields[1] == "Na" || fields[1] == "H") && !scalar.properties.isEmojiPresentation {
                        #expect(DisplayWidth.of(String(Character(scalar))) == 1, "\(line)")
                        narrow += 1
                    }
                }
            }
            #expect(wide > 90000)
            #expect(narrow > 200)
        }

        @Test func truncationNeverSplitsACharacter() {
            #expect(DisplayWidth.truncated("Leanne Graham", toWidth: 8) == "Leanne …")
            #expect(DisplayWidth.truncated("Leanne Graham", toWidth: 13) == "Leanne Graham")
            // Seven columns leave room for three wide characters (six), not three and a half.
            #expect(DisplayWidth.truncated("张伟张伟张伟", toWidth: 8) == "张伟张…")
            #expect(DisplayWidth.truncated("Jose\u{301}phine", toWidth: 5) == "Jose\u{301}…")
            #expect(DisplayWidth.truncated("abc", toWidth: 1) == "…")
            #expect(DisplayWidth.truncated("Team 👨‍👩‍👧‍👦 🇩🇪", toWidth: 8) == "Team 👨‍👩‍👧‍👦…")
            #expect(DisplayWidth.truncated("Team 👨‍👩‍👧‍👦 🇩🇪", toWidth: 7) == "Team …")
        }
    }
}

import Testing
@testable import UserListRendering

extension Rendering {
    @Suite struct JSONTextTests {
        private func literal(_ s: String?) -> String {
            let output = OutputWriter()
            JSONText.appendString(s, to: output)
            return output.text
        }

        @Test func nilIsNull() {
            #expect(literal(nil) == "null")
        }

        @Test func plainTextIsQuotedUnchanged() {
            #expect(literal("") == #""""#)
            #expect(literal("Leanne Graham") == #""Leanne Graham""#)
        }

        @Test func quoteAndBackslashAreEscaped() {
            #expect(literal(#"say "hi" \o/"#) == #""say \"hi\" \\o/""#)
        }

        /// The expected text is what `jq -c` 1.6 prints for the same string.
        @Test func controlCharactersAreEscapedLikeJq() {
            let all = String(decoding: Array(0..<0x20) + [0x7F], as: UTF8.self)
            let expected = #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
                + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\u007f""#
            #expect(literal(all) == expected)
        }

        @Test func nonASCIIPassesThrough() {
            #expect(literal("José Núñez 张伟 😀 /") == "\"José Núñez 张伟 😀 /\"")
            #expect(Array(literal("e\u{301}").utf8) == [0x22, 0x65, 0xCC, 0x81, 0x22])
        }

        @Test func wordCheckAgreesWithTheByteCheckForEveryByteAndPosition() {
            let needsEscape: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
            for filler in [UInt8(ascii: "a"), 0xE4, 0x20] {
                for value in UInt8.min...UInt8.max {
                    for position in 0..<8 {
                        var bytes = [UInt8](repeating: filler, count: 8)
                        bytes[position] = value
                        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                        #expect(JSONText.wordNeedsEscape(word) == needsEscape(value))
                    }
                }
            }
        }

        @Test func everyEscapeIsFoundWhateverItsOffset() {
            for offset in 0..<17 {
                let prefix = String(repeating: "é", count: offset / 2) + String(repeating: "x", count: offset % 2)
                #expect(literal(prefix + "\u{7F}" + prefix) == "\"" + prefix + "\\u007f" + prefix + "\"")
                #expect(literal(prefix + "\"") == "\"" + prefix + "\\\"\"")
            }
        }

        @Test func escapesBetweenLongRunsKeepEveryByte() {
            let run = String(repeating: "abcdefgh", count: 10_000)
            #expect(literal(run + "\n" + run + "\u{1}") == "\"" + run + "\\n" + run + "\\u0001\"")
        }
    }
}

import Foundation
import Testing
@testable import UserListRendering

extension Rendering {
    /// What may reach a terminal from a payload (issue 18), as the JSON highlighter writes it
    /// (``TerminalText`` holds the rest: `TerminalTextTests`).
    @Suite struct JSONHighlighterTerminalTests {
        /// The highlighter writes the C1 controls and bidi overrides JSON leaves raw as `\u` escapes:
        /// nothing for the terminal to obey, and the same JSON value.
        @Test func theHighlighterEscapesWhatJSONLeavesRaw() throws {
            let json = #"{"name":"C1\#u{9B}31m \#u{202E}exe.txt\#u{202C} \#u{2066}i\#u{2069} Zoë 张 \u001b"}"#
            let rewritten = JSONHighlighter(pretty: false, colour: false).rewrite(Array(json.utf8))
            let text = String(decoding: rewritten, as: UTF8.self)
            #expect(text == #"{"name":"C1\u009b31m \u202eexe.txt\u202c \u2066i\u2069 Zoë 张 \u001b"}"#)
            let before = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
            let after = try JSONSerialization.jsonObject(with: Data(rewritten)) as? [String: String]
            #expect(before == after)
            let coloured = JSONHighlighter(pretty: true, colour: true).rewrite(Array(json.utf8))
            #expect(!String(decoding: coloured, as: UTF8.self).unicodeScalars.contains { $0.value >= 0x80 && $0.value < 0xA0 || (0x202A...0x202E).contains($0.value) })
        }
    }
}

import Foundation
import Testing
@_spi(Pipeline) import UserListDomain

/// What may reach a terminal from a payload (issue 18): controls and bidi overrides are shown as
/// escapes, in JSON's notation, by one function shared by the table, `--explain`, diagnostics and
/// the JSON highlighter.
@Suite struct TerminalTextTests {
    static let escapedScalars: [UInt32] = Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069)

    @Test func controlsAndBidiOverridesAreEscapedAsJSONWritesThem() {
        #expect(TerminalText.escaped("a\u{1B}[31mb") == #"a\u001b[31mb"#)
        #expect(TerminalText.escaped("\u{1B}]0;title\u{7}") == #"\u001b]0;title\u0007"#)
        #expect(TerminalText.escaped("x\ry\nz\tw\u{8}v\u{C}") == #"x\ry\nz\tw\bv\f"#)
        #expect(TerminalText.escaped("\u{0}\u{7F}\u{85}\u{9B}") == #"\u0000\u007f\u0085\u009b"#)
        #expect(TerminalText.escaped("\u{202E}exe.txt\u{202C} \u{2066}a\u{2069}") == #"\u202eexe.txt\u202c \u2066a\u2069"#)
    }

    @Test func printableTextIsLeftAsItIs() {
        for text in ["Zoë Müller", "张伟", "ليلى حداد", "🎉 fan", #"back\slash"#, "\u{A0}nbsp", "\u{200F}rlm", "\u{2028}"] {
            #expect(TerminalText.escaped(text) == text)
            #expect(!TerminalText.needsEscaping(text))
        }
    }

    /// The byte scan the table's fast path uses says exactly what the scalar rule says, for every
    /// scalar of the Basic Multilingual Plane and a few beyond, alone and between other text.
    @Test func theByteScanAgreesWithTheScalarRule() {
        var scalars = (0...0xFFFF).compactMap(Unicode.Scalar.init)
        scalars += [0x1F389, 0x20000, 0x10FFFF].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            for text in [String(scalar), "é\(scalar)张", "\u{2028}\(scalar)"] {
                var copy = text
                let scan = copy.withUTF8 { TerminalText.inspect($0) }
                #expect(scan.needsEscaping == text.unicodeScalars.contains(where: TerminalText.mustEscape), "U+\(String(scalar.value, radix: 16))")
            }
            #expect(TerminalText.mustEscape(scalar) == Self.escapedScalars.contains(scalar.value))
        }
    }

    @Test func anEscapedStringHoldsNothingATerminalActsOn() {
        let hostile = String(String.UnicodeScalarView(Self.escapedScalars.compactMap(Unicode.Scalar.init)))
        let escaped = TerminalText.escaped(hostile)
        #expect(escaped.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F })
        #expect(escaped.hasPrefix(#"\u0000\u0001"#))
        #expect(escaped.hasSuffix(#"\u2068\u2069"#))
    }

    @Test func diagnosticsUseTheSameEscapes() {
        let diagnostic = Diagnostic(.syntax, input: "evil\u{1B}]0;x\u{7}\u{202E}.json", "bad")
        #expect(diagnostic.text == #"evil\u001b]0;x\u0007\u202e.json: bad"#)
    }
}

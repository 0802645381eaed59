import Testing
@_spi(Pipeline) @testable import UserListKit
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListRendering
@testable import UserListService
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

extension ServiceTests {
    /// `trimmed()` and its fast check against the rule they implement: drop `Character.isWhitespace`
    /// characters at both ends, and nothing left is nil.
    @Suite struct TrimmingTests {
        private static func reference(_ s: String) -> String? {
            let slice = Substring(s).trimmingWhitespace()
            return slice.isEmpty ? nil : String(slice)
        }

        static let samples: [String] = [
            "", " ", "Ada", " Ada", "Ada ", "\tAda\n", "Nguyễn Thị Ánh", "王芳", "김민준", "Дмитрий",
            "\u{A0}Zoë\u{A0}", "\u{3000}山田\u{3000}", "\u{2003}Ada", "Ada\u{2028}", "\u{85}x", "x\u{85}",
            "Ada \u{301}", " \u{301}Ada", "\u{301}Ada", "Ada\u{301}", "e\u{301}", "\u{1680}ᚠ", "x\u{202F}",
            "\u{7F}Ada", "Ada\u{7F}", "\r\n", "Ada\r\n", "🎉", "Ada 🎉", "👩🏽‍💻", "\u{2060}Ada", "Ada\u{200B}",
            "€", "ü", "\u{E2}\u{80}", "ⅷ", "x\u{3000}\u{301}", "\u{FEFF}Ada",
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
    }
}

import Testing
@_spi(Pipeline) @testable import UserListKit
@_spi(Pipeline) @testable import UserListViewModel
@testable import UserListRendering
@testable import UserListService
@_spi(Pipeline) import UserListDomain
@testable import UserListGateway
@testable import UserListJQ
@_spi(Pipeline) import UserListJSON

extension Rendering {
    @Suite struct DisplayWidthTests {
        @Test func localeIsUTF8AfterPreparing() {
            #expect(DisplayWidth.prepareLocale())
        }

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

        @Test func truncationNeverSplitsACharacter() {
            #expect(DisplayWidth.truncated("Leanne Graham", toWidth: 8) == "Leanne …")
            #expect(DisplayWidth.truncated("Leanne Graham", toWidth: 13) == "Leanne Graham")
            // Seven columns leave room for three wide characters (six), not three and a half.
            #expect(DisplayWidth.truncated("张伟张伟张伟", toWidth: 8) == "张伟张…")
            #expect(DisplayWidth.truncated("Jose\u{301}phine", toWidth: 5) == "Jose\u{301}…")
            #expect(DisplayWidth.truncated("abc", toWidth: 1) == "…")
        }
    }
}

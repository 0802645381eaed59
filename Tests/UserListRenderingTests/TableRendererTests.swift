import Testing
@testable import UserListRendering
import UserListViewModel

extension Rendering {
    @Suite struct TableRendererTests {
        private func lines(_ text: String) -> [Substring] {
            text.split(separator: "\n", omittingEmptySubsequences: false)
        }

        @Test func columnsAlignByDisplayWidth() throws {
            let text = try RenderingFixtures.render(TableRenderer(), RenderingFixtures.loaded)
            #expect(text == """
                ID  NAME           EMAIL                 CAPTION
                1   Leanne Graham  Sincere@april.biz     Romaguera-Crona
                2   张伟           zhang.wei@example.cn
                3   José Núñez     jose@example.es       Says "hola", often
                10  Party 🎉                             🎉 fan
                page 2 of 7 · 137 users

                """)
        }

        @Test func emailStartsInTheSameTerminalColumnOnEveryRow() throws {
            let text = try RenderingFixtures.render(TableRenderer(), RenderingFixtures.loaded)
            // ID (2) + gap + NAME (13, "Leanne Graham") + gap: column 19, whatever the NAME's script.
            let emails = ["EMAIL", "Sincere@april.biz", "zhang.wei@example.cn", "jose@example.es"]
            for (line, email) in zip(lines(text), emails) {
                let start = try #require(line.firstRange(of: email)).lowerBound
                #expect(DisplayWidth.of(String(line[..<start])) == 19)
            }
        }

        @Test func noLineEndsInASpace() throws {
            for state in [RenderingFixtures.loaded, RenderingFixtures.pastEnd] {
                for maxWidth in [nil, 10, 40] as [Int?] {
                    let text = try RenderingFixtures.render(TableRenderer(maxWidth: maxWidth), state)
                    #expect(lines(text).allSatisfy { $0.last != " " })
                }
            }
        }

        @Test func emptyStateSaysSo() throws {
            #expect(try RenderingFixtures.render(TableRenderer(), RenderingFixtures.empty) == "No users found\n")
        }

        @Test func pagePastTheEndShowsHeaderAndFooter() throws {
            let text = try RenderingFixtures.render(TableRenderer(), RenderingFixtures.pastEnd)
            #expect(text == "ID  NAME  EMAIL  CAPTION\npage 9 of 7 · 137 users\n")
        }

        @Test func footerUsesSingularForOneUser() throws {
            let text = try RenderingFixtures.render(TableRenderer(), RenderingFixtures.single(RenderingFixtures.zhang))
            #expect(text == """
                ID  NAME  EMAIL                 CAPTION
                2   张伟  zhang.wei@example.cn
                page 1 of 1 · 1 user

                """)
        }

        @Test func unpagedListIsPageOneOfOne() throws {
            let cells = (1...10).map {
                UserCellViewModel(id: String($0), title: "U\($0)", subtitle: nil, caption: nil, avatarURL: nil, initials: "U")
            }
            let state = ListState.loaded(UserListPage(totalItems: 10, page: 1, pageSize: 10, totalPages: 1,
                                                      hasMore: false, items: cells))
            let text = try RenderingFixtures.render(TableRenderer(), state)
            #expect(lines(text)[0] == "ID  NAME  EMAIL  CAPTION")
            #expect(lines(text)[1] == "1   U1")
            #expect(lines(text)[10] == "10  U10")
            #expect(lines(text)[11] == "page 1 of 1 · 10 users")
            #expect(lines(text).count == 13)
        }

        @Test func controlCharactersAreShownEscaped() throws {
            let cell = UserCellViewModel(id: "7", title: "Two\nLines", subtitle: "tab\there",
                                         caption: "a\r\nb\u{1b}[31m\u{7}\u{202E}", avatarURL: nil, initials: "TL")
            let text = try RenderingFixtures.render(TableRenderer(), RenderingFixtures.single(cell))
            #expect(text == #"""
                ID  NAME        EMAIL      CAPTION
                7   Two\nLines  tab\there  a\r\nb\u001b[31m\u0007\u202e
                page 1 of 1 · 1 user

                """#)
        }

        @Test func escapedValuesAreMeasuredAndCutAsShown() throws {
            let cell = UserCellViewModel(id: "1", title: "张\u{1b}[1m伟", subtitle: "a\u{9b}b@example.com",
                                         caption: "\u{1b}]0;title\u{7}and more", avatarURL: nil, initials: "张")
            let text = try RenderingFixtures.render(TableRenderer(maxWidth: 40), RenderingFixtures.single(cell))
            #expect(text == #"""
                ID  NAME           EMAIL        CAPTION
                1   张\u001b[1m伟  a\u009bb@e…  \u001b]…
                page 1 of 1 · 1 user

                """#)
            // 40 columns, each escape counted as the characters it is shown as.
            #expect(lines(text).allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        }

        @Test func maxWidthShrinksCaptionThenEmail() throws {
            let text = try RenderingFixtures.render(TableRenderer(maxWidth: 40), RenderingFixtures.loaded)
            #expect(text == """
                ID  NAME           EMAIL        CAPTION
                1   Leanne Graham  Sincere@ap…  Romague…
                2   张伟           zhang.wei@…
                3   José Núñez     jose@examp…  Says "h…
                10  Party 🎉                    🎉 fan
                page 2 of 7 · 137 users

                """)
            for line in lines(text).dropLast(2) {
                #expect(DisplayWidth.of(String(line)) <= 40)
            }
        }

        /// Narrower than eight columns each: down to three (`ab…`), the ID last, then the last
        /// columns left out; the footer is cut. No line is wider than asked (they wrapped before).
        @Test func aNarrowerTerminalCutsDeeperThenLeavesColumnsOut() throws {
            for (width, expected) in [(24, """
                ID  NAME      EMAIL  CA…
                1   Leanne …  Sinc…  Ro…
                2   张伟      zhan…
                3   José Nú…  jose…  Sa…
                10  Party 🎉         🎉…
                page 2 of 7 · 137 users

                """), (16, """
                ID  NA…  EM…
                1   Le…  Si…
                2   张…  zh…
                3   Jo…  jo…
                10  Pa…
                page 2 of 7 · 1…

                """), (10, """
                ID  NA…
                1   Le…
                2   张…
                3   Jo…
                10  Pa…
                page 2 of…

                """)] {
                let text = try RenderingFixtures.render(TableRenderer(maxWidth: width), RenderingFixtures.loaded)
                #expect(text == expected)
                #expect(lines(text).allSatisfy { DisplayWidth.of(String($0)) <= width })
            }
        }

        @Test func wideCharactersAreCutWholeAndPadded() throws {
            let cell = UserCellViewModel(id: "1", title: "张伟张伟张伟张伟张伟", subtitle: "a@b.c", caption: nil,
                                         avatarURL: nil, initials: "张")
            let text = try RenderingFixtures.render(TableRenderer(maxWidth: 30), RenderingFixtures.single(cell))
            #expect(text == """
                ID  NAME        EMAIL  CAPTION
                1   张伟张伟…   a@b.c
                page 1 of 1 · 1 user

                """)
        }

        @Test func narrowTableIsLeftAloneByALargeMaxWidth() throws {
            let wide = try RenderingFixtures.render(TableRenderer(maxWidth: 200), RenderingFixtures.loaded)
            let free = try RenderingFixtures.render(TableRenderer(), RenderingFixtures.loaded)
            #expect(wide == free)
            #expect(!wide.contains("…"))
        }

        @Test func statesWithoutAPageWriteNothing() throws {
            #expect(try RenderingFixtures.render(TableRenderer(), .loading) == "")
        }
    }
}

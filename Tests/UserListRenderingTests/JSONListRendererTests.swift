import Testing
@testable import UserListRendering
import UserListViewModel
import UserListDomain

extension Rendering {
    @Suite struct JSONListRendererTests {
        private let renderer = JSONListRenderer()

        @Test func loadedPageIsOneCompactLineInContractOrder() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.loaded)
            let expected = #"{"state":"loaded","totalItems":137,"page":2,"pageSize":20,"totalPages":7,"hasMore":true,"items":["#
                + #"{"id":"1","title":"Leanne Graham","subtitle":"Sincere@april.biz","caption":"Romaguera-Crona","avatarURL":"https://i.pravatar.cc/150?u=1","initials":"LG"},"#
                + #"{"id":"2","title":"张伟","subtitle":"zhang.wei@example.cn","caption":null,"avatarURL":null,"initials":"张伟"},"#
                + #"{"id":"3","title":"José Núñez","subtitle":"jose@example.es","caption":"Says \"hola\", often","avatarURL":null,"initials":"JN"},"#
                + #"{"id":"10","title":"Party 🎉","subtitle":null,"caption":"🎉 fan","avatarURL":null,"initials":"P"}"#
                + "]}\n"
            #expect(text == expected)
        }

        @Test func emptyState() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.empty)
            #expect(text == #"{"state":"empty","totalItems":0,"page":1,"pageSize":0,"totalPages":0,"hasMore":false,"items":[]}"# + "\n")
        }

        @Test func pagePastTheEndIsLoadedWithNoItems() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.pastEnd)
            #expect(text == #"{"state":"loaded","totalItems":137,"page":9,"pageSize":20,"totalPages":7,"hasMore":false,"items":[]}"# + "\n")
        }

        @Test func controlCharactersInCellsAreEscaped() throws {
            let cell = UserCellViewModel(id: "7", title: "A\tB", subtitle: nil, caption: "line 1\nline 2\u{1b}[0m",
                                         avatarURL: nil, initials: "AB")
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.single(cell))
            #expect(text == #"{"state":"loaded","totalItems":1,"page":1,"pageSize":1,"totalPages":1,"hasMore":false,"items":["#
                + #"{"id":"7","title":"A\tB","subtitle":null,"caption":"line 1\nline 2\u001b[0m","avatarURL":null,"initials":"AB"}]}"# + "\n")
        }

        @Test func statesWithoutAPageWriteOnlyTheirName() throws {
            #expect(try RenderingFixtures.render(renderer, .loading) == #"{"state":"loading"}"# + "\n")
            #expect(try RenderingFixtures.render(renderer, .idle) == #"{"state":"idle"}"# + "\n")
            #expect(try RenderingFixtures.render(renderer, .error(UserlistError(.data, Diagnostic(.syntax, "x")))) == #"{"state":"error"}"# + "\n")
        }
    }
}

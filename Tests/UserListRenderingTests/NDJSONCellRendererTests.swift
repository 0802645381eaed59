import Testing
@testable import UserListRendering
import UserListViewModel

extension Rendering {
    @Suite struct NDJSONCellRendererTests {
        private let renderer = NDJSONCellRenderer()

        @Test func oneCellPerLineWithoutEnvelope() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.loaded)
            let expected = #"{"id":"1","title":"Leanne Graham","subtitle":"Sincere@april.biz","caption":"Romaguera-Crona","avatarURL":"https://i.pravatar.cc/150?u=1","initials":"LG"}"# + "\n"
                + #"{"id":"2","title":"张伟","subtitle":"zhang.wei@example.cn","caption":null,"avatarURL":null,"initials":"张伟"}"# + "\n"
                + #"{"id":"3","title":"José Núñez","subtitle":"jose@example.es","caption":"Says \"hola\", often","avatarURL":null,"initials":"JN"}"# + "\n"
                + #"{"id":"10","title":"Party 🎉","subtitle":null,"caption":"🎉 fan","avatarURL":null,"initials":"P"}"# + "\n"
            #expect(text == expected)
        }

        @Test func emptyAndPastTheEndWriteNothing() throws {
            #expect(try RenderingFixtures.render(renderer, RenderingFixtures.empty) == "")
            #expect(try RenderingFixtures.render(renderer, RenderingFixtures.pastEnd) == "")
        }

        @Test func newlinesInValuesStayEscapedOnOneLine() throws {
            let cell = UserCellViewModel(id: "5", title: "Two\nLines", subtitle: nil, caption: "\r\n",
                                         avatarURL: nil, initials: "TL")
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.single(cell))
            #expect(text == #"{"id":"5","title":"Two\nLines","subtitle":null,"caption":"\r\n","avatarURL":null,"initials":"TL"}"# + "\n")
        }
    }
}

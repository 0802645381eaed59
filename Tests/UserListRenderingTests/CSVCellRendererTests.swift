import Testing
@testable import UserListRendering
import UserListViewModel

extension Rendering {
    @Suite struct CSVCellRendererTests {
        private let renderer = CSVCellRenderer()

        @Test func headerThenOneCRLFRowPerCell() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.loaded)
            let expected = "id,title,subtitle,caption,avatarURL,initials\r\n"
                + "1,Leanne Graham,Sincere@april.biz,Romaguera-Crona,https://i.pravatar.cc/150?u=1,LG\r\n"
                + "2,张伟,zhang.wei@example.cn,,,张伟\r\n"
                + "3,José Núñez,jose@example.es,\"Says \"\"hola\"\", often\",,JN\r\n"
                + "10,Party 🎉,,🎉 fan,,P\r\n"
            #expect(text == expected)
        }

        @Test func emptyAndPastTheEndAreHeaderOnly() throws {
            let header = "id,title,subtitle,caption,avatarURL,initials\r\n"
            #expect(try RenderingFixtures.render(renderer, RenderingFixtures.empty) == header)
            #expect(try RenderingFixtures.render(renderer, RenderingFixtures.pastEnd) == header)
        }

        @Test func quotingFollowsRFC4180() throws {
            let cell = UserCellViewModel(
                id: "a,b", title: "\"quoted\"", subtitle: "line 1\nline 2", caption: "cr\rhere",
                avatarURL: " padded ", initials: "it's")
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.single(cell))
            #expect(text == "id,title,subtitle,caption,avatarURL,initials\r\n"
                + "\"a,b\",\"\"\"quoted\"\"\",\"line 1\nline 2\",\"cr\rhere\",\" padded \",it's\r\n")
        }

        @Test func tabsAtTheEdgesAreQuotedButInnerSpacesAreNot() throws {
            let cell = UserCellViewModel(id: "1", title: "\tTab", subtitle: "in side", caption: "",
                                         avatarURL: nil, initials: "T")
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.single(cell))
            #expect(text == "id,title,subtitle,caption,avatarURL,initials\r\n1,\"\tTab\",in side,,,T\r\n")
        }
    }
}

import Testing
import UserListViewModel
@testable import UserListRendering
import UserListDomain

extension Rendering {
    @Suite struct MarkdownRendererTests {
        private let renderer = MarkdownRenderer()

        @Test func aTableThenTheFooterBelowIt() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.loaded)
            #expect(text == """
                | ID | Name | Email | Caption |
                | --- | --- | --- | --- |
                | 1 | Leanne Graham | Sincere@april.biz | Romaguera-Crona |
                | 2 | 张伟 | zhang.wei@example.cn |  |
                | 3 | José Núñez | jose@example.es | Says "hola", often |
                | 10 | Party 🎉 |  | 🎉 fan |

                page 2 of 7 · 137 users

                """)
        }

        @Test func nothingMatchedIsOneLine() throws {
            #expect(try RenderingFixtures.render(renderer, RenderingFixtures.empty) == "No users found\n")
        }

        @Test func aPagePastTheEndKeepsTheHeaderAndTheFooter() throws {
            #expect(try RenderingFixtures.render(renderer, RenderingFixtures.pastEnd) == "| ID | Name | Email | Caption |\n| --- | --- | --- | --- |\n\npage 9 of 7 · 137 users\n")
        }

        @Test(arguments: [
            ("a | b", "a \\| b"),
            ("back\\slash", "back\\\\slash"),
            ("**bold** _em_ `code`", "\\*\\*bold\\*\\* \\_em\\_ \\`code\\`"),
            ("[link](javascript:alert(1))", "\\[link\\](javascript:alert(1))"),
            ("![img](http://x/y.png)", "\\!\\[img\\](http://x/y.png)"),
            ("<script>x</script> &amp;", "\\<script\\>x\\</script\\> \\&amp;"),
            ("~~strike~~", "\\~\\~strike\\~\\~"),
            ("two\nlines", "two<br>lines"),
            ("crlf\r\nand\rcr", "crlf<br>and<br>cr"),
            ("esc \u{1B}[31m and \u{202E}rlo", "esc \\\\u001b\\[31m and \\\\u202erlo"),
            ("Zoë 张伟 plain.name@example.com", "Zoë 张伟 plain.name@example.com"),
        ])
        func valuesAreTextNotMarkup(value: String, shown: String) {
            let output = OutputWriter()
            MarkdownRenderer.appendCell(value, to: output)
            #expect(output.text == shown)
        }

        @Test func fieldsNameTheColumns() throws {
            let renderer = MarkdownRenderer(columns: try OutputColumns(parsing: "id,initials"))
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.single(RenderingFixtures.leanne))
            #expect(text == "| id | initials |\n| --- | --- |\n| 1 | LG |\n\npage 1 of 1 · 1 user\n")
        }
    }
}

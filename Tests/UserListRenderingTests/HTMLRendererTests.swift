import Testing
import UserListViewModel
@testable import UserListRendering
import UserListDomain

extension Rendering {
    @Suite struct HTMLRendererTests {
        private let renderer = HTMLRenderer(document: PageDocument(inputs: ["users.json"], generatedAt: 1_764_114_960), paged: true)

        @Test func escapingLeavesNoMarkup() {
            #expect(HTMLText.escaped("<script>alert('x')</script> & \"q\"") == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
            #expect(HTMLText.escaped("Zoë 张伟") == "Zoë 张伟")
            // Shown as the terminal table shows them, then escaped.
            #expect(HTMLText.escaped("\u{202E}exe.txt\u{1B}<") == "\\u202eexe.txt\\u001b&lt;")
        }

        @Test func theSearchKeyIsFoldedOneFieldALine() {
            #expect(HTMLText.searchKey(["Zoë Müller", nil, "ZOE@Example.DE"]) == "zoe muller\nzoe@example.de")
            #expect(HTMLText.searchKey(["a<b&\"c'", "x\u{1B}y"]) == "a&lt;b&amp;&quot;c&#39;\nx\u{FFFD}y")
        }

        @Test(arguments: [
            ("https://cdn.example.com/a.png", true), ("http://x.example/a", true), ("HTTPS://X.EXAMPLE/A", true),
            ("javascript:alert(1)", false), ("JavaScript:alert(1)", false), ("data:image/png;base64,AAAA", false),
            ("java\tscript:alert(1)", false), ("//evil.example/x.png", false), ("file:///etc/passwd", false),
            ("/avatars/1.png", false), ("https://", false), ("https://x.example/a b.png", false), ("https://x.example/\u{0}", false),
            ("vbscript:msgbox", false), ("  https://x.example/a.png", false),
        ])
        func onlyHTTPAvatarsLoad(url: String, loads: Bool) {
            #expect((AvatarSource.loadable(url) != nil) == loads)
        }

        @Test func theColourFollowsTheID() {
            #expect(AvatarColour.index(of: "1") == AvatarColour.index(of: "1"))
            let colours = Set((1...200).map { AvatarColour.index(of: String($0)) })
            #expect(colours == Set(0..<AvatarColour.count))
        }

        @Test func aRowIsTheSeedsUserRow() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.loaded)
            #expect(text.contains("<li data-k=\"leanne graham\nsincere@april.biz\"><span class=\"avatar c\(AvatarColour.index(of: "1"))\" aria-hidden=\"true\">LG<img src=\"https://i.pravatar.cc/150?u=1\" alt=\"\" loading=\"lazy\""))
            #expect(text.contains("<p class=\"title\">José Núñez</p><p class=\"subtitle\">jose@example.es</p><p class=\"caption\">Says &quot;hola&quot;, often</p>"))
            // No avatar: the initials alone; no email: no subtitle.
            #expect(text.contains("aria-hidden=\"true\">P</span><div class=\"text\"><p class=\"title\">Party 🎉</p><p class=\"caption\">🎉 fan</p></div></li>"))
            #expect(text.components(separatedBy: "<li data-k=").count - 1 == 4)
            #expect(text.contains("<span class=\"count\">page 2 of 7 · 137 users</span>"))
            #expect(text.contains("<time datetime=\"2025-11-25T23:56:00Z\">2025-11-25 23:56 UTC</time>"))
            #expect(text.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
            #expect(text.hasSuffix("</body>\n</html>\n"))
        }

        @Test func compiledRowsAreWhatMustacheRenders() throws {
            let users: [User] = [
                User(id: "1", name: "Zoë <Müller>", username: "zoe", email: "z@example.de", avatarURL: "https://x.example/a.png?a=1&b=2", bio: "Line\nTwo"),
                User(id: "2", name: nil, username: "\u{1B}[31mred", email: nil, avatarURL: "javascript:alert(1)", bio: nil),
                User(id: "3", name: "张伟", username: nil, email: "\"q\"@example.cn", avatarURL: nil, bio: "  \n  caption ' here"),
                User(id: "4", name: "\u{202E}exe", username: "x\u{0}y", email: "e@example.com", avatarURL: "HTTP://X.EXAMPLE/B", bio: nil),
            ]
            let cells = [RenderingFixtures.leanne, RenderingFixtures.zhang, RenderingFixtures.jose, RenderingFixtures.party]
            let rows = users.map { UserRow(user: $0) } + cells.map { UserRow(cell: $0, user: nil) }
            for row in rows {
                let compiled = OutputWriter()
                renderer.appendRow(row, to: compiled)
                #expect(compiled.text == HTMLTemplates.shared.row.render(HTMLRowContext(row)))
            }
            let encoded = renderer.encode(rows)
            #expect(encoded.count == rows.count)
        }

        @Test func thePagerLinksTheSplitFiles() throws {
            let text = try RenderingFixtures.render(renderer, RenderingFixtures.loaded)
            let links = text.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(links == ["#list", "page-1.html", "page-1.html", "page-2.html", "page-3.html", "page-4.html", "page-7.html", "page-3.html"])
            #expect(text.contains("<li><span aria-hidden=\"true\">…</span></li>"))
            #expect(text.contains("<a href=\"page-2.html\" aria-current=\"page\">2</a>"))
            // Without --page there is no pager.
            let whole = HTMLRenderer(document: renderer.document, paged: false)
            #expect(!(try RenderingFixtures.render(whole, RenderingFixtures.single(RenderingFixtures.leanne))).contains("<nav"))
        }

        @Test func theEmptyStateAndAPagePastTheEnd() throws {
            let empty = try RenderingFixtures.render(renderer, RenderingFixtures.empty)
            #expect(empty.contains("<h2 id=\"state-title\">No users found</h2>") && !empty.contains("<ul id=\"users\"") && !empty.contains("role=\"search\""))
            let past = try RenderingFixtures.render(renderer, RenderingFixtures.pastEnd)
            #expect(past.contains("No users on this page") && past.contains("<a href=\"page-7.html\" rel=\"prev\">"))
        }

        @Test func theCSPNamesTheInlineStyleAndScriptByHash() {
            #expect(SHA256.base64(SHA256.digest(Array("abc".utf8))) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
            #expect(SHA256.base64(SHA256.digest([])) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
            let long = [UInt8](repeating: 0x61, count: 1_000)
            #expect(SHA256.base64(SHA256.digest(long)) == "Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM=")
            #expect(HTMLPageAssets.contentSecurityPolicy.contains("script-src 'sha256-\(SHA256.base64Digest(of: HTMLPageScript.text))'"))
            #expect(HTMLPageAssets.contentSecurityPolicy.hasPrefix("default-src 'none'; img-src http: https:;"))
        }

        @Test(arguments: [
            (Int64(0), "1970-01-01T00:00:00Z"), (951_782_400, "2000-02-29T00:00:00Z"), (1_764_114_960, "2025-11-25T23:56:00Z"),
            (4_102_444_799, "2099-12-31T23:59:59Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
        ])
        func timesAreUTC(seconds: Int64, iso: String) {
            #expect(PageDocument(inputs: [], generatedAt: seconds).isoTime == iso)
        }

        @Test func theSourceNamesTheInputs() {
            #expect(PageDocument(inputs: [], generatedAt: 0).source == "standard input")
            #expect(PageDocument(inputs: ["-"], generatedAt: 0).source == "standard input")
            #expect(PageDocument(inputs: ["a.json", "b.json"], generatedAt: 0).source == "a.json and b.json")
            #expect(PageDocument(inputs: ["a", "b", "c"], generatedAt: 0).source == "a and 2 more")
        }
    }
}

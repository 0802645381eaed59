import Foundation
import Testing

/// `--format html` and `markdown` end to end: the page in a real browser, the table in a real
/// markdown parser, `--split-pages` against `--page N`, and `-o` kept by a failed run.
@Suite("Pages: html and markdown")
struct PageTests {
    /// Debian's `chromium`, when installed (`.ci/run` installs it).
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Whether python3 can import markdown-it-py (`.ci/run` installs it).
    static let markdownIt: Bool = (try? CommandRunner.run("python3 -c 'import markdown_it'").status == 0) ?? false
    /// Where the browser test leaves its screenshots.
    static let screenshots = CommandRunner.packageRoot.appendingPathComponent(".build/page-screenshots")

    @Test(.enabled(if: chromium != nil, "chromium is not installed (apt-get install chromium): the page is not checked in a browser"))
    func thePageInHeadlessChromium() throws {
        let result = try CommandRunner.run("timeout 600 python3 Tests/Pages/check_pages.py --userlist \"$(command -v userlist)\" --screenshots '\(Self.screenshots.path)'")
        let report = String(decoding: result.stdout, as: UTF8.self) + String(decoding: result.stderr, as: UTF8.self)
        #expect(result.status == 0, "\(report)")
        #expect(report.contains(" passed, 0 failed"), "\(report)")
        for name in ["page-light-1280", "page-dark-1280", "page-light-390", "page-dark-390"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: Self.screenshots.appendingPathComponent("\(name).png").path)[.size] as? Int) ?? 0
            #expect(size > 10_000, "screenshot \(name).png")
        }
    }

    @Test(.enabled(if: markdownIt, "markdown-it-py is not installed (python3 -m pip install markdown-it-py): markdown is not parsed"))
    func markdownIsATableToAMarkdownParser() throws {
        // Each case: the rows as --format json has them, and the table markdown-it makes of --format markdown.
        for options in ["Samples/jsonplaceholder-users.json --sort name", "Samples/hostile-strings.json", "Tests/Pages/hostile-page.json --page 1 --page-size 5",
                        "Samples/international-users.json --fields id,name,address.city,company.name"] {
            let script = """
                import json, subprocess, sys
                from markdown_it import MarkdownIt
                from html.parser import HTMLParser
                args = sys.argv[1].split()
                md = subprocess.run(["userlist", *args, "-f", "markdown"], capture_output=True, text=True, check=True).stdout
                tokens = MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(md)
                rows, row = [], None
                for t in tokens:
                    if t.type == "tr_open": row = []
                    elif t.type == "tr_close": rows.append(row); row = None
                    elif t.type == "inline" and row is not None:
                        # A cell's text: what the parser made of it, line breaks as \\n.
                        row.append("".join(c.content if c.type == "text" else "\\n" if c.type in ("softbreak", "hardbreak") or (c.type == "html_inline" and c.content == "<br>") else "<" + c.type + ">" for c in t.children))
                footer = [t.content for t in tokens if t.type == "inline"][-1]
                print(json.dumps({"rows": rows, "footer": footer, "html": MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(md)}))
                """
            let result = try CommandRunner.run("python3 -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))' '\(options)'")
            try #require(result.status == 0, "\(options): \(String(decoding: result.stderr, as: UTF8.self))")
            let parsed = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
            let rows = parsed["rows"] as! [[String]]
            let json = try JSONSerialization.jsonObject(with: try CommandRunner.run("userlist \(options) -f json").stdout) as! [String: Any]
            let items = json["items"] as! [[String: Any]]
            let keys = options.contains("--fields") ? ["id", "name", "address.city", "company.name"] : ["id", "title", "subtitle", "caption"]
            #expect(rows.count == items.count + 1, "\(options): a header row and one row per user")
            #expect(rows.first?.count == keys.count)
            for (row, item) in zip(rows.dropFirst(), items) {
                let expected = keys.map { key -> String in
                    guard let value = item[key] as? String else { return "" }
                    return Self.shownInMarkdown(value)
                }
                #expect(row == expected, "\(options): \(row) against \(expected)")
            }
            let total = json["totalItems"] as! Int
            #expect((parsed["footer"] as! String).hasSuffix("\(total) user\(total == 1 ? "" : "s")"), "\(options)")
            let html = parsed["html"] as! String
            #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<a ") && !html.contains("<strong"), "\(options): \(html)")
        }
    }

    /// A value as a markdown table cell shows it: a line break as a break (here `\n`), other
    /// control characters and bidi overrides escaped as the terminal table shows them.
    static func shownInMarkdown(_ value: String) -> String {
        var out = ""
        for line in value.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).enumerated() {
            if line.offset > 0 { out += "\n" }
            for scalar in line.element.unicodeScalars {
                let v = scalar.value
                if v < 0x20 || (0x7F..<0xA0).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                    switch scalar {
                    case "\t": out += "\\t"
                    case "\u{8}": out += "\\b"
                    case "\u{C}": out += "\\f"
                    default: out += String(format: "\\u%04x", v)
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    @Test(arguments: ["html", "markdown", "json", "csv", "tsv", "ndjson", "table"])
    func eachSplitPageIsWhatPageNPrints(format: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-split-\(format)-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ext = ["html": "html", "markdown": "md", "json": "json", "csv": "csv", "tsv": "tsv", "ndjson": "ndjson", "table": "txt"][format]!
        // A stale page from a longer answer, and a file that is not a page: only the first goes.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "old".write(to: directory.appendingPathComponent("page-9.\(ext)"), atomically: true, encoding: .utf8)
        try "keep".write(to: directory.appendingPathComponent("notes.\(ext)"), atomically: true, encoding: .utf8)
        for sort in ["", "--sort name"] {
            let query = "Samples/export.ndjson --search e \(sort) --page-size 4 -f \(format)"
            let split = try CommandRunner.run("SOURCE_DATE_EPOCH=86400 userlist \(query) --split-pages \(directory.path)")
            #expect(split.status == 0 && split.stdout.isEmpty, "\(String(decoding: split.stderr, as: UTF8.self))")
            let total = try JSONSerialization.jsonObject(with: try CommandRunner.run("userlist \(query.replacingOccurrences(of: "-f \(format)", with: "-f json"))").stdout) as! [String: Any]
            let pages = total["totalPages"] as! Int
            #expect(pages >= 3, "several pages")
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(names == ((1...pages).map { "page-\($0).\(ext)" } + ["notes.\(ext)"]).sorted())
            for page in 1...pages {
                let one = try CommandRunner.run("SOURCE_DATE_EPOCH=86400 userlist \(query) --page \(page)")
                let file = try Data(contentsOf: directory.appendingPathComponent("page-\(page).\(ext)"))
                #expect(file == one.stdout, "\(format) \(sort) page \(page)")
            }
        }
    }

    @Test func anEmptyAnswerIsOnePageWithTheEmptyState() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-split-empty-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run("userlist Samples/export.ndjson --search zzzz -f html --split-pages \(directory.path)")
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["page-1.html"])
        #expect(try String(contentsOf: directory.appendingPathComponent("page-1.html"), encoding: .utf8).contains("No users found"))
    }

    @Test(arguments: [
        ("--split-pages /tmp/x --page 2", "userlist: --split-pages: writes every page; it can't be used with --page (use --page-size for the size of each page)"),
        ("--split-pages /tmp/x --limit 3", "userlist: --split-pages: writes every page; it can't be used with --limit"),
        ("--split-pages /tmp/x -o /tmp/y", "userlist: --split-pages writes files into its directory: it can't be used with --output (see 'userlist --help')"),
        ("--split-pages Samples/export.ndjson", "userlist: --split-pages: Samples/export.ndjson: not a directory"),
        ("-f html --fields id,name", "userlist: --fields: the html page shows the seed's row (avatar, title, subtitle, caption); use markdown, csv or table for other columns (see 'userlist --help')"),
        ("-f markdown --no-header", "userlist: --no-header: a markdown table always has its header (GitHub-flavoured markdown needs it) (see 'userlist --help')"),
    ])
    func refusals(options: String, message: String) throws {
        let result = try CommandRunner.run("userlist Samples/export.ndjson \(options)")
        #expect(result.status == (options.contains("not a directory") || options.hasSuffix("export.ndjson") ? 73 : 64), "\(options)")
        #expect(String(decoding: result.stderr, as: UTF8.self) == message + "\n", "\(options)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aLimitedPageSaysHowManyOfHowManyAndHasNoPager() throws {
        let result = try CommandRunner.run("SOURCE_DATE_EPOCH=0 userlist Samples/jsonplaceholder-users.json --limit 3 -f html")
        let page = String(decoding: result.stdout, as: UTF8.self)
        #expect(page.contains("<span class=\"count\">3 of 10 users</span>"))
        #expect(!page.contains("<nav") && page.components(separatedBy: "<li data-k=").count == 4)
        let paged = String(decoding: try CommandRunner.run("SOURCE_DATE_EPOCH=0 userlist Samples/jsonplaceholder-users.json --page-size 3 -f html").stdout, as: UTF8.self)
        #expect(paged.contains("<span class=\"count\">page 1 of 4 · 10 users</span>") && paged.contains("<nav class=\"pager\""))
    }

    @Test func aBadSourceDateEpochIsAUsageError() throws {
        let result = try CommandRunner.run("SOURCE_DATE_EPOCH=yesterday userlist Samples/export.ndjson -f html")
        #expect(result.status == 64)
        #expect(String(decoding: result.stderr, as: UTF8.self) == "userlist: SOURCE_DATE_EPOCH: expected whole seconds since 1970-01-01 UTC, got 'yesterday'\n")
    }

    @Test(arguments: ["html", "markdown"])
    func aFailedRunKeepsTheOldFileAndWritesNothing(format: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("userlist-keep-\(format)-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("users.\(format)")
        try "yesterday\n".write(to: file, atomically: true, encoding: .utf8)
        // Good users first (they are rendered and spooled), then bad JSON.
        let failed = try CommandRunner.run("userlist Samples/export.ndjson Samples/bad-truncated.json -f \(format) -o \(file.path)")
        #expect(failed.status == 65)
        #expect(try String(contentsOf: file, encoding: .utf8) == "yesterday\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["users.\(format)"])
        let toStandardOutput = try CommandRunner.run("userlist Samples/export.ndjson Samples/bad-truncated.json -f \(format)")
        #expect(toStandardOutput.status == 65 && toStandardOutput.stdout.isEmpty)
    }

    @Test(arguments: ["html", "markdown"])
    func spooledAndSortedPagesAgree(format: String) throws {
        // jsonplaceholder's ids are in order: --sort id (rendered from memory) and no sort (rows
        // spooled to disk, then framed) must print the same page.
        let spooled = try CommandRunner.run("SOURCE_DATE_EPOCH=0 userlist Samples/jsonplaceholder-users.json -f \(format)")
        let sorted = try CommandRunner.run("SOURCE_DATE_EPOCH=0 userlist Samples/jsonplaceholder-users.json --sort id -f \(format)")
        #expect(spooled.status == 0 && !spooled.stdout.isEmpty)
        #expect(spooled.stdout == sorted.stdout)
    }
}

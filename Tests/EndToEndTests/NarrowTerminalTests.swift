import Foundation
import Testing
import UserListKit

/// Issue 21: on a terminal, a table fits its width (`COLUMNS`, else the terminal's): columns
/// shrink and cut with `…`, the narrowest leave out columns, the footer drops its hint and is
/// cut, and no line wraps; widths are grapheme clusters (ZWJ families, skin tones, VS16, flags,
/// keycaps, CJK, Hangul, combining accents). `--no-truncate` keeps every value whole.
@Suite("Narrow terminals")
struct NarrowTerminalTests {
    static let sample = "Samples/wide-and-emoji-users.json"

    static func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test(arguments: [8, 12, 20, 28, 36, 44, 60, 90, 200])
    func everyLineFits(_ columns: Int) throws {
        for command in ["userlist \(Self.sample) --color never", "userlist Samples/international-users.json --color never --sort name",
                        "userlist Samples/jsonplaceholder-users.json --color never --limit 0",
                        "userlist diff Samples/diff/old.ndjson Samples/diff/new.ndjson 2>/dev/null"] {
            let result = try PseudoTerminal.run(command, columns: columns)
            let lines = Self.lines(result.stdout)
            #expect(lines.count >= 4, "\(command) at \(columns)")
            for line in lines {
                // Colour (the diff's) takes no column.
                let shown = line.replacing(/\u{1B}\[[0-9;]*m/, with: "")
                #expect(DisplayWidth.of(shown) <= columns, "\(command) at \(columns): \(line)")
            }
            // Every row is there, cut or not: the list's six users, header and footer.
            if command.contains(Self.sample) { #expect(lines.count == 8) }
        }
    }

    /// Wide enough, nothing is cut, and columns line up: the EMAIL column starts at the same
    /// display column on every row whatever the emoji before it.
    @Test func emojiSequencesLineUp() throws {
        let lines = Self.lines(try PseudoTerminal.run("userlist \(Self.sample) --color never --fields name,email", columns: 80).stdout)
        #expect(!lines.joined().contains("…"))
        // The email is each row's last word (and `email` the header's).
        let starts = lines.dropLast().map { line -> Int in
            let email = line.split(separator: " ").last!
            return DisplayWidth.of(String(line[..<email.startIndex]))
        }
        #expect(starts.count == 7)
        #expect(Set(starts) == [DisplayWidth.of("The Müller family 👨‍👩‍👧‍👦") + 2], "\(lines)")
    }

    @Test func noTruncateKeepsEveryValue() throws {
        let cut = try PseudoTerminal.run("userlist \(Self.sample) --color never", columns: 30)
        let whole = try PseudoTerminal.run("userlist \(Self.sample) --color never --no-truncate", columns: 30)
        #expect(String(decoding: cut.stdout, as: UTF8.self).contains("…"))
        let text = String(decoding: whole.stdout, as: UTF8.self)
        #expect(!text.contains("…"))
        for value in ["The Müller family 👨‍👩‍👧‍👦", "minjun.kim@example.kr", "❤️ ramen, ☕ and ｆｕｌｌｗｉｄｔｈ text"] {
            #expect(text.contains(value))
        }
        // In a pipe the table is never cut, as before.
        let piped = try CommandRunner.run("COLUMNS=30 userlist \(Self.sample) -f table")
        #expect(!String(decoding: piped.stdout, as: UTF8.self).contains("…"))
        let diff = try PseudoTerminal.run("userlist diff Samples/diff/old.ndjson Samples/diff/new.ndjson --no-truncate 2>/dev/null", columns: 30)
        #expect(String(decoding: diff.stdout, as: UTF8.self).contains("zoe@mueller.example.de"))
    }

    /// The footer's hint goes before the count is cut.
    @Test func theFooterFits() throws {
        let lines = Self.lines(try PseudoTerminal.run("userlist Samples/export.ndjson --color never 2>/dev/null", columns: 40).stdout)
        #expect(lines.last == "page 1 of 2 · 25 users")
        let wide = Self.lines(try PseudoTerminal.run("userlist Samples/export.ndjson --color never 2>/dev/null", columns: 120).stdout)
        #expect(wide.last == "page 1 of 2 · 25 users — --page 2 for the next 20, --limit 0 for all")
    }
}

import Foundation
import Testing

/// Issue 21: a table longer than the terminal goes through `$PAGER` (`less -FRX` by default) when
/// standard output is a terminal, as git and gh page; `--no-pager`, `PAGER=cat` and `PAGER=`
/// turn it off; a pipe is never paged; quitting the pager early is a success. The pager here is
/// `sed`, marking each line it is given, in a pseudo-terminal of `LINES` rows.
@Suite("Pager")
struct PagerTests {
    static let sample = "Samples/jsonplaceholder-users.json"
    static let marking = "PAGER='sed s/^/paged:/'"

    static func terminal(_ command: String) throws -> String {
        String(decoding: try PseudoTerminal.run(command).stdout, as: UTF8.self)
    }

    @Test func aTableLongerThanTheTerminalIsPaged() throws {
        let text = try Self.terminal("LINES=10 \(Self.marking) userlist \(Self.sample) --limit 0 --fields id --color never; echo \"exit $?\"")
        let lines: [String] = ["paged:id"] + (1...10).map { "paged:\($0)" } + ["paged:page 1 of 1 · 10 users", "exit 0"]
        #expect(text == lines.map { $0 + "\r\n" }.joined())
    }

    @Test func aTableThatFitsIsNot() throws {
        let text = try Self.terminal("LINES=13 \(Self.marking) userlist \(Self.sample) --limit 0 --fields id --color never")
        let lines: [String] = ["id"] + (1...10).map(String.init) + ["page 1 of 1 · 10 users"]
        #expect(text == lines.map { $0 + "\r\n" }.joined())
    }

    @Test(arguments: ["LINES=10 \(marking) userlist \(sample) --limit 0 --fields id --color never --no-pager",
                      "LINES=10 PAGER=cat userlist \(sample) --limit 0 --fields id --color never",
                      "LINES=10 PAGER= userlist \(sample) --limit 0 --fields id --color never",
                      "LINES=10 \(marking) userlist \(sample) --limit 0 --fields id -f csv",
                      "LINES=10 \(marking) userlist \(sample) --limit 0 --fields id -f table | cat"])
    func notPaged(_ command: String) throws {
        let text = try Self.terminal(command)
        #expect(!text.contains("paged:"), "\(command)")
        #expect(text.contains("\n10"), "\(command)")
    }

    @Test func theDiffsTableToo() throws {
        let text = try Self.terminal("LINES=4 \(Self.marking) userlist diff Samples/diff/old.ndjson Samples/diff/new.ndjson --color never 2>/dev/null; echo \"exit $?\"")
        #expect(text.hasPrefix("paged:CHANGE   ID  NAME"), "\(text)")
        #expect(text.hasSuffix("paged:1 added · 1 removed · 2 changed\r\nexit 1\r\n"), "\(text)")
    }

    /// A pager quit before the end (here `head -n 2`): the run ends, exit 0, not by SIGPIPE.
    @Test func quittingThePagerEarlyIsASuccess() throws {
        let text = try Self.terminal("""
            seq 30000 | sed 's/.*/{"id":&}/' > $T/many.ndjson; LINES=10 PAGER='head -n 2' userlist $T/many.ndjson --limit 0 --fields id --color never --no-progress; echo "exit $?"
            """)
        #expect(text == "id\r\n1\r\nexit 0\r\n")
    }
}

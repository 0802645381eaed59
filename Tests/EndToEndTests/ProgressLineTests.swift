import Foundation
import Testing

/// Issue 21: the progress line is on standard error only when it is a terminal (not `TERM=dumb`),
/// is erased before the first byte of results reaches a terminal, before each warning, and on
/// ^C; it never reaches a pipe or a file, and nothing is erased when it was never drawn. Each
/// case runs the built binary under a pseudo-terminal and checks the terminal's exact bytes,
/// the progress text itself (whose rate varies) written `<progress>`.
@Suite("Progress line", .serialized)
struct ProgressLineTests {
    static let erase = "\r\u{1B}[K"
    /// Two users, the second after the progress line has been drawn (it waits a second), and a
    /// record without an id between them, which is warned about while the line is on screen.
    static let slowUsers = PseudoTerminal.slowInput([#"{"id":1,"name":"Ada"}"#, "@1.8", #"{"name":"no id"}"#, "@0.6", #"{"id":2,"name":"Bo"}"#])
    static let summary = "userlist: 3 records → 2 users (1 rejected, 0 duplicates) · 2 matched"
    static let warning = #"userlist: warning: <stdin>:2:1: skipped record .: no "id""#

    @Test func aQuickRunWritesNoEscapeAtAll() throws {
        let result = try PseudoTerminal.run("userlist Samples/jsonplaceholder-users.json --count; userlist Samples/jsonplaceholder-users.json --limit 1 -f csv --fields id")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "10\r\nid\r\r\n1\r\r\n")
    }

    @Test func theCountStartsOnAClearedLine() throws {
        let result = try PseudoTerminal.run("\(Self.slowUsers) | userlist --count")
        #expect(PseudoTerminal.normalised(result.stdout)
            == "<progress>\(Self.erase)\(Self.warning)\r\n<progress>\(Self.erase)2\r\n\(Self.summary) · 1 written · <s> s\r\n")
    }

    @Test func aTableStartsOnAClearedLine() throws {
        let result = try PseudoTerminal.run("\(Self.slowUsers) | userlist -f table --color never --fields id,name")
        #expect(PseudoTerminal.normalised(result.stdout)
            == "<progress>\(Self.erase)\(Self.warning)\r\n<progress>\(Self.erase)id  name\r\n1   Ada\r\n2   Bo\r\npage 1 of 1 · 2 users\r\n\(Self.summary) · 2 written · <s> s\r\n")
    }

    /// Streamed rows stop the line for good at the first row: no redraw among them.
    @Test func streamedRowsStopTheLine() throws {
        let input = PseudoTerminal.slowInput(["@1.8", #"{"id":1}"#, "@0.8", #"{"id":2}"#])
        let result = try PseudoTerminal.run("\(input) | userlist -f csv --fields id")
        #expect(PseudoTerminal.normalised(result.stdout)
            == "<progress>\(Self.erase)id\r\r\n1\r\r\n2\r\r\nuserlist: 2 records → 2 users (0 rejected, 0 duplicates) · 2 matched · 2 written · <s> s\r\n")
    }

    /// Output to a file: the terminal shows progress to the end; the file holds only the rows.
    @Test func aFileGetsNoEscape() throws {
        let result = try PseudoTerminal.run("\(Self.slowUsers) | userlist -f csv --fields id > $T/out.csv; od -c $T/out.csv | sed 's/  */ /g'")
        let text = PseudoTerminal.normalised(result.stdout)
        #expect(text.hasPrefix("<progress>\(Self.erase)\(Self.warning)\r\n<progress>\(Self.erase)\(Self.summary) · 2 written · <s> s\r\n"), "\(text)")
        #expect(text.hasSuffix("0000000 i d \\r \\n 1 \\r \\n 2 \\r \\n\r\n0000012\r\n"), "\(text)")
    }

    /// Standard error into a file (or a pipe): no progress, so no escape in it or on the terminal.
    @Test func standardErrorThatIsNotATerminalGetsNoProgress() throws {
        let result = try PseudoTerminal.run("\(Self.slowUsers) | userlist --count 2> $T/err; cat $T/err")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "2\r\n\(Self.warning)\r\n")
    }

    @Test func aDumbTerminalGetsNoProgress() throws {
        let result = try PseudoTerminal.run("\(Self.slowUsers) | userlist --count", term: "dumb")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "\(Self.warning)\r\n2\r\n")
    }

    @Test func noProgressTurnsItOff() throws {
        let result = try PseudoTerminal.run("\(Self.slowUsers) | userlist --count --no-progress")
        #expect(String(decoding: result.stdout, as: UTF8.self) == "\(Self.warning)\r\n2\r\n")
    }

    /// ^C (SIGINT) while the line is on the screen erases it; the run ends by the signal (130).
    @Test func interruptErasesTheLine() throws {
        let input = PseudoTerminal.slowInput([#"{"id":1}"#, "@6"])
        let result = try PseudoTerminal.run("\(input) | userlist --count & p=$!; sleep 2.2; kill -INT $p; wait $p; echo \"exit $?\"")
        #expect(PseudoTerminal.normalised(result.stdout) == "<progress>\(Self.erase)exit 130\r\n")
    }

    /// `--summary -` and `--rejects -` (standard error, when standard output carries the rows)
    /// start on a clean line.
    @Test func summaryAndRejectsOnStandardErrorStartOnAClearedLine() throws {
        let result = try PseudoTerminal.run("\(Self.slowUsers) | userlist --count --rejects - --summary - > /dev/null")
        let text = PseudoTerminal.normalised(result.stdout)
        let reject = #"{"input":"<stdin>","line":2,"column":1,"path":".","kind":"unusable","reason":"no \"id\"","record":{"name":"no id"}}"#
        #expect(text.hasPrefix("<progress>\(Self.erase)\(Self.warning)\r\n<progress>\(Self.erase)\(reject)\r\n{\"inputs\":1,"), "\(text)")
    }
}

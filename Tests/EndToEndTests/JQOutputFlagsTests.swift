import Foundation
import Testing

/// Issue 21: jq's output options where userlist prints JSON — `-c`, `--indent N`, `--tab`, `-S`,
/// `-C`/`-M` (with `JQ_COLORS`), `-r`, `-j`, `--raw-output0`, `-e` — byte for byte as jq prints:
/// layouts and colours are checked against the jq command (Debian's jq 1.6, whose printer jq
/// 1.7.1 kept; given jq 1.7.1's colours through `JQ_COLORS`).
@Suite("jq's output options")
struct JQOutputFlagsTests {
    static let sample = "Samples/jsonplaceholder-users.json"
    /// Every kind of value, nested and empty containers, non-ASCII and escapes.
    static let program = #"{z: .items[0:2], b: [], c: {}, a: [null, true, false, 1.5, -2, "x\"y\\z\u00e9", [], {}, [[{}]]], "é": {"k": "v", "a": 1}}"#
    /// jq 1.7.1's default colours for the seven kinds jq 1.6 takes (its key colour is 34;1 too).
    static let jq171 = "0;90:0;37:0;37:0;37:0;32:1;37:1;37"

    static func run(_ command: String) throws -> (String, Int32) {
        let result = try CommandRunner.run(command)
        return (String(decoding: result.stdout + result.stderr, as: UTF8.self), result.status)
    }

    @Test(arguments: ["-c", "--indent 0", "--indent 1", "--indent 4", "--indent 7", "--tab", "-S -c", "-S --indent 2", "-S --tab",
                      "-C --indent 2", "-C -c", "-C --tab", "-C -S --indent 3", "-C -S -c"])
    func layoutAndColoursAreJqs(_ flags: String) throws {
        let ours = try CommandRunner.run("userlist \(Self.sample) --limit 2 --jq-out '\(Self.program)' \(flags)")
        let theirs = try CommandRunner.run("userlist \(Self.sample) --limit 2 --jq-out '\(Self.program)' | JQ_COLORS='\(Self.jq171)' jq \(flags) .")
        #expect(theirs.status == 0 && !theirs.stdout.isEmpty, "jq: \(String(decoding: theirs.stderr, as: UTF8.self))")
        #expect(ours.stdout == theirs.stdout, "\(flags)")
    }

    /// The json envelope and ndjson rows take the same options (ndjson stays one row a line).
    @Test func theEnvelopeAndRowsToo() throws {
        let envelope = try CommandRunner.run("userlist \(Self.sample) --limit 1 -f json --indent 3 -S")
        let jq = try CommandRunner.run("userlist \(Self.sample) --limit 1 -f json | jq --indent 3 -S .")
        #expect(envelope.stdout == jq.stdout)
        let rows = try CommandRunner.run("userlist \(Self.sample) --limit 2 -f ndjson -S -C")
        let jqRows = try CommandRunner.run("userlist \(Self.sample) --limit 2 -f ndjson | JQ_COLORS='\(Self.jq171)' jq -S -C -c .")
        #expect(rows.stdout == jqRows.stdout)
    }

    /// jq 1.7.1's colours by default: null bright black (`0;90`), not 1.6's `1;30`.
    @Test func defaultColoursAreJq171s() throws {
        let (text, _) = try Self.run("userlist \(Self.sample) --limit 1 --jq-out '{k: [null, false, true, 1, \"s\"]}' -C")
        let e = "\u{1B}["
        #expect(text == "\(e)1;37m{\(e)0m\(e)34;1m\"k\"\(e)0m\(e)1;37m:\(e)0m\(e)1;37m[\(e)0;90mnull\(e)0m\(e)1;37m,\(e)0;37mfalse\(e)0m\(e)1;37m,"
            + "\(e)0;37mtrue\(e)0m\(e)1;37m,\(e)0;37m1\(e)0m\(e)1;37m,\(e)0;32m\"s\"\(e)0m\(e)1;37m\(e)1;37m]\(e)0m\(e)1;37m\(e)1;37m}\(e)0m\n")
    }

    @Test func jqColorsOverridesAndABadOneIsWarnedAbout() throws {
        let (partial, _) = try Self.run("JQ_COLORS='4;31:0;35' userlist \(Self.sample) --limit 1 --jq-out '[null, false, \"s\"]' -C")
        #expect(partial == "\u{1B}[1;37m[\u{1B}[4;31mnull\u{1B}[0m\u{1B}[1;37m,\u{1B}[0;35mfalse\u{1B}[0m\u{1B}[1;37m,\u{1B}[0;32m\"s\"\u{1B}[0m\u{1B}[1;37m\u{1B}[1;37m]\u{1B}[0m\n")
        let (bad, status) = try Self.run("JQ_COLORS='red' userlist \(Self.sample) --limit 1 --jq-out 'null' -C 2>&1 >/dev/null")
        #expect(status == 0)
        #expect(bad == "userlist: warning: JQ_COLORS: 'red' is not up to eight colours (null:false:true:numbers:strings:arrays:objects:object keys, each like 1;31): using the default colours\n")
        // No colour, no warning: JQ_COLORS isn't read.
        #expect(try Self.run("JQ_COLORS='red' userlist \(Self.sample) --limit 1 --jq-out 'null' 2>&1").0 == "null\n")
    }

    @Test func colourOptions() throws {
        #expect(try Self.run("userlist \(Self.sample) --limit 1 --jq-out '.items[0].id' -C").0 == "\u{1B}[0;32m\"1\"\u{1B}[0m\n")
        #expect(try Self.run("CLICOLOR_FORCE=1 userlist \(Self.sample) --limit 1 --jq-out '.items[0].id' -M").0 == "\"1\"\n")
        let terminal = try PseudoTerminal.run("userlist \(Self.sample) --limit 1 --jq-out '.items[0].id' -M; userlist \(Self.sample) --limit 1 --jq-out '.items[0].id'")
        #expect(String(decoding: terminal.stdout, as: UTF8.self) == "\"1\"\r\n\u{1B}[0;32m\"1\"\u{1B}[0m\r\n")
        #expect(try Self.run("userlist \(Self.sample) -C --color never").0 == "userlist: -C and --color never disagree: use one (see 'userlist --help')\n")
        #expect(try Self.run("userlist \(Self.sample) -C -M").0 == "userlist: -C and -M both choose the colour: use one (see 'userlist --help')\n")
    }

    @Test func rawJoinAndNulSeparatedOutputs() throws {
        let titles = "--limit 3 --jq-out '.items[] | .title'"
        #expect(try Self.run("userlist \(Self.sample) \(titles) -r").0 == "Leanne Graham\nErvin Howell\nClementine Bauch\n")
        #expect(try Self.run("userlist \(Self.sample) \(titles) -j").0 == "Leanne GrahamErvin HowellClementine Bauch")
        #expect(try Self.run("userlist \(Self.sample) \(titles) --raw-output0 | od -An -c | tr -s ' '").0
            == " L e a n n e G r a h a m \\0 E r\n v i n H o w e l l \\0 C l e m e\n n t i n e B a u c h \\0\n")
        // Not strings: JSON, as jq -r prints them.
        #expect(try Self.run("userlist \(Self.sample) --limit 1 --jq-out '.items[0] | [.id, 1]' -j").0 == "[\"1\",1]")
        let (nul, status) = try Self.run("userlist \(Self.sample) --limit 1 --jq-out '\"a\\u0000b\"' --raw-output0")
        #expect(status == 65)
        #expect(nul == "userlist: --raw-output0: a string output holds a NUL byte, which would end it early\n")
        #expect(try Self.run("userlist \(Self.sample) -j").1 == 64)
    }

    /// `-e`: 1 when the last value printed is false or null, 4 when nothing was printed.
    @Test(arguments: [
        ("--jq-out '.items[0].title'", 0), ("--jq-out '.items[0].avatarURL'", 1), ("--jq-out 'false'", 1), ("--jq-out 'empty'", 4),
        ("--jq-out '1, null'", 1), ("--jq-out 'null, 1'", 0), ("-f ndjson", 0), ("-f ndjson --where false", 4), ("-f csv --where false", 4),
        ("-f csv", 0), ("-f json --where false", 0), ("--count --where false", 0), ("-f tsv --limit 1", 0), ("-f table --where false", 4),
    ])
    func exitStatus(_ options: String, _ code: Int32) throws {
        #expect(try Self.run("userlist \(Self.sample) \(options) -e > /dev/null").1 == code, "\(options)")
        // Without -e, a run that printed is 0.
        #expect(try Self.run("userlist \(Self.sample) \(options) > /dev/null").1 == 0)
    }

    @Test(arguments: [
        ("--indent 8", "userlist: --indent takes 0 to 7 spaces, as in jq, got 8 (see 'userlist --help')"),
        ("--indent 2 --tab", "userlist: --tab and --indent both lay out JSON: use one (see 'userlist --help')"),
        ("-c --indent 2", "userlist: -c and --indent both lay out JSON: use one (see 'userlist --help')"),
        ("-f csv --tab", "userlist: --tab: lays out JSON, and --format csv prints none"),
        ("-f table -S", "userlist: -S: lays out JSON, and --format table prints none"),
        ("-f ndjson --indent 2", "userlist: --indent: ndjson is one value a line: indent --format json or --jq-out's outputs"),
        ("--raw-output0", "userlist: --raw-output0 prints --jq-out's outputs: give --jq-out (see 'userlist --help')"),
        ("--jq-out . -j --raw-output0", "userlist: -j and --raw-output0 both end the outputs: use one (see 'userlist --help')"),
    ])
    func refused(_ options: String, _ message: String) throws {
        let (text, status) = try Self.run("userlist \(Self.sample) \(options)")
        #expect(status == 64)
        #expect(text == message + "\n")
    }

    /// On a terminal the envelope is indented two spaces and coloured, as before, in jq 1.7.1's colours.
    @Test func aTerminalGetsPrettyColouredJSON() throws {
        let result = try PseudoTerminal.run("userlist \(Self.sample) --limit 1 --fields id -f json")
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[1;37m{\r\n  \u{1B}[0m\u{1B}[34;1m\"state\"\u{1B}[0m\u{1B}[1;37m: \u{1B}[0m\u{1B}[0;32m\"loaded\"\u{1B}[0m\u{1B}[1;37m,\r\n"), "\(text)")
        let compact = try PseudoTerminal.run("userlist \(Self.sample) --limit 1 --fields id -f json -c -M")
        #expect(String(decoding: compact.stdout, as: UTF8.self) == #"{"state":"loaded","totalItems":10,"page":1,"pageSize":20,"totalPages":1,"hasMore":false,"items":[{"id":"1"}]}"# + "\r\n")
    }
}

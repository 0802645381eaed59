import ArgumentParser
import UserListKit

/// jq beyond `--where`: reshaping the input or the output, and the variables every expression sees.
struct JQOptions: ParsableArguments {
    func validate() throws {
        if let jqTimeout, !(jqTimeout > 0) { throw ValidationError("--jq-timeout must be more than 0 seconds, got \(jqTimeout)") }
        if let indent, !(0...7).contains(indent) { throw ValidationError("--indent takes 0 to 7 spaces, as in jq, got \(indent)") }
        let layouts = [compactOutput ? "-c" : nil, tab ? "--tab" : nil, indent != nil ? "--indent" : nil].compactMap { $0 }
        if layouts.count > 1 { throw ValidationError("\(layouts.joined(separator: " and ")) both lay out JSON: use one") }
        if colorOutput && monochromeOutput { throw ValidationError("-C and -M both choose the colour: use one") }
        if joinOutput && rawOutput0 { throw ValidationError("-j and --raw-output0 both end the outputs: use one") }
        if (joinOutput || rawOutput0) && outputTransform == nil {
            throw ValidationError("\(joinOutput ? "-j" : "--raw-output0") prints --jq-out's outputs: give --jq-out")
        }
    }

    @Option(name: .customLong("jq"), parsing: .unconditional, help: ArgumentHelp("Reshape each input document with a jq expression before decoding; every output is decoded as a document.", valueName: "jq"))
    var preTransform: String?

    @Option(name: .customLong("jq-out"), parsing: .unconditional, help: ArgumentHelp("Transform the output (the json envelope, or each cell with --format ndjson) and print each result as compact JSON.", valueName: "jq"))
    var outputTransform: String?

    // Parsed by JQArguments before ArgumentParser sees the command line; declared for --help.
    @Option(name: .customLong("arg"), help: ArgumentHelp("Bind $name to the string value in every jq expression (repeatable).", valueName: "name value"))
    var argHelp: [String] = []

    @Option(name: .customLong("argjson"), help: ArgumentHelp("Bind $name to the JSON value in every jq expression (repeatable).", valueName: "name json"))
    var argjsonHelp: [String] = []

    @Option(name: .customLong("rawfile"), help: ArgumentHelp("Bind $name to the text of the file ('-': standard input; repeatable).", valueName: "name file"))
    var rawfileHelp: [String] = []

    @Option(name: .customLong("slurpfile"), help: ArgumentHelp("Bind $name to an array of the JSON values in the file ('-': standard input; repeatable).", valueName: "name file"))
    var slurpfileHelp: [String] = []

    @Flag(name: .customLong("args"), help: "The positional arguments after this are strings in $ARGS.positional, not inputs (name inputs before it).")
    var argsHelp = false

    @Flag(name: .customLong("jsonargs"), help: "The positional arguments after this are JSON values in $ARGS.positional.")
    var jsonargsHelp = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop the run (exit 65) when a jq expression runs longer than this on one input (libjq 1.6 has no limit: `def f: f; f` runs forever); inf sets none.", valueName: "seconds"))
    var jqTimeout: Double?

    @Flag(help: "Forbid jq expressions to read files (import, include) or the environment (env, $ENV is {}): for filters taken from a config file.")
    var sandbox = false

    @Flag(name: [.short, .customLong("raw-output")], help: "With --jq-out, print strings without quotes, as jq -r does (so @csv and @tsv lines are usable).")
    var rawOutput = false

    // jq's output options, where userlist prints JSON (json, ndjson, --jq-out).

    @Flag(name: [.customShort("j"), .customLong("join-output")], help: "With --jq-out, as -r, and nothing after each output (jq -j).")
    var joinOutput = false

    @Flag(name: .customLong("raw-output0"), help: "With --jq-out, as -r, and a NUL after each output, for xargs -0 (a string holding NUL is exit 65).")
    var rawOutput0 = false

    @Flag(name: [.customShort("c"), .customLong("compact-output")], help: "JSON on one line, also on a terminal (jq -c).")
    var compactOutput = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Indent JSON (json and --jq-out) by N spaces, 0 to 7; 0 is compact (jq --indent).", valueName: "n"))
    var indent: Int?

    @Flag(help: "Indent JSON (json and --jq-out) with a tab a level (jq --tab).")
    var tab = false

    @Flag(name: [.customShort("S"), .customLong("sort-keys")], help: "Every object's keys in order, at any depth (jq -S).")
    var sortKeys = false

    @Flag(name: [.customShort("e"), .customLong("exit-status")], help: "Exit 1 when the last value printed is false or null, 4 when nothing was printed (no output, no row), as jq -e.")
    var exitStatus = false

    @Flag(name: [.customShort("C"), .customLong("color-output")], help: "Colour, also in a pipe: --color always (jq -C).")
    var colorOutput = false

    @Flag(name: [.customShort("M"), .customLong("monochrome-output")], help: "No colour: --color never (jq -M).")
    var monochromeOutput = false

    /// `-j` and `--raw-output0` print strings raw, as `-r` does.
    var printsRaw: Bool { rawOutput || joinOutput || rawOutput0 }

    /// What follows each `--jq-out` output.
    var separator: String { rawOutput0 ? "\u{0}" : joinOutput ? "" : "\n" }

    /// `--indent`, `--tab` or `-c` as asked; nil when none was.
    var explicitIndent: JSONHighlighter.Indent? {
        if compactOutput { return JSONHighlighter.Indent.none }
        if tab { return .tab }
        if let indent { return indent == 0 ? JSONHighlighter.Indent.none : .spaces(indent) }
        return nil
    }
}

import ArgumentParser

/// jq beyond `--where`: reshaping the input or the output, and the variables every expression sees.
struct JQOptions: ParsableArguments {
    func validate() throws {
        if let jqTimeout, !(jqTimeout > 0) { throw ValidationError("--jq-timeout must be more than 0 seconds, got \(jqTimeout)") }
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop the run (exit 65) when a jq expression runs longer than this on one input (libjq 1.6 has no limit: `def f: f; f` runs forever).", valueName: "seconds"))
    var jqTimeout: Double?

    @Flag(help: "Forbid jq expressions to read files (import, include) or the environment (env, $ENV is {}): for filters taken from a config file.")
    var sandbox = false

    @Flag(name: [.short, .customLong("raw-output")], help: "With --jq-out, print strings without quotes, as jq -r does (so @csv and @tsv lines are usable).")
    var rawOutput = false
}

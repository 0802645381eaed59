import ArgumentParser

/// jq beyond `--where`: reshaping the input or the output, and the variables every expression sees.
struct JQOptions: ParsableArguments {
    @Option(name: .customLong("jq"), help: ArgumentHelp("Reshape each input document with a jq expression before decoding; every output is decoded as a document.", valueName: "jq"))
    var preTransform: String?

    @Option(name: .customLong("jq-out"), help: ArgumentHelp("Transform the output (the json envelope, or each cell with --format ndjson) and print each result as compact JSON.", valueName: "jq"))
    var outputTransform: String?

    // Parsed by JQArguments before ArgumentParser sees the command line; declared for --help.
    @Option(name: .customLong("arg"), help: ArgumentHelp("Bind $name to the string value in every jq expression (repeatable).", valueName: "name value"))
    var argHelp: [String] = []

    @Option(name: .customLong("argjson"), help: ArgumentHelp("Bind $name to the JSON value in every jq expression (repeatable).", valueName: "name json"))
    var argjsonHelp: [String] = []
}

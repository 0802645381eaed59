#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import UserListKit
import UserListPlatform

/// The `userlist` command: parses options, then hands over to ``UserListRun``.
@main
struct Userlist: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "userlist",
        abstract: "Turn user-list API payloads into display-ready list rows.",
        discussion: """
            Reads JSON, NDJSON or a stream of JSON documents from files or standard input: \
            a user object, an array of users, or an envelope such as {"users": [...], "total": N}. \
            The user lists of reqres.in, dummyjson.com, randomuser.me, GitHub, SCIM 2.0, Microsoft \
            Graph and Slack are recognised as they come; other APIs go through a general mapping of \
            well-known field names (--explain shows what was used).

            Examples:
              curl -s https://jsonplaceholder.typicode.com/users | userlist --sort name
              userlist users.json --search an --sort name --page 2 --page-size 10
              userlist exports/*.ndjson.gz --sort city -f csv -o users.csv
              userlist export.ndjson --skip-bad-json --rejects bad.ndjson --summary -
              userlist users.json -f tsv --fields id,name,email,address.city
              userlist users.json --where '.company.name == $c' --arg c Deckow-Crist
              curl -s https://api.example.com/team | userlist --jq '.data.members[]'
              userlist users.json --sort name --jq-out '.items[].title' -r
              curl -s 'https://randomuser.me/api/?results=50' | userlist --explain
              userlist diff yesterday.ndjson today.ndjson   (see: userlist diff --help)

            Exit codes: 0 ok (also when nothing matched), 64 usage, 65 bad data, 66 input not found, 73 --output can't be created, 74 output error.
            """,
        version: "0.1.0"
    )

    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Filtering, sorting and paging") var filter: FilterOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch jobs") var batch: BatchOptions
    @OptionGroup(title: "jq") var jq: JQOptions

    func run() throws {
        try run(variables: JQVariables())
    }

    /// Runs with the `--arg`/`--argjson` variables that `JQArguments` took out of the command line.
    func run(variables: JQVariables) throws {
        let stdoutIsTerminal = (output.output == nil || output.output == "-") && isatty(STDOUT_FILENO) != 0
        let format = output.format.flatMap(OutputFormat.init(rawValue:)) ?? (stdoutIsTerminal && jq.outputTransform == nil ? .table : .json)
        // 300k users must not flood a terminal: its table shows the first page and says how to see more.
        let firstPageOnly = stdoutIsTerminal && format == .table && jq.outputTransform == nil && !filter.choosesRows
        var run = UserListRun(
            inputs: input.inputs.map(InputSource.init(argument:)),
            query: filter.query(firstPageOnly: firstPageOnly),
            format: format,
            strict: batch.strict,
            maxTableWidth: stdoutIsTerminal ? Terminal.columns() : nil,
            whereExpression: filter.whereExpression,
            preTransform: jq.preTransform,
            outputTransform: jq.outputTransform,
            variables: variables,
            usersAt: try input.usersAt.map { path throws(UserlistError) in try UsersAtPath(parsing: path) },
            explain: input.explain,
            threads: input.threads)
        run.columns = try output.fields.map { list throws(UserlistError) in try OutputColumns(parsing: list) } ?? .cells
        run.header = !output.noHeader
        run.rawOutput = jq.rawOutput
        run.countOnly = filter.count
        run.jqTimeout = jq.jqTimeout
        run.sandbox = jq.sandbox
        if firstPageOnly { run.moreHint = "--page 2 for the next \(UserListQuery.defaultPageSize), --limit 0 for all" }
        let colour = Terminal.colour(output.color, stdoutIsTerminal: stdoutIsTerminal)
        if colour || stdoutIsTerminal { run.highlighter = JSONHighlighter(pretty: stdoutIsTerminal, colour: colour) }
        run.skipBadJSON = batch.skipBadJSON
        run.rejectsPath = batch.rejects
        run.maxRejects = batch.maxRejects
        let showProgress = !batch.noProgress && isatty(STDERR_FILENO) != 0
        let reporting = RunReporting(summary: batch.summary.map(OutputDestination.init(argument:)), showProgress: showProgress) { StandardError.write($0) }
        do {
            try run.run(to: output.output.map(OutputDestination.init(argument:)) ?? .standardOutput, warnings: StandardErrorReporter(erasingLine: showProgress), reporting: reporting)
        } catch {
            StandardError.report(error.message)
            throw ExitCode(error.exitCode)
        }
    }

    /// One line per error, as the contract asks, instead of ArgumentParser's usage block.
    static func main() {
        ProcessSignals.prepare()
        // `userlist diff …` is its own command; a file named `diff` is read as `./diff`.
        if CommandLine.arguments.dropFirst().first == "diff" { DiffCommand.main(Array(CommandLine.arguments.dropFirst(2))) }
        if let shell = CompletionScripts.requestedShell(Array(CommandLine.arguments.dropFirst())) {
            StandardError.printOrFail(CompletionScripts.script(for: shell))
        }
        do {
            let jqArguments = try JQArguments(extractingFrom: Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot(jqArguments.remaining)
            if let userlist = command as? Userlist {
                try userlist.run(variables: jqArguments.variables)
            } else {
                try command.run()
            }
        } catch let missing as JQArguments.MissingValue {
            let what = missing.option == "--rawfile" || missing.option == "--slurpfile" ? "a name and a file" : "a name and a value"
            StandardError.report("\(missing.option) takes two values: \(what) (see 'userlist --help')")
            Glibc.exit(64)
        } catch {
            exit(for: error, helpCommand: "userlist --help")
        }
    }
}

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
              userlist page.json --next                     (its next page: URL or cursor)
              userlist diff yesterday.ndjson today.ndjson   (see: userlist diff --help)
              userlist stage map|partial|merge …            (a stage of Spark: userlist stage --help)

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
        var run = try ListRunOptions(filter: filter, output: output, batch: batch, jq: jq)
            .makeRun(inputs: input.inputs, usersAt: input.usersAt, explain: input.explain, threads: input.threads, variables: variables, stdoutIsTerminal: stdoutIsTerminal)
        run.includeNonPeople = input.includeNonPeople
        run.baseURL = input.baseURL.flatMap(BaseURL.init)
        run.nextOnly = input.next
        if input.next, filter.count { throw ValidationError("--next and --count: choose one") }
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
        // `userlist stage …` likewise: the stages of a distributed run (a file named `stage` is `./stage`).
        if CommandLine.arguments.dropFirst().first == "stage" { StageCommand.main(Array(CommandLine.arguments.dropFirst(2))) }
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

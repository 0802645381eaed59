import ArgumentParser
import UserListKit
import UserListPlatform

/// `userlist [list] …`: the list, the default subcommand — `userlist users.json --sort name` is
/// `userlist list users.json --sort name`. Parses the options, then hands over to ``UserListRun``.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the users of the inputs as list rows: filtered, searched, sorted, paged (the default subcommand).",
        usage: """
            userlist [list] [<input> ...] [<options>]
            userlist diff OLD NEW [<options>]
            userlist stage map|partial|merge|plan [<options>]
            """,
        discussion: Userlist.configuration.discussion
    )

    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Filtering, sorting and paging") var filter: FilterOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch jobs") var batch: BatchOptions
    @OptionGroup(title: "Guard rails") var guardRails: GuardOptions
    @OptionGroup(title: "jq") var jq: JQOptions
    @OptionGroup(title: "Defaults") var defaults: ConfigOptions

    /// For `--explain`: where each option came from (``OptionDefaults``), when not all from the command line.
    nonisolated(unsafe) static var optionSources: String?

    @Flag(name: .customShort("V"), help: "Print userlist's version and the libraries it runs with, as --version does.")
    var showVersion = false

    func validate() throws {
        if (jq.colorOutput && output.color == .never) || (jq.monochromeOutput && output.color == .always) {
            throw ValidationError("\(jq.colorOutput ? "-C" : "-M") and --color \(output.color.rawValue) disagree: use one")
        }
    }

    func run() throws {
        try run(variables: JQVariables())
    }

    /// Runs with the `--arg`/`--argjson` variables that `JQArguments` took out of the command line.
    func run(variables: JQVariables) throws {
        let stdoutIsTerminal = (output.output == nil || output.output == "-") && TerminalFacts.isTerminal(FileWriting.standardOutput)
        var run = try ListRunOptions(filter: filter, output: output, batch: batch, jq: jq)
            .makeRun(inputs: input.inputs, usersAt: input.usersAt, payload: input.payload, explain: input.explain, threads: input.threads, variables: variables, stdoutIsTerminal: stdoutIsTerminal)
        run.nextOnly = input.next
        // --explain and --next print no list: a profile's guard rails don't apply to them.
        run.guards = input.explain || input.next ? nil : guardRails.guards
        run.explainPreamble = Self.optionSources
        if input.next, filter.count { throw ValidationError("--next and --count: choose one") }
        if showVersion { StandardError.printOrFail(Userlist.versionText) }
        var reporting = RunReporting(summary: batch.summary.map(OutputDestination.init(argument:)), showProgress: !batch.noProgress && !batch.quiet && Terminal.showsProgress) { StandardError.write($0) }
        reporting.standardOutputIsTerminal = stdoutIsTerminal
        reporting.terminalWidth = Terminal.columns(of: FileWriting.standardError)
        if stdoutIsTerminal, run.format == .table, run.outputTransform == nil, !input.explain, !output.noPager {
            reporting.beforeFirstOutput = Terminal.pagingHook()
        }
        let statistics: RunStatistics
        do {
            statistics = try run.run(to: output.output.map(OutputDestination.init(argument:)) ?? .standardOutput, warnings: StandardErrorReporter(quiet: batch.quiet), reporting: reporting)
        } catch {
            throw error.reported()
        }
        // `-e`, as jq: the last value printed decides.
        if jq.exitStatus {
            switch statistics.lastValue {
            case .none: throw ExitCode(4)
            case .falsy: throw ExitCode(1)
            case .truthy: break
            }
        }
    }
}

import ArgumentParser
import UserListKit

/// What every stage takes: the list's options and the inputs' names.
struct StageOptions: ParsableArguments {
    @Option(name: .customLong("input"), help: ArgumentHelp("The name of the next input (repeatable, in the driver's order): messages name inputs by it, as a single run does.", valueName: "name"))
    var names: [String] = []

    @Option(help: ArgumentHelp("Where the users are in each document, as a jq-style path (.data.items); replaces detection.", valueName: "path"))
    var usersAt: String?

    @OptionGroup var payload: PayloadOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads that run --where in the map stage (default: one per core, up to 16).", valueName: "n"))
    var threads: Int?

    @OptionGroup(title: "Filtering, sorting and paging") var filter: FilterOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Batch jobs") var batch: BatchOptions
    @OptionGroup(title: "jq") var jq: JQOptions

    /// Refuses what only a single run can do; `-o` and `--summary` belong to the merge stage.
    func validate(writesOutput: Bool) throws {
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, got \(threads)") }
        if let usersAt {
            do { _ = try UsersAtPath(parsing: usersAt) } catch { throw ValidationError(error.message) }
        }
        if jq.exitStatus {
            throw ValidationError("-e is a single run's: the driver reads the merge stage's exit code")
        }
        // --rejects and --max-rejects: map writes each rejected record's line too, merge writes
        // and counts them (--reject-lines).
        if output.splitPages != nil {
            throw ValidationError("--split-pages is not available in stages: write the merge stage's output with -o, or split one run's")
        }
        if !writesOutput, output.output != nil || batch.summary != nil {
            throw ValidationError("--output and --summary belong to the merge stage: map, partial and plan write their lines to standard output")
        }
    }

    func makeRun(variables: JQVariables) throws -> UserListRun {
        // The stages hand on users and rows, not counts by value: one run counts by a field.
        if filter.countBy != nil {
            throw UserlistError(.usage, Diagnostic(.usage, option: "--count-by", "the stages of a distributed run don't count by a field yet: count with one run"))
        }
        var run = try ListRunOptions(filter: filter, output: output, batch: batch, jq: jq)
            .makeRun(inputs: [], usersAt: usersAt, payload: payload, explain: false, threads: threads, variables: variables, stdoutIsTerminal: false)
        // An html page made by the merge stage names the job's inputs, as one run's would.
        run.document = PageDocument(inputs: names, generatedAt: run.document.generatedAt)
        return run
    }
}
